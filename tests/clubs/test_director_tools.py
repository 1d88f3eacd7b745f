"""The director's bulk and undo services: check in all, several entrants at once, a
CSV import (all or nothing, bad lines named), archive, delete a tournament with no
results, unpublish a round whose games have not begun; and who may do each."""

from __future__ import annotations

import pytest

from tests.support.factories import (
    director_of,
    enter_guests,
    make_club,
    make_user,
    member,
    published,
)
from tests.support.sheets import cid
from tournaments.models import Entry, Game, Player, Role, Round, RoundCorrection, Tournament
from tournaments.services import (
    bulk_entries,
    clubs,
    entry_import,
    rounds,
    sheets,
    tournaments,
    undo,
)
from tournaments.services.errors import Conflict, Forbidden, ServiceError

pytestmark = pytest.mark.django_db

IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}


# ---------------------------------------------------------------------- check in all


def test_check_in_all_checks_in_every_registered_entry_but_the_withdrawn(cup, director):
    entries = enter_guests(cup, director, 4, check_in=False)
    tournaments.check_in(entries[0], by=director)
    tournaments.withdraw(entries[1], by=director)
    done = bulk_entries.check_in_all(cup, by=director)
    assert sorted(e.pk for e in done) == [entries[2].pk, entries[3].pk]
    statuses = dict(cup.entries.values_list("pk", "status"))
    assert statuses[entries[1].pk] == Entry.Status.WITHDRAWN
    assert [statuses[e.pk] for e in (entries[0], entries[2], entries[3])] == ["checked_in"] * 3
    assert bulk_entries.check_in_all(cup, by=director) == []


def test_check_in_all_is_for_scorers_and_directors_of_the_club(club, cup, director):
    enter_guests(cup, director, 2, check_in=False)
    assert bulk_entries.check_in_all(cup, by=member(club, Role.SCORER))
    enter_guests(cup, director, 1, check_in=False)
    for outsider in (member(club, Role.PLAYER), director_of(make_club()), make_user()):
        with pytest.raises(Forbidden):
            bulk_entries.check_in_all(cup, by=outsider)
    assert cup.entries.filter(status=Entry.Status.REGISTERED).count() == 1


# ---------------------------------------------------------------------- several at once


def test_several_club_players_and_new_guests_at_once(club, cup, director):
    known = [clubs.add_guest(club, by=director, name=n) for n in ("Ada", "Bea")]
    names = bulk_entries.guest_names("  Cris Donati \n\n Dino\n")
    assert names == ["Cris Donati", "Dino"]
    entered = bulk_entries.add_several(
        cup, by=director, players=[p.pk for p in known], guests=names
    )
    assert [e.name for e in entered] == ["Ada", "Bea", "Cris Donati", "Dino"]
    assert [e.number for e in entered] == [1, 2, 3, 4]


def test_several_is_all_or_nothing(club, cup, director):
    ada = clubs.add_guest(club, by=director, name="Ada")
    tournaments.register(cup, by=director, player=ada)
    bea = clubs.add_guest(club, by=director, name="Bea")
    with pytest.raises(Conflict, match="Ada is already entered"):
        bulk_entries.add_several(cup, by=director, players=[bea.pk, ada.pk], guests=["Cris"])
    assert cup.entries.count() == 1
    assert not Player.objects.filter(name="Cris").exists()
    with pytest.raises(ServiceError, match="has no player"):
        bulk_entries.add_several(cup, by=director, players=[999_999])
    with pytest.raises(ServiceError, match="tick at least one"):
        bulk_entries.add_several(cup, by=director)
    with pytest.raises(Forbidden):
        bulk_entries.add_several(cup, by=member(club, Role.PLAYER), guests=["Eve"])
    assert cup.entries.count() == 1


# ---------------------------------------------------------------------- CSV import

GOOD = (
    "Name;Rating;Household;Affiliation;E-mail\n"
    "Ada Bassi;1500;Bassi;Lions;\n"
    "\n"
    "Bea Conti;1400;;;\n"
    '"Cris, the third";;;;\n'
)


def test_a_csv_file_enters_everyone(club, cup, director):
    existing = clubs.add_guest(club, by=director, name="ada bassi")
    entered = entry_import.import_entries(cup, by=director, text=GOOD)
    assert [e.name for e in entered] == ["ada bassi", "Bea Conti", "Cris, the third"]
    assert entered[0].player_id == existing.pk  # the club's player, found by name
    assert (entered[0].rating, entered[0].household, entered[0].affiliation) == (
        1500,
        "Bassi",
        "Lions",
    )
    assert entered[2].rating == 0


def test_an_email_finds_the_members_account(club, cup, director):
    user = make_user("elena")
    user.email = "elena@example.org"
    user.save()
    entered = entry_import.import_entries(
        cup, by=director, text="name,email\nElena C.,ELENA@example.org\n"
    )
    assert entered[0].player.user_id == user.pk


def test_one_bad_line_imports_nothing_and_names_the_line(club, cup, director):
    text = "name,rating\nAda,1500\nBea,lots\nCris,1300\n"
    with pytest.raises(entry_import.ImportRefused) as refused:
        entry_import.import_entries(cup, by=director, text=text)
    error = refused.value
    assert error.status == 400
    assert error.details["lines"] == [
        {"line": 3, "error": "the rating “lots” is not a whole number from 0 to 999999"}
    ]
    assert str(error).startswith("Nothing was imported. Line 3: the rating “lots”")
    assert cup.entries.count() == 0
    assert not Player.objects.filter(name__in=["Ada", "Cris"]).exists()


def test_every_bad_line_is_listed_including_ones_the_database_refuses(club, cup, director):
    ada = clubs.add_guest(club, by=director, name="Ada")
    tournaments.register(cup, by=director, player=ada)
    text = "name,email\nAda,\n,someone@example.org\nBea,not-an-address\nCris,\n"
    with pytest.raises(entry_import.ImportRefused) as refused:
        entry_import.import_entries(cup, by=director, text=text)
    lines = {p["line"]: p["error"] for p in refused.value.details["lines"]}
    assert lines == {
        2: "Ada is already entered",
        3: "the name is missing",
        4: "“not-an-address” is not an e-mail address",
    }
    assert cup.entries.count() == 1 and not Player.objects.filter(name="Cris").exists()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "the file is empty"),
        ("rating\n1200\n", "with a “name” column"),
        ("name,colour\nAda,red\n", "unknown column “colour”"),
        ("name\n", "names no entrant"),
        ("name\nAda,1,2\n", "Line 2: 3 values, but line 1 names 1 column"),
    ],
)
def test_bad_files_are_refused_in_words(cup, director, text, words):
    with pytest.raises(ServiceError, match=words):
        entry_import.import_entries(cup, by=director, text=text)
    assert cup.entries.count() == 0


def test_only_the_clubs_scorers_and_directors_import(club, cup, director):
    for outsider in (member(club, Role.PLAYER), director_of(make_club())):
        with pytest.raises(Forbidden):
            entry_import.import_entries(cup, by=outsider, text=GOOD)
    assert len(entry_import.import_entries(cup, by=member(club, Role.SCORER), text=GOOD)) == 3


def test_decoding_accepts_a_byte_order_mark_and_windows_text():
    assert entry_import.decode("\ufeffname\nNicolò\n".encode()) == "name\nNicolò\n"
    assert entry_import.decode("name\nNicolò\n".encode("cp1252")) == "name\nNicolò\n"


# ---------------------------------------------------------------------- archive, delete


def test_an_archived_tournament_is_read_only_until_brought_back(club, cup, director):
    entries = enter_guests(cup, director, 2, check_in=False)
    undo.archive(cup, by=director)
    cup.refresh_from_db()
    assert cup.archived_at is not None
    with pytest.raises(Conflict, match="archived"):
        tournaments.check_in(entries[0], by=director)
    with pytest.raises(Conflict, match="archived"):
        bulk_entries.check_in_all(cup, by=director)
    with pytest.raises(Conflict, match="archived"):
        rounds.pair_next_round(cup, by=director)
    with pytest.raises(Conflict, match="archived"):
        tournaments.update_tournament(cup, by=director, settings={"name": "New"})
    undo.archive(cup, by=director, archived=False)
    cup.refresh_from_db()
    assert cup.archived_at is None
    tournaments.check_in(entries[0], by=director)


def test_archiving_waits_for_the_tables_at_play():
    setup = published("italian_whist", 3)
    cup = setup.round.tournament
    with pytest.raises(Conflict, match="table 1"):
        undo.archive(cup, by=setup.director)
    Game.objects.filter(pk=setup.table(1).game_id).update(status=Game.Status.FINISHED)
    assert undo.archive(cup, by=setup.director).archived_at is not None


def test_a_tournament_without_results_is_deleted_with_its_rounds(club, cup, director):
    enter_guests(cup, director, 4)
    round_ = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    games = [t.game_id for t in round_.tables.all()]
    assert undo.delete_tournament(cup, by=director) == "Spring Cup"
    assert not Tournament.objects.filter(pk=cup.pk).exists()
    assert set(Game.objects.filter(pk__in=games).values_list("status", flat=True)) == {"void"}


def test_a_tournament_with_results_is_not_deleted():
    setup = published("italian_whist", 3)
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0), cid())
    cup = setup.round.tournament
    with pytest.raises(Conflict, match="cannot be deleted: its games have results"):
        undo.delete_tournament(cup, by=setup.director)
    assert Tournament.objects.filter(pk=cup.pk).exists()


@pytest.mark.parametrize("role", [Role.SCORER, Role.PLAYER])
def test_only_directors_archive_or_delete(club, cup, role):
    user = member(club, role)
    with pytest.raises(Forbidden):
        undo.archive(cup, by=user)
    with pytest.raises(Forbidden):
        undo.delete_tournament(cup, by=user)
    with pytest.raises(Forbidden):
        undo.delete_tournament(cup, by=director_of(make_club()))
    assert Tournament.objects.filter(pk=cup.pk, archived_at__isnull=True).exists()


# ---------------------------------------------------------------------- unpublish


def test_a_round_not_begun_is_unpublished_then_published_anew(cup, director):
    enter_guests(cup, director, 4)
    round_ = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    old = [t.game_id for t in round_.tables.all()]
    fix = undo.unpublish(round_, by=director, reason="wrong people checked in")
    round_.refresh_from_db()
    assert round_.status == Round.Status.DRAFT and round_.published_at is None
    assert fix.change["unpublished"] is True and fix.reason == "wrong people checked in"
    assert set(Game.objects.filter(pk__in=old).values_list("status", flat=True)) == {"void"}
    assert all(t.game_id is None for t in round_.tables.all())
    # The round stays (its correction is kept for good) and is paired and published anew.
    again = rounds.pair_next_round(cup, by=director)
    assert again.pk == round_.pk and again.tables.count() == 2
    rounds.publish(again, by=director)
    assert all(t.game_id not in old for t in again.tables.all())
    assert RoundCorrection.objects.filter(round=round_).count() == 1
    # Checking someone in drops a draft: this one is emptied, not deleted.
    undo.unpublish(again, by=director)
    tournaments.check_in(cup.entries.first(), by=director, checked_in=False)
    assert cup.rounds.get(number=1).tables.count() == 0
    with pytest.raises(Conflict, match="no tables"):
        rounds.publish(cup.rounds.get(number=1), by=director)


def test_a_round_that_has_begun_is_not_unpublished():
    setup = published("italian_whist", 3)
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0), cid())
    with pytest.raises(Conflict, match="table 1 has begun playing"):
        undo.unpublish(setup.round, by=setup.director)
    setup.round.refresh_from_db()
    assert setup.round.is_published and not RoundCorrection.objects.exists()


def test_unpublish_refusals(cup, director, club):
    enter_guests(cup, director, 4)
    draft = rounds.pair_next_round(cup, by=director)
    with pytest.raises(Conflict, match="not published"):
        undo.unpublish(draft, by=director)
    rounds.publish(draft, by=director)
    for outsider in (member(club, Role.SCORER), director_of(make_club())):
        with pytest.raises(Forbidden):
            undo.unpublish(draft, by=outsider)
    table = draft.tables.first()
    sheets.record_forfeit(table, table.places.first().entry, "no_show", director)
    with pytest.raises(Conflict, match="no-show or forfeit"):
        undo.unpublish(draft, by=director)
    assert not RoundCorrection.objects.exists()
