"""A tournament game a player resigned online scores as that entrant's forfeit
(scoring/gather.py): read from the game's own events, no Forfeit row written."""

from __future__ import annotations

import pytest

from scoring.results import standings_of
from tests.support.factories import published
from tests.support.standings import by_entry
from tournaments.models import Forfeit, TableEntry
from tournaments.services import access, table_actions

pytestmark = pytest.mark.django_db


def test_a_resignation_is_the_resigning_entrants_forfeit_in_the_standings():
    access.forget_seats()
    setup = published("scopa", 4, mode="online", scoring={"forfeit_win_points": 3})
    first, second = setup.tables
    gone = setup.seated[first.number][1]  # seat 2 of table 1 resigns
    table_actions.resign(first.game.pk, 1, user=gone)
    entries = dict(TableEntry.objects.filter(table=first).values_list("position", "entry_id"))
    [after] = standings_of(first.round.tournament)
    rows = by_entry(after.rows)
    assert rows[entries[1]]["forfeits_lost"] == 1 and rows[entries[1]]["points"] == 0
    assert rows[entries[0]]["forfeits_won"] == 1 and rows[entries[0]]["points"] == 3
    assert rows[entries[0]]["played"] == 0
    assert not Forfeit.objects.exists()
    assert after.pending_tables == 1  # the other table still plays
    assert second.game.status == "active"
