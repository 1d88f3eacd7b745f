"""Burraco's hand score and the checks of a score-sheet tally (RULES.md §8 and
"Physical play"), shared by online play and the ``tally`` event so that both score a
hand the same way.

A hand's **count** has the tally's fields, per side: ``melded`` (values of its melded
cards), ``clean`` and ``dirty`` (its burraco), ``closed`` (the side that closed, or
``None``), ``pozzetto`` (whether it took its pozzetto) and ``hand`` (values of the cards
left in its players' hands).

>>> hand_points({"melded": [400, 200], "clean": [1, 0], "dirty": [1, 1], "closed": 0,
...              "pozzetto": [True, False], "hand": [15, 90]})
[785, 110]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.games.burraco_melds import BURRACO_LENGTH, DECK_POINTS

CLEAN_BONUS: Final = 200
DIRTY_BONUS: Final = 100
CLOSING_BONUS: Final = 100
NO_POZZETTO: Final = 100
WILDCARDS: Final = 12
"""Four jokers and eight 2s."""
DECK_SIZE: Final = 108


def hand_points(count: Mapping[str, Any]) -> list[int]:
    """Per side: melded values + 200 per clean burraco + 100 per dirty one + 100 for
    closing - values in hand - 100 without the pozzetto."""
    return [
        count["melded"][side]
        + CLEAN_BONUS * count["clean"][side]
        + DIRTY_BONUS * count["dirty"][side]
        + (CLOSING_BONUS if count["closed"] == side else 0)
        - count["hand"][side]
        - (0 if count["pozzetto"][side] else NO_POZZETTO)
        for side in range(2)
    ]


def tally_problem(count: Mapping[str, Any], team_game: bool) -> str | None:
    """Why ``count`` cannot be a hand's score sheet, or ``None``. Checks: a closing side
    has a burraco and its pozzetto (and, with 2 players, an empty hand); points are
    multiples of 5 (every card's value is); a side's melded points can hold its burraco
    (a clean one at least 7 cards of 5, a dirty one 6 of 5 and a wildcard of 20 or
    more); the deck holds the points, the wildcards and the cards they need."""
    melded, clean, dirty, hand = count["melded"], count["clean"], count["dirty"], count["hand"]
    closed, pozzetto = count["closed"], count["pozzetto"]
    word = "team" if team_game else "player"
    for side in range(2):
        for name, points in (("melded", melded[side]), ("hand", hand[side])):
            if points % 5:
                return f"{word} {side}'s {name} points must be a multiple of 5 (every card is)"
        least = 35 * clean[side] + 50 * dirty[side]
        if melded[side] < least:
            return (
                f"{word} {side} cannot have {clean[side]} clean and {dirty[side]} dirty "
                f"burraco with {melded[side]} melded points (at least {least}: 7 cards of "
                "5 each, a dirty one holding a wildcard of 20 or more)"
            )
    if sum(melded) + sum(hand) > DECK_POINTS:
        return f"melded and hand points add up to more than the deck's {DECK_POINTS}"
    if sum(dirty) > WILDCARDS:
        return "there are only 12 wildcards (4 jokers and 8 twos) for dirty burraco"
    if BURRACO_LENGTH * (sum(clean) + sum(dirty)) > DECK_SIZE:
        return "there are not enough cards for so many burraco (7 cards each)"
    if closed is not None:
        if clean[closed] + dirty[closed] == 0:
            return f"{word} {closed} closed without a burraco"
        if not pozzetto[closed]:
            return f"{word} {closed} closed without having taken its pozzetto"
        if not team_game and hand[closed] != 0:
            return f"player {closed} closed, so no card is left in its hand"
    return None
