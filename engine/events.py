"""Events as JSON: the :data:`Event` type, reading an event's fields (each a
:class:`~engine.errors.MalformedEvent` naming the field when it is missing or of the
wrong shape), and :class:`ChanceShuffle`, a chance event a game awaits.

Every game's parsers read their events with these; :mod:`engine.game` re-exports them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, make_action
from engine.cards import CARDS_BY_CODE as _CARDS_BY_CODE
from engine.cards import Card
from engine.errors import MalformedCard, MalformedEvent
from engine.messages import message

__all__ = [
    "ChanceShuffle",
    "Event",
    "card_codes",
    "parse_bool",
    "parse_card",
    "parse_cards",
    "parse_int_list",
    "parse_seat",
    "parse_side",
    "require",
    "tally_action",
]

Event = Mapping[str, Any]
"""An event as JSON (RECORDS.md): a mapping with a ``"type"``."""


@dataclass(frozen=True)
class ChanceShuffle:
    """A chance event other than a deal that a game awaits (Scala 40's ``reshuffle``):
    ``cards`` in a canonical order, to be shuffled and written as
    ``{"type": event_type, field: [cards in the new order]}``. ``label`` names it
    uniquely within the game (``"reshuffle:DEAL:N"``), so a seeded shuffle can use it
    as :func:`tournaments.fairness.deal_event` uses ``"deal:N"``."""

    event_type: str
    field: str
    label: str
    cards: tuple[Card, ...]

    def event(self, order: Sequence[Card]) -> dict[str, Any]:
        """The chance event with the cards in ``order``."""
        return {"type": self.event_type, self.field: [c.code for c in order]}


# ---------------------------------------------------------------------- field parsers


def require(event: Event, key: str) -> Any:
    """The value of ``key`` in ``event``, or :class:`MalformedEvent` naming the field."""
    try:
        return event[key]
    except KeyError:
        raise MalformedEvent(
            message("malformed.missing", event=str(event.get("type")), field=key), event
        ) from None


def parse_seat(event: Event, players: int) -> int:
    seat = require(event, "seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise MalformedEvent(message("malformed.seat", seat=players - 1, value=repr(seat)), event)
    return seat


def parse_card(event: Event, key: str = "card") -> Card:
    value = require(event, key)
    try:
        return Card.parse(value)
    except MalformedCard as error:
        raise MalformedEvent(
            message("malformed.card", field=key, reason=error.message), event
        ) from None


def parse_cards(event: Event, key: str, optional: bool = False) -> list[Card]:
    if optional and event.get(key) is None:
        return []
    value = require(event, key)
    if not isinstance(value, list):
        raise MalformedEvent(message("malformed.cards", field=key, value=repr(value)), event)
    try:
        # Hot path of every deal: one dictionary look-up per card; a bad code falls
        # through to Card.parse, which says what is wrong with it.
        return list(map(_CARDS_BY_CODE.__getitem__, value))
    except (KeyError, TypeError):
        pass
    try:
        return [Card.parse(code) for code in value]
    except MalformedCard as error:
        raise MalformedEvent(
            message("malformed.card", field=key, reason=error.message), event
        ) from None


def parse_bool(event: Event, key: str) -> bool:
    value = require(event, key)
    if not isinstance(value, bool):
        raise MalformedEvent(message("malformed.bool", field=key, value=repr(value)), event)
    return value


def parse_int_list(event: Event, key: str, length: int, minimum: int = 0) -> tuple[int, ...]:
    """A list of ``length`` whole numbers, each at least ``minimum``."""
    value = require(event, key)
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise MalformedEvent(
            message("malformed.numbers", field=key, count=length, value=repr(value)), event
        )
    if any(v < minimum for v in value):
        raise MalformedEvent(
            message("malformed.numbers_minimum", field=key, number=minimum, value=repr(value)),
            event,
        )
    return tuple(value)


def parse_side(event: Event, key: str, sides: int, nullable: bool = False) -> int | None:
    value = require(event, key)
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < sides:
        code = "malformed.side_or_null" if nullable else "malformed.side"
        raise MalformedEvent(message(code, field=key, side=sides - 1, value=repr(value)), event)

    return value


def tally_action(**args: Any) -> Action:
    return make_action("tally", None, None, **args)


def card_codes(items: Iterable[Card]) -> list[str]:
    return [c.code for c in items]
