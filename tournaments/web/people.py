"""People count from 1.

The engine, the event records and the API number seats, sides and melds from 0 (they
are list indices); everything a person reads on a page numbers them from 1, like the
PDF score sheets and the table cards. Pages show ``number + 1`` (the templates'
``|add:1``); this module rewrites the engine's and the services' messages at the web
boundary ("seat 0 cannot play 7♦" → "seat 1 cannot play 7♦"), so the engine's own
messages, which its tests and the records rely on, stay as they are.
"""

from __future__ import annotations

import re

# "seat 2", "seat 2's", "seats 0 and 2", "seat(s) 0, 1", "side 1", "meld 3" — an index
# word, then one or more numbers joined by ", ", " and ", " & " or " or ".
_INDEXED = re.compile(
    r"\b(?P<word>seats?|seat\(s\)|sides?|side\(s\)|melds?)"
    r"(?P<gap> )(?P<numbers>(?>\d+(?:(?:, | and | & | or )\d+)*))\b"
    # …but not a count: "seats 4 players", "a meld 3 cards long".
    r"(?! (?:cards?|players?|entrants?|people|tables?|seats?|per)\b)"
)
_NUMBER = re.compile(r"\d+")


def seat_label(index: int) -> int:
    """The number a person reads for seat (or side, or meld) ``index``."""
    return index + 1


def from_one(message: str) -> str:
    """``message`` with every seat, side and meld index it names counted from 1."""

    def bump(match: re.Match[str]) -> str:
        numbers = _NUMBER.sub(lambda n: str(int(n.group(0)) + 1), match.group("numbers"))
        return f"{match.group('word')}{match.group('gap')}{numbers}"

    return _INDEXED.sub(bump, message)
