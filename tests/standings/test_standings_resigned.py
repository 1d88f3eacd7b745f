"""A tournament game a player resigned online scores as that entrant's forfeit
(scoring/gather.py): read from the game's own events, no Forfeit row written."""

from __future__ import annotations

import pytest
from django.db import connection

from scoring.gather import _resignation_rows, _resigned_entrant, resignations
from scoring.results import compute, gather
from tests.support.factories import published
from tests.support.standings import by_entry
from tournaments.models import Forfeit, TableEntry
from tournaments.services import moves

pytestmark = pytest.mark.django_db


def test_a_resignation_is_the_resigning_entrants_forfeit_in_the_standings():
    setup = published("scopa", 4, mode="online", scoring={"forfeit_win_points": 3})
    first, second = setup.tables
    gone = setup.seated[first.number][1]  # seat 2 of table 1 resigns
    moves.resign(first.game.pk, 1, user=gone)
    entries = dict(TableEntry.objects.filter(table=first).values_list("position", "entry_id"))
    [after] = compute(gather(first.round.tournament))
    rows = by_entry(after.rows)
    assert rows[entries[1]]["forfeits_lost"] == 1 and rows[entries[1]]["points"] == 0
    assert rows[entries[0]]["forfeits_won"] == 1 and rows[entries[0]]["points"] == 3
    assert rows[entries[0]]["played"] == 0
    assert not Forfeit.objects.exists()
    assert after.pending_tables == 1  # the other table still plays
    assert second.game.status == "active"


@pytest.mark.parametrize(
    ("places", "seat", "side_of", "entrant"),
    [
        ([(0, 10), (1, 11)], 1, [0, 1], "11"),  # individuals: the seat's position
        ([(0, 10), (1, 11), (2, 12)], 0, [0, 1, 2], "10"),
        ([(0, 10), (1, 11), (2, 12), (3, 13)], 2, [0, 1, 0, 1], "12"),  # a whist drive
        ([(0, 20), (1, 21)], 3, [0, 1, 0, 1], "21"),  # teams: the seat's side
        ([(0, 20), (1, 21)], 2, [0, 1, 0, 1], "20"),
    ],
)
def test_the_entrant_who_resigned_is_the_seats_player_or_team(places, seat, side_of, entrant):
    assert _resigned_entrant(places, seat, side_of) == entrant


def test_resignations_are_read_through_their_own_index(django_assert_num_queries):
    """The standings and the ratings ask which seat resigned each of many games: the
    partial index ``event_resign_by_game`` answers without reading the games' other
    events (on PostgreSQL its plan, with sequential scans off so the tiny test tables
    do not hide which index the query can use)."""
    setup = published("scopa", 4, mode="online")
    first, second = setup.tables
    moves.resign(first.game.pk, 1, user=setup.seated[first.number][1])
    games = [first.game.pk, second.game.pk]
    with django_assert_num_queries(1):
        assert resignations(game__in=games) == {first.game.pk: 1}
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
        assert "event_resign_by_game" in _resignation_rows(game__in=games).explain()
