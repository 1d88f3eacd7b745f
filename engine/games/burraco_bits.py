"""A Burraco hand as two integers, for the random player's questions: how many
natural cards of each rank and how many wildcards it holds (:data:`RANK_COUNT`, added
up), and which cards it holds (:data:`PRESENT`, or-ed together), each made from a
per-card table in one C-level pass over the hand and then asked with a few integer
operations instead of a loop over the cards. Both stay under 63 bits, so that ``sum``
and ``|`` work on machine integers (a wider integer costs several times as much).

**Which cards** (:data:`PRESENT`): per suit (``S H D C``, 15 bits each), per position
of its sequence (``1 … 14``, see :mod:`engine.games.burraco_melds`) the natural card on
it (an ace on both ``1`` and ``14``, the suit's 2 on ``2``; bit ``0`` of each suit
stays clear, so no run crosses into the next suit); then the red and the black joker.
A card's own bit (an ace's is its position ``14``) comes in display order, so the
cards a mask picks out read low to high in the order
:func:`~engine.cards.sorted_cards` sorts them (:func:`cards_in`).

**How many** (:data:`RANK_COUNT`): 4 bits per rank ``3 … A`` (the natural cards of that
rank, at most eight), then 4 bits of wildcards (jokers and every 2, at most twelve).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import CARDS_BY_CODE, RANK_CHARS, SUITS, Card
from engine.games.burraco_cards import ACE_HIGH, ACE_LOW, Meld, is_wildcard

_SUIT_BITS: Final = 15
_JOKER_BIT: Final = {"RJ": 4 * _SUIT_BITS, "BJ": 4 * _SUIT_BITS + 1}
_POSITIONS: Final = (1 << 4 * _SUIT_BITS) - 1
_LOWEST_RANK: Final = 3
_RANK_FIELDS: Final = ACE_HIGH - _LOWEST_RANK + 1
_WILD_SHIFT: Final = 4 * _RANK_FIELDS
_RANKS: Final = (1 << _WILD_SHIFT) - 1
_NIBBLE_ONES: Final = int("0001" * _RANK_FIELDS, 2)
_NIBBLE_TWO_UP: Final = int("1110" * _RANK_FIELDS, 2)
"""A rank's count is at least 2 when one of these bits is set."""
_NIBBLE_FOUR_UP: Final = int("1100" * _RANK_FIELDS, 2)
"""Once one is added to each rank's count, a count of 3 or more sets one of these."""


def _bit_on(suit: str, position: int) -> int:
    return 1 << SUITS.index(suit) * _SUIT_BITS + position


def _own_bit(card: Card) -> int:
    if card.suit is None:
        return 1 << _JOKER_BIT[card.code]
    return _bit_on(card.suit, card.rank)


def _present(card: Card) -> int:
    if card.suit is not None and card.rank == ACE_HIGH:
        return _own_bit(card) | _bit_on(card.suit, ACE_LOW)
    return _own_bit(card)


def _count(card: Card) -> int:
    if is_wildcard(card):
        return 1 << _WILD_SHIFT
    return 1 << 4 * (card.rank - _LOWEST_RANK)


PRESENT: Final[dict[Card, int]] = {card: _present(card) for card in CARDS_BY_CODE.values()}
"""Each card's bits in a hand's :data:`PRESENT` mask (or-ed: copies do not count)."""
RANK_COUNT: Final[dict[Card, int]] = {card: _count(card) for card in CARDS_BY_CODE.values()}
"""What each card adds to a hand's :data:`RANK_COUNT` (added up)."""
OWN_BIT: Final[dict[Card, int]] = {card: _own_bit(card) for card in CARDS_BY_CODE.values()}
"""Each card's own bit: a hand's :data:`PRESENT` mask ``& OWN_BIT[card]`` is non-zero
when the hand holds the card."""
_CARD_OF_BIT: Final[dict[int, Card]] = {bit.bit_length() - 1: card for card, bit in OWN_BIT.items()}


def may_meld(counts: int, present: int) -> bool:
    """Whether the hand whose :data:`RANK_COUNT` and :data:`PRESENT` are ``counts`` and
    ``present`` might lay a meld :func:`~engine.games.burraco_find.find_melds` finds:
    three naturals of a rank (two with a wildcard), or three positions in a row of a
    suit (two in a row, or two with a hole between them, with a wildcard). ``False``
    only when it finds none. ``BurracoChoices._plays_of`` writes it out (a call a
    random step cost 0.9% of a deal); a stricter copy there would drop melds, which
    ``test_quick_answers_agree_with_the_full_checks_over_random_play`` catches."""
    wild = counts >> _WILD_SHIFT
    ranks = counts & _RANKS
    if (ranks & _NIBBLE_TWO_UP) if wild else ((ranks + _NIBBLE_ONES) & _NIBBLE_FOUR_UP):
        return True
    held = present & _POSITIONS
    if wild:
        return bool(held & (held >> 1 | held >> 2))
    return bool(held & held >> 1 & held >> 2)


def cards_in(bits: int) -> list[Card]:
    """The cards whose own bits are set in ``bits`` (a hand's :data:`PRESENT` masked
    by :func:`meld_bits`, whose aces are on position 14), in display order."""
    found: list[Card] = []
    while bits:
        lowest = bits & -bits
        found.append(_CARD_OF_BIT[lowest.bit_length() - 1])
        bits ^= lowest
    return found


def meld_bits(meld: Meld) -> int:
    """The own bits of the cards that may be added alone to ``meld``: what
    :func:`~engine.games.burraco_legal.fitting_cards` says, from the meld's rank or
    ends and wildcard (test_burraco_bits checks that the two agree)."""
    if meld.suit is None:
        assert meld.rank is not None
        naturals = _RANK_BITS[meld.rank]
        return naturals | _WILDCARD_BITS if meld.wild is None else naturals
    low, length, wild = meld.low, len(meld.cards), meld.wild
    on = _BIT_ON[meld.suit]
    bits = _WILDCARD_BITS if wild is None and length < ACE_HIGH else 0
    bits |= on[low - 1] | on[low + length]
    if wild is not None and length < ACE_HIGH:
        bits |= on[low + wild]
    return bits


_WILDCARD_BITS: Final = sum(OWN_BIT[c] for c in CARDS_BY_CODE.values() if is_wildcard(c))
_RANK_BITS: Final = {
    rank: sum(OWN_BIT[c] for c in CARDS_BY_CODE.values() if c.rank == rank)
    for rank in range(_LOWEST_RANK, ACE_HIGH + 1)
}
"""Per rank 3 … A, the own bits of its natural cards."""
_BIT_ON: Final = {
    suit: [
        OWN_BIT[
            CARDS_BY_CODE[RANK_CHARS[(position if position > ACE_LOW else ACE_HIGH) - 2] + suit]
        ]
        if ACE_LOW <= position <= ACE_HIGH
        else 0
        for position in range(ACE_HIGH + 2)
    ]
    for suit in SUITS
}
"""Per suit, per position ``0 … 15``, the own bit of the natural card on it (``0``
off the ends; an ace's own bit on ``1`` as on ``14``)."""
EVERY_OWN_BIT: Final = sum(set(OWN_BIT.values()))
"""Every card's own bit: a hand's :data:`PRESENT` mask ``&`` this is the cards held,
one bit each, in display order (an ace's low position left out)."""

HandBits = tuple[list[Card], int, int, int, int]
"""What the random player keeps of a seat's hand, kept in step by the game's events
(:func:`hand_bits`, :func:`with_cards`, :func:`without_cards`): the hand (the list
itself) and its length when last seen, its :data:`PRESENT` mask (``one``), the same
of the cards it holds twice (``two``: a double deck has two of each), and its
:data:`RANK_COUNT`."""


def hand_bits(hand: list[Card]) -> HandBits:
    """:data:`HandBits` of ``hand``, from scratch."""
    distinct = set(hand)
    one = sum(map(_PRESENT_OF, distinct))  # distinct: | as +
    two = 0
    if len(distinct) != len(hand):
        seen = 0
        for card in hand:
            bits = _PRESENT_OF(card)
            if seen & bits:
                two |= bits
            seen |= bits
    return hand, len(hand), one, two, sum(map(_COUNT_OF, hand))


def with_cards(kept: HandBits, hand: list[Card], cards: Sequence[Card]) -> HandBits | None:
    """``kept`` once ``cards`` were added to ``hand`` (the same list, which holds them
    now); ``None`` when ``kept`` was not the hand's before (it was changed elsewhere)."""
    if kept[0] is not hand or kept[1] + len(cards) != len(hand):
        return None
    _, _, one, two, counts = kept
    for card in cards:
        bits = _PRESENT_OF(card)
        if one & bits:
            two |= bits
        else:
            one |= bits
        counts += _COUNT_OF(card)
    return hand, len(hand), one, two, counts


def without_cards(
    kept: HandBits, before: list[Card], hand: list[Card], cards: tuple[Card, ...]
) -> HandBits | None:
    """``kept`` once ``cards`` left the hand: ``before`` the list that held them,
    ``hand`` the list left (a new one, or ``before`` changed in place); ``None`` when
    ``kept`` was not the hand's before."""
    if kept[0] is not before or kept[1] != len(hand) + len(cards):
        return None
    _, _, one, two, counts = kept
    for card in cards:
        bits = _PRESENT_OF(card)
        if two & bits:
            two ^= bits
        else:
            one ^= bits
        counts -= _COUNT_OF(card)
    return hand, len(hand), one, two, counts


def nth_card(own: int, index: int) -> Card:
    """The card of the ``index``-th (from 0) bit set in ``own`` (own bits only), so
    the ``index``-th card in display order."""
    for _ in range(index):
        own &= own - 1
    return _CARD_OF_BIT[(own & -own).bit_length() - 1]


_PRESENT_OF: Final = PRESENT.__getitem__
_COUNT_OF: Final = RANK_COUNT.__getitem__

# For may_meld written out in the random player's step (burraco_choices._plays_of).
POSITIONS: Final = _POSITIONS
RANKS: Final = _RANKS
WILD_SHIFT: Final = _WILD_SHIFT
NIBBLE_ONES: Final = _NIBBLE_ONES
NIBBLE_TWO_UP: Final = _NIBBLE_TWO_UP
NIBBLE_FOUR_UP: Final = _NIBBLE_FOUR_UP
