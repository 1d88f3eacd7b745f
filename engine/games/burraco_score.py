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

from engine.cards import RANK_CHARS, RED_JOKER, Card
from engine.games.burraco_melds import BURRACO_LENGTH, DECK_POINTS, VALUE
from engine.messages import Message, message
from engine.tally import Phrase, gettext_noop, worth_words

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


def tally_problem(count: Mapping[str, Any], team_game: bool) -> Message | None:
    """Why ``count`` cannot be a hand's score sheet, or ``None``. Checks: a closing side
    has a burraco and its pozzetto (and, with 2 players, an empty hand); points are
    multiples of 5 (every card's value is); a side's melded points can hold its burraco
    (a clean one at least 7 cards of 5, a dirty one 6 of 5 and a wildcard of 20 or
    more); the deck holds the points, the wildcards and the cards they need."""
    melded, clean, dirty, hand = count["melded"], count["clean"], count["dirty"], count["hand"]
    closed, pozzetto = count["closed"], count["pozzetto"]
    for side in range(2):
        for name, points in (("melded", melded[side]), ("hand", hand[side])):
            if points % 5:
                code = "burraco.tally.team_fives" if team_game else "burraco.tally.player_fives"
                return message(code, side=side, field=name)
        least = 35 * clean[side] + 50 * dirty[side]
        if melded[side] < least:
            return message(
                "burraco.tally.team_melded" if team_game else "burraco.tally.player_melded",
                side=side,
                count_clean=clean[side],
                count_dirty=dirty[side],
                points=melded[side],
                points_least=least,
            )
    if sum(melded) + sum(hand) > DECK_POINTS:
        return message("burraco.tally.deck_points", points=DECK_POINTS)
    if sum(dirty) > WILDCARDS:
        return message("burraco.tally.wildcards")
    if BURRACO_LENGTH * (sum(clean) + sum(dirty)) > DECK_SIZE:
        return message("burraco.tally.cards")
    if closed is not None:
        if clean[closed] + dirty[closed] == 0:
            code = (
                "burraco.tally.team_no_burraco" if team_game else "burraco.tally.player_no_burraco"
            )
            return message(code, side=closed)
        if not pozzetto[closed]:
            code = (
                "burraco.tally.team_no_pozzetto"
                if team_game
                else "burraco.tally.player_no_pozzetto"
            )
            return message(code, side=closed)
        if not team_game and hand[closed] != 0:
            return message("burraco.tally.player_hand", side=closed)
    return None


def value_words(to: str) -> Phrase:
    """The card values as a scorer reads them: "joker 30, 2 = 20, A = 15, 8 to K = 10,
    3 to 7 = 5" (``to`` spans ranks in a row)."""
    naturals = [Card.parse(rank + "S") for rank in RANK_CHARS]
    ranked = sorted(naturals, key=lambda c: (-VALUE[c], c.rank))
    spans = worth_words(((c.rank or 0, VALUE[c]) for c in ranked), to=to)
    return Phrase(gettext_noop("joker %(joker)s, %(spans)s"), joker=VALUE[RED_JOKER], spans=spans)
