"""Tresette's declarations (accuse): the combinations a seat declares from the hand it
was dealt, three or four of a kind of 3s, 2s or aces, and the napoletana (3, 2 and ace
of one suit)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from engine.cards import SUITS, Card

DECLARED_RANKS = (3, 2, 14)
"""The ranks whose three or four of a kind are declared: 3s, 2s and aces."""
RANK_CODES = {3: "3", 2: "2", 14: "A"}


class Declaration(NamedTuple):
    """One combination a seat declares: ``kind`` ``four``, ``three`` or ``napoletana``;
    ``rank`` (``"3"``, ``"2"``, ``"A"``) for four or three of a kind; ``suit``: the
    missing suit of a three, the suit of a napoletana."""

    seat: int
    kind: str
    rank: str | None
    suit: str | None
    points: int

    def as_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"seat": self.seat, "combination": self.kind}
        if self.rank is not None:
            shown["rank"] = self.rank
        if self.suit is not None:
            shown["missing" if self.kind == "three" else "suit"] = self.suit
        shown["points"] = self.points
        return shown

    def cards(self) -> list[Card]:
        """The cards the combination shows its declarer held."""
        if self.kind == "napoletana":
            return [Card.parse(rank + str(self.suit)) for rank in "32A"]
        return [Card.parse(str(self.rank) + s) for s in SUITS if s != self.suit]


def declarations(seat: int, hand: Iterable[Card]) -> list[Declaration]:
    """Every combination in ``hand`` (the cards ``seat`` was dealt)."""
    held = {(c.rank, c.suit) for c in hand if c.rank in RANK_CODES}
    found: list[Declaration] = []
    if len(held) < 3:
        return found  # every combination takes three cards at least
    for rank in DECLARED_RANKS:
        missing = [s for s in SUITS if (rank, s) not in held]
        if not missing:
            found.append(Declaration(seat, "four", RANK_CODES[rank], None, 4))
        elif len(missing) == 1:
            found.append(Declaration(seat, "three", RANK_CODES[rank], missing[0], 3))
    for suit in SUITS:
        if (3, suit) in held and (2, suit) in held and (14, suit) in held:
            found.append(Declaration(seat, "napoletana", None, suit, 3))
    return found
