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
  or more, for the random player (which melds what it can).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from engine.cards import SUITS, Card
from engine.games.scala40_melds import (
    ACE,
    LOW_ACE,
    SEQUENCE,
    SET,
    Meld,
    MeldError,
    Slot,
    build_meld,
    card_at,
    extend_meld,
    swap_joker,
)

OPENING: int = 40
SEARCH_LIMIT = 3_000
"""Nodes the opening search visits at most (it gives up, not the player)."""


def places_of(card: Card) -> tuple[int, ...]:
    return (LOW_ACE, ACE) if card.rank == ACE else (card.rank,)


def joker_names(meld: Meld) -> list[Card]:
    """The names under which a joker could be added to ``meld`` (none if it has one)."""
    if meld.joker is not None:
        return []
    if meld.kind == SET:
        if len(meld.slots) >= 4:
            return []
        suits = {s.suit for _, s in meld.slots}
        rank = meld.rank
        return [card_at(suit, rank) for suit in SUITS if suit not in suits]
    suit = meld.suit
    assert suit is not None
    names = []
    if meld.low > LOW_ACE:
        names.append(card_at(suit, meld.low - 1))
    if meld.high < ACE:
        names.append(card_at(suit, meld.high + 1))
    return names


def single_adds(card: Card, melds: Sequence[Meld]) -> list[tuple[int, Slot]]:
    """Every (meld index, slot) that lays ``card`` alone on a meld."""
    found: list[tuple[int, Slot]] = []
    for index, meld in enumerate(melds):
        if card.is_joker:
            for name in joker_names(meld):
                slot = (card, name)
                if _fits(meld, [slot]):
                    found.append((index, slot))
        elif _could_take(meld, card) and _fits(meld, [(card, card)]):
            found.append((index, (card, card)))
    return found


def _could_take(meld: Meld, card: Card) -> bool:
    if meld.kind == SET:
        return card.rank == meld.rank and len(meld.slots) < 4
    if card.suit != meld.suit:
        return False
    return any(p == meld.low - 1 or p == meld.high + 1 for p in places_of(card))


def _fits(meld: Meld, slots: list[Slot]) -> bool:
    try:
        extend_meld(meld, slots)
    except MeldError:
        return False
    return True


def extends_a_meld(card: Card, melds: Sequence[Meld]) -> bool:
    """Whether natural ``card`` could be added to a meld on the table."""
    return any(_could_take(m, card) and _fits(m, [(card, card)]) for m in melds)


def swaps_for(card: Card, melds: Sequence[Meld]) -> list[int]:
    """The melds whose joker ``card`` may replace."""
    found = []
    for index, meld in enumerate(melds):
        if meld.joker is card:
            try:
                swap_joker(meld, card)
            except MeldError:
                continue
            found.append(index)
    return found


# ---------------------------------------------------------------------- using a card


Use = tuple[str, int, tuple[Slot, ...]]
"""A way to use a card: ("add", meld, slots) | ("swap", meld, (slot,)) | ("meld", -1, slots)."""


def find_uses(card: Card, hand: Sequence[Card], melds: Sequence[Meld], limit: int = 0) -> list[Use]:
    """The ways to use ``card`` (held in ``hand``) this turn, leaving a card to discard;
    at most ``limit`` of them when ``limit`` > 0."""
    uses: list[Use] = []
    size = len(hand)

    def enough() -> bool:
        return 0 < limit <= len(uses)

    if not card.is_joker:
        for index in swaps_for(card, melds):
            uses.append(("swap", index, ((card, card),)))
            if enough():
                return uses
    if size >= 2:
        for index, slot in single_adds(card, melds):
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


def _melds_of_three(card: Card, others: list[Card]) -> list[tuple[Slot, ...]]:
    """3-card melds of ``card`` and two of ``others`` (a joker named to fit)."""
    found: list[tuple[Slot, ...]] = []
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
            found.append(tuple(meld.slots))
    return found


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


# ---------------------------------------------------------------------- melds in a hand


def hand_melds(hand: Sequence[Card]) -> list[Meld]:
    """Melds ``hand`` can lay (not every one: sets of each rank, the longest runs, and
    each of them completed or bridged by a joker)."""
    joker = next((c for c in hand if c.is_joker), None)
    naturals = sorted({c for c in hand if not c.is_joker})
    candidates: list[list[Slot]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, set[int]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
        assert c.suit is not None
        by_suit.setdefault(c.suit, set()).update(places_of(c))
    for rank, cards in by_rank.items():
        slots = [(c, c) for c in cards]
        if len(cards) >= 3:
            candidates.append(slots)
        if joker is not None and 2 <= len(cards) <= 3:
            suits = {c.suit for c in cards}
            missing = next(s for s in SUITS if s not in suits)
            candidates.append([*slots, (joker, card_at(missing, rank))])
    for suit, places in by_suit.items():
        runs = _runs(sorted(places))
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
                        [
                            *(_natural(suit, p) for p in first),
                            gap,
                            *(_natural(suit, p) for p in second),
                        ]
                    )
    melds = []
    for slots in candidates:
        try:
            melds.append(build_meld(slots))
        except MeldError:
            continue
    return melds


def _natural(suit: str, place: int) -> Slot:
    card = card_at(suit, place)
    return (card, card)


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


def held_cards(meld: Meld) -> Counter[Card]:
    return Counter(held for held, _ in meld.slots)


def find_open(hand: Sequence[Card], rng: random.Random) -> list[Meld] | None:
    """Disjoint melds of ``hand`` worth at least 40 that leave a card, or ``None``."""
    candidates = hand_melds(hand)
    if not candidates or sum(m.value() for m in candidates) < OPENING:
        return None
    rng.shuffle(candidates)
    available = Counter(hand)
    visited = 0

    def search(start: int, chosen: list[Meld], total: int, left: int) -> list[Meld] | None:
        nonlocal visited
        if total >= OPENING:
            return list(chosen)
        for index in range(start, len(candidates)):
            visited += 1
            if visited > SEARCH_LIMIT:
                return None
            meld = candidates[index]
            need = held_cards(meld)
            size = sum(need.values())
            if size >= left or any(available[c] < n for c, n in need.items()):
                continue
            available.subtract(need)
            chosen.append(meld)
            found = search(index + 1, chosen, total + meld.value(), left - size)
            chosen.pop()
            available.update(need)
            if found is not None:
                return found
        return None

    return search(0, [], 0, len(hand))
