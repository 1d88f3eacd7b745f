"""The standings' results columns and legend (scoring.legend) and the place counts the
standings keep for them (scoring.standings.Row.places)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.legend import (
    TIEBREAK_INFO,
    legend,
    ordinal,
    result_cells,
    result_columns,
    tiebreak_info,
)
from scoring.points import METHODS, TableResult
from scoring.standings import DEFAULT_TIEBREAKS, TIEBREAK_NAMES, RoundResults, compute_standings

F = Fraction


def three(a: str, b: str, c: str, x: int, y: int, z: int) -> TableResult:
    return TableResult((a, b, c), (F(x), F(y), F(z)))


def test_a_second_place_at_a_table_of_three_is_a_second_place_not_a_loss():
    # The example: Dario is second twice at tables of three (2 points, 0-0-2).
    rounds = [
        RoundResults((three("Ada", "Dario", "Carla", 9, 5, 1),)),
        RoundResults((three("Carla", "Dario", "Ada", 9, 5, 1),)),
    ]
    final = compute_standings({"points": {"method": "placement"}}, rounds)[-1]
    dario = final.row("Dario")
    assert dario.points == 2 and dario.losses == 2  # what the old W-D-L column showed
    assert dario.places == (0, 2)
    columns = result_columns("placement", [3])
    assert [c.short for c in columns] == ["1st", "2nd", "3rd"]
    row = {"wins": 0, "draws": 0, "losses": 2, "places": list(dario.places)}
    assert result_cells(columns, row) == ["0", "2", "0"]
    assert final.row("Ada").places == (1, 0, 1)


def test_tied_players_share_the_better_place():
    rounds = [RoundResults((three("A", "B", "C", 5, 5, 1),))]
    final = compute_standings({"points": {"method": "placement"}}, rounds)[-1]
    assert final.row("A").places == (1,) and final.row("B").places == (1,)
    assert final.row("C").places == (0, 0, 1)


@pytest.mark.parametrize("method", METHODS)
def test_every_method_gets_the_column_that_fits_it(method):
    head_to_head = result_columns(method, [2])
    assert [c.short for c in head_to_head] == ["W-D-L"]  # two sides: won, drawn, lost
    many = result_columns(method, [3, 4])
    if method in ("placement", "raw_score"):
        assert [c.short for c in many] == ["1st", "2nd", "3rd", "4th"]
    else:  # the head-to-head methods only ever score tables of two sides
        assert [c.short for c in many] == ["W-D-L"]


def test_the_places_reach_the_largest_place_a_row_reached():
    assert len(result_columns("placement", [], largest_place=5)) == 5
    assert result_cells(result_columns("placement", [4]), {"places": [1]}) == ["1", "0", "0", "0"]
    assert result_cells(result_columns("win_draw_loss", [2]), {"wins": 3, "draws": 1}) == ["3-1-0"]


def test_every_tiebreak_has_a_short_heading_a_name_and_one_sentence():
    assert set(TIEBREAK_INFO) == set(TIEBREAK_NAMES)
    for name, term in TIEBREAK_INFO.items():
        assert term.key == name and term.short and term.label
        assert term.meaning.endswith(".") and term.meaning.count(". ") == 0, name
    assert tiebreak_info("buchholz_cut1").short == "Bh-1"
    assert tiebreak_info("opponents_match_win").percent
    assert tiebreak_info("made_up").label == "Made up"


def test_the_legend_names_every_abbreviation_of_the_table_in_order():
    items = legend(DEFAULT_TIEBREAKS, result_columns("placement", [3]))
    shorts = [t.short for t in items]
    assert shorts == ["Bh-1", "Bh", "SB", "Prog", "Pl", "1st … 3rd", "Unplayed"]
    assert all(t.meaning for t in items)
    wdl = legend(["direct_encounter"], result_columns("win_draw_loss", [2]))
    assert [t.short for t in wdl] == ["DE", "Pl", "W-D-L", "Unplayed"]


def test_ordinals_count_from_one():
    assert [ordinal(n) for n in (1, 2, 3, 4, 9)] == ["1st", "2nd", "3rd", "4th", "9."]


def test_a_row_stored_without_places_shows_a_dash_not_a_made_up_zero():
    assert result_cells(result_columns("placement", [3]), {"wins": 1}) == ["–", "–", "–"]
