"""Finding melds in a Burraco hand for the random player (:func:`find_melds`,
re-exported by :mod:`engine.games.burraco_melds`): some melds, not every one, found
from each suit's positions held as a bit mask, the runs of a mask kept."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from engine.cards import RANK_CHARS, SUITS, Card
from engine.games.burraco_cards import ACE_HIGH, ACE_LOW


def find_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Some melds ``hand`` can lay (each written as :func:`check_meld` reads it): every
    group of three or more natural cards of a rank, a pair with a wildcard, and the
    longest runs of each suit, with a wildcard at their lower end or in a single gap.
    Not every meld: enough for a random player that melds what it can.

    Groups come in the order their rank first shows in ``hand``, their cards in the
    order each first shows; then each suit's runs (suits in the order they first show),
    worked out from the suit's positions held as a bit mask and kept per mask."""
    count: dict[Card, int] = {}
    for card in hand:  # cheaper than a Counter for a hand of a few cards
        count[card] = count.get(card, 0) + 1
    wild: Card | None = None
    by_rank: dict[int, list[Card]] = {}
    masks: dict[str, int] = {}
    for card, copies in count.items():
        natural = _NATURAL.get(card)
        if natural is None:  # a wildcard: a joker first, then the lowest card
            if wild is None or _WILD_ORDER[card] < _WILD_ORDER[wild]:
                wild = card
            continue
        rank, suit, bits = natural
        same_rank = by_rank.get(rank)
        if same_rank is None:
            by_rank[rank] = [card] * copies if copies > 1 else [card]
        else:
            same_rank += [card] * copies
        masks[suit] = masks.get(suit, 0) | bits
    found: list[tuple[Card, ...]] = []
    for naturals in by_rank.values():
        if len(naturals) >= 3:
            found.append(tuple(naturals))
        elif len(naturals) == 2 and wild is not None:
            found.append((*naturals, wild))
    for suit, mask in masks.items():
        two = _TWO_OF[suit]
        if two in count:
            mask |= _TWO_BIT
        if not mask & (mask - 1):
            continue  # a lone card: no run, and nothing to join
        runs, twice = _suit_runs(suit, mask, wild)
        if not twice:
            found += runs
        else:  # a card on two positions (an ace low and high, a 2 as natural and
            # wildcard) may be held once only
            found += [
                run
                for run in runs
                if len(set(run)) == len(run) or not Counter(run) - Counter(count)
            ]
    return found


def _suit_runs(suit: str, mask: int, wild: Card | None) -> tuple[list[tuple[Card, ...]], bool]:
    """The melds :func:`find_melds` makes of the cards of ``suit`` on the positions
    set in ``mask`` (bit ``p`` for position ``p``), with ``wild`` if not ``None``; and
    whether one of them holds a card twice. Natural runs and their
    wildcard extensions are melds as built (a natural run reads as a sequence from its
    lowest card; test_burraco_random_player checks it on random hands)."""
    shapes = _run_shapes(mask, wild is not None)
    if not shapes:
        return [], False
    on = _CARD_ON_SUIT[suit] if wild is None else {**_CARD_ON_SUIT[suit], _WILD: wild}
    found = [tuple(map(on.__getitem__, shape)) for shape in shapes]
    return found, any(len(set(meld)) < len(meld) for meld in found)


_WILD: Final = 0
"""In a shape of :func:`_run_shapes`, the wildcard's place (no card is on position 0)."""


@lru_cache(maxsize=1 << 16)
def _run_shapes(mask: int, wild: bool) -> tuple[tuple[int, ...], ...]:
    """:func:`_suit_runs`'s melds as positions (:data:`_WILD` for the wildcard), the
    same for every suit and every wildcard: kept per mask (some 4,000 come up in a
    thousand random games, where ``(suit, mask, wildcard)`` made too many to keep)."""
    positions = [p for p in range(ACE_LOW, ACE_HIGH + 1) if mask >> p & 1]
    found: list[tuple[int, ...]] = []
    if len(positions) < 2:
        return ()  # a lone card: no run, and nothing to join
    runs: list[list[int]] = []
    for position in positions:
        if runs and runs[-1][-1] == position - 1:
            runs[-1].append(position)
        else:
            runs.append([position])
    for run in runs:
        if len(run) >= 3:
            found.append(tuple(run))
    if wild:
        for run, after in zip(runs, runs[1:] + [[]], strict=True):
            if after and after[0] == run[-1] + 2:
                found.append((*run, _WILD, *after))
            elif len(run) == 2:
                if run[0] > ACE_LOW:
                    found.append((_WILD, run[0], run[1]))
                elif run[-1] < ACE_HIGH:
                    found.append((run[0], run[1], _WILD))
    return tuple(found)


_TWO_OF: Final[dict[str, Card]] = {suit: Card.parse("2" + suit) for suit in SUITS}
_TWO_BIT: Final = 1 << 2
_CARD_ON_SUIT: Final[dict[str, dict[int, Card]]] = {
    suit: {
        **{rank: Card.parse(RANK_CHARS[rank - 2] + suit) for rank in range(2, ACE_HIGH + 1)},
        ACE_LOW: Card.parse("A" + suit),
    }
    for suit in SUITS
}
"""The natural card on each position of each suit's sequence."""
_NATURAL: Final[dict[Card, tuple[int, str, int]]] = {
    card: (rank, suit, (1 << ACE_LOW | 1 << ACE_HIGH) if rank == ACE_HIGH else 1 << rank)
    for suit, on in _CARD_ON_SUIT.items()
    for card in on.values()
    for rank in (card.rank,)
    if rank != 2
}
"""Each natural card other than a 2: its rank, suit and positions as bits."""
_WILD_ORDER: Final[dict[Card, int]] = {
    card: index
    for index, card in enumerate(
        sorted(
            (Card.parse(code) for code in ["RJ", "BJ"] + ["2" + suit for suit in SUITS]),
            key=lambda c: (not c.is_joker, c),
        )
    )
}
"""The wildcard :func:`find_melds` uses when the hand holds several: a joker first."""
