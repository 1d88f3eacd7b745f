"""Scopa's score sheet: whether a ``tally`` (a round's count, :class:`RoundCount`) is one
a round can end with. :meth:`Scopa.tally_problem <engine.games.scopa.Scopa.tally_problem>`
asks it with the game's sides and options.

The checks: cards add up to 40 and coins to 10, no side has more coins than cards,
each scopa takes at least two cards and a side makes at most one per play it has, the
settebello's side has a coin, and each primiera is one a side can have with those cards.
"""

from __future__ import annotations

from engine.games.scopa_rules import (
    DECK_SIZE,
    FEWEST_SUITS,
    PLAYS_PER_ROUND,
    POSSIBLE_FULL_PRIMIERA,
    POSSIBLE_PRIMIERA,
    RoundCount,
)
from engine.messages import Message, message


def tally_problem(count: RoundCount, sides: int, needs_all: bool) -> Message | None:
    """Why ``count`` cannot be a round's score sheet for ``sides`` sides, or ``None``
    (``needs_all``: the option ``primiera_needs_all_suits``)."""
    cards, coins, scope, primiera = count.cards, count.coins, count.scope, count.primiera
    if sum(cards) != DECK_SIZE:
        return message("scopa.tally.cards_total", count=DECK_SIZE, count_got=sum(cards))
    if sum(coins) != 10:
        return message("scopa.tally.coins_total", count=10, count_got=sum(coins))
    plays = PLAYS_PER_ROUND // sides
    for side in range(sides):
        if coins[side] > cards[side]:
            return message(
                "scopa.tally.coins_over_cards",
                side=side,
                count_coins=coins[side],
                count_cards=cards[side],
            )
        if scope[side] > plays:
            return message(
                "scopa.tally.scope_over_plays", side=side, count=scope[side], count_plays=plays
            )
        if 2 * scope[side] > cards[side]:
            return message(
                "scopa.tally.scope_over_cards",
                side=side,
                count=scope[side],
                count_cards=cards[side],
            )
        if not possible_primiera(primiera[side], cards[side], needs_all):
            return message(
                "scopa.tally.primiera",
                side=side,
                points=primiera[side],
                count_cards=cards[side],
            )
    settebello = count.settebello
    assert settebello is not None
    if coins[settebello] == 0:
        return message("scopa.tally.settebello_coins", side=settebello)
    # The settebello counts 21 for coins; with needs_all, 0 (a suit lacking) or all four.
    lowest = 51 if needs_all else 21
    if (primiera[settebello] != 0 or not needs_all) and primiera[settebello] < lowest:
        return message(
            "scopa.tally.settebello_primiera", side=settebello, points=primiera[settebello]
        )

    return None


def possible_primiera(value: int, cards: int, needs_all: bool) -> bool:
    """Whether a side with ``cards`` cards can have primiera ``value`` (0: none)."""
    if cards == 0:
        return value == 0
    if needs_all:
        return value == 0 or (cards >= 4 and value in POSSIBLE_FULL_PRIMIERA)
    return value != 0 and value in POSSIBLE_PRIMIERA and FEWEST_SUITS[value] <= cards
