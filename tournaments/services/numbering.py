"""People count from 1: the one place that renumbers seats, sides, melds and deals.

The engine, the event records and the API number seats, sides and melds from 0 (they
are list indices); everything a person reads numbers them from 1, like the PDF score
sheets and the table cards. :func:`for_people` is the one function that turns an
index into the number a person reads (the templates' ``{{ seat|for_people }}``, in
:mod:`tournaments.templatetags.numbering`, calls it); :func:`count_from_one` rewrites
the engine's messages where they reach people ("seat 0 cannot play 7♦" → "seat 1
cannot play 7♦"), so the engine's own messages, which its tests and the records rely
on, stay as they are. The web pages call it on the engine's
refusals; the score sheet's service (``sheet_writes``) calls it with the table's names,
so that "seat 2" reads "Carla (seat 3)" and "side 0" reads "Ann & Bruno".

Pure: no database, no Django.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

# "seat 2", "seat 2's", "seats 0 and 2", "seat(s) 0, 1", "side 1", "meld 3" — an index
# word, then one or more numbers joined by ", ", " and ", " & " or " or ".
_INDEXED = re.compile(
    r"\b(?P<word>seats?|seat\(s\)|sides?|side\(s\)|melds?)"
    r"(?P<gap> )(?P<numbers>(?>\d+(?:(?:, | and | & | or )\d+)*))\b"
    # …but not a count: "seats 4 players", "a meld 3 cards long".
    r"(?! (?:cards?|players?|entrants?|people|tables?|seats?|per)\b)"
)
_NUMBER = re.compile(r"\d+")
# With the table's names (the score sheet): one seat or one side at a time.
_ONE_SEAT = re.compile(r"\bseat (\d+)\b")
_ONE_SIDE = re.compile(r"\bside (\d+)\b")


def for_people(index: int) -> int:
    """The number a person reads for the 0-based ``index`` of a seat, a side, a meld, a
    deal or a place: seat 0 is "seat 1"."""
    return index + 1


def count_from_one(
    message: str,
    seats: Mapping[int, str] | None = None,
    sides: Sequence[str] | None = None,
) -> str:
    """``message`` with the seat, side and meld indices it names counted from 1.

    Without names, every index word is rewritten ("seats 0 and 2" → "seats 1 and 3").
    With the table's names (``seats``: seat → player, ``sides``: side → its players'
    names), as on a score sheet, each single "seat N" becomes "Name (seat N+1)" and
    each "side N" the side's names; other references are left as written."""
    if seats is None and sides is None:
        return _INDEXED.sub(_bumped, message)
    named_seats = seats or {}
    named_sides = sides or []

    def seat(match: re.Match[str]) -> str:
        index = int(match.group(1))
        name = named_seats.get(index)
        return f"{name} (seat {for_people(index)})" if name else f"seat {for_people(index)}"

    def side(match: re.Match[str]) -> str:
        index = int(match.group(1))
        if 0 <= index < len(named_sides):
            return named_sides[index]
        return f"side {for_people(index)}"

    return _ONE_SIDE.sub(side, _ONE_SEAT.sub(seat, message))


def _bumped(match: re.Match[str]) -> str:
    numbers = _NUMBER.sub(lambda n: str(for_people(int(n.group(0)))), match.group("numbers"))
    return f"{match.group('word')}{match.group('gap')}{numbers}"
