"""A Scala 40 hand as one integer, a bit per card (:func:`hand_bits`), for the random
player: which cards it holds each once in display order (:func:`cards_of_bits`, a
look-up per suit instead of a set and a sort), and the bits :mod:`scala40_hand` and
:mod:`scala40_play` read its melds from.

The bits: suit by suit (``S H D C``, 13 bits each, rank ``r`` on bit ``r - 2`` of its
suit), then the red and the black joker; copies of a card are alike. The integer is
54 bits wide: read once a step, passed along (each operation on it allocates).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.cards import SUITS, Card, french_deck, sorted_cards

DECK: Final = sorted_cards(french_deck(jokers=2))
DISPLAY_ORDER: Final = {card: place for place, card in enumerate(DECK)}
BIT: Final = {card: 1 << place for place, card in enumerate(DECK)}
"""A bit per card, in display order: suit by suit (13 bits each, two to ace), then the
red and the black joker."""
RANKS: Final = (1 << 13) - 1
RED_JOKER, BLACK_JOKER = DECK[-2:]
JOKERS: Final = BIT[RED_JOKER] | BIT[BLACK_JOKER]
CARD_BIT: Final = BIT
"""Each card's bit in :func:`hand_bits`: suit by suit (``S H D C``, 13 bits each, rank
``r`` on bit ``r - 2`` of its suit), then the red and the black joker."""
JOKER_BITS: Final = JOKERS
SUIT_SHIFT: Final[dict[str | None, int]] = {suit: 13 * i for i, suit in enumerate(SUITS)}
"""Where each suit's 13 bits start in :func:`hand_bits`."""


def distinct_sorted(cards: Iterable[Card]) -> list[Card]:
    """Each card of ``cards`` once, in display order (:func:`~engine.cards.sorted_cards`)."""
    return sorted(set(cards), key=DISPLAY_ORDER.__getitem__)


def hand_bits(hand: Iterable[Card]) -> int:
    """The cards of ``hand`` as one bit each (:data:`BIT`; copies are alike)."""
    held = 0
    for card in hand:  # a plain loop: cheaper than reduce(or_, map(...)) in CPython 3.11
        held |= BIT[card]
    return held


# The cards of a suit's 13 bits, in display order, filled as hands show them.
_SUIT_CARDS: Final[tuple[list[tuple[Card, ...] | None], ...]] = tuple(
    [None] * (1 << 13) for _ in SUITS
)


def _suit_cards(suit: int, ranks: int) -> tuple[Card, ...]:
    found = _SUIT_CARDS[suit][ranks] = tuple(
        DECK[13 * suit + i] for i in range(13) if ranks >> i & 1
    )
    return found


def cards_of_bits(held: int) -> list[Card]:
    """The cards of :func:`hand_bits` ``held``, each once in display order: what
    :func:`distinct_sorted` gives for the hand (a look-up per suit, no sort)."""
    found: list[Card] = []
    ts, th, td, tc = _SUIT_CARDS
    s, h, d, c = held & RANKS, held >> 13 & RANKS, held >> 26 & RANKS, held >> 39 & RANKS
    if s:
        found += ts[s] or _suit_cards(0, s)
    if h:
        found += th[h] or _suit_cards(1, h)
    if d:
        found += td[d] or _suit_cards(2, d)
    if c:
        found += tc[c] or _suit_cards(3, c)
    if held & JOKERS:
        if held & BIT[RED_JOKER]:
            found.append(RED_JOKER)
        if held & BIT[BLACK_JOKER]:
            found.append(BLACK_JOKER)
    return found
