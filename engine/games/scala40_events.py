"""Scala Quaranta's events: parsing them and building them (RECORDS.md).

``draw {from}``, ``open {melds: [[...], ...]}``, ``meld {cards}``, ``add {meld, cards}``,
``swap {meld, card}``, ``discard {card}``; a joker in a meld is written ``"RJ=7H"``. The
cards of a meld or an addition are kept as written (their order places an ace that
could be low or high: see :mod:`engine.games.scala40_melds`).
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, make_action
from engine.errors import MalformedEvent
from engine.game import Event, parse_card, parse_seat, require
from engine.games.scala40_melds import MeldError, Slot, parse_token, token

STOCK = "stock"
DISCARD = "discard"

_SLOTS: dict[str, Slot] = {}


def slot_of(text: str) -> Slot:
    """The slot written ``text`` (``"7H"``, ``"RJ=7H"``); :class:`MeldError` otherwise."""
    slot = _SLOTS.get(text) if isinstance(text, str) else None
    if slot is None:
        slot = parse_token(text)
        if len(_SLOTS) < 10_000:
            _SLOTS[text] = slot
    return slot


def _tokens(event: Event, value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise MalformedEvent(f"{what} must be a non-empty list of cards, not {value!r}", event)
    try:
        for item in value:
            slot_of(item)
    except MeldError as error:
        raise MalformedEvent(f"{what}: {error}", event) from None
    return tuple(value)


def parse_draw(event: Event, players: int) -> Action:
    source = require(event, "from")
    if source not in (STOCK, DISCARD):
        raise MalformedEvent(f"'from' must be 'stock' or 'discard', not {source!r}", event)
    return draw_action(parse_seat(event, players), source)


def parse_open(event: Event, players: int) -> Action:
    value = require(event, "melds")
    if not isinstance(value, list) or not value:
        raise MalformedEvent(f"'melds' must be a non-empty list of melds, not {value!r}", event)
    melds = tuple(_tokens(event, m, "each of 'melds'") for m in value)
    return make_action("open", parse_seat(event, players), None, melds=melds)


def parse_meld(event: Event, players: int) -> Action:
    cards = _tokens(event, require(event, "cards"), "'cards'")
    return make_action("meld", parse_seat(event, players), None, cards=cards)


def parse_add(event: Event, players: int) -> Action:
    index = require(event, "meld")
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise MalformedEvent(f"'meld' must be a meld number (0, 1, …), not {index!r}", event)
    cards = _tokens(event, require(event, "cards"), "'cards'")
    return make_action("add", parse_seat(event, players), None, cards=cards, meld=index)


def parse_swap(event: Event, players: int) -> Action:
    index = require(event, "meld")
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise MalformedEvent(f"'meld' must be a meld number (0, 1, …), not {index!r}", event)
    card = parse_card(event)
    if card.is_joker:
        raise MalformedEvent("'card' of a swap is the natural card that replaces a joker", event)
    return make_action("swap", parse_seat(event, players), card, meld=index)


def parse_discard(event: Event, players: int) -> Action:
    return make_action("discard", parse_seat(event, players), parse_card(event))


def draw_action(seat: int, source: str) -> Action:
    return make_action("draw", seat, None, **{"from": source})


def meld_action(seat: int, slots: tuple[Slot, ...]) -> Action:
    return make_action("meld", seat, None, cards=tuple(token(s) for s in slots))


def add_action(seat: int, index: int, slots: tuple[Slot, ...]) -> Action:
    return make_action("add", seat, None, cards=tuple(token(s) for s in slots), meld=index)


def open_action(seat: int, melds: list[tuple[Slot, ...]]) -> Action:
    return make_action("open", seat, None, melds=tuple(tuple(token(s) for s in m) for m in melds))


def what(action: Action) -> str:
    if action.type == "open":
        return "; ".join(" ".join(m) for m in action.arg("melds"))
    parts = []
    if action.card is not None:
        parts.append(action.card.code)
    if action.arg("cards") is not None:
        parts.append(" ".join(action.arg("cards")))
    if action.arg("meld") is not None:
        parts.append(f"meld {action.arg('meld')}")
    if action.arg("from") is not None:
        parts.append(f"from the {action.arg('from')}")
    return ", ".join(parts)
