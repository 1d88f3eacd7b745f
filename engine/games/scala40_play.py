"""Scala Quaranta: finding moves in a hand (listing, the discard draw, random play).

A rummy turn has too many possible melds to list, so the game lists only the small
choices and these helpers look for the rest when they are needed:

- :func:`single_adds`: every way to lay one card (a joker under each name that fits)
  on a meld on the table;
- :func:`find_uses`: the ways to use a card just taken from the discard pile this
  turn — added to a meld (alone, or with cards of the hand that bridge the gap to a
  sequence's end), swapped for the joker that stands for it, or melded with two cards
  of the hand (one of them may be a joker). The discard draw is allowed only when one
  exists, and no later move of the turn may leave none;
- :func:`hand_melds` and :func:`find_open`: melds a hand can lay, and an opening of 40
  or more, for the random player (which melds what it can), from
  :mod:`engine.games.scala40_hand`.

The questions about the table alone (which single cards and joker names each meld
takes, whose joker a card may replace) are :class:`~engine.games.scala40_table.TableIndex`'s;
the game keeps one per table and passes it in.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from engine.cards import SUITS, Card
from engine.games.scala40_bits import CARD_BIT, JOKER_BITS, SUIT_SHIFT, hand_bits
from engine.games.scala40_hand import SEARCH_LIMIT, find_open, hand_melds, places_of
from engine.games.scala40_melds import (
    ACE,
    LOW_ACE,
    SEQUENCE,
    Meld,
    MeldError,
    Slot,
    build_meld,
    card_at,
    extend_meld,
)
from engine.games.scala40_table import TableIndex

__all__ = [
    "SEARCH_LIMIT",
    "Use",
    "extends_a_meld",
    "find_open",
    "can_use",
    "find_uses",
    "hand_melds",
    "places_of",
    "single_adds",
    "swaps_for",
]


def single_adds(card: Card, melds: Sequence[Meld]) -> list[tuple[int, Slot]]:
    """Every (meld index, slot) that lays ``card`` alone on a meld."""
    return TableIndex(melds).single_adds(card)


def extends_a_meld(card: Card, melds: Sequence[Meld]) -> bool:
    """Whether natural ``card`` could be added to a meld on the table."""
    return TableIndex(melds).extends(card)


def swaps_for(card: Card, melds: Sequence[Meld]) -> list[int]:
    """The melds whose joker ``card`` may replace."""
    return TableIndex(melds).swaps_for(card)


def _fits(meld: Meld, slots: list[Slot]) -> bool:
    try:
        extend_meld(meld, slots)
    except MeldError:
        return False
    return True


# ---------------------------------------------------------------------- using a card


Use = tuple[str, int, tuple[Slot, ...]]
"""A way to use a card: ("add", meld, slots) | ("swap", meld, (slot,)) | ("meld", -1, slots)."""


def find_uses(
    card: Card,
    hand: Sequence[Card],
    melds: Sequence[Meld],
    limit: int = 0,
    table: TableIndex | None = None,
) -> list[Use]:
    """The ways to use ``card`` (held in ``hand``) this turn, leaving a card to discard;
    at most ``limit`` of them when ``limit`` > 0. ``table``: the index of ``melds``
    when the caller keeps one."""
    if table is None:
        table = TableIndex(melds)
    uses: list[Use] = []
    size = len(hand)

    def enough() -> bool:
        return 0 < limit <= len(uses)

    if not card.is_joker:
        for index in table.swaps_for(card):
            uses.append(("swap", index, ((card, card),)))
            if enough():
                return uses
    if size >= 2:
        for index, slot in table.single_adds(card):
            uses.append(("add", index, (slot,)))
            if enough():
                return uses
    others = list(hand)
    others.remove(card)
    if not card.is_joker:
        for index, meld in enumerate(melds):
            for slots in _bridges(card, others, meld):
                if size - len(slots) >= 1:
                    uses.append(("add", index, slots))
                    if enough():
                        return uses
    if size >= 4:
        for slots in _melds_of_three(card, others):
            uses.append(("meld", -1, slots))
            if enough():
                return uses
    return uses


def can_use(
    card: Card, hand: Sequence[Card], melds: Sequence[Meld], table: TableIndex | None = None
) -> bool:
    """Whether :func:`find_uses` finds a way to use ``card`` (held in ``hand``): the
    cheapest questions first, and no use written out."""
    if table is None:
        table = TableIndex(melds)
    size = len(hand)
    if not card.is_joker and table.may_swap(card):
        return True
    if size >= 2 and table.takes(card):
        return True
    others = list(hand)
    others.remove(card)
    if size >= 4 and _makes_a_meld_of_three(card, others):
        return True
    if not card.is_joker:
        suit = card.suit
        for meld in melds:
            # _bridges' own first test, without a call per meld of the table.
            if meld.kind != SEQUENCE or meld.slots[0][1].suit != suit:
                continue
            for slots in _bridges(card, others, meld):
                if size - len(slots) >= 1:
                    return True
    return False


def _makes_a_meld_of_three(card: Card, others: list[Card]) -> bool:
    """Whether :func:`_melds_of_three` finds one, worked out from the ranks and places
    held: a set needs two more suits of the rank (or one and a joker); a sequence the
    two other places of a run of three through the card (or one of them and a joker)."""
    if card.is_joker:
        return next(_melds_of_three(card, others), None) is not None
    # The hand as bits (scala40_hand.hand_bits): a card's copies make no meld with it,
    # so its own bit is left out; then a rank's other suits and a suit's places.
    held = hand_bits(others) & ~CARD_BIT[card]
    joker = bool(held & JOKER_BITS)
    rank, at = card.rank - 2, SUIT_SHIFT[card.suit]
    suits = (held >> rank & 1) + (held >> 13 + rank & 1) + (held >> 26 + rank & 1)
    suits += held >> 39 + rank & 1
    if suits >= 2 or (suits and joker):
        return True
    ranks = held >> at & 0x1FFF
    places = ranks << 2 | (ranks >> 12 & 1) << LOW_ACE  # place p is bit p
    for place in places_of(card):
        for low in (place - 2, place - 1, place):
            if low < LOW_ACE or low + 2 > ACE:
                continue
            missing = (7 << low & ~(1 << place) & ~places).bit_count()
            if missing == 0 or (missing == 1 and joker):
                return True
    return False


def _bridges(card: Card, others: list[Card], meld: Meld) -> list[tuple[Slot, ...]]:
    """Additions of ``card`` to sequence ``meld`` with cards of ``others`` filling the
    places between (a joker may fill one when the meld has none)."""
    if meld.kind != SEQUENCE or card.suit != meld.suit:
        return []
    suit = meld.suit
    assert suit is not None
    held = {p for c in others if c.suit == suit for p in places_of(c)}
    joker = next((c for c in others if c.is_joker), None) if meld.joker is None else None
    found = []
    for place in places_of(card):
        if place > meld.high + 1:
            between = range(meld.high + 1, place)
        elif place < meld.low - 1:
            between = range(place + 1, meld.low)
        else:
            continue
        missing = [p for p in between if p not in held]
        if len(missing) > 1 or (missing and joker is None):
            continue
        slots: list[Slot] = []
        for p in sorted([*between, place]):
            natural = card_at(suit, p)
            if p == place:
                slots.append((card, card))
            elif p in missing:
                assert joker is not None
                slots.append((joker, natural))
            else:
                slots.append((natural, natural))
        if _fits(meld, slots):
            found.append(tuple(slots))
    return found


def _melds_of_three(card: Card, others: list[Card]) -> Iterator[tuple[Slot, ...]]:
    """3-card melds of ``card`` and two of ``others`` (a joker named to fit), one by one
    (the discard draw asks only whether there is one)."""
    if not card.is_joker:
        # A natural card melds only with jokers and cards of its rank or its suit.
        rank, suit = card.rank, card.suit
        others = [c for c in others if c.rank == rank or c.suit == suit or c.is_joker]
    seen: set[tuple[Card, Card]] = set()
    for x, y in combinations(others, 2):
        key = (x, y) if x <= y else (y, x)
        if key in seen:
            continue
        seen.add(key)
        trio = [card, x, y]
        jokers = [c for c in trio if c.is_joker]
        if len(jokers) > 1:
            continue
        naturals = [c for c in trio if not c.is_joker]
        if not _close(naturals):
            continue
        names = _names_for(naturals) if jokers else [None]
        for name in names:
            slots = [(c, c) for c in naturals]
            if name is not None:
                slots.append((jokers[0], name))
            try:
                meld = build_meld(_in_place_order(slots))
            except MeldError:
                continue
            yield tuple(meld.slots)


def _close(naturals: list[Card]) -> bool:
    if len({c.rank for c in naturals}) == 1:
        return True
    if len({c.suit for c in naturals}) != 1:
        return False
    ranks = sorted(c.rank for c in naturals)
    return ranks[-1] - ranks[0] <= 2 or ACE in ranks


def _names_for(naturals: list[Card]) -> list[Card]:
    """Names for one joker that make ``naturals`` (two cards) and it a meld."""
    a, b = naturals
    suit = a.suit
    if a.rank == b.rank:
        return [card_at(s, a.rank) for s in SUITS if s not in (a.suit, b.suit)]
    assert suit is not None
    names = []
    for pa in places_of(a):
        for pb in places_of(b):
            low, high = min(pa, pb), max(pa, pb)
            if high - low == 2:
                names.append(card_at(suit, low + 1))
            elif high - low == 1:
                if low > LOW_ACE:
                    names.append(card_at(suit, low - 1))
                if high < ACE:
                    names.append(card_at(suit, high + 1))
    return names


def _in_place_order(slots: list[Slot]) -> list[Slot]:
    """Slots written low to high when that is clear (an ace last when it is high)."""
    if all(s.rank == slots[0][1].rank for _, s in slots):
        return slots
    high = any(s.rank == 13 for _, s in slots)
    return sorted(
        slots, key=lambda s: (ACE if high else LOW_ACE) if s[1].rank == ACE else s[1].rank
    )
