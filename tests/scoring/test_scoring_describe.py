"""The standings page's sentence on how a tournament scores (scoring.describe)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.describe import describe_points, number
from scoring.points import PointsSettings


@pytest.mark.parametrize(
    ("settings", "sides", "sentence"),
    [
        ({}, [2], "Points: win 2, draw 1, loss 0; a bye 2."),
        (
            {"win": 1, "draw": 0.5, "bye_points": 0.5, "absence_points": 0},
            [2],
            "Points: win 1, draw 0.5, loss 0; a bye 0.5, a win by forfeit 1.",
        ),
        (
            {"method": "placement"},
            [3, 4],
            "Points by place at the table, best game score first (2, 1, 0 at a table of 3; "
            "3, 2, 1, 0 at a table of 4; tied players share their places' points); a bye 0.",
        ),
        (
            {"method": "placement", "placement_points": [5, 3, 1, 0], "bye_points": 3},
            [3],
            "Points by place at the table, best game score first (5, 3, 1 at a table of 3; "
            "tied players share their places' points); a bye 3, a win by forfeit 0.",
        ),
        ({"method": "raw_score"}, [3], "Points: each game's own score; a bye 0."),
        (
            {"method": "victory_points_fibur", "fibur_table": "3-hand"},
            [2],
            "Victory points from the FIBUR 3-hand table (20 shared by the two sides of a "
            "table); a bye 12.",
        ),
        (
            {"method": "victory_points_wbf", "wbf_deals": 8, "forfeit_loss_points": 2},
            [2],
            "Victory points on the WBF continuous scale for 8 deals (20 shared by the two "
            "sides of a table); a bye 12, a forfeit 2.",
        ),
    ],
)
def test_each_method_in_a_sentence(settings, sides, sentence):
    assert describe_points(PointsSettings.from_json(settings), sides) == sentence


def test_numbers_as_people_write_them():
    assert [number(Fraction(v)) for v in ("2", "3/2", "1061/100", "1/3", "-1")] == [
        "2",
        "1.5",
        "10.61",
        "0.33",
        "-1",
    ]
