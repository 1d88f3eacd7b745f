"""Melds a Scala 40 hand can lay, for the random player: :func:`hand_melds` and
:func:`find_open` (an opening of 40 or more).

Not every meld is listed: the sets of each rank (all its natural cards, or two or three
of them and the hand's first joker), the longest runs of each suit, each run of two
completed by the joker, and two runs one place apart bridged by it.

**Cost.** The melds of a rank depend only on the rank's cards and the joker, those of a
suit only on the places the suit holds (a 14-bit mask: an ace is places 1 and 14) and
the joker; so each group's melds are built and checked once
(:func:`~engine.games.scala40_melds.build_meld`), with their opening value and the
cards they take, and then looked up (:func:`functools.lru_cache`, bounded). A call
costs a pass over the hand and one look-up per rank and per suit held, whatever the
runs; the opening search (:func:`find_open`) visits at most :data:`SEARCH_LIMIT` nodes.
The melds found are shared between calls: callers read them, never change them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from engine.cards import SUITS, Card
from engine.games.scala40_melds import ACE, LOW_ACE, Meld, MeldError, Slot, build_meld, card_at

OPENING: int = 40
SEARCH_LIMIT = 3_000
"""Nodes the opening search visits at most (it gives up, not the player)."""
_GROUPS_KEPT = 8_192
"""Groups (a rank's cards, a suit's places, with a joker or not) whose melds are kept."""


@dataclass(frozen=True, slots=True)
class HandMeld:
    """A meld a hand can lay, with what it is worth toward an opening and the cards it
    takes from the hand (``need``: card and copies; ``size``: how many in all)."""

    meld: Meld
    value: int
    need: tuple[tuple[Card, int], ...]
    size: int


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
        found.append(HandMeld(meld, meld.value(), tuple(need.items()), len(meld.slots)))
    return tuple(found)


@cache  # 13 ranks x 16 suit sets x (no joker, RJ, BJ): bounded
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


@lru_cache(maxsize=_GROUPS_KEPT)
def _suit_melds(suit: str, mask: int, joker: Card | None) -> tuple[HandMeld, ...]:
    """The runs of ``suit`` on the places in ``mask`` (bit ``p`` for place ``p``), and
    with ``joker`` the runs of two completed and the gaps of one bridged."""
    runs = _runs(mask)
    found: list[HandMeld] = []
    for low, high in runs:
        if high - low >= 2 or (joker is not None and high - low == 1):
            found += _run_melds(suit, low, high, joker)
    if joker is not None:
        for first, second in zip(runs, runs[1:], strict=False):
            if second[0] - first[1] == 2:
                found += _gap_melds(suit, first, second, joker)
    return tuple(found)


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


def _card_keys() -> dict[Card, tuple[int, int, int, int]]:
    keys = {}
    for index, suit in enumerate(SUITS):
        for rank in range(2, ACE + 1):
            places = 1 << rank | (1 << LOW_ACE if rank == ACE else 0)
            keys[card_at(suit, rank)] = (rank, 1 << index, index, places)
    return keys


_CARD_KEYS = _card_keys()
"""Each natural card's rank, suit bit, suit index and place bits."""
_SUIT_COUNT = [bin(suits).count("1") for suits in range(16)]
_LOWEST_SUIT = [(suits & -suits).bit_length() for suits in range(16)]


def hand_meld_choices(hand: Sequence[Card]) -> list[HandMeld]:
    """The melds of :func:`hand_melds` with their values and the cards they take: the
    sets rank by rank (ranks in the order the sorted hand first shows them), then the
    runs suit by suit."""
    joker = None
    rank_suits = [0] * (ACE + 1)
    suit_places = [0, 0, 0, 0]
    keys = _CARD_KEYS
    for card in hand:
        key = keys.get(card)
        if key is None:
            if joker is None:
                joker = card
            continue
        rank, suit_bit, suit_index, places = key
        rank_suits[rank] |= suit_bit
        suit_places[suit_index] |= places
    fewest = 2 if joker is not None else 3
    count = _SUIT_COUNT
    ranks = [rank for rank in range(2, ACE + 1) if count[rank_suits[rank]] >= fewest]
    if len(ranks) > 1:
        lowest = _LOWEST_SUIT
        ranks.sort(key=lambda rank: (lowest[rank_suits[rank]], rank))
    found: list[HandMeld] = []
    for rank in ranks:
        found += _rank_melds(rank, rank_suits[rank], joker)
    for suit, mask in zip(SUITS, suit_places, strict=True):
        if mask:
            found += _suit_melds(suit, mask, joker)
    return found


def hand_melds(hand: Sequence[Card]) -> list[Meld]:
    """Melds ``hand`` can lay (not every one: see the module's note)."""
    return [choice.meld for choice in hand_meld_choices(hand)]


def find_open(hand: Sequence[Card], rng: random.Random) -> list[Meld] | None:
    """Disjoint melds of ``hand`` worth at least 40 that leave a card, or ``None``."""
    candidates = hand_meld_choices(hand)
    if not candidates or sum(m.value for m in candidates) < OPENING:
        return None
    rng.shuffle(candidates)
    available: dict[Card, int] = {}
    for card in hand:
        available[card] = available.get(card, 0) + 1
    visited = 0

    def search(start: int, chosen: list[Meld], total: int, left: int) -> list[Meld] | None:
        nonlocal visited
        if total >= OPENING:
            return list(chosen)
        for index in range(start, len(candidates)):
            visited += 1
            if visited > SEARCH_LIMIT:
                return None
            choice = candidates[index]
            need = choice.need
            if choice.size >= left or any(available[c] < n for c, n in need):
                continue
            for c, n in need:
                available[c] -= n
            chosen.append(choice.meld)
            found = search(index + 1, chosen, total + choice.value, left - choice.size)
            chosen.pop()
            for c, n in need:
                available[c] += n
            if found is not None:
                return found
        return None

    return search(0, [], 0, len(hand))
