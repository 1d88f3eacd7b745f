"""How a rating reads, and a table's win chances (scoring.ratings.scale)."""

import pytest

from scoring.ratings.scale import (
    PROVISIONAL_GAMES,
    is_provisional,
    shown,
    shown_uncertainty,
    win_chances,
)


def test_a_newcomer_reads_1500_with_a_wide_margin():
    assert shown(25.0) == 1500
    assert shown_uncertainty(25.0 / 3) == 1000


def test_provisional_until_enough_games():
    assert is_provisional(PROVISIONAL_GAMES - 1)
    assert not is_provisional(PROVISIONAL_GAMES)


def test_win_chances_favour_the_stronger_side_and_add_up_to_one():
    chances = win_chances([[(30.0, 2.0)], [(25.0, 2.0)], [(20.0, 2.0)]])
    assert chances[0] > chances[1] > chances[2]
    assert sum(chances) == pytest.approx(1.0)


def test_equal_partnerships_have_even_chances():
    assert win_chances([[(25.0, 3.0), (25.0, 3.0)], [(25.0, 3.0), (25.0, 3.0)]]) == pytest.approx(
        [0.5, 0.5]
    )


def test_one_side_is_not_a_table():
    with pytest.raises(ValueError):
        win_chances([[(25.0, 3.0)]])
