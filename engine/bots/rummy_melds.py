"""Melds a rummy bot lays on its own, for the turns whose legal list is only the
game's compact hint (too many melds to list): natural melds only, written the plain
way both Burraco and Scala 40 accept -- a group of three or four cards of one rank in
different suits, or a run of three or more cards of one suit in consecutive ranks,
low to high (the ace low before a two, high after a king).

Cautious by design: a meld is proposed only when it leaves at least two cards in the
hand (one to discard, and no pozzetto or closing rule to meet), and Scala 40's opening
only when its melds are worth 40 or more.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card

MIN_MELD = 3
MAX_GROUP = 4
KEEP = 2
"""Cards a composed meld must leave in the hand."""
OPENING = 40
"""Points Scala 40's opening melds must be worth."""


def _wild(card: Card, twos_wild: bool) -> bool:
    return card.is_joker or (twos_wild and card.rank == 2)


def natural_melds(hand: Sequence[Card], twos_wild: bool) -> list[list[Card]]:
    """Disjoint natural melds in ``hand``, longest first (runs before groups when a
    card could go in either), each written low to high."""
    left = [card for card in hand if not _wild(card, twos_wild)]
    melds: list[list[Card]] = []
    for suit in "SHDC":
        ranks = {card.rank for card in left if card.suit == suit}
        if 14 in ranks:
            ranks.add(1)
        run: list[int] = []
        for rank in range(1, 15):
            if rank in ranks and not (rank == 14 and run and run[0] == 1):
                run.append(rank)
                continue
            _take_run(run, suit, left, melds)
            run = [rank] if rank in ranks and rank == 14 else []
        _take_run(run, suit, left, melds)
    by_rank: dict[int, list[Card]] = {}
    for card in left:
        by_rank.setdefault(card.rank, []).append(card)
    for rank in sorted(by_rank):
        suits: dict[str | None, Card] = {}
        for card in by_rank[rank]:
            suits.setdefault(card.suit, card)
        if len(suits) >= MIN_MELD:
            group = sorted(suits.values())[:MAX_GROUP]
            for card in group:
                left.remove(card)
            melds.append(group)
    melds.sort(key=lambda meld: (-len(meld), [c.code for c in meld]))
    return melds


def _take_run(run: list[int], suit: str, left: list[Card], melds: list[list[Card]]) -> None:
    if len(run) < MIN_MELD:
        return
    cards = [Card.parse(_rank_char(14 if rank == 1 else rank) + suit) for rank in run]
    for card in cards:
        if card not in left:
            return  # the ace already went low in another run
    for card in cards:
        left.remove(card)
    melds.append(cards)


def _rank_char(rank: int) -> str:
    return "23456789TJQKA"[rank - 2]


def meld_points(meld: Sequence[Card]) -> int:
    """Scala 40 points of a natural meld (an ace before a two counts 1)."""
    total = 0
    for index, card in enumerate(meld):
        if card.rank == 14:
            low = index + 1 < len(meld) and meld[index + 1].rank == 2
            total += 1 if low else 11
        else:
            total += min(card.rank, 10)
    return total


def composed_meld(hand: Sequence[Card], twos_wild: bool) -> list[Card] | None:
    """The longest natural meld that leaves at least two cards, or ``None``."""
    for meld in natural_melds(hand, twos_wild):
        if len(hand) - len(meld) >= KEEP:
            return meld
    return None


def composed_opening(hand: Sequence[Card]) -> list[list[Card]] | None:
    """Scala 40: natural melds worth 40 or more that leave at least two cards."""
    chosen: list[list[Card]] = []
    total = used = 0
    for meld in sorted(natural_melds(hand, False), key=meld_points, reverse=True):
        if len(hand) - used - len(meld) < KEEP:
            continue
        chosen.append(meld)
        total += meld_points(meld)
        used += len(meld)
        if total >= OPENING:
            return chosen
    return None
