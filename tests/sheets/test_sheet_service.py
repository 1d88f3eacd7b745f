"""The score-sheet service: entry, confirmation by another side, disputes, rulings,
corrections (a replacement game), idempotent client ids, forfeits, permissions."""

from __future__ import annotations

import pytest

from engine import EngineError
from tests.support.factories import director_of, make_club, make_user, published, role_user
from tests.support.sheets import cid
from tournaments.models import Forfeit, Game, GameEvent, Role, RoundCorrection, SheetEntry
from tournaments.services import sheets
from tournaments.services.errors import Conflict, Forbidden, ServiceError

pytestmark = pytest.mark.django_db

IW_ZERO = {"type": "tally", "tricks": [[3, 3], [3, 3], [3, 3]]}
IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
IW_B = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}


@pytest.fixture
def iw():
    return published("italian_whist", 3)


def tallies(table):
    table.refresh_from_db()
    return sheets.counted_tallies(table.game)


def test_a_player_of_another_side_confirms_and_the_deal_counts(iw):
    table = iw.table()
    sheets.submit(table, 1, IW_A, iw.seat(0), cid())
    assert tallies(table) == []
    state = sheets.sheet_state(table, iw.seat(1))
    assert state["deals"][0]["status"] == "pending"
    written = sheets.confirm(table, 1, iw.seat(1), cid())
    assert written.counted == (1,)
    state = sheets.sheet_state(table, iw.seat(2))
    deal = state["deals"][0]
    assert deal["status"] == "counted"
    assert deal["scores"] == [4, -2, -2] and deal["totals"] == [4, -2, -2]
    assert state["totals"] == [4, -2, -2] and not state["over"]
    assert tallies(table) == [IW_A]
    assert GameEvent.objects.filter(game=table.game, kind=GameEvent.Kind.TALLY).count() == 1


def test_the_same_side_cannot_confirm_its_own_tally():
    # Partnership whist: seats 0 and 2 are one side.
    setup = published("whist", 4, pairing_method="whist_drive")
    table = setup.table()
    sheets.submit(table, 1, {"tricks": [7, 6]}, setup.seat(0), cid())
    with pytest.raises(Forbidden, match="another side"):
        sheets.confirm(table, 1, setup.seat(2), cid())
    with pytest.raises(Forbidden, match="another side"):
        sheets.confirm(table, 1, setup.seat(0), cid())
    assert tallies(table) == []
    sheets.confirm(table, 1, setup.seat(3), cid())
    assert tallies(table) == [{"type": "tally", "tricks": [7, 6]}]


def test_an_identical_entry_by_another_side_counts(iw):
    table = iw.table()
    sheets.submit(table, 1, IW_A, iw.seat(0), cid())
    written = sheets.submit(table, 1, IW_A, iw.seat(2), cid())
    assert written.counted == (1,)
    assert tallies(table) == [IW_A]


@pytest.mark.parametrize("role", [Role.DIRECTOR, Role.SCORER])
def test_an_official_entry_counts_at_once(iw, role):
    table = iw.table()
    official = role_user(iw.club, role)
    written = sheets.submit(table, 1, IW_A, official, cid())
    assert written.counted == (1,) and written.line.side is None
    assert tallies(table) == [IW_A]


def test_an_official_confirms_a_players_entry(iw):
    table = iw.table()
    sheets.submit(table, 1, IW_A, iw.seat(0), cid())
    assert sheets.confirm(table, 1, role_user(iw.club, Role.SCORER), cid()).counted == (1,)


def test_differing_entries_are_a_dispute_naming_the_fields(iw):
    table = iw.table()
    sheets.submit(table, 1, IW_A, iw.seat(0), cid())
    sheets.submit(table, 1, IW_B, iw.seat(1), cid())
    state = sheets.sheet_state(table, iw.seat(0))
    deal = state["deals"][0]
    assert deal["status"] == "disputed"
    assert deal["differs"] == ["tricks[1][0]", "tricks[2][0]"]
    assert state["disputed"] == [1]
    # Nothing counts: not a confirmation, not a third identical entry, not a scorer.
    with pytest.raises(Conflict, match="disputed"):
        sheets.confirm(table, 1, iw.seat(2), cid())
    with pytest.raises(Conflict, match="disputed"):
        sheets.submit(table, 1, IW_A, iw.seat(2), cid())
    with pytest.raises(Conflict, match="disputed"):
        sheets.submit(table, 1, IW_A, role_user(iw.club, Role.SCORER), cid())
    # … nor a later deal, which cannot even be entered past the dispute.
    with pytest.raises(Conflict, match="disputed"):
        sheets.submit(table, 2, IW_ZERO, iw.seat(0), cid())
    assert tallies(table) == []


def test_a_director_resolves_a_dispute_by_choosing_an_entry(iw):
    table = iw.table()
    first = sheets.submit(table, 1, IW_A, iw.seat(0), cid()).line
    sheets.submit(table, 1, IW_B, iw.seat(1), cid())
    with pytest.raises(Forbidden):
        sheets.resolve(table, 1, iw.seat(2), cid(), chose=first.pk)
    written = sheets.resolve(table, 1, iw.director, cid(), chose=first.pk, reason="asked")
    assert written.counted == (1,)
    assert tallies(table) == [IW_A]
    assert written.line.kind == SheetEntry.Kind.RESOLVE
    assert written.line.payload["chose"] == first.pk


def test_a_director_resolves_with_a_tally_of_their_own(iw):
    table = iw.table()
    sheets.submit(table, 1, IW_A, iw.seat(0), cid())
    sheets.submit(table, 1, IW_B, iw.seat(1), cid())
    # A director's entry on a disputed deal is a ruling too.
    written = sheets.submit(table, 1, IW_ZERO, iw.director, cid())
    assert written.line.kind == SheetEntry.Kind.RESOLVE and written.counted == (1,)
    assert tallies(table) == [IW_ZERO]


def test_deals_entered_ahead_count_in_order_once_the_earlier_one_does(iw):
    table = iw.table()
    sheets.submit(table, 1, IW_A, iw.seat(0), cid())
    sheets.submit(table, 2, IW_ZERO, iw.seat(0), cid())
    sheets.confirm(table, 2, iw.seat(1), cid())
    state = sheets.sheet_state(table, iw.seat(1))
    assert [d["status"] for d in state["deals"]] == ["pending", "confirmed"]
    assert tallies(table) == []
    written = sheets.confirm(table, 1, iw.seat(2), cid())
    assert written.counted == (1, 2)
    assert tallies(table) == [IW_A, IW_ZERO]
    with pytest.raises(Conflict, match="enter deal 3 first"):
        sheets.submit(table, 5, IW_ZERO, iw.seat(0), cid())


def test_an_illegal_tally_is_refused_with_the_engines_reason_and_nothing_written(iw):
    table = iw.table()
    with pytest.raises(EngineError, match="must add up to 9"):
        sheets.submit(table, 1, {"tricks": [[5, 1], [2, 4], [1, 4]]}, iw.seat(0), cid())
    with pytest.raises(EngineError, match="tricks"):
        sheets.submit(table, 1, {"tricks": [7, 6]}, iw.seat(0), cid())
    with pytest.raises(ServiceError, match="deal must be"):
        sheets.submit(table, 0, IW_A, iw.seat(0), cid())
    assert not SheetEntry.objects.filter(table=table).exists()
    assert tallies(table) == []


def test_a_tally_after_the_end_of_the_game_is_refused():
    setup = published("german_whist", 2)
    table = setup.table()
    sheets.submit(table, 1, {"tricks": [7, 6]}, setup.director, cid())
    state = sheets.sheet_state(table, setup.seat(0))
    assert state["over"] and state["winner"] == 0 and state["totals"] == [7, 6]
    assert state["winner_names"] == state["sides"][:1]
    with pytest.raises(Conflict, match="over"):
        sheets.submit(table, 2, {"tricks": [7, 6]}, setup.seat(0), cid())


def test_client_id_makes_a_retry_return_the_same_line(iw):
    table = iw.table()
    client = cid()
    first = sheets.submit(table, 1, IW_A, iw.seat(0), client)
    again = sheets.submit(table, 1, {"tricks": [[5, 1], [2, 4], [2, 4]]}, iw.seat(0), client)
    assert first.created and not again.created and again.line.pk == first.line.pk
    assert SheetEntry.objects.filter(table=table).count() == 1
    with pytest.raises(Conflict, match="already used"):
        sheets.submit(table, 1, IW_B, iw.seat(0), client)
    confirm_id = cid()
    sheets.confirm(table, 1, iw.seat(1), confirm_id)
    # A retry of the confirmation after it counted: the same line, nothing appended twice.
    assert not sheets.confirm(table, 1, iw.seat(1), confirm_id).created
    assert tallies(table) == [IW_A]


def test_a_correction_replaces_the_game_and_keeps_the_history(iw):
    table = iw.table()
    old_game = table.game
    sheets.submit(table, 1, IW_A, iw.director, cid())
    sheets.submit(table, 2, IW_ZERO, iw.director, cid())
    with pytest.raises(ServiceError, match="reason"):
        sheets.correct(table, 1, IW_B, iw.director, cid(), reason=" ")
    with pytest.raises(Forbidden):
        sheets.correct(table, 1, IW_B, iw.seat(0), cid(), reason="typo")
    with pytest.raises(Forbidden):
        sheets.correct(table, 1, IW_B, role_user(iw.club, Role.SCORER), cid(), reason="typo")
    written = sheets.correct(table, 1, IW_B, iw.director, cid(), reason="table 1 recount")
    table.refresh_from_db()
    old_game.refresh_from_db()
    assert old_game.status == Game.Status.VOID
    new = table.game
    assert new.pk != old_game.pk and new.mode == Game.Mode.PHYSICAL
    assert new.status == Game.Status.ACTIVE
    assert [s.player_id for s in new.seats.order_by("number")] == [
        s.player_id for s in old_game.seats.order_by("number")
    ]
    assert tallies(table) == [IW_B, IW_ZERO]
    # The old game's events are untouched (append-only), and the sheet keeps every line.
    assert sheets.counted_tallies(old_game) == [IW_A, IW_ZERO]
    history = sheets.history(table, iw.director)
    assert [line["kind"] for line in history] == ["entry", "entry", "correct"]
    assert history[-1]["reason"] == "table 1 recount" and history[-1]["by"]
    assert written.line.payload["reason"] == "table 1 recount"
    fix = RoundCorrection.objects.get(round=table.round)
    assert fix.change["sheet"]["old_game"] == str(old_game.pk)
    state = sheets.sheet_state(table, iw.seat(0))
    assert state["totals"] == [4, -1, -3] and state["deals"][0]["status"] == "counted"
    # Players can go on entering on the new game.
    sheets.submit(table, 3, IW_ZERO, iw.seat(0), cid())
    sheets.confirm(table, 3, iw.seat(1), cid())
    assert len(tallies(table)) == 3


def test_a_correction_must_concern_a_counted_deal(iw):
    table = iw.table()
    with pytest.raises(Conflict, match="does not count"):
        sheets.correct(table, 1, IW_B, iw.director, cid(), reason="x")


def test_history_is_for_directors(iw):
    table = iw.table()
    with pytest.raises(Forbidden):
        sheets.history(table, iw.seat(0))
    with pytest.raises(Forbidden):
        sheets.history(table, role_user(iw.club, Role.SCORER))


def test_another_tables_player_and_another_clubs_director_are_refused():
    setup = published("german_whist", 4)
    table1, table2 = setup.table(1), setup.table(2)
    stranger = setup.seat(0, table=2)
    other_director = director_of(make_club())
    for user in (stranger, other_director, make_user()):
        with pytest.raises(Forbidden):
            sheets.sheet_state(table1, user)
        with pytest.raises(Forbidden):
            sheets.submit(table1, 1, {"tricks": [7, 6]}, user, cid())
    sheets.submit(table1, 1, {"tricks": [7, 6]}, setup.seat(0), cid())
    for user in (stranger, other_director):
        with pytest.raises(Forbidden):
            sheets.confirm(table1, 1, user, cid())
    with pytest.raises(Forbidden):
        sheets.resolve(table1, 1, other_director, cid(), tally={"tricks": [7, 6]})
    assert sheets.sheet_state(table2, stranger)["table"] == 2


def test_forfeits_are_recorded_by_directors_once(iw):
    table = iw.table()
    entry = table.places.first().entry
    with pytest.raises(Forbidden):
        sheets.record_forfeit(table, entry, "no_show", iw.seat(1))
    with pytest.raises(ServiceError, match="kind"):
        sheets.record_forfeit(table, entry, "asleep", iw.director)
    forfeit = sheets.record_forfeit(table, entry, "no_show", iw.director, note="ill")
    assert forfeit.kind == Forfeit.Kind.NO_SHOW and forfeit.note == "ill"
    with pytest.raises(Conflict, match="already"):
        sheets.record_forfeit(table, entry, "forfeit", iw.director)
    assert sheets.sheet_state(table, iw.seat(1))["forfeits"][0]["kind"] == "no_show"


def test_a_forfeit_names_an_entry_of_that_table():
    setup = published("german_whist", 4)
    elsewhere = setup.table(2).places.first().entry
    with pytest.raises(ServiceError, match="does not sit"):
        sheets.record_forfeit(setup.table(1), elsewhere, "no_show", setup.director)


def test_differing_fields():
    assert sheets.differing_fields(
        [{"type": "tally", "dummy": 1, "tricks": [4, 5, 4]}, {"dummy": None, "tricks": [4, 4, 5]}]
    ) == ["dummy", "tricks[1]", "tricks[2]"]


def test_a_drawn_game_names_every_side_sharing_the_top():
    setup = published("briscola", 2, table_sizes=[2])
    table = setup.table()
    sheets.submit(table, 1, {"points": [60, 60]}, setup.director, cid())
    state = sheets.sheet_state(table, setup.seat(0))
    assert state["over"] and state["winner"] == [0, 1]
    assert state["winner_names"] == state["sides"] and len(state["sides"]) == 2
