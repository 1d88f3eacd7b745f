"""Scopa's score sheet in words: the tally form's fields (:data:`TALLY_SPEC`, the class's
``tally_spec``) and a printed sheet's notes, worded from the rules' own constants
(:mod:`engine.games.scopa_rules`) so that they cannot drift from the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.games.scopa_rules import (
    COINS,
    DECK_SIZE,
    PLAYS_PER_ROUND,
    POSSIBLE_PRIMIERA,
    PRIMIERA,
    SETTEBELLO,
    VALUE,
)
from engine.tally import Choice, Count, TallySpec, worth_words

COIN_CARDS: Final = sum(1 for c in VALUE if c.suit == COINS)
PRIMIERA_WORDS: Final = worth_words(
    sorted(
        ((c.rank, PRIMIERA[c]) for c in VALUE if c.suit == COINS), key=lambda rw: (-rw[1], rw[0])
    )
)
"""The primiera's worths as a scorer reads them: "7 = 21, 6 = 18, … J Q K = 10"."""

TALLY_SPEC: Final = TallySpec(
    "sides",
    (
        Count("cards", "cards", DECK_SIZE),
        Count("coins", "coins \u2666", COIN_CARDS),
        Count("scope", "scope", PLAYS_PER_ROUND),
        Count("primiera", "primiera", max(POSSIBLE_PRIMIERA)),
    ),
    (Choice("settebello", f"Who took the settebello ({SETTEBELLO.rank}\u2666)?"),),
    note=f"Primiera: add each suit's best card ({PRIMIERA_WORDS}). Cards add up to "
    f"{DECK_SIZE}, coins to {COIN_CARDS}.",
)


def sheet_notes(options: Mapping[str, Any]) -> list[str]:
    return [
        f"Per side: cards taken (they add up to {DECK_SIZE}), coins (up to {COIN_CARDS}), "
        "scope, and the primiera: each suit's best card,",
        f"{PRIMIERA_WORDS}, added up (0: no cards). Settebello: the side with the "
        f"{SETTEBELLO.rank} of coins.",
        "Points: most cards 1, most coins 1, settebello 1, primiera 1, each scopa 1. "
        f"The game ends at {options.get('target')} (a tie at the top plays on).",
    ]
