"""Cards and decks.

A card is written as two characters, rank then suit: ``TH`` is the ten of hearts,
``AS`` the ace of spades. Ranks run ``A K Q J T 9 8 7 6 5 4 3 2`` and suits are
``S H D C``. The two jokers are ``RJ`` (red) and ``BJ`` (black).

Every :class:`Card` is interned: ``Card.parse("TH") is Card.parse("TH")``. That
makes cards cheap to compare and hash, which matters because the engine replays
hundreds of thousands of events a second. Double-deck games simply hold the same
card object twice; copies are interchangeable.

>>> card = Card.parse("QD")
>>> card.rank, card.suit, card.is_joker
(12, 'D', False)
>>> str(card)
'QD'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from operator import attrgetter
from typing import Final

from engine.card_words import RANK_CHARS as RANK_CHARS
from engine.card_words import RANK_NAMES as RANK_NAMES
from engine.card_words import SUIT_NAMES as SUIT_NAMES
from engine.errors import MalformedCard
from engine.messages import Message, message

SUITS: Final = "SHDC"
"""Suits in display order: spades, hearts, diamonds, clubs."""

RED_SUITS: Final = frozenset("HD")
BLACK_SUITS: Final = frozenset("SC")


class Card:
    """One playing card: an immutable, interned value.

    ``rank`` is 2 … 14 for natural cards (14 is the ace) and 0 for jokers.
    ``suit`` is one of ``S H D C``, or ``None`` for a joker. ``colour`` is
    ``"red"`` or ``"black"`` for every card, jokers included.
    """

    __slots__ = ("code", "colour", "is_joker", "order", "rank", "suit")

    code: str
    rank: int
    suit: str | None
    colour: str
    is_joker: bool
    order: int
    """The card's place in display order (0 for the two of spades, up to 53 for the
    black joker): distinct per card, so that a hand can be held as sorted ints."""

    def __init__(self, code: str, rank: int, suit: str | None, colour: str, order: int) -> None:
        set_ = object.__setattr__
        set_(self, "code", code)
        set_(self, "rank", rank)
        set_(self, "suit", suit)
        set_(self, "colour", colour)
        set_(self, "is_joker", suit is None)
        set_(self, "order", order)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @staticmethod
    def parse(code: str) -> Card:
        """Return the card written ``code`` (e.g. ``"TH"``, ``"RJ"``).

        Raises :class:`~engine.errors.MalformedCard` with a message saying what is
        wrong for anything else.
        """
        try:
            return _BY_CODE[code]
        except (KeyError, TypeError):
            raise MalformedCard(_explain_bad_card(code)) from None

    @property
    def name(self) -> str:
        """A human name: ``"ten of hearts"``, ``"red joker"``."""
        if self.suit is None:
            return f"{self.colour} joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __eq__(self, other: object) -> bool:
        # What object's equality says (cards are interned: one object per card), said
        # here because the ordering below makes every comparison go through Python:
        # without it ``==``, ``in`` and ``list.remove`` on cards look up and try
        # ``__eq__`` on both sides before falling back on identity (2.5x slower).
        return self is other

    __hash__ = object.__hash__  # identity, as without __eq__ (sets keep their order)

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order

    def __gt__(self, other: Card) -> bool:
        return self.order > other.order

    def __le__(self, other: Card) -> bool:
        return self.order <= other.order

    def __ge__(self, other: Card) -> bool:
        return self.order >= other.order


def _explain_bad_card(code: object) -> Message:
    if not isinstance(code, str):
        return message("card.not_a_string", value=repr(code))
    if len(code) != 2:
        return message("card.length", value=repr(code))
    rank, suit = code[0], code[1]
    if code.upper() in _BY_CODE:
        return message("card.capitals", value=repr(code), card=code.upper())
    if rank not in RANK_CHARS:
        return message("card.rank", value=repr(code), value_rank=repr(rank))
    return message("card.suit", value=repr(code), value_suit=repr(suit))


def _build() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    order = 0
    for suit in SUITS:
        colour = "red" if suit in RED_SUITS else "black"
        for index, rank_char in enumerate(RANK_CHARS):
            code = rank_char + suit
            cards[code] = Card(code, index + 2, suit, colour, order)
            order += 1
    cards["RJ"] = Card("RJ", 0, None, "red", order)
    cards["BJ"] = Card("BJ", 0, None, "black", order + 1)
    return cards


_BY_CODE: Final = _build()

CARDS_BY_CODE: Final[Mapping[str, Card]] = _BY_CODE
"""Every card by its code (read-only use: the parsers' fast path)."""

_FRENCH: Final = tuple(c for c in _BY_CODE.values() if not c.is_joker)

RED_JOKER: Final = _BY_CODE["RJ"]
BLACK_JOKER: Final = _BY_CODE["BJ"]


def card(code: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(code)


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Parse several cards: ``cards("AS KD TH")`` or ``cards(["AS", "KD"])``."""
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(code) for code in codes]


def codes(items: Iterable[Card]) -> list[str]:
    """The notation of each card, in the same order."""
    return [c.code for c in items]


def french_deck(jokers: int = 0) -> list[Card]:
    """The 52-card French deck, plus ``jokers`` jokers (alternately red and black)."""
    deck = list(_FRENCH)  # a copy of the deck made once (every deal asks for one)
    for index in range(jokers):
        deck.append(RED_JOKER if index % 2 == 0 else BLACK_JOKER)
    return deck


ITALIAN_RANKS: Final = frozenset({14, 2, 3, 4, 5, 6, 7, 11, 12, 13})


def italian_deck() -> list[Card]:
    """The Italian 40-card deck: the French deck without eights, nines and tens."""
    return [c for c in french_deck() if c.rank in ITALIAN_RANKS]


def double_deck(jokers: int = 4) -> list[Card]:
    """Two French decks and ``jokers`` jokers (Burraco and Scala 40 use four)."""
    return french_deck() + french_deck(jokers)


card_code: Final = attrgetter("code")
"""A card's code as a C-level function (``list(map(card_code, deck))``: no call per card)."""

display_order: Final = attrgetter("order")
"""The sort key of :func:`sorted_cards` (an ``attrgetter``: sorting calls no Python code)."""


def sorted_cards(items: Iterable[Card]) -> list[Card]:
    """Cards in display order: by suit (S H D C), low to high, jokers last."""
    return sorted(items, key=display_order)


def iter_codes(items: Iterable[Card]) -> Iterator[str]:
    for c in items:
        yield c.code


def deck_mismatch(game: str, whole: Sequence[Card], deck: Sequence[Card]) -> Message:
    """What is wrong with ``deck``, which should hold exactly the cards of ``whole``
    (the cards missing, the cards too many)."""
    expected = Counter(whole)
    got = Counter(deck)
    missing = sorted(c.code for c in (expected - got).elements())
    extra = sorted(c.code for c in (got - expected).elements())
    code = (
        "deck.missing_and_extra"
        if missing and extra
        else "deck.missing"
        if missing
        else "deck.extra"
    )
    listed = {"cards_missing": missing} if missing else {}
    if extra:
        listed["cards_extra"] = extra
    return message(code, game=game, count=len(whole), count_got=len(deck), **listed)
