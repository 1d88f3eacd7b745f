"""What every bot shares: the legal events it may choose from, card parsing, and a
deterministic order for ties.

A bot reads only the seat's ``view`` (``Game.view(seat)``) and its ``legal`` answer
(``tournaments.services.moves.legal_of``); nothing here touches an engine game state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card

FLOW_EVENTS = frozenset({"resign", "concede", "adjourn", "resume"})
"""Table events a bot never chooses (they are a person's or a director's decision)."""

Event = dict[str, Any]


class NoMove(Exception):
    """The bot found no event to play (the seat is not to act, or nothing is legal)."""


def choices(legal: Mapping[str, Any]) -> list[Event]:
    """The listed legal events a bot may choose from (flow events left out); the
    caller's own dicts, never changed (:func:`engine.bots.choose_move` copies the one
    it returns)."""
    listed: Sequence[Event] = legal.get("legal") or []
    return [event for event in listed if event.get("type") not in FLOW_EVENTS]


def of_type(events: Sequence[Event], *types: str) -> list[Event]:
    return [event for event in events if event.get("type") in types]


def tie_key(event: Mapping[str, Any]) -> str:
    """A stable text for an event: the last tie-breaker, so equal choices resolve the
    same way every time."""
    return json.dumps(event, sort_keys=True)


def card_of(code: str) -> Card:
    """The card a code names; a wildcard written ``"BJ=TD"`` is the joker itself."""
    return Card.parse(code.split("=", 1)[0])


def cards_of(codes: Sequence[str] | None) -> list[Card]:
    return [card_of(code) for code in codes or []]


def partners(view: Mapping[str, Any], seat: int) -> frozenset[int]:
    """The seat's partners in a team game (none otherwise)."""
    for team in view.get("teams") or []:
        if seat in team:
            return frozenset(s for s in team if s != seat)
    return frozenset()
