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
from functools import lru_cache

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


@lru_cache(maxsize=_GROUPS_KEPT)
def _rank_melds(cards: tuple[Card, ...], joker: Card | None) -> tuple[HandMeld, ...]:
    """The sets of ``cards`` (one rank, distinct suits, in card order) and ``joker``."""
    slots = [(c, c) for c in cards]
    candidates = []
    if len(cards) >= 3:
        candidates.append(slots)
    if joker is not None and 2 <= len(cards) <= 3:
        suits = {c.suit for c in cards}
        missing = next(s for s in SUITS if s not in suits)
        candidates.append([*slots, (joker, card_at(missing, cards[0].rank))])
    return _checked(candidates)


@lru_cache(maxsize=_GROUPS_KEPT)
def _suit_melds(suit: str, mask: int, joker: Card | None) -> tuple[HandMeld, ...]:
    """The runs of ``suit`` on the places in ``mask`` (bit ``p`` for place ``p``), and
    with ``joker`` the runs of two completed and the gaps of one bridged."""
    runs = _runs([p for p in range(LOW_ACE, ACE + 1) if mask >> p & 1])
    candidates: list[list[Slot]] = []
    for run in runs:
        if len(run) >= 3:
            candidates.append([_natural(suit, p) for p in run])
        if joker is not None and len(run) == 2:
            low, high = run[0], run[-1]
            if high < ACE:
                candidates.append(
                    [*(_natural(suit, p) for p in run), (joker, card_at(suit, high + 1))]
                )
            elif low > LOW_ACE:
                candidates.append(
                    [(joker, card_at(suit, low - 1)), *(_natural(suit, p) for p in run)]
                )
    if joker is not None:
        for first, second in zip(runs, runs[1:], strict=False):
            if second[0] - first[-1] == 2 and len(first) + len(second) >= 2:
                gap = (joker, card_at(suit, first[-1] + 1))
                candidates.append(
                    [*(_natural(suit, p) for p in first), gap, *(_natural(suit, p) for p in second)]
                )
    return _checked(candidates)


def _runs(places: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for p in places:
        if runs and p == runs[-1][-1] + 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    for run in runs:
        if run[0] == LOW_ACE and run[-1] == ACE:
            run.pop()  # one ace cannot be both ends
    return runs


def hand_meld_choices(hand: Sequence[Card]) -> list[HandMeld]:
    """The melds of :func:`hand_melds` with their values and the cards they take: the
    sets rank by rank (ranks as the sorted hand first shows them), then the runs suit by
    suit."""
    joker = None
    naturals = set()
    for card in hand:
        if not card.is_joker:
            naturals.add(card)
        elif joker is None:
            joker = card
    by_rank: dict[int, list[Card]] = {}
    masks: dict[str, int] = {}
    for card in sorted(naturals):
        by_rank.setdefault(card.rank, []).append(card)
        suit = card.suit
        assert suit is not None
        masks[suit] = masks.get(suit, 0) | _PLACE_BITS[card.rank]
    found: list[HandMeld] = []
    for cards in by_rank.values():
        if len(cards) >= 3 or (joker is not None and len(cards) >= 2):
            found += _rank_melds(tuple(cards), joker)
    for suit, mask in masks.items():
        found += _suit_melds(suit, mask, joker)
    return found


_PLACE_BITS = {rank: 1 << rank for rank in range(2, ACE)} | {ACE: 1 << LOW_ACE | 1 << ACE}


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
