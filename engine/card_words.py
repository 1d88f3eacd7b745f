"""A card's characters and English words, read from its code alone (pure data: no
import of the engine), shared by :mod:`engine.cards` and the English of a rule code
(:func:`engine.messages.english`)."""

from __future__ import annotations

from typing import Final

RANK_CHARS: Final = "23456789TJQKA"
"""Rank characters, lowest first. ``rank`` values are 2 … 14 (ace high)."""

SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES: Final = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
JOKER_COLOURS: Final = {"R": "red", "B": "black"}
"""A joker's colour by the first character of its code (``RJ``, ``BJ``)."""


def card_name(code: str) -> str:
    """The English name of the card written ``code``: ``"ten of hearts"``, ``"red
    joker"``."""
    if code[1:] == "J" and code[0] in JOKER_COLOURS:
        return f"{JOKER_COLOURS[code[0]]} joker"
    return f"{RANK_NAMES[RANK_CHARS.index(code[0]) + 2]} of {SUIT_NAMES[code[1]]}"
