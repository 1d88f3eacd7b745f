"""Every director's (or scorer's) act on a tournament writes its audit row: settings,
status, archive and delete, entries, forbidden pairs, pairing, publishing, swaps and
corrections of rounds, closing, forfeits, results entered, rulings, sheet corrections."""

from __future__ import annotations

import pytest

from scoring import prize_service
from tests.support.factories import enter_guests, published, role_user
from tests.support.sheets import cid
from tournaments.models import AuditEntry, Role, TableEntry, Tournament
from tournaments.services import (
    bulk_entries,
    entry_import,
    round_closing,
    rounds,
    sheets,
    tournaments,
    undo,
)

pytestmark = pytest.mark.django_db

IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
IW_B = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}


def actions(**filters) -> list[str]:
    return list(
        AuditEntry.objects.filter(**filters).order_by("id").values_list("action", flat=True)
    )


def only(action: str) -> AuditEntry:
    found = list(AuditEntry.objects.filter(action=action))
    assert len(found) == 1, actions()
    return found[0]


def test_a_tournament_created_changed_and_its_status(club, director, cup):
    created = only("tournament-created")
    assert (created.actor, created.tournament, created.subject) == (director, cup, "Spring Cup")
    assert created.after["name"] == "Spring Cup" and created.after["slug"] == "spring-cup"
    tournaments.update_tournament(cup, by=director, settings={"rounds_planned": 7})
    changed = only("tournament-settings-changed")
    assert changed.before["rounds_planned"] != 7 and changed.after == {"rounds_planned": 7}
    tournaments.set_status(cup, by=director, status="open")
    status = only("tournament-status-changed")
    assert (status.before, status.after) == ({"status": "draft"}, {"status": "open"})


def test_archive_and_delete(club, director, cup):
    undo.archive(cup, by=director)
    undo.archive(cup, by=director, archived=False)
    assert actions(tournament=cup) == [
        "tournament-created",
        "tournament-archived",
        "tournament-unarchived",
    ]
    pk = cup.pk
    assert undo.delete_tournament(cup, by=director) == "Spring Cup"
    assert not Tournament.objects.filter(pk=pk).exists()
    deleted = AuditEntry.objects.get(action="tournament-deleted")
    # The row outlives the tournament, keeping its id and name.
    assert (deleted.tournament_id, deleted.tournament_name, deleted.actor) == (
        pk,
        "Spring Cup",
        director,
    )
    assert AuditEntry.objects.filter(tournament_id=pk).count() == 4


def test_entries_added_checked_in_changed_withdrawn(club, director, scorer, cup):
    entries = enter_guests(cup, scorer, 3, check_in=False)
    added = AuditEntry.objects.filter(action="entry-added").order_by("id")
    assert [(r.actor, r.subject) for r in added] == [(scorer, f"Guest {n}") for n in (1, 2, 3)]
    tournaments.check_in(entries[0], by=scorer)
    row = only("entry-checked-in")
    assert (row.subject, row.before, row.after) == (
        "Guest 1",
        {"status": "registered"},
        {"status": "checked_in"},
    )
    tournaments.check_in(entries[0], by=scorer, checked_in=False)
    assert only("entry-check-in-undone").after == {"status": "registered"}
    bulk_entries.check_in_all(cup, by=scorer)
    everyone = only("entries-checked-in")
    assert everyone.after["entries"] == ["Guest 1", "Guest 2", "Guest 3"]
    tournaments.update_entry(entries[1], by=director, rating=1500)
    changed = only("entry-changed")
    assert (changed.before, changed.after) == ({"rating": 1002}, {"rating": 1500})
    entries[2].refresh_from_db()
    tournaments.withdraw(entries[2], by=director)
    withdrawn = only("entry-withdrawn")
    assert (withdrawn.actor, withdrawn.subject, withdrawn.before) == (
        director,
        "Guest 3",
        {"status": "checked_in"},
    )


def test_forbidden_pairs_and_imports(club, director, cup):
    first, second = enter_guests(cup, director, 2)
    pair = tournaments.forbid(cup, by=director, first=first, second=second, reason="spouses")
    tournaments.allow(cup, by=director, pair_id=pair.pk)
    assert only("pair-forbidden").after == {"reason": "spouses"}
    allowed = only("pair-allowed")
    assert (allowed.subject, allowed.before) == ("Guest 1 / Guest 2", {"reason": "spouses"})
    entry_import.import_entries(cup, by=director, text="name\nZeno\n")
    assert AuditEntry.objects.filter(action="entry-added", subject="Zeno").count() == 1


def test_pairing_swapping_publishing_closing_a_round(club, director, cup):
    enter_guests(cup, director, 8)
    rounds.pair_next_round(cup, by=director)
    draft = rounds.pair_next_round(cup, by=director)  # a re-pairing of the draft
    paired, repaired = only("round-paired"), only("round-repaired")
    assert (paired.subject, paired.after["round"], paired.after["tables"]) == ("1", 1, 4)
    assert repaired.after["round"] == 1
    places = TableEntry.objects.filter(round=draft).order_by("table__number", "position")
    first, second = places[0].entry_id, places[4].entry_id
    rounds.swap(draft, by=director, first=first, second=second)
    assert len(only("round-swapped").after["entries"]) == 2
    rounds.publish(draft, by=director)
    assert only("round-published").after == {"round": 1, "tables": 4}
    round_closing.close_round(draft, by=director)
    assert only("round-closed").after["round"] == 1
    assert {r.actor for r in AuditEntry.objects.filter(tournament=cup)} == {director}


@pytest.fixture
def iw():
    return published("italian_whist", 3)


def test_results_rulings_corrections_and_forfeits(iw):
    table = iw.table()
    scorer = role_user(iw.club, Role.SCORER)
    sheets.submit(table, 1, IW_A, iw.seat(0), cid())  # a player's own line: the sheet
    assert not AuditEntry.objects.filter(action__startswith="result").exists()
    sheets.confirm(table, 1, scorer, cid())
    confirmed = only("result-confirmed")
    assert (confirmed.actor, confirmed.subject) == (scorer, "1")
    assert confirmed.after == {"round": 1, "table": 1, "deal": 1}
    sheets.submit(table, 2, IW_B, scorer, cid())
    entered = only("result-entered")
    assert entered.after["deal"] == 2 and entered.after["tally"]["tricks"] == IW_B["tricks"]
    sheets.correct(table, 1, IW_B, iw.director, cid(), reason="recount")
    corrected = only("result-corrected")
    assert corrected.actor == iw.director
    assert corrected.before["tally"] == IW_A and corrected.after["tally"]["reason"] == "recount"
    # A dispute (two sides disagree on deal 3) ruled by the director.
    sheets.submit(table, 3, IW_A, iw.seat(0), cid())
    sheets.submit(table, 3, IW_B, iw.seat(1), cid())
    sheets.resolve(table, 3, iw.director, cid(), tally=IW_A, reason="asked the table")
    ruled = only("dispute-ruled")
    assert ruled.after["deal"] == 3 and ruled.after["tally"]["reason"] == "asked the table"


def test_a_forfeit(iw):
    table = iw.table()
    entry = table.places.order_by("position").first().entry
    sheets.record_forfeit(table, entry, "no_show", iw.director, note="ill")
    row = only("forfeit-recorded")
    assert (row.actor, row.subject, row.after) == (
        iw.director,
        entry.name,
        {"round": 1, "table": 1, "kind": "no_show", "note": "ill"},
    )


def test_prizes(club, director, cup):
    entries = enter_guests(cup, director, 2)
    prize = prize_service.define_category(
        cup, director, name="Best guest", places=1, eligibility="chosen", chosen=[1]
    )
    added = only("prize-added")
    assert (added.actor, added.subject, added.after["entries"]) == (
        director,
        "Best guest",
        [entries[0].name],
    )
    prize_service.set_one_prize_each(cup, director, True)  # the default: no change
    prize_service.set_one_prize_each(cup, director, False)
    rules = only("prize-rules-changed")
    assert (rules.before, rules.after) == ({"one_prize_each": True}, {"one_prize_each": False})
    prize_service.delete_category(cup, director, prize.pk)
    assert only("prize-deleted").before == {"places": 1}
