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


def tally_problem(count: RoundCount, sides: int, needs_all: bool) -> str | None:
    """Why ``count`` cannot be a round's score sheet for ``sides`` sides, or ``None``
    (``needs_all``: the option ``primiera_needs_all_suits``)."""
    cards, coins, scope, primiera = count.cards, count.coins, count.scope, count.primiera
    if sum(cards) != DECK_SIZE:
        return f"the sides' cards must add up to {DECK_SIZE}, not {sum(cards)}"
    if sum(coins) != 10:
        return f"the sides' coins must add up to 10, not {sum(coins)}"
    plays = PLAYS_PER_ROUND // sides
    for side in range(sides):
        if coins[side] > cards[side]:
            return f"side {side} cannot have more coins ({coins[side]}) than cards ({cards[side]})"
        if scope[side] > plays:
            return (
                f"side {side} cannot make {scope[side]} scope: it plays only {plays} cards a round"
            )
        if 2 * scope[side] > cards[side]:
            return (
                f"side {side} cannot make {scope[side]} scope with {cards[side]} cards: each "
                "scopa takes at least two (the card played and a table card)"
            )
        if not possible_primiera(primiera[side], cards[side], needs_all):
            return (
                f"side {side} cannot have a primiera of {primiera[side]} with {cards[side]} cards"
            )
    settebello = count.settebello
    assert settebello is not None
    if coins[settebello] == 0:
        return f"side {settebello} took the settebello (a coin) but has no coins"
    # The settebello counts 21 for coins; with needs_all, 0 (a suit lacking) or all four.
    lowest = 51 if needs_all else 21
    if (primiera[settebello] != 0 or not needs_all) and primiera[settebello] < lowest:
        return (
            f"side {settebello} took the settebello (worth 21 in the primiera) so its "
            f"primiera cannot be {primiera[settebello]}"
        )
    return None


def possible_primiera(value: int, cards: int, needs_all: bool) -> bool:
    """Whether a side with ``cards`` cards can have primiera ``value`` (0: none)."""
    if cards == 0:
        return value == 0
    if needs_all:
        return value == 0 or (cards >= 4 and value in POSSIBLE_FULL_PRIMIERA)
    return value != 0 and value in POSSIBLE_PRIMIERA and FEWEST_SUITS[value] <= cards
