"""The season table's formulas (scoring/seasons.py, pure): sum, best N of M, points by
place with shared places, exact arithmetic and the order of the tie-breaks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import seasons as s

F = Fraction


def result(key: int, *placings: tuple[int, int | str, int]) -> s.TournamentResult:
    """(player, points, rank) per entrant."""
    return s.TournamentResult(
        key, len(placings), [s.Placing(p, F(points), rank) for p, points, rank in placings]
    )


def totals(rows: list[s.Row]) -> dict[int, Fraction]:
    return {r.player: r.total for r in rows}


def test_sum_adds_every_tournament_exactly():
    rows = s.table(
        [result(1, (10, "7/2", 1), (11, 3, 2)), result(2, (11, "1/3", 1), (10, "1/6", 2))],
        s.Formula(s.SUM),
    )
    assert totals(rows) == {10: F(11, 3), 11: F(10, 3)}
    assert [r.player for r in rows] == [10, 11]
    assert all(c.counted for r in rows for c in r.cells)
    assert [(r.played, r.counted) for r in rows] == [(2, 2), (2, 2)]


def test_best_n_keeps_each_players_highest_scores_and_marks_the_others():
    tournaments = [
        result(1, (1, 4, 2), (2, 9, 1)),
        result(2, (1, 8, 1), (2, 1, 2)),
        result(3, (1, 6, 1)),
    ]
    rows = s.table(tournaments, s.Formula(s.BEST, best=2))
    by_player = {r.player: r for r in rows}
    assert by_player[1].total == 14 and by_player[1].counted == 2 and by_player[1].played == 3
    assert [c.counted for c in by_player[1].cells] == [False, True, True]
    assert by_player[2].total == 10 and by_player[2].counted == 2


def test_best_n_with_fewer_tournaments_counts_them_all():
    rows = s.table([result(1, (1, 5, 1))], s.Formula(s.BEST, best=4))
    assert rows[0].counted == 1 and rows[0].total == 5


def test_placement_points_by_final_place_and_zero_past_the_table():
    formula = s.Formula(s.PLACEMENT, place_points=(F(10), F(6), F(3)))
    rows = s.table([result(1, (1, 0, 1), (2, 0, 2), (3, 0, 3), (4, 0, 4))], formula)
    assert totals(rows) == {1: 10, 2: 6, 3: 3, 4: 0}
    assert [r.cells[0].season_points for r in rows] == [10, 6, 3, 0]


def test_players_sharing_a_place_share_the_points_of_the_places_they_cover():
    formula = s.Formula(s.PLACEMENT)  # 25 18 15 12 …
    rows = s.table([result(1, (1, 9, 1), (2, 5, 2), (3, 5, 2), (4, 1, 4))], formula)
    assert totals(rows) == {1: 25, 2: F(33, 2), 3: F(33, 2), 4: 12}
    assert [r.rank for r in rows] == [1, 2, 2, 4]


def test_ties_go_to_more_tournaments_counted_then_better_places_then_are_shared():
    tournaments = [
        result(1, (1, 5, 1), (2, 5, 2), (3, 5, 2), (4, 5, 1)),
        result(2, (2, 0, 3), (3, 0, 3)),
        result(3, (1, 0, 1), (2, 0, 2), (3, 0, 2)),
    ]
    rows = s.table(tournaments, s.Formula(s.SUM), names={2: "Bruno", 3: "Anna"})
    # All have 5 points. 2 and 3 played three, 1 played two, 4 played one.
    assert [r.player for r in rows] == [3, 2, 1, 4]
    assert [r.rank for r in rows] == [1, 1, 3, 4]  # 2 and 3 share; listed by name


def test_better_places_break_a_tie_best_first():
    tournaments = [result(1, (1, 5, 1), (2, 5, 2)), result(2, (2, 5, 1), (1, 5, 3))]
    rows = s.table(tournaments, s.Formula(s.SUM))
    # Both have 1 first place; then 2nd beats 3rd.
    assert [(r.player, r.rank) for r in rows] == [(2, 1), (1, 2)]


def test_a_player_in_two_teams_of_one_tournament_keeps_the_better_result():
    rows = s.table([result(1, (1, 3, 2), (1, 8, 1), (2, 3, 2))], s.Formula(s.SUM))
    assert totals(rows) == {1: 8, 2: 3} and rows[0].played == 1


def test_an_empty_season_has_an_empty_table():
    assert s.table([], s.Formula(s.SUM)) == []


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "average"},
        {"kind": s.BEST},
        {"kind": s.BEST, "best": 0},
        {"kind": s.PLACEMENT, "place_points": (F(-1),)},
    ],
)
def test_a_formula_that_cannot_be_computed_is_refused(bad):
    with pytest.raises(ValueError):
        s.Formula(**bad)


def test_shared_place_points_add_up_to_the_places_covered():
    table = tuple(F(p) for p in s.DEFAULT_PLACE_POINTS)
    assert s.place_points(table, 9, 3) == F(2 + 1 + 0, 3)


placings = st.lists(
    st.tuples(
        st.integers(1, 8),
        st.fractions(min_value=0, max_value=20, max_denominator=6),
        st.integers(1, 8),
    ),
    max_size=8,
)


@settings(max_examples=150, deadline=None)
@given(st.lists(placings, max_size=6), st.integers(1, 6), st.sampled_from(s.KINDS))
def test_every_table_is_consistent(raw, best, kind):
    tournaments = [
        s.TournamentResult(i, len(p), [s.Placing(a, b, c) for a, b, c in p])
        for i, p in enumerate(raw)
    ]
    formula = s.Formula(kind, best=best if kind != s.SUM else None)
    rows = s.table(tournaments, formula)
    players = {a for p in raw for a, _b, _c in p}
    assert {r.player for r in rows} == players
    # Ranks count from 1, never go down, and a rank k means k-1 players are ahead.
    for index, row in enumerate(rows):
        assert row.rank >= 1 and (index == 0 or row.rank >= rows[index - 1].rank)
        assert row.rank == index + 1 or row.rank == rows[index - 1].rank
    for row in rows:
        assert row.total == sum((c.season_points for c in row.cells if c.counted), F(0))
        assert row.counted == sum(c.counted for c in row.cells) <= row.played
        if formula.best is not None:
            assert row.counted == min(formula.best, row.played)
            kept = sorted((c.season_points for c in row.cells), reverse=True)[: row.counted]
            assert row.total == sum(kept, F(0))
        if kind == s.SUM:
            assert row.counted == row.played
    # Totals never go up down the table.
    assert all(a.total >= b.total for a, b in zip(rows, rows[1:], strict=False))
    # Placement points given out in a tournament equal the places' points covered.
    if kind == s.PLACEMENT:
        for t in tournaments:
            mine = [c for r in rows for c in r.cells if c.tournament == t.key]
            once = {p.player for p in t.placings}
            assert len(mine) == len(once)
