"""Where each table of a round stands (playing, waiting for confirmation, disputed,
done, forfeit, no-show), and pairing the next round while tables are unfinished:
refused with the list of those tables unless the director confirms."""

from __future__ import annotations

import pytest

from tests.support.factories import director_of, make_club, published, role_user
from tests.support.sheets import cid
from tournaments.models import Forfeit, Game, Role, Round
from tournaments.services import rounds, sheets, table_states
from tournaments.services.errors import Forbidden
from tournaments.services.table_states import UnfinishedTables

pytestmark = pytest.mark.django_db

IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
IW_B = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}


@pytest.fixture
def evening():
    """Italian Whist, nine players: round 1 published at three tables of three."""
    return published("italian_whist", 9, rounds_planned=3)


def states(setup) -> dict[int, str]:
    return {s.number: s.state for s in table_states.table_states(setup.round)}


def test_a_new_round_is_playing_everywhere(evening):
    assert states(evening) == {1: "playing", 2: "playing", 3: "playing"}
    listed = table_states.table_states(evening.round)
    assert [s.number for s in listed] == [1, 2, 3]  # people count from 1
    assert all(len(s.players) == 3 for s in listed)
    assert listed[0].label == "playing"


def test_an_entered_tally_waits_for_confirmation_then_plays_on(evening):
    table = evening.table(1)
    sheets.submit(table, 1, IW_A, evening.seat(0, 1), cid())
    assert states(evening)[1] == "waiting"
    found = table_states.table_states(evening.round)[0]
    assert found.waiting_deals == [1] and found.label == "waiting for confirmation"
    sheets.confirm(table, 1, evening.seat(1, 1), cid())
    assert states(evening)[1] == "playing"


def test_different_tallies_put_the_table_in_dispute_until_ruled(evening):
    table = evening.table(2)
    sheets.submit(table, 1, IW_A, evening.seat(0, 2), cid())
    sheets.submit(table, 1, IW_B, evening.seat(1, 2), cid())
    assert states(evening)[2] == "disputed"
    assert table_states.table_states(evening.round)[1].disputed_deals == [1]
    sheets.resolve(table, 1, evening.director, cid(), tally=IW_A)
    assert states(evening)[2] == "playing"


def test_a_finished_game_is_done_and_forfeits_settle_a_table(evening):
    Game.objects.filter(pk=evening.table(1).game_id).update(status=Game.Status.FINISHED)
    table3 = evening.table(3)
    absent = table3.places.first().entry
    sheets.record_forfeit(table3, absent, "no_show", evening.director)
    table2 = evening.table(2)
    sheets.record_forfeit(table2, table2.places.first().entry, "forfeit", evening.director)
    assert states(evening) == {1: "done", 2: "forfeit", 3: "no_show"}
    assert table_states.unfinished_tables(evening.round) == []
    assert Forfeit.objects.count() == 2


def test_pairing_past_unfinished_tables_is_refused_with_the_list(evening):
    sheets.submit(evening.table(1), 1, IW_A, evening.seat(0, 1), cid())
    sheets.submit(evening.table(2), 1, IW_A, evening.seat(0, 2), cid())
    sheets.submit(evening.table(2), 1, IW_B, evening.seat(1, 2), cid())
    Game.objects.filter(pk=evening.table(3).game_id).update(status=Game.Status.FINISHED)
    cup = evening.round.tournament
    with pytest.raises(UnfinishedTables) as refused:
        rounds.pair_next_round(cup, by=evening.director)
    error = refused.value
    assert error.status == 409 and error.details["round"] == 1
    listed = error.details["unfinished"]
    assert [(t["table"], t["state"]) for t in listed] == [(1, "waiting"), (2, "disputed")]
    assert listed[0]["players"] == [p.entry.name for p in evening.table(1).places.all()]
    message = str(error)
    assert "Round 1 still has 2 unfinished tables" in message
    assert "table 2" in message and "disputed" in message and "round 2" in message
    assert not cup.rounds.filter(number=2).exists()  # nothing paired

    round_ = rounds.pair_next_round(cup, by=evening.director, confirm_unfinished=True)
    assert round_.number == 2 and round_.status == Round.Status.DRAFT
    # Re-pairing the draft asks again: the tables are still unfinished.
    with pytest.raises(UnfinishedTables):
        rounds.pair_next_round(cup, by=evening.director)


def test_once_every_table_is_settled_pairing_needs_no_confirmation(evening):
    for number in (1, 2, 3):
        Game.objects.filter(pk=evening.table(number).game_id).update(status=Game.Status.FINISHED)
    cup = evening.round.tournament
    assert rounds.pair_next_round(cup, by=evening.director).number == 2


def test_the_first_round_needs_no_confirmation():
    setup = published("italian_whist", 3)
    assert table_states.unfinished_tables(None) == []
    assert table_states.unfinished_tables(setup.round)  # still playing


@pytest.mark.parametrize("who", ["scorer", "stranger"])
def test_a_scorer_or_another_clubs_director_cannot_pair(evening, who):
    user = role_user(evening.club, Role.SCORER) if who == "scorer" else director_of(make_club())
    with pytest.raises(Forbidden):
        rounds.pair_next_round(evening.round.tournament, by=user, confirm_unfinished=True)
    assert evening.round.tournament.rounds.count() == 1
