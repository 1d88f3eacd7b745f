"""Every meld and addition a Burraco hand could make: the candidates that
:meth:`engine.games.burraco.Burraco._more_legal_actions` checks one by one.

The candidates are a superset of the legal plays, written the canonical way (a group's
naturals in card order with its wildcard last; a sequence low to high; added cards in
the order they stand once added); the game's own checks then keep the legal ones.
They are generated lazily: a long hand may make thousands.

**One play, one action.** A group may be written in any order, and added cards in any
order that gives the same meld; such writings are one play, listed once
(:func:`play_key` says which play an action makes).

**One card at a time.** The random player adds single cards; :func:`fitting_cards`
says which cards fit a meld straight from its ends and wildcard, kept per meld (a meld
on the table is an immutable value that stays for many turns), so a random step costs
one set intersection per meld instead of a full check (and a refusal) per card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

from engine.cards import Card, double_deck, sorted_cards
from engine.games.burraco_melds import ACE_HIGH, ACE_LOW, Meld, is_wildcard


def play_key(kind: str, index: int | None, meld: Meld) -> Hashable:
    """What a meld (``index`` ``None``) or an addition to meld ``index`` makes: two
    writings with the same key are the same play."""
    cards: tuple[Card, ...] = meld.cards
    if meld.suit is None:
        cards = tuple(sorted_cards(cards))
    return (kind, index, meld.suit, meld.low, cards)


def _sub_multisets(items: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``items`` (sorted), the empty one included, once each."""
    ordered = sorted_cards(items)
    seen: set[tuple[Card, ...]] = set()
    for size in range(len(ordered) + 1):
        for chosen in combinations(ordered, size):
            if chosen not in seen:
                seen.add(chosen)
                yield chosen


def _wildcards(hand: Counter[Card]) -> list[Card]:
    return sorted_cards(c for c in hand if is_wildcard(c))


def _cells(hand: Counter[Card], suit: str) -> dict[int, Card]:
    """The natural card of each position (1 … 14) of ``suit``'s sequence that ``hand``
    holds: the ace on 1 and 14, the 2 of the suit on 2."""
    cells: dict[int, Card] = {}
    for card in hand:
        if card.suit != suit or card.is_joker:
            continue
        if card.rank == ACE_HIGH:
            cells[ACE_LOW] = card
        cells[card.rank] = card
    return cells


def meld_candidates(hand_cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Writings that may be new melds: groups and sequences."""
    hand = Counter(hand_cards)
    wilds = _wildcards(hand)
    by_rank: dict[int, list[Card]] = {}
    for card, copies in hand.items():
        if not is_wildcard(card):
            by_rank.setdefault(card.rank, []).extend([card] * copies)
    for rank in sorted(by_rank):
        for naturals in _sub_multisets(by_rank[rank]):
            if len(naturals) >= 3:
                yield naturals
            if len(naturals) >= 2:
                for wild in wilds:
                    yield (*naturals, wild)
    suits = sorted({c.suit for c in hand if c.suit is not None and not c.is_joker})
    for suit in suits:
        cells = _cells(hand, suit)
        for low in range(ACE_LOW, ACE_HIGH - 1):
            missing: list[int] = []
            for high in range(low, ACE_HIGH + 1):
                if high not in cells:
                    missing.append(high)
                    if len(missing) > 1:
                        break
                if high - low + 1 < 3:
                    continue
                yield from _fill(cells, low, high, missing, wilds)


def _fill(
    cells: dict[int, Card], low: int, high: int, missing: list[int], wilds: list[Card]
) -> Iterator[tuple[Card, ...]]:
    """The writings of positions ``low … high`` from ``cells``, a wildcard on the
    ``missing`` one (or, with none missing, optionally on any one)."""
    positions = range(low, high + 1)
    if not missing:
        yield tuple(cells[p] for p in positions)
        spots: Sequence[int] = positions
    else:
        spots = missing
    for wild in wilds:
        for spot in spots:
            yield tuple(wild if p == spot else cells[p] for p in positions)


def addition_candidates(meld: Meld, hand_cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Writings of cards from ``hand_cards`` that may be added to ``meld``."""
    hand = Counter(hand_cards)
    wilds = _wildcards(hand) if meld.wild is None else []
    if meld.suit is None:
        naturals = [c for c in hand.elements() if not is_wildcard(c) and c.rank == meld.rank]
        for chosen in _sub_multisets(naturals):
            if chosen:
                yield chosen
            for wild in wilds:
                yield (*chosen, wild)
        return
    suit = meld.suit
    cells = _cells(hand, suit)
    low, high = meld.low, meld.low + len(meld.cards) - 1
    wild_at = None if meld.wild is None else meld.low + meld.wild
    displace = (wild_at,) if wild_at is not None and wild_at in cells else ()
    # Widening the meld only adds positions, so once more are missing than one wildcard
    # (or a displaced natural) could fill, every wider stretch is refused too: stop.
    most_free = 1 if (displace or wilds) else 0
    for new_low in range(low, ACE_LOW - 1, -1):
        below = list(range(new_low, low))
        if sum(p not in cells for p in below) > most_free:
            break
        for new_high in range(high, ACE_HIGH + 1):
            outside = below + list(range(high + 1, new_high + 1))
            missing = [p for p in outside if p not in cells]
            if len(missing) > most_free:
                break
            held = [p for p in outside if p in cells]
            for with_displaced in (False, True) if displace else (False,):
                extra = list(displace) if with_displaced else []
                free = 1 if (with_displaced or wilds) else 0
                if len(missing) > free:
                    continue
                positions = sorted(held + extra)
                base = [cells[p] for p in positions]
                if base and not missing:
                    yield tuple(base)
                if not with_displaced:
                    for wild in wilds:
                        spots = missing if missing else held
                        for spot in spots:
                            yield _with_wild(cells, positions, spot, wild)
                        if not missing and not held:
                            yield (wild,)
                elif missing and base:
                    yield tuple(base)


def _with_wild(
    cells: dict[int, Card], positions: list[int], spot: int, wild: Card
) -> tuple[Card, ...]:
    """The cards on ``positions`` (low to high) with ``wild`` on ``spot``."""
    spots = sorted(set(positions) | {spot})
    return tuple(wild if p == spot else cells[p] for p in spots)


def single_card_fits(meld: Meld, card: Card) -> bool:
    """Whether :func:`~engine.games.burraco_melds.check_addition` accepts ``card`` alone
    added to ``meld``, answered without building the meld or a refusal's message (the
    random player asks it of every card in hand for every meld of its side)."""
    return card in fitting_cards(meld)


_EVERY_CARD: Final = frozenset(double_deck(4))
_WILDCARDS: Final = frozenset(c for c in _EVERY_CARD if is_wildcard(c))
_NATURALS_OF_RANK: Final = {
    rank: frozenset(c for c in _EVERY_CARD if c.rank == rank and not is_wildcard(c))
    for rank in range(3, ACE_HIGH + 1)
}
_CARD_ON: Final = {
    (c.suit, position): c
    for c in _EVERY_CARD
    if not c.is_joker
    for position in ((ACE_LOW, ACE_HIGH) if c.rank == ACE_HIGH else (c.rank,))
}
"""The natural card on each position of each suit's sequence."""


@lru_cache(maxsize=4096)
def fitting_cards(meld: Meld) -> frozenset[Card]:
    """Every card that may be added alone to ``meld``. A group takes a natural of its
    rank, and a wildcard if it has none. A sequence takes, if it has no wildcard and is
    shorter than A–K–A, any wildcard (its suit's 2 too), and the natural cards just
    below and above it, and the one its wildcard stands for unless it runs A–K–A (the
    wildcard would have nowhere to go). A meld on the table stays the same value for
    many turns, so the answer is kept."""
    if meld.suit is None:
        assert meld.rank is not None
        naturals = _NATURALS_OF_RANK[meld.rank]
        return naturals | _WILDCARDS if meld.wild is None else naturals
    suit, low = meld.suit, meld.low
    high = low + len(meld.cards) - 1
    fitting: set[Card] = set()
    if meld.wild is None and len(meld.cards) < ACE_HIGH:
        fitting |= _WILDCARDS
    places = [low - 1, high + 1]
    if meld.wild is not None and not (low == ACE_LOW and high == ACE_HIGH):
        places.append(low + meld.wild)
    for place in places:
        if ACE_LOW <= place <= ACE_HIGH:
            fitting.add(_CARD_ON[suit, place])
    return frozenset(fitting)
