"""Scopa's card arithmetic, apart from the game's state: card values, which captures a
card may make, the primiera and a round's points.

Pure functions over cards and counts, shared by online play (:mod:`engine.games.scopa`)
and the score-sheet ``tally`` so that both score a round the same way.

>>> from engine.cards import cards
>>> [c.code for c in same_value_or_sum(cards("3C AH 2S 6D"), 10)[0]]
['AH', '6D', '3C']
>>> round_points(RoundCount((22, 18), (6, 4), (1, 0), 0, (78, 70)))[0]
[5, 0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, Final

from engine.cards import Card, italian_deck, sorted_cards

DECK_SIZE: Final = 40
TABLE_SIZE: Final = 4
"""Cards laid face up on the table when a round is dealt."""
PLAYS_PER_ROUND: Final = DECK_SIZE - TABLE_SIZE
COINS: Final = "D"
"""Diamonds stand for denari (coins)."""
SETTEBELLO: Final = Card.parse("7D")

_VALUE_OF_RANK: Final = {14: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 11: 8, 12: 9, 13: 10}
VALUE: Final[dict[Card, int]] = {c: _VALUE_OF_RANK[c.rank] for c in italian_deck()}
"""A card's capturing value: A = 1, 2 … 7 face value, J (fante) = 8, Q (cavallo) = 9,
K (re) = 10."""

_PRIMIERA_OF_VALUE: Final = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
PRIMIERA: Final[dict[Card, int]] = {c: _PRIMIERA_OF_VALUE[v] for c, v in VALUE.items()}
"""A card's worth in the primiera: 7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13,
2 = 12, J/Q/K = 10."""

_SUIT_WORTHS: Final = frozenset(_PRIMIERA_OF_VALUE.values())
POSSIBLE_PRIMIERA: Final = frozenset(sum(four) for four in product(_SUIT_WORTHS | {0}, repeat=4))
"""Every primiera a side can have (a lacking suit adds 0)."""
POSSIBLE_FULL_PRIMIERA: Final = frozenset(sum(four) for four in product(_SUIT_WORTHS, repeat=4))
"""Every primiera of a side holding all four suits (40 … 84)."""


def _fewest_suits() -> dict[int, int]:
    fewest: dict[int, int] = {}
    for four in product(_SUIT_WORTHS | {0}, repeat=4):
        total, suits = sum(four), sum(1 for worth in four if worth)
        fewest[total] = min(suits, fewest.get(total, 4))
    return fewest


FEWEST_SUITS: Final = _fewest_suits()
"""For each possible primiera, the fewest suits (so the fewest cards) that make it."""


def value(card: Card) -> int:
    return VALUE[card]


# ---------------------------------------------------------------------- captures


def sums_to(table: Sequence[Card], target: int, ordered: bool = False) -> list[tuple[Card, ...]]:
    """Every set of ``table`` cards whose values add up to ``target``, each set a tuple
    in display order (two cards of the same value are different cards, so sets that
    differ only in which of them they take are different sets). ``ordered``: ``table``
    is already in display order."""
    items = list(table) if ordered else sorted_cards(table)
    values = [VALUE[c] for c in items]
    after = [0] * (len(items) + 1)  # after[i]: the values of items[i:] added up
    for index in range(len(items) - 1, -1, -1):
        after[index] = after[index + 1] + values[index]
    found: list[tuple[Card, ...]] = []
    chosen: list[Card] = []

    def search(start: int, left: int) -> None:
        for index in range(start, len(items)):
            if after[index] < left:
                return  # the cards left cannot add up to it any more
            worth = values[index]
            if worth > left:
                continue
            chosen.append(items[index])
            if worth == left:
                found.append(tuple(chosen))
            else:
                search(index + 1, left - worth)
            chosen.pop()

    if can_sum_to(items, target):
        search(0, target)
    return found


def can_sum_to(table: Sequence[Card], target: int) -> bool:
    """Whether some set of ``table`` cards adds up to ``target`` (a subset-sum check)."""
    reachable = 1  # bit k set: some set of the cards seen so far adds up to k
    mask = (1 << (target + 1)) - 1
    for c in table:
        reachable |= (reachable << VALUE[c]) & mask
    return bool(reachable >> target & 1)


def same_value_or_sum(
    table: Sequence[Card], target: int, ordered: bool = False
) -> list[tuple[Card, ...]]:
    """The captures a card of value ``target`` may make from ``table``: each table card
    of the same value on its own if there is any, else every set that adds up to it
    (empty: the card can capture nothing and is laid). ``ordered``: ``table`` is
    already in display order."""
    items = list(table) if ordered else sorted_cards(table)
    same: list[tuple[Card, ...]] = [(c,) for c in items if VALUE[c] == target]
    return same if same else sums_to(items, target, ordered=True)


# ---------------------------------------------------------------------- the round's points


@dataclass(frozen=True)
class RoundCount:
    """What a round's captured piles hold, per side: what a score sheet records (the
    ``tally`` event's fields). ``settebello`` is the side that took the 7 of coins
    (``None`` only if nobody did); ``primiera`` each side's primiera, 0 for a side
    that may not score it (no cards; or, with ``primiera_needs_all_suits``, a suit
    lacking)."""

    cards: tuple[int, ...]
    coins: tuple[int, ...]
    scope: tuple[int, ...]
    settebello: int | None
    primiera: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": list(self.cards),
            "coins": list(self.coins),
            "scope": list(self.scope),
            "settebello": self.settebello,
            "primiera": list(self.primiera),
        }


_SUIT_SLOT: Final = {"S": 0, "H": 1, "D": 2, "C": 3}
BIT: Final[dict[Card, int]] = {
    c: 1 << (10 * _SUIT_SLOT[str(c.suit)] + v - 1) for c, v in VALUE.items()
}
"""A card as one bit of a pile's mask: ten bits per suit (S, H, D, C), by value."""
_SUIT_BITS: Final = 1023
_COIN_SHIFT: Final = 10 * _SUIT_SLOT[COINS]
_BEST_IN_SUIT: Final = tuple(
    max((_PRIMIERA_OF_VALUE[v] for v in range(1, 11) if held >> (v - 1) & 1), default=0)
    for held in range(_SUIT_BITS + 1)
)
"""For the ten bits of one suit's values held, the best primiera worth among them."""


def pile_mask(pile: Iterable[Card]) -> int:
    """The cards of ``pile`` as bits (:data:`BIT`)."""
    return sum(map(BIT.__getitem__, pile))


def _mask_primiera(mask: int, needs_all_suits: bool) -> int:
    best = _BEST_IN_SUIT
    worths = (
        best[mask & _SUIT_BITS],
        best[mask >> 10 & _SUIT_BITS],
        best[mask >> 20 & _SUIT_BITS],
        best[mask >> 30],
    )
    if needs_all_suits and 0 in worths:
        return 0
    return sum(worths)


def primiera(pile: Iterable[Card], needs_all_suits: bool = False) -> int:
    """The primiera of a pile: the sum over the four suits of its best card's worth (a
    lacking suit adds 0; with ``needs_all_suits``, a pile lacking a suit has 0)."""
    return _mask_primiera(pile_mask(set(pile)), needs_all_suits)


def count_piles(
    piles: Sequence[Sequence[Card]], scope: Sequence[int], needs_all_suits: bool = False
) -> RoundCount:
    """Count the captured ``piles`` (one per side) of a finished round."""
    # A pile holds each card once, so its cards add up to a mask as bits.
    masks = [pile_mask(pile) for pile in piles]
    settebello_bit = BIT[SETTEBELLO]
    settebello = next((side for side, mask in enumerate(masks) if mask & settebello_bit), None)
    return RoundCount(
        cards=tuple(len(pile) for pile in piles),
        coins=tuple((mask >> _COIN_SHIFT & _SUIT_BITS).bit_count() for mask in masks),
        scope=tuple(scope),
        settebello=settebello,
        primiera=tuple(_mask_primiera(mask, needs_all_suits) for mask in masks),
    )


def _most(counts: Sequence[int]) -> list[int]:
    """1 for the side with strictly more than every other side, 0 for the rest (and 0
    for everyone on a tie for the most)."""
    best = max(counts)
    points = [0] * len(counts)
    if counts.count(best) == 1:
        points[counts.index(best)] = 1
    return points


def round_points(count: RoundCount) -> tuple[list[int], dict[str, list[int]]]:
    """The round's points per side, and each side's points per component: most cards,
    most coins, the settebello, primiera (each 1, nobody's on a tie) and one per scopa.
    The points are the sum of the components."""
    sides = len(count.cards)
    settebello = [1 if side == count.settebello else 0 for side in range(sides)]
    primiera_points = _most(count.primiera) if max(count.primiera) > 0 else [0] * sides
    components = {
        "cards": _most(count.cards),
        "coins": _most(count.coins),
        "settebello": settebello,
        "primiera": primiera_points,
        "scope": list(count.scope),
    }
    points = [sum(parts) for parts in zip(*components.values(), strict=True)]
    return points, components
