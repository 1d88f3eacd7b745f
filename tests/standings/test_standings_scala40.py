"""Scala 40's totals are penalty points: at a table the fewest win. The standings (points,
victory points, placement points, game-score tiebreaks), the crosstable and the player
page all read them so, through the real stack (tallies appended, standings computed)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from scoring import store
from scoring.crosstable import crosstable
from scoring.results import compute, gather
from tests.support.factories import director_of, enter_guests, make_club, make_tournament
from tests.support.standings import by_entry, play_round, tables_of
from tournaments.models import Table, Tournament
from tournaments.services import game_store

pytestmark = pytest.mark.django_db


def scala40_cup(count: int, **settings: Any) -> tuple[Any, ...]:
    """A Swiss of ``count`` checked-in guests playing Scala 40 with real cards."""
    club = make_club()
    director = director_of(club)
    t = make_tournament(
        club,
        director,
        {"game_type": "scala40", "rounds_planned": 3, "mode": "physical", **settings},
    )
    t.status = Tournament.Status.OPEN
    t.save(update_fields=["status"])
    return club, director, t, enter_guests(t, director, count)


def tally(table: Table, director: Any, closed: int | None, hand: list[int]) -> None:
    """One deal of the table's score sheet: who closed, the points left in each hand."""
    game_store.append_event(
        table.game_id,
        {"type": "tally", "closed": closed, "hand": hand},
        event_id=uuid.uuid4(),
        expected_version=None,
        user=director,
    )


def test_the_player_with_fewer_penalty_points_wins_the_table():
    club, director, t, _ = scala40_cup(4, options={"limit": 50}, tiebreaks=["game_score"])
    (t1, (a, b)), (t2, (c, d)) = tables_of(play_round(t, director))
    tally(t1, director, 0, [0, 60])  # a closes, b is out with 60: a wins
    tally(t2, director, 1, [55, 0])  # d closes, c is out with 55: d wins

    [after] = compute(gather(t))
    rows = by_entry(after.rows)
    for winner, loser in ((a, b), (d, c)):
        assert (rows[winner.pk]["wins"], rows[winner.pk]["losses"]) == (1, 0)
        assert (rows[loser.pk]["wins"], rows[loser.pk]["losses"]) == (0, 1)
        assert (rows[winner.pk]["points"], rows[loser.pk]["points"]) == (2, 0)
    # The game-score tiebreak adds up minus the penalty points: fewer is higher.
    assert [rows[e.pk]["tiebreaks"][0] for e in (a, b, c, d)] == [0, -60, -55, 0]
    assert {rows[e.pk]["rank"] for e in (a, d)} == {1, 2}

    store.recompute(t.pk)
    cells = {row.number: row.cells[0] for row in crosstable(t).rows}
    assert [cells[e.number].result for e in (a, b, c, d)] == ["W", "L", "L", "W"]
    assert cells[a.number].score == "0-60"  # the penalty points as the sheet has them
    # The legend says what the negative game-score column means.
    page = Client().get(f"/clubs/{club.slug}/t/{t.slug}/standings/").content.decode()
    assert "Your penalty points added up, with a minus sign" in page


def test_victory_points_go_to_the_fewer_penalty_points_by_the_margin():
    _, director, t, _ = scala40_cup(
        2, options={"limit": 50}, scoring={"method": "victory_points_wbf", "wbf_deals": 4}
    )
    [(table, (a, b))] = tables_of(play_round(t, director))
    tally(table, director, 1, [10, 0])  # b closes; a keeps 10
    tally(table, director, 0, [0, 55])  # b is out with 55; a finishes on 10

    rows = by_entry(compute(gather(t))[0].rows)
    # A margin of 45 penalty points over 4 deals: the WBF scale, to the one with fewer.
    assert rows[a.pk]["points"] + rows[b.pk]["points"] == 20
    assert rows[a.pk]["points"] > 10 > rows[b.pk]["points"]


def test_at_a_table_of_three_placement_points_and_places_follow_the_fewest_points():
    club, director, t, _ = scala40_cup(3, table_sizes=[3])
    [(table, seated)] = tables_of(play_round(t, director))
    tally(table, director, 0, [0, 30, 60])  # totals 0, 30, 60
    tally(table, director, 1, [20, 0, 50])  # 20, 30, 110: the third is out
    tally(table, director, 0, [0, 75, 0])  # 20, 105, 110: the second is out, first wins

    rows = by_entry(compute(gather(t))[0].rows)
    assert [rows[e.pk]["points"] for e in seated] == [2, 1, 0]  # places 1st, 2nd, 3rd
    assert [rows[e.pk]["rank"] for e in seated] == [1, 2, 3]

    store.recompute(t.pk)
    cells = {row.number: row.cells[0] for row in crosstable(t).rows}
    assert [cells[e.number].result for e in seated] == ["1st", "2nd", "3rd"]
    page = Client().get(f"/clubs/{club.slug}/t/{t.slug}/players/{seated[0].pk}/")
    assert "<strong>1st</strong>" in page.content.decode()
