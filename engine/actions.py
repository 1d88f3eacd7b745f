"""Actions: events as immutable values.

Events travel as JSON objects (see RECORDS.md). Inside the engine each event is
parsed once into an :class:`Action`, a small hashable value, so that two events
that mean the same thing compare equal even when their JSON differs (a Scopa
capture listed in another order, say).

``Action.to_event()`` gives back the canonical JSON form.

>>> from engine.cards import card
>>> a = Action("play", 1, card("QH"))
>>> a.to_event()
{'type': 'play', 'seat': 1, 'card': 'QH'}
>>> a == Action("play", 1, card("QH"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Card

ArgValue = Any
"""An argument value: a Card, a tuple (of cards, ints, or nested tuples), an int,
a bool, a str or None. Always hashable."""


@dataclass(frozen=True, slots=True)
class Action:
    """One event as a value: its ``type``, the ``seat`` that acts (``None`` for chance
    and tally events), the ``card`` it names if any, and any further arguments as
    sorted ``(name, value)`` pairs in ``args``."""

    type: str
    seat: int | None = None
    card: Card | None = None
    args: tuple[tuple[str, ArgValue], ...] = ()

    def arg(self, name: str, default: ArgValue = None) -> ArgValue:
        """The value of argument ``name`` (``default`` when absent)."""
        for key, value in self.args:
            if key == name:
                return value
        return default

    def to_event(self) -> dict[str, Any]:
        """The canonical JSON event for this action."""
        event: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            event["seat"] = self.seat
        if self.card is not None:
            event["card"] = self.card.code
        for key, value in self.args:
            event[key] = to_json(value)
        return event

    def __str__(self) -> str:
        parts = [self.type]
        if self.seat is not None:
            parts.insert(0, f"seat {self.seat}")
        if self.card is not None:
            parts.append(self.card.code)
        for key, value in self.args:
            parts.append(f"{key}={to_json(value)}")
        return " ".join(parts)


def make_action(
    type_: str, seat: int | None = None, card: Card | None = None, **args: ArgValue
) -> Action:
    """Build an action with keyword arguments (sorted so equal actions compare equal)."""
    return Action(type_, seat, card, tuple(sorted(args.items())))


def to_json(value: ArgValue) -> Any:
    """Turn an argument value back into JSON: cards become their notation, tuples lists."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    return value
