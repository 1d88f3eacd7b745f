"""The Scopa bot: of the legal plays, the one a careful player would make.

Every play is scored: take the settebello (7 of coins) whenever possible; a sweep
(scopa) next; then captures by what they bring (coins, sevens and sixes for the
primiera, cards); a play that leaves the table adding up to 10 or less hands the next
player an easy sweep and is marked down; a card laid without a capture costs what it
might give away (the settebello, a seven, a coin), so the bot lays the lowest harmless
card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.bots._common import Event, NoMove, card_of, choices, of_type, tie_key
from engine.cards import Card

SETTEBELLO = Card.parse("7D")
COINS = "D"
VALUE = {14: 1, 11: 8, 12: 9, 13: 10}
"""A card's value for captures: ace 1, 2 … 7 face value, jack 8, queen 9, king 10."""
PRIMIERA = {7: 21, 6: 18, 14: 16, 5: 15, 4: 14, 3: 13, 2: 12}
EASY_SWEEP = 10
"""A table adding up to this or less can be swept by a single card."""


def value(card: Card) -> int:
    return VALUE.get(card.rank, card.rank)


def worth(card: Card) -> int:
    """What a card brings to the side that takes it."""
    points = 2  # a card towards most cards
    if card.suit == COINS:
        points += 4
    if card.rank == 7:
        points += 8
    elif card.rank == 6:
        points += 3
    elif card.rank == 14:
        points += 2
    if card == SETTEBELLO:
        points += 200
    return points


def score(play: Event, table: Sequence[Card], last_play: bool) -> int:
    card = card_of(play["card"])
    taken = [card_of(code) for code in play.get("capture") or []]
    if taken:
        left = list(table)
        for each in taken:
            left.remove(each)
        total = 20 + sum(worth(c) for c in [card, *taken])
        if not left and not last_play:
            total += 100  # a scopa
    else:
        left = [*table, card]
        total = -worth(card) * 3 - value(card)
    if left and sum(value(c) for c in left) <= EASY_SWEEP:
        total -= 60
    return total


def scopa(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    plays = of_type(choices(legal), "play")
    if not plays:
        raise NoMove("no card to play")
    table = [card_of(code) for code in view.get("table") or []]
    hands = view.get("hand_sizes") or []
    last_play = view.get("stock_size") == 0 and sum(hands) == 1
    return max(plays, key=lambda play: (score(play, table, last_play), tie_key(play)))
