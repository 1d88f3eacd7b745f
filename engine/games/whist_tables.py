"""Partnership whist's look-up tables (:mod:`engine.games.whist`'s hot paths): the
interned play actions by seat and card code or display order, where a seat's sorted
card orders split into suits, the whole deck, the next seat; and a hand's held lists."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Set
from typing import Final

from engine.actions import Action
from engine.cards import CARDS_BY_CODE, Card, french_deck, sorted_cards
from engine.tricks import CARDS_OF_SUIT, PLAYS_OF_SEAT

PLAYS_BY_CODE: Final[dict[int, dict[str, Action]]] = {
    seat: {card.code: action for card, action in PLAYS_OF_SEAT[seat].items()} for seat in range(4)
}
"""Per seat of the table (0 to 3, no other key), the interned play actions by card code:
a replayed play event is two look-ups, its seat out of range or its code unknown a
``KeyError`` (and then the ordinary parse, which explains)."""

PLAYS_BY_ORDER: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(PLAYS_OF_SEAT[seat][card] for card in sorted_cards(CARDS_BY_CODE.values()))
    for seat in range(4)
)
"""``PLAYS_BY_ORDER[seat][card.order]``: the interned play action (cards' ``order`` is
their place in display order, 0 to 53)."""

ORDER_OF: Final = {card: card.order for card in CARDS_BY_CODE.values()}.__getitem__
"""A card's ``order``, by a dict look-up (an ``attrgetter`` goes through the generic
attribute look-up, about twice the instructions)."""

SUIT_ORDERS: Final[dict[str | None, tuple[int, int]]] = {
    suit: (min(c.order for c in cards), max(c.order for c in cards) + 1)
    for suit, cards in CARDS_OF_SUIT.items()
    if suit is not None
}
"""Per suit, the range of its cards' ``order`` (a suit is a run of the display order):
where a seat's sorted orders split into its suits."""

WHOLE_DECK: Final = frozenset(french_deck())
"""The 52 cards of every deal (distinct, interned)."""

NEXT_SEAT: Final = (1, 2, 3, 0)
"""The seat after each (a look-up: CPython 3.11 does not specialise ``%``)."""


def held_by_suit(hand: Set[Card]) -> dict[str | None, list[int]]:
    """``hand``'s card orders per suit, ascending (``Whist._held``'s lists of a seat)."""
    # sorted, map and bisect run in C: no Python-level loop over the cards.
    orders = sorted(map(ORDER_OF, hand))
    spades = bisect_left(orders, SUIT_ORDERS["S"][1])
    hearts = bisect_left(orders, SUIT_ORDERS["H"][1], spades)
    diamonds = bisect_left(orders, SUIT_ORDERS["D"][1], hearts)
    return {
        "S": orders[:spades],
        "H": orders[spades:hearts],
        "D": orders[hearts:diamonds],
        "C": orders[diamonds:],
    }
