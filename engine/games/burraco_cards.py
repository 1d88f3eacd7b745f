"""Burraco's cards and melds as values: card values, wildcards, positions in a
sequence, the :class:`Meld` on the table and the :class:`MeldCheck` answer.

:mod:`engine.games.burraco_melds` reads and extends melds with these (and re-exports
them); see its docstring for positions and how a meld is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from engine.cards import RANK_CHARS, Card, double_deck

__all__ = [
    "ACE_HIGH",
    "ACE_LOW",
    "BURRACO_LENGTH",
    "DECK_POINTS",
    "VALUE",
    "WILD",
    "Meld",
    "MeldCheck",
    "card_value",
    "codes",
    "is_wildcard",
    "new_meld",
    "position_name",
]

BURRACO_LENGTH: Final = 7
"""A meld of this many cards or more is a burraco."""
ACE_LOW: Final = 1
ACE_HIGH: Final = 14
WILD: Final = 0
"""Placement of an added card that goes in as the wildcard (not on its own position)."""


def card_value(card: Card) -> int:
    """Joker 30, 2 = 20, A = 15, 8 … K = 10, 3 … 7 = 5."""
    if card.is_joker:
        return 30
    rank = card.rank
    if rank == 2:
        return 20
    if rank == 14:
        return 15
    return 10 if rank >= 8 else 5


VALUE: Final[dict[Card, int]] = {c: card_value(c) for c in set(double_deck())}
DECK_POINTS: Final = sum(card_value(c) for c in double_deck())
"""All 108 cards' values added up (1,080)."""


def is_wildcard(card: Card) -> bool:
    """Whether ``card`` is a wildcard outside a sequence: a joker or any 2 (a 2 is a
    natural card only on position 2 of its own suit's sequence)."""
    return card.is_joker or card.rank == 2


def position_name(position: int, suit: str | None) -> str:
    """The card (or, without a suit, the rank) a position stands for: ``4H``, ``A``."""
    rank = "A" if position in (ACE_LOW, ACE_HIGH) else RANK_CHARS[position - 2]
    return rank + (suit or "")


def codes(items: Iterable[Card]) -> str:
    return " ".join(c.code for c in items)


@dataclass(frozen=True, slots=True, init=False)
class Meld:
    """A meld on the table. ``cards`` are low to high for a sequence (``cards[i]``
    stands on position ``low + i``), as laid for a group. ``suit`` is a sequence's suit
    (``None`` for a group), ``rank`` a group's rank (``None`` for a sequence), ``wild``
    the index of the wildcard in ``cards`` (``None``: clean)."""

    cards: tuple[Card, ...]
    suit: str | None = None
    rank: int | None = None
    low: int = 0
    wild: int | None = None

    def __init__(
        self,
        cards: tuple[Card, ...],
        suit: str | None = None,
        rank: int | None = None,
        low: int = 0,
        wild: int | None = None,
    ) -> None:
        # The frozen dataclass's own __init__, through the slots' setters: it sets
        # each field with object.__setattr__, which made a meld (built for every meld
        # and addition checked or laid) cost twice as much.
        _set_cards(self, cards)
        _set_suit(self, suit)
        _set_rank(self, rank)
        _set_low(self, low)
        _set_wild(self, wild)

    @property
    def is_sequence(self) -> bool:
        return self.suit is not None

    @property
    def stands_for(self) -> str | None:
        """What the wildcard stands for: a card (``"6H"``) in a sequence, a rank
        (``"K"``) in a group; ``None`` without a wildcard."""
        if self.wild is None:
            return None
        if self.suit is not None:
            return position_name(self.low + self.wild, self.suit)
        assert self.rank is not None
        return position_name(self.rank, None)

    @property
    def burraco(self) -> str | None:
        """``"clean"`` or ``"dirty"`` for a burraco (7 cards or more), else ``None``."""
        if len(self.cards) < BURRACO_LENGTH:
            return None
        return "clean" if self.wild is None else "dirty"

    @property
    def points(self) -> int:
        return sum(VALUE[c] for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "sequence" if self.is_sequence else "group",
            "cards": [c.code for c in self.cards],
            "as": self.stands_for,
            "burraco": self.burraco,
        }


# The setters of the slots of a Meld (its __init__'s).
_set_cards: Final = Meld.__dict__["cards"].__set__
_set_suit: Final = Meld.__dict__["suit"].__set__
_set_rank: Final = Meld.__dict__["rank"].__set__
_set_low: Final = Meld.__dict__["low"].__set__
_set_wild: Final = Meld.__dict__["wild"].__set__
_new: Final = object.__new__


def new_meld(
    cards: tuple[Card, ...], suit: str | None, rank: int | None, low: int, wild: int | None
) -> Meld:
    """``Meld(cards, suit, rank, low, wild)``, the same object (the same slots, so the
    same pickled form), for the hot paths that build one per addition: without the
    call through ``type`` to a Python ``__init__`` and its keyword arguments, which
    cost about a third of a meld."""
    meld: Meld = _new(Meld)
    _set_cards(meld, cards)
    _set_suit(meld, suit)
    _set_rank(meld, rank)
    _set_low(meld, low)
    _set_wild(meld, wild)
    return meld


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The answer to "is this meld (or addition) legal": ``meld`` is the meld it makes
    (``None`` if illegal), ``reason`` says why not (empty when legal), ``rule`` names the
    rule broken."""

    meld: Meld | None
    reason: str = ""
    rule: str = "meld"

    @property
    def ok(self) -> bool:
        return self.meld is not None

    def __bool__(self) -> bool:
        return self.meld is not None
