"""Finding melds in a Burraco hand for the random player (:func:`find_melds`,
re-exported by :mod:`engine.games.burraco_melds`): some melds, not every one, found
from each suit's positions held as a bit mask, the runs of a mask kept."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final

from engine.cards import RANK_CHARS, SUITS, Card
from engine.games.burraco_bits import OWN_BIT, hand_bits
from engine.games.burraco_cards import ACE_HIGH, ACE_LOW, is_wildcard


def find_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Some melds ``hand`` can lay (each written as :func:`check_meld` reads it): every
    group of three or more natural cards of a rank, a pair with a wildcard, and the
    longest runs of each suit, with a wildcard at their lower end or in a single gap.
    Not every meld: enough for a random player that melds what it can.

    Groups come in the order their rank first shows in ``hand``, their cards in the
    order each first shows; then each suit's runs (suits in the order they first show),
    worked out from the suit's positions held as a bit mask and kept per mask."""
    _, _, one, two, counts = hand_bits(list(hand))
    return find_melds_in(hand, one, two, counts)


def find_melds_in(hand: Sequence[Card], one: int, two: int, counts: int) -> list[tuple[Card, ...]]:
    """:func:`find_melds`, ``one``, ``two`` and ``counts`` the hand's
    :data:`~engine.games.burraco_bits.HandBits`: the wildcard, which ranks make a
    group and each suit's positions are read from them, so the hand itself is
    walked only for the order things first show in (in C) and a group's cards."""
    wild = _WILD_IN[one & _WILDCARD_BITS]
    found: list[tuple[Card, ...]] = []
    ranks = counts & _RANKS
    # Two of a rank with the wildcard, else three.
    two_up, three_up = ranks & _NIBBLE_TWO_UP, (ranks + _NIBBLE_ONES) & _NIBBLE_FOUR_UP
    grouped = two_up if wild is not None else three_up
    if grouped:
        if grouped & (grouped - 1) & ~_NIBBLE_OF[grouped & -grouped]:  # two ranks or more
            # The ranks in the order they first show (a wildcard's None left out),
            # all in C: no rank is 0.
            ranks_shown = list(filter(None, dict.fromkeys(map(_RANK_OF, hand))))
        else:
            ranks_shown = [_RANK_AT[grouped & -grouped]]
        for rank in ranks_shown:
            if not grouped >> _RANK_SHIFT[rank] & _NIBBLE:
                continue
            of_rank = _NATURALS_OF[rank]
            # The rank's cards in the order each first shows.
            naturals = tuple(dict.fromkeys(filter(of_rank.__contains__, hand)))
            if two & _PRESENT_OF_RANK[rank]:  # copies brought together
                naturals = tuple(
                    copy
                    for card in naturals
                    for copy in ((card, card) if two & _OWN_BIT[card] else (card,))
                )
            found.append(naturals if len(naturals) >= 3 else (*naturals, wild))  # type: ignore[arg-type]
    held = one & _POSITIONS
    # A suit may have runs only where its positions hold three in a row, or two close
    # enough for a wildcard; and only those positions change its runs, so the others
    # are left out of the kept runs' key (far fewer masks come up: a miss is costly).
    # For the four suits at once: no run crosses into the next suit (position 0
    # stays clear), and with a wildcard a suit's high ace may take the next suit's
    # low ace for a neighbour, which only adds a lone position (no run) to the key.
    if wild is None:
        near = held & held >> 1 & held >> 2
        near |= near << 1 | near << 2
    else:
        near = held & (held >> 1 | held >> 2 | held << 1 | held << 2)
    if not near:
        return found
    wild_code = _WILD_CODE[wild]
    by_suit: list[tuple[str, list[tuple[Card, ...]]]] = []
    for suit, shift, code in _SUITS_SHIFTED:
        mask = near >> shift & _SUIT_MASK
        if not mask:
            continue
        key = mask << 6 | code | wild_code
        kept = _RUNS.get(key)
        if kept is None:
            if len(_RUNS) >= _RUNS_KEPT:
                _RUNS.clear()
            kept = _RUNS[key] = _kept_runs(suit, mask, wild)
        runs, doubled = kept
        if doubled is not None:  # a card on two positions (an ace low and high, a 2
            # as natural and wildcard) may be held once only: such a run needs its
            # doubled cards held twice (``two``), where a Counter per run was used
            runs = [run for run, twice in zip(runs, doubled, strict=True) if two & twice == twice]
        if runs:
            by_suit.append((suit, runs))
    if len(by_suit) == 1:
        found += by_suit[0][1]
    elif by_suit:  # suits in the order they first show (a natural other than a 2)
        runs_of = dict(by_suit)
        for shown in dict.fromkeys(map(_SUIT_OF, hand)):
            if shown in runs_of:
                found += runs_of[shown]
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


def _kept_runs(
    suit: str, mask: int, wild: Card | None
) -> tuple[list[tuple[Card, ...]], list[int] | None]:
    """:func:`_suit_runs` as :data:`_RUNS` keeps it: the runs, and when one of them
    holds a card twice, per run the own bits of the cards it holds twice (``None``
    when none does)."""
    runs, twice = _suit_runs(suit, mask, wild)
    if not twice:
        return runs, None
    doubled: list[int] = []
    for run in runs:
        bits = 0
        seen: set[Card] = set()
        for card in run:
            if card in seen:
                bits |= _OWN_BIT[card]
            seen.add(card)
        doubled.append(bits)
    return runs, doubled


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
_WILDCARD_BITS: Final = sum(OWN_BIT[card] for card in _WILD_ORDER)
_WILD_IN: Final[dict[int, Card | None]] = {
    sum(OWN_BIT[card] for card in held): min(held, key=_WILD_ORDER.__getitem__, default=None)
    for size in range(len(_WILD_ORDER) + 1)
    for held in combinations(_WILD_ORDER, size)
}
"""The wildcard :func:`find_melds` uses, by the wildcards' own bits a hand holds."""
_OWN_BIT: Final = OWN_BIT
_RANK_OF: Final = {card: None if is_wildcard(card) else card.rank for card in OWN_BIT}.__getitem__
"""A card's rank, ``None`` for a wildcard (a joker or a 2)."""
_SUIT_OF: Final = {card: None if is_wildcard(card) else card.suit for card in OWN_BIT}.__getitem__
"""A natural card's suit, ``None`` for a wildcard: a suit's runs are looked for once
it shows a natural card other than its 2."""
_SUIT_SHIFT: Final = {suit: 15 * index for index, suit in enumerate(SUITS)}
_SUIT_MASK: Final = (1 << 15) - 1
"""A suit's positions in :data:`~engine.games.burraco_bits.PRESENT` (bit ``p`` for
position ``p``; ``0`` stays clear)."""
_LOWEST_RANK: Final = 3
_RANK_SHIFT: Final = {rank: 4 * (rank - _LOWEST_RANK) for rank in range(_LOWEST_RANK, ACE_HIGH + 1)}
_NIBBLE: Final = 0xF
_RANK_FIELDS: Final = ACE_HIGH - _LOWEST_RANK + 1
_RANKS: Final = (1 << 4 * _RANK_FIELDS) - 1
_NIBBLE_ONES: Final = int("0001" * _RANK_FIELDS, 2)
_NIBBLE_TWO_UP: Final = int("1110" * _RANK_FIELDS, 2)
_NIBBLE_FOUR_UP: Final = int("1100" * _RANK_FIELDS, 2)
"""As in :mod:`~engine.games.burraco_bits`: a rank's count (4 bits) is at least 2 when
one of the first is set; once one is added to each, at least 3 when one of the last is."""
_POSITIONS: Final = (1 << 4 * 15) - 1
"""The four suits' positions in :data:`~engine.games.burraco_bits.PRESENT` (no joker)."""
_SUITS_SHIFTED: Final = tuple((suit, 15 * index, index << 3) for index, suit in enumerate(SUITS))
_WILD_CODE: Final[dict[Card | None, int]] = {
    None: 0,
    **{card: index + 1 for index, card in enumerate(_WILD_ORDER)},
}
_RUNS: dict[int, tuple[list[tuple[Card, ...]], list[int] | None]] = {}
""":func:`_kept_runs` by suit, mask and wildcard (one integer: the mask, then 2 bits of
suit and 3 of wildcard), kept: the lists are never changed once made."""
_RUNS_KEPT: Final = 1 << 16
_RANK_AT: Final = {bit << _RANK_SHIFT[rank]: rank for rank in _RANK_SHIFT for bit in (1, 2, 4, 8)}
"""A rank by one bit of its count's 4 (the lowest set bit of a count mask)."""
_NIBBLE_OF: Final = {bit: _NIBBLE << (bit.bit_length() - 1) // 4 * 4 for bit in _RANK_AT}
"""The rank field a bit is in."""
_NATURALS_OF: Final = {
    rank: frozenset(c for c in OWN_BIT if not is_wildcard(c) and c.rank == rank)
    for rank in _RANK_SHIFT
}
_PRESENT_OF_RANK: Final = {
    rank: sum(OWN_BIT[c] for c in _NATURALS_OF[rank]) for rank in _RANK_SHIFT
}
"""Per rank, the own bits of its natural cards."""
