"""Tournament points from one table's result: every method, by hand (scoring.points)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import ResultError, ScoringError, SettingsError
from scoring.points import PointsSettings, TableResult, placement_points, table_points
from scoring.victory_points import FIBUR_TABLES, fibur_victory_points, wbf_victory_points

F = Fraction


def points(settings: dict[str, object], entrants: str, scores: list[int], **kw: object):
    table = TableResult(tuple(entrants), tuple(F(s) for s in scores), **kw)  # type: ignore[arg-type]
    return table_points(PointsSettings.from_json(settings), table)


# ----------------------------------------------------------------------- win/draw/loss


def test_win_draw_loss_defaults_are_two_one_zero() -> None:
    assert points({}, "ab", [7, 3]) == (2, 0)
    assert points({}, "ab", [3, 7]) == (0, 2)
    assert points({}, "ab", [5, 5]) == (1, 1)


def test_win_draw_loss_is_configurable_chess_and_mtg() -> None:
    chess = {"win": 1, "draw": 0.5, "loss": 0}
    assert points(chess, "ab", [5, 5]) == (F(1, 2), F(1, 2))  # 0.5 read as exactly 1/2
    assert points({"win": 3, "draw": 1}, "ab", [1, 0]) == (3, 0)


def test_win_draw_loss_refuses_a_table_of_three() -> None:
    with pytest.raises(ResultError, match="tables of 2 sides, not 3"):
        points({}, "abc", [1, 2, 3])


# ---------------------------------------------------------------------------- placement


def test_placement_default_is_one_point_per_opponent_beaten() -> None:
    # Table of 4: places score 3, 2, 1, 0.  Scores 10, 40, 20, 30 -> b 1st, d 2nd, c 3rd, a 4th.
    assert points({"method": "placement"}, "abcd", [10, 40, 20, 30]) == (0, 3, 1, 2)
    # Table of 3: 2, 1, 0.
    assert points({"method": "placement"}, "abc", [5, 9, 7]) == (0, 2, 1)


def test_placement_ties_share_the_average_of_their_places() -> None:
    # [3, 1, 0]: b first (3); a and c tied for 2nd and 3rd share (1 + 0) / 2 = 1/2.
    s = {"method": "placement", "placement_points": [3, 1, 0]}
    assert points(s, "abc", [20, 50, 20]) == (F(1, 2), 3, F(1, 2))
    # All three tied: (3 + 1 + 0) / 3 = 4/3 each; the table's total is kept.
    assert points(s, "abc", [0, 0, 0]) == (F(4, 3),) * 3


def test_placement_by_table_size() -> None:
    s = {"method": "placement", "placement_points": {"3": [4, 2, 0], "4": [5, 3, 1, 0]}}
    assert points(s, "abc", [3, 2, 1]) == (4, 2, 0)
    assert points(s, "abcd", [4, 3, 2, 1]) == (5, 3, 1, 0)
    with pytest.raises(ResultError, match="no placement_points for a table of 2"):
        points(s, "ab", [1, 0])


def test_placement_list_too_short_for_the_table() -> None:
    with pytest.raises(ResultError, match="a table of 4 needs 4"):
        points({"method": "placement", "placement_points": [3, 1, 0]}, "abcd", [1, 2, 3, 4])


def test_raw_score_is_the_game_score() -> None:
    assert points({"method": "raw_score"}, "abc", [120, -40, 0]) == (120, -40, 0)


# ------------------------------------------------------------------------------- FIBUR


def _edges() -> list[tuple[str, int, int]]:
    """(table, difference, winner's VP) at both ends of every band."""
    cases = []
    for table, bands in FIBUR_TABLES.items():
        lower = 0
        for upper, vp in bands:
            cases += [(table, lower, vp), (table, upper, vp)]
            lower = upper + 5
        cases += [(table, lower, 20), (table, lower + 5000, 20)]
    return cases


@pytest.mark.parametrize(("table", "difference", "vp"), _edges())
def test_fibur_band_edges(table: str, difference: int, vp: int) -> None:
    assert fibur_victory_points(difference, table) == (vp, 20 - vp)


def test_fibur_edges_by_hand() -> None:
    # 3-hand: 50 -> 10-10, 55 -> 11-9, 1500 -> 19-1, 1505 -> 20-0.
    assert fibur_victory_points(50, "3-hand") == (10, 10)
    assert fibur_victory_points(55, "3-hand") == (11, 9)
    assert fibur_victory_points(1500, "3-hand") == (19, 1)
    assert fibur_victory_points(1505, "3-hand") == (20, 0)
    # 4-hand: 100 -> 10-10, 105 -> 11-9, 2000 -> 19-1, 2005 -> 20-0.
    assert fibur_victory_points(100, "4-hand") == (10, 10)
    assert fibur_victory_points(105, "4-hand") == (11, 9)
    assert fibur_victory_points(2000, "4-hand") == (19, 1)
    assert fibur_victory_points(2005, "4-hand") == (20, 0)


def test_fibur_table_result_goes_to_the_winner() -> None:
    s = {"method": "victory_points_fibur", "fibur_table": "3-hand"}
    # 1230 - 1540 = -310: b wins by 310, band 255-350 -> 13-7.
    assert points(s, "ab", [1230, 1540]) == (7, 13)


def test_fibur_refuses_a_difference_not_a_multiple_of_five() -> None:
    with pytest.raises(ResultError, match="multiples of 5"):
        points({"method": "victory_points_fibur"}, "ab", [1003, 1000])


# --------------------------------------------------------------------------------- WBF


def test_wbf_check_values_from_scoring_md() -> None:
    # n = 4: B = 15 * 2 = 30.  M = 1: tau^(3/30) = 0.95302, 1 - that = 0.04698;
    # 1 - tau^3 = 0.76393; 10 + 10 * 0.04698 / 0.76393 = 10.61499... -> 10.61.
    assert wbf_victory_points(1, 4) == F("10.61")
    # M = 10: tau^1 = 0.61803; 10 + 10 * 0.38197 / 0.76393 = 15.0000 -> 15.00.
    assert wbf_victory_points(10, 4) == 15
    assert wbf_victory_points(0, 4) == 10
    assert wbf_victory_points(10_000, 4) == 20  # capped


def test_wbf_margin_unit_scales_the_game_points() -> None:
    s = {"method": "victory_points_wbf", "wbf_deals": 4, "wbf_margin_unit": 10}
    # 90 - 100 = -10 game points = 1 unit for b: b 10.61, a 20 - 10.61 = 9.39.
    assert points(s, "ab", [90, 100]) == (F("9.39"), F("10.61"))


def test_wbf_needs_the_number_of_deals() -> None:
    with pytest.raises(SettingsError) as error:
        PointsSettings.from_json({"method": "victory_points_wbf"})
    assert error.value.key == "wbf_deals"


# ------------------------------------------------------------------- byes and forfeits


def test_forfeits_score_as_configured() -> None:
    # W/D/L: a forfeit win is a win (2), the forfeiter gets the loss (0).
    assert points({}, "ab", [], forfeited=frozenset("b")) == (2, 0)
    # VP: 12-0 by default, whatever the (absent) game scores.
    vp = {"method": "victory_points_fibur"}
    assert points(vp, "ab", [], forfeited=frozenset("a")) == (0, 12)
    both = {"forfeit_win_points": 3, "forfeit_loss_points": -1}
    assert points(both, "ab", [], forfeited=frozenset("ab")) == (-1, -1)


def test_unplayed_defaults_by_method() -> None:
    assert PointsSettings.from_json({"win": 3}).bye == 3
    assert PointsSettings.from_json({"method": "victory_points_fibur"}).bye == 12
    assert PointsSettings.from_json({"method": "placement"}).bye == 0
    s = PointsSettings.from_json({"method": "raw_score", "bye_points": 150})
    assert s.bye == 150 and s.to_json()["bye_points"] == 150


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("data", "key", "message"),
    [
        ({"method": "elo"}, "points.method", "unknown method"),
        ({"wins": 2}, "points.wins", "unknown setting"),
        ({"method": "placement", "win": 2}, "points.win", "not used by the method 'placement'"),
        ({"win": "two"}, "points.win", "must be a number, not a string"),
        ({"win": True}, "points.win", "must be a number, not a boolean"),
        (
            {"method": "placement", "placement_points": [1, 3]},
            "points.placement_points[1]",
            "lower place",
        ),
        (
            {"method": "placement", "placement_points": {"3": [2, 1]}},
            "points.placement_points.3",
            "needs 3",
        ),
        (
            {"method": "victory_points_fibur", "fibur_table": "5-hand"},
            "points.fibur_table",
            "3-hand",
        ),
        ({"method": "victory_points_wbf", "wbf_deals": 0}, "points.wbf_deals", ">= 1"),
        (
            {"method": "victory_points_wbf", "wbf_deals": 4, "wbf_margin_unit": 0},
            "points.wbf_margin_unit",
            "positive",
        ),
    ],
)
def test_settings_errors_name_the_key(data: dict[str, object], key: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message) as error:
        PointsSettings.from_json(data, "points")
    assert error.value.key == key
    assert isinstance(error.value, ValueError)


def test_table_result_errors() -> None:
    with pytest.raises(ResultError, match="at least 2"):
        TableResult(("a",), (F(1),))
    with pytest.raises(ResultError, match="twice"):
        TableResult(("a", "a"), (F(1), F(2)))
    with pytest.raises(ResultError, match="2 entrants need 2 scores"):
        TableResult(("a", "b"), (F(1),))
    with pytest.raises(ResultError, match="not at this table"):
        TableResult(("a", "b"), forfeited=frozenset("c"))
    with pytest.raises(ScoringError) as error:
        TableResult(("a", "b"), (1, float("nan")))  # type: ignore[arg-type]
    assert error.value.key == "scores[1]"


def test_table_result_converts_numbers_exactly() -> None:
    table = TableResult(("a", "b"), (0.1, 3))  # type: ignore[arg-type]
    assert table.scores == (F(1, 10), F(3))
    assert TableResult(("a", "b"), (Decimal("2.5"), 1)).scores == (F(5, 2), F(1))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- properties

burraco = st.integers(min_value=0, max_value=800).map(lambda x: 5 * x)


@given(burraco, burraco, st.sampled_from(["3-hand", "4-hand"]))
def test_fibur_vp_always_sum_to_twenty(a: int, b: int, table: str) -> None:
    s = {"method": "victory_points_fibur", "fibur_table": table}
    x, y = points(s, "ab", [a, b])
    assert x + y == 20
    assert (x >= y) if a >= b else (x <= y)


@given(st.integers(-5000, 5000), st.integers(-5000, 5000), st.integers(1, 32))
def test_wbf_vp_sum_to_twenty_and_grow_with_the_margin(a: int, b: int, deals: int) -> None:
    s = {"method": "victory_points_wbf", "wbf_deals": deals, "wbf_margin_unit": 10}
    x, y = points(s, "ab", [a, b])
    assert x + y == 20
    assert (0 <= y <= 10 <= x <= 20) if a >= b else (0 <= x <= 10 <= y <= 20)
    assert (x * 100).denominator == 1  # hundredths
    if a != b:
        margin = F(abs(a - b), 10)
        assert wbf_victory_points(margin + 1, deals) >= wbf_victory_points(margin, deals)


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=6))
def test_placement_hands_out_the_table_total(scores: list[int]) -> None:
    places = [F(len(scores) - 1 - k) for k in range(len(scores))]
    got = placement_points([F(s) for s in scores], places)
    assert sum(got) == sum(places)
    for i, a in enumerate(scores):
        for j, b in enumerate(scores):
            if a > b:
                assert got[i] > got[j]
            elif a == b:
                assert got[i] == got[j]


@given(st.integers(-99, 99), st.integers(-99, 99))
def test_win_draw_loss_conserves_points(a: int, b: int) -> None:
    x, y = points({}, "ab", [a, b])
    assert x + y == 2


# ------------------------------------------------------------------ partnerships (sides)

WHIST_DRIVE = {"sides": (0, 1, 0, 1)}


def test_partners_score_as_their_side() -> None:
    # A whist drive: a & c against b & d. The winners both win; nobody "draws" with
    # the partner whose score they share.
    assert points({}, "abcd", [7, 6, 7, 6], **WHIST_DRIVE) == (2, 0, 2, 0)
    assert points({}, "abcd", [6, 6, 6, 6], **WHIST_DRIVE) == (1, 1, 1, 1)
    # Placement ranks the two sides: places 1 and 0 (not the 3, 2, 1, 0 of four players).
    assert points({"method": "placement"}, "abcd", [3, 9, 3, 9], **WHIST_DRIVE) == (0, 1, 0, 1)
    assert points({"method": "raw_score"}, "abcd", [3, 9, 3, 9], **WHIST_DRIVE) == (3, 9, 3, 9)


def test_sides_must_fit_the_table() -> None:
    with pytest.raises(ResultError, match="share their side's score") as error:
        points({}, "abcd", [7, 6, 5, 6], **WHIST_DRIVE)
    assert error.value.key == "scores[2]"
    with pytest.raises(ResultError, match="4 entrants need 4 sides, not 2"):
        points({}, "abcd", [7, 6, 7, 6], sides=(0, 1))
    with pytest.raises(ResultError, match="at least 2 sides"):
        points({"method": "raw_score"}, "ab", [7, 7], sides=(0, 0))
    with pytest.raises(ResultError, match="side number") as error:
        points({}, "ab", [7, 6], sides=(0, -1))
    assert error.value.key == "sides[1]"


def test_sides() -> None:
    table = TableResult(tuple("abcd"), (F(1), F(2), F(1), F(2)), sides=(0, 1, 0, 1))
    assert table.side_scores == (1, 2) and table.side_index == (0, 1, 0, 1)
    assert TableResult(("a", "b"), (F(1), F(2))).sides == (0, 1)
