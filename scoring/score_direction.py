"""Which way a game's totals rank (no Django): most points first, or, for games whose
totals are penalty points (the engine's ``fewest_points_win``: Scala 40), fewest first.

Everything that compares final game scores (the standings' table results, the
crosstable's W/L and places, a player's place at a table, the ratings' places) asks here,
so that no caller compares penalty points higher-is-better.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import engine

__all__ = ["fewest_points_win", "place_at", "ranked"]


def fewest_points_win(game_type: str) -> bool:
    """True when the game's totals are penalty points (the fewest finish first)."""
    try:
        return engine.game_class(game_type).fewest_points_win
    except engine.UnknownGame:
        return False


def ranked(totals: Sequence[int | Fraction], fewest_win: bool) -> tuple[Fraction, ...]:
    """The totals as game scores where higher is better, what the standings compare and
    add up: penalty points negated (so margins, placement points and sums stay exact),
    any other total as it is."""
    return tuple(-Fraction(t) if fewest_win else Fraction(t) for t in totals)


def place_at(mine: int | Fraction, totals: Sequence[int | Fraction], fewest_win: bool) -> int:
    """The place (from 1) of a side whose total is ``mine`` among ``totals``; tied sides
    share the better place."""
    if fewest_win:
        return 1 + sum(1 for t in totals if t < mine)
    return 1 + sum(1 for t in totals if t > mine)
