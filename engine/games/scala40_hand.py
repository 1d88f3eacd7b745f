"""Melds a Scala 40 hand can lay, for the random player: :func:`hand_melds` and
:func:`find_open` (an opening of 40 or more).

Not every meld is listed: the sets of each rank (all its natural cards, or two or three
of them and the hand's first joker), the longest runs of each suit, each run of two
completed by the joker, and two runs one place apart bridged by it.

**Cost.** The melds of a rank depend only on the rank's cards and the joker, those of a
suit only on the places the suit holds (a 14-bit mask: an ace is places 1 and 14) and
the joker; so each group's melds are built and checked once
(:func:`~engine.games.scala40_melds.build_meld`), with their opening value and the
cards they take, and then looked up: a rank's by a small int in a dict, a suit's by
its 13 bits in a list per suit and joker (at most 3 x 4 x 8,192 entries, sharing one
tuple per set of places that make melds). A call costs a pass over the hand and one
look-up per grouped rank and per suit held, whatever the runs; the opening search
(:func:`find_open`) visits at most :data:`SEARCH_LIMIT` nodes. The melds found are
shared between calls: callers read them, never change them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

import engine.draws as draws
from engine.cards import SUITS, Card
from engine.games.scala40_bits import BIT as _BIT
from engine.games.scala40_bits import BLACK_JOKER as _BLACK_JOKER
from engine.games.scala40_bits import JOKERS as _JOKERS
from engine.games.scala40_bits import RANKS as _RANKS
from engine.games.scala40_bits import RED_JOKER as _RED_JOKER
from engine.games.scala40_bits import (
    hand_bits,
)
from engine.games.scala40_melds import ACE, LOW_ACE, Meld, MeldError, Slot, build_meld, card_at

OPENING: int = 40
SEARCH_LIMIT = 3_000
"""Nodes the opening search visits at most (it gives up, not the player)."""


@dataclass(frozen=True, slots=True)
class HandMeld:
    """A meld a hand can lay, with what it is worth toward an opening and the cards it
    takes from the hand (``need``: card and copies; ``size``: how many in all; ``once``
    and ``twice``: the bits of the cards it takes, and of those it takes both copies of,
    for :func:`find_open`)."""

    meld: Meld
    value: int
    need: tuple[tuple[Card, int], ...]
    size: int
    once: int
    twice: int


def places_of(card: Card) -> tuple[int, ...]:
    return (LOW_ACE, ACE) if card.rank == ACE else (card.rank,)


def _natural(suit: str, place: int) -> Slot:
    card = card_at(suit, place)
    return (card, card)


def _checked(candidates: list[list[Slot]]) -> tuple[HandMeld, ...]:
    found = []
    for slots in candidates:
        try:
            meld = build_meld(slots)
        except MeldError:
            continue
        need: dict[Card, int] = {}
        for held, _ in meld.slots:
            need[held] = need.get(held, 0) + 1
        once = twice = 0
        for card, copies in need.items():
            once |= _BIT[card]
            if copies > 1:
                twice |= _BIT[card]
        found.append(
            HandMeld(meld, meld.value(), tuple(need.items()), len(meld.slots), once, twice)
        )
    return tuple(found)


def _rank_melds(rank: int, suits: int, joker: Card | None) -> tuple[HandMeld, ...]:
    """The sets of the cards of ``rank`` in the suits ``suits`` (bit ``i`` for
    ``SUITS[i]``) and ``joker``."""
    cards = [card_at(suit, rank) for i, suit in enumerate(SUITS) if suits >> i & 1]
    slots = [(c, c) for c in cards]
    candidates = []
    if len(cards) >= 3:
        candidates.append(slots)
    if joker is not None and 2 <= len(cards) <= 3:
        missing = next(suit for i, suit in enumerate(SUITS) if not suits >> i & 1)
        candidates.append([*slots, (joker, card_at(missing, rank))])
    return _checked(candidates)


def _suit_melds(suit: str, ranks: int, joker: Card | None) -> tuple[HandMeld, ...]:
    """The runs of ``suit`` on the ranks in ``ranks`` (bit ``r - 2`` for rank ``r``),
    and with ``joker`` the runs of two completed and the gaps of one bridged."""
    # Place p is bit p: a rank is its place, an ace both place 1 and 14.
    return _place_melds(suit, ranks << 2 | (ranks >> 12 & 1) << LOW_ACE, joker)


def _place_melds(suit: str, places: int, joker: Card | None) -> tuple[HandMeld, ...]:
    """:func:`_suit_melds` of the places ``places`` (bit ``p`` for place ``p``)."""
    runs = _runs(places)
    found: list[HandMeld] = []
    for low, high in runs:
        if high - low >= 2 or (joker is not None and high - low == 1):
            found += _run_melds(suit, low, high, joker)
    if joker is not None:
        for first, second in zip(runs, runs[1:], strict=False):
            if second[0] - first[1] == 2:
                found += _gap_melds(suit, first, second, joker)
    return tuple(found)


def meld_places(ranks: int, joker: bool) -> int:
    """The places of a suit's ranks ``ranks`` (as :func:`_suit_melds` reads them) that
    are in a run :func:`_suit_melds` makes a meld of: runs of three or more, and with a
    joker runs of two and the runs on either side of a one-place gap. The runs left
    out make no meld and do not change which runs are next to which (one between two
    kept runs leaves them two places or more apart), so ``_place_melds`` of these
    places is ``_suit_melds`` of ``ranks``; and most suits of a hand give 0."""
    places = ranks << 2 | (ranks >> 12 & 1) << LOW_ACE
    if joker:
        two = places & places >> 1
        gap = places & ~places >> 1 & places >> 2
        return two | two << 1 | gap | gap << 2
    three = places & places >> 1 & places >> 2
    return three | three << 1 | three << 2


@cache  # 4 suits x 105 runs x (no joker, RJ, BJ): bounded
def _run_melds(suit: str, low: int, high: int, joker: Card | None) -> tuple[HandMeld, ...]:
    """The run of ``suit`` from place ``low`` to ``high``: itself when three or more
    long, completed by ``joker`` (above, else below) when two long."""
    run = [_natural(suit, p) for p in range(low, high + 1)]
    if len(run) >= 3:
        return _checked([run])
    if joker is None:
        return ()
    if high < ACE:
        return _checked([[*run, (joker, card_at(suit, high + 1))]])
    if low > LOW_ACE:
        return _checked([[(joker, card_at(suit, low - 1)), *run]])
    return ()


@cache  # 4 suits x the pairs of runs one place apart x RJ, BJ: bounded
def _gap_melds(
    suit: str, first: tuple[int, int], second: tuple[int, int], joker: Card
) -> tuple[HandMeld, ...]:
    """Two runs of ``suit`` one place apart, ``joker`` in the gap."""
    gap = (joker, card_at(suit, first[1] + 1))
    return _checked(
        [
            [
                *(_natural(suit, p) for p in range(first[0], first[1] + 1)),
                gap,
                *(_natural(suit, p) for p in range(second[0], second[1] + 1)),
            ]
        ]
    )


@cache  # 2**13 place sets (an ace is two places, both or neither)
def _runs(mask: int) -> tuple[tuple[int, int], ...]:
    """The runs of places in ``mask``, (lowest, highest) each, in order; a run from
    place 1 to 14 ends at 13 (one ace cannot be both ends)."""
    runs: list[list[int]] = []
    for p in range(LOW_ACE, ACE + 1):
        if mask >> p & 1:
            if runs and p == runs[-1][1] + 1:
                runs[-1][1] = p
            else:
                runs.append([p, p])
    return tuple((low, ACE - 1 if (low, high) == (LOW_ACE, ACE) else high) for low, high in runs)


def _first_joker(hand: Sequence[Card], held: int) -> Card | None:
    jokers = held & _JOKERS
    if not jokers:
        return None
    if jokers != _JOKERS:
        return _RED_JOKER if jokers == _BIT[_RED_JOKER] else _BLACK_JOKER
    return _RED_JOKER if hand.index(_RED_JOKER) < hand.index(_BLACK_JOKER) else _BLACK_JOKER


# The melds of a rank's cards, by a number: the rank (2-14), the suits (4 bits) and the
# joker (0 none, 1 red, 2 black: bits 15-16). A look-up in a dict by a small int costs
# far less than a functools cache's (a key tuple built and hashed per call).
_RANK_KEPT: dict[int, tuple[HandMeld, ...]] = {}
_JOKER_CODE: Final = {_RED_JOKER: 1 << 15, _BLACK_JOKER: 2 << 15}

# The melds of a suit, by the hand's 13 bits of that suit: one list per joker (none, red,
# black) and suit, indexed by the bits, filled as hands show them (``None``: not yet).
# Indexing a list costs less than building a key and looking it up: it is done for
# every suit held, every time the random player looks at its hand. Two masks that
# differ only by cards in no meld (meld_places) share one tuple, built once.
_SUIT_TABLES: Final[tuple[tuple[list[tuple[HandMeld, ...] | None], ...], ...]] = tuple(
    tuple([None] * (1 << 13) for _ in SUITS) for _ in range(3)
)
_BY_PLACES: dict[tuple[int, str, int], tuple[HandMeld, ...]] = {}


def _rank_choices(key: int, rank: int, suits: int, joker: Card | None) -> tuple[HandMeld, ...]:
    found = _RANK_KEPT[key] = _rank_melds(rank, suits, joker)
    return found


def _suit_choices(code: int, suit: int, ranks: int, joker: Card | None) -> tuple[HandMeld, ...]:
    """The melds of suit ``SUITS[suit]`` holding ``ranks`` (its 13 bits), kept in
    :data:`_SUIT_TABLES`."""
    places = meld_places(ranks, joker is not None)
    key = (code, SUITS[suit], places)
    found = _BY_PLACES.get(key)
    if found is None:
        found = _BY_PLACES[key] = _place_melds(SUITS[suit], places, joker) if places else ()
    _SUIT_TABLES[code >> 15][suit][ranks] = found
    return found


def clear_caches() -> None:
    """Forget every rank's and suit's melds (tests: they are built again)."""
    _RANK_KEPT.clear()
    _BY_PLACES.clear()
    for tables in _SUIT_TABLES:
        for table in tables:
            table[:] = [None] * len(table)


def hand_meld_choices(hand: Sequence[Card], held: int | None = None) -> list[HandMeld]:
    """The melds of :func:`hand_melds` with their values and the cards they take: the
    sets rank by rank (ranks in the order the sorted hand first shows them), then the
    runs suit by suit. ``held``: the hand's :func:`hand_bits` when the caller has them.

    The hand is read as one bit per card held (copies are alike here); a suit's 13
    bits are its ranks, and the ranks held in two or three suits are a few ANDs."""
    if held is None:
        held = 0
        for card in hand:  # a plain loop: cheaper than reduce(or_, map(...)) in CPython 3.11
            held |= _BIT[card]
    joker: Card | None
    if held & _JOKERS:
        joker = _first_joker(hand, held)
        code = _JOKER_CODE[joker] if joker is not None else 0
    else:
        joker = None
        code = 0
    s, h, d, c = held & _RANKS, held >> 13 & _RANKS, held >> 26 & _RANKS, held >> 39 & _RANKS
    if joker is None:
        grouped = s & h & (d | c) | (s | h) & d & c
    else:
        grouped = s & (h | d | c) | h & (d | c) | d & c
    found: list[HandMeld] = []
    if grouped:
        ranks = []
        while grouped:
            bit = grouped & -grouped
            grouped ^= bit
            suits = (1 if s & bit else 0) | (2 if h & bit else 0)
            suits |= (4 if d & bit else 0) | (8 if c & bit else 0)
            # The sorted hand shows a rank first in its lowest suit.
            ranks.append(((suits & -suits), bit.bit_length() + 1, suits))
        for _, rank, suits in sorted(ranks):
            key = code | suits << 4 | rank
            more = _RANK_KEPT.get(key)
            if more is None:
                more = _rank_choices(key, rank, suits, joker)
            found += more
    # The suits one by one, not in a loop over a tuple of them: this is the hot path.
    ts, th, td, tc = _SUIT_TABLES[code >> 15]
    if s:
        more = ts[s]
        if more is None:
            more = _suit_choices(code, 0, s, joker)
        if more:
            found += more
    if h:
        more = th[h]
        if more is None:
            more = _suit_choices(code, 1, h, joker)
        if more:
            found += more
    if d:
        more = td[d]
        if more is None:
            more = _suit_choices(code, 2, d, joker)
        if more:
            found += more
    if c:
        more = tc[c]
        if more is None:
            more = _suit_choices(code, 3, c, joker)
        if more:
            found += more
    return found


def hand_melds(hand: Sequence[Card]) -> list[Meld]:
    """Melds ``hand`` can lay (not every one: see the module's note)."""
    return [choice.meld for choice in hand_meld_choices(hand)]


def find_open(
    hand: Sequence[Card], rng: random.Random, held: int | None = None
) -> list[Meld] | None:
    """Disjoint melds of ``hand`` worth at least 40 that leave a card, or ``None``.
    ``held``: the hand's :func:`hand_bits` when the caller has them."""
    if held is None:
        held = hand_bits(hand)
    candidates = hand_meld_choices(hand, held)
    if not candidates:
        return None
    total = 0
    for choice in candidates:
        total += choice.value
    if total < OPENING:
        return None
    draws.shuffle(candidates, rng)
    # reach[i]: what the candidates from i on are worth together, a bound on what any
    # choice among them adds: a branch that cannot reach the opening is not entered.
    reach = [0] * (len(candidates) + 1)
    for index in range(len(candidates) - 1, -1, -1):
        reach[index] = reach[index + 1] + candidates[index].value
    # The cards still available as two bit masks (display order): held at least once,
    # held twice (a double deck holds at most two copies of a card).
    once, twice = held, 0
    if held.bit_count() < len(hand):  # some card held twice
        seen = 0
        for card in hand:
            bit = _BIT[card]
            if seen & bit:
                twice |= bit
            seen |= bit
    visited = 0
    count = len(candidates)

    def search(
        start: int, chosen: list[Meld], total: int, left: int, once: int, twice: int
    ) -> list[Meld] | None:
        nonlocal visited
        if total >= OPENING:
            return list(chosen)
        for index in range(start, count):
            if total + reach[index] < OPENING:
                return None
            visited += 1
            if visited > SEARCH_LIMIT:
                return None
            choice = candidates[index]
            takes, takes_both = choice.once, choice.twice
            if choice.size >= left or takes & ~once or takes_both & ~twice:
                continue
            # A card taken once leaves its second copy if there is one; both copies
            # taken leave none.
            chosen.append(choice.meld)
            found = search(
                index + 1,
                chosen,
                total + choice.value,
                left - choice.size,
                once & ~(takes & ~twice | takes_both),
                twice & ~takes,
            )
            chosen.pop()
            if found is not None:
                return found
        return None

    return search(0, [], 0, len(hand), once, twice)
