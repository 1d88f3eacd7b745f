"""Burraco's player events as actions: ``draw`` ``{from}``, ``meld`` ``{cards}``, ``add``
``{meld, cards}`` and ``discard`` ``{card}`` (RECORDS.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.actions import Action
from engine.cards import CARDS_BY_CODE, Card

__all__ = ["SOURCES", "add_action", "discard_action", "draw_action", "meld_action"]

SOURCES: Final = ("stock", "discard")
"""Where a draw takes from: the stock's top card, or the whole discard pile."""


def draw_action(seat: int, source: str) -> Action:
    return Action("draw", seat, None, (("from", source),))


def meld_action(seat: int, cards: tuple[Card, ...]) -> Action:
    return Action("meld", seat, None, (("cards", cards),))


def add_action(seat: int, meld: int, cards: tuple[Card, ...]) -> Action:
    # make_action's sorted arguments, written out: "cards" before "meld".
    return Action("add", seat, None, (("cards", cards), ("meld", meld)))


def discard_action(seat: int, card: Card) -> Action:
    return Action("discard", seat, card)


DRAWS: Final[dict[str, tuple[Action, ...]]] = {
    source: tuple(draw_action(seat, source) for seat in range(4)) for source in SOURCES
}
"""The draw actions by source, then seat: actions are values, one of each will do."""


DISCARDS: Final[dict[Card, tuple[Action, ...]]] = {
    card: tuple(discard_action(seat, card) for seat in range(4)) for card in CARDS_BY_CODE.values()
}
"""The discard actions by card, then seat."""


def quick_draw(event: Mapping[str, Any], players: int) -> Action | None:
    """The draw ``event`` asks for when it is plainly well formed (a replay's common
    case), else ``None``: the game's parser then says what is wrong."""
    seat, source = event.get("seat"), event.get("from")
    if type(seat) is int and 0 <= seat < players and type(source) is str:
        by_seat = DRAWS.get(source)
        if by_seat is not None:
            return by_seat[seat]
    return None


def quick_discard(event: Mapping[str, Any], players: int) -> Action | None:
    """The discard ``event`` asks for when it is plainly well formed, else ``None``."""
    seat, code = event.get("seat"), event.get("card")
    if type(seat) is int and 0 <= seat < players and type(code) is str:
        card = CARDS_BY_CODE.get(code)
        if card is not None:
            return DISCARDS[card][seat]
    return None
