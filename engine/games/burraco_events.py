"""Burraco's player events as actions: ``draw`` ``{from}``, ``meld`` ``{cards}``, ``add``
``{meld, cards}`` and ``discard`` ``{card}`` (RECORDS.md)."""

from __future__ import annotations

from typing import Final

from engine.actions import Action, make_action
from engine.cards import Card

__all__ = ["SOURCES", "add_action", "discard_action", "draw_action", "meld_action"]

SOURCES: Final = ("stock", "discard")
"""Where a draw takes from: the stock's top card, or the whole discard pile."""


def draw_action(seat: int, source: str) -> Action:
    return Action("draw", seat, None, (("from", source),))


def meld_action(seat: int, cards: tuple[Card, ...]) -> Action:
    return Action("meld", seat, None, (("cards", cards),))


def add_action(seat: int, meld: int, cards: tuple[Card, ...]) -> Action:
    return make_action("add", seat, None, meld=meld, cards=cards)


def discard_action(seat: int, card: Card) -> Action:
    return Action("discard", seat, card)
