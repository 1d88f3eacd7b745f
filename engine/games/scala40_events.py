"""Scala Quaranta's events: parsing them and building them (RECORDS.md).

``draw {from}``, ``open {melds: [[...], ...]}``, ``meld {cards}``, ``add {meld, cards}``,
``swap {meld, card}``, ``discard {card}``; a joker in a meld is written ``"RJ=7H"``. The
cards of a meld or an addition are kept as written (their order places an ace that
could be low or high: see :mod:`engine.games.scala40_melds`).
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, make_action
from engine.cards import Card, french_deck
from engine.errors import MalformedEvent
from engine.game import Event, parse_card, parse_seat, require
from engine.games.scala40_melds import MeldError, Slot, parse_token, token
from engine.messages import Message, message

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
        code = "scala40.malformed.meld" if what == "melds" else "scala40.malformed.cards"
        raise MalformedEvent(message(code, field=what, value=repr(value)), event)
    try:
        for item in value:
            slot_of(item)
    except MeldError as error:
        code = "scala40.malformed.meld_card" if what == "melds" else "malformed.card"
        raise MalformedEvent(message(code, field=what, reason=error.message), event) from None
    return tuple(value)


def parse_draw(event: Event, players: int) -> Action:
    seat, source = event.get("seat"), event.get("from")
    if type(seat) is int and 0 <= seat < players and type(source) is str:
        known = _DRAWS.get((seat, source))
        if known is not None:
            return known
    source = require(event, "from")
    if source not in (STOCK, DISCARD):
        raise MalformedEvent(message("malformed.from", value=repr(source)), event)
    return draw_action(parse_seat(event, players), source)


def parse_open(event: Event, players: int) -> Action:
    value = require(event, "melds")
    if not isinstance(value, list) or not value:
        raise MalformedEvent(message("scala40.malformed.melds", value=repr(value)), event)
    melds = tuple(_tokens(event, m, "melds") for m in value)
    return make_action("open", parse_seat(event, players), None, melds=melds)


def parse_meld(event: Event, players: int) -> Action:
    cards = _tokens(event, require(event, "cards"), "cards")
    return make_action("meld", parse_seat(event, players), None, cards=cards)


def parse_add(event: Event, players: int) -> Action:
    index = require(event, "meld")
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise MalformedEvent(message("scala40.malformed.meld_number", value=repr(index)), event)
    cards = _tokens(event, require(event, "cards"), "cards")
    return make_action("add", parse_seat(event, players), None, cards=cards, meld=index)


def parse_swap(event: Event, players: int) -> Action:
    index = require(event, "meld")
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise MalformedEvent(message("scala40.malformed.meld_number", value=repr(index)), event)
    card = parse_card(event)
    if card.is_joker:
        raise MalformedEvent(message("scala40.malformed.swap_joker"), event)
    return make_action("swap", parse_seat(event, players), card, meld=index)


def parse_discard(event: Event, players: int) -> Action:
    seat, code = event.get("seat"), event.get("card")
    if type(seat) is int and 0 <= seat < players and type(code) is str:
        known = _DISCARDS.get((seat, code))
        if known is not None:
            return known
    return make_action("discard", parse_seat(event, players), parse_card(event))


def draw_action(seat: int, source: str) -> Action:
    known = _DRAWS.get((seat, source))
    if known is not None:
        return known
    return make_action("draw", seat, None, **{"from": source})


def discard_action(seat: int, card: Card) -> Action:
    known = _DISCARDS.get((seat, card.code))
    if known is not None:
        return known
    return make_action("discard", seat, card)


# Draws and discards are most of a game's events: each is made once and shared (an
# Action is immutable). Keyed by seat and the event's own value (a card's code).
_SEATS = range(6)
_DRAWS: dict[tuple[object, object], Action] = {
    (seat, source): make_action("draw", seat, None, **{"from": source})
    for seat in _SEATS
    for source in (STOCK, DISCARD)
}
_DISCARDS: dict[tuple[object, object], Action] = {
    (seat, card.code): make_action("discard", seat, card)
    for seat in _SEATS
    for card in french_deck(jokers=2)
}


def meld_action(seat: int, slots: tuple[Slot, ...]) -> Action:
    return make_action("meld", seat, None, cards=tuple(token(s) for s in slots))


def add_action(seat: int, index: int, slots: tuple[Slot, ...]) -> Action:
    return make_action("add", seat, None, cards=tuple(token(s) for s in slots), meld=index)


def swap_action(seat: int, index: int, card: Card) -> Action:
    return Action("swap", seat, card, (("meld", index),))


def open_action(seat: int, melds: list[tuple[Slot, ...]]) -> Action:
    return make_action("open", seat, None, melds=tuple(tuple(token(s) for s in m) for m in melds))


def what(action: Action) -> Message:
    """What a refused play names (its cards, meld, pile), for its message."""
    if action.type == "open":
        return message("scala40.action.melds", melds=action.arg("melds"))
    card, cards, meld, pile = (action.card, *(action.arg(k) for k in ("cards", "meld", "from")))
    if pile is not None:
        return message("scala40.action.draw", pile=pile)
    if card is not None:
        if meld is None:
            return message("scala40.action.card", card=card)
        return message("scala40.action.card_meld", card=card, number=meld)
    if meld is None:
        return message("scala40.action.cards", cards=cards)
    return message("scala40.action.cards_meld", cards=cards, number=meld)
