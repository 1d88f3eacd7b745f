"""The JSON value fields of the game resources (a winner, who is to act, an option's
value, an event, a game's options), and the largest integers a request may carry.

Every integer a request carries is bounded so that no value reaches the database
that it could not store (PostgreSQL would answer an out-of-range number with an
error, i.e. a 500).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import engine

MAX_INT = 2**31 - 1
"""The largest value a PostgreSQL ``integer`` (and a positive small count) may take."""
MAX_SEAT = 2**15 - 1
"""The largest number a ``smallint`` column holds."""
MAX_ROUND = 2**15 - 1
"""The largest round number a request may name."""
MAX_PLAYERS = max(
    count for name in engine.available_games() for count in engine.game_class(name).player_counts
)
"""The most players any game seats: a player count is at most this, a seat index below it
(the schema's ranges; a game's own table may be smaller, which the service checks)."""
MAX_SEAT_INDEX = MAX_PLAYERS - 1


@extend_schema_field(
    {
        "description": "a side (team or seat number), or the list of tied sides, or null",
        "oneOf": [
            {"type": "integer"},
            {"type": "array", "items": {"type": "integer"}},
        ],
        "nullable": True,
    }
)
class WinnerField(serializers.JSONField):
    pass


@extend_schema_field(
    {
        "description": "the seat to act, the list of seats that may act, or null",
        "oneOf": [
            {"type": "integer"},
            {"type": "array", "items": {"type": "integer"}},
        ],
        "nullable": True,
    }
)
class ToActField(serializers.JSONField):
    pass


@extend_schema_field(
    {
        "description": "an option value (its kind says which JSON type)",
        "nullable": True,
        "oneOf": [
            {"type": "integer"},
            {"type": "boolean"},
            {"type": "string"},
        ],
    }
)
class OptionValueField(serializers.JSONField):
    pass


@extend_schema_field(
    {
        "type": "object",
        "description": "an event in its JSON form (RECORDS.md): its `type`, the acting "
        "`seat` and its own fields",
        "additionalProperties": True,
    }
)
class EventField(serializers.JSONField):
    """A JSON object: an event."""

    default_error_messages = {"not_an_object": "an event must be a JSON object"}

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not isinstance(value, dict):
            self.fail("not_an_object")
        return value


@extend_schema_field(
    {
        "type": "object",
        "description": "house-rule options by name (see the catalog); missing ones take "
        "their defaults",
        "additionalProperties": True,
    }
)
class OptionsField(serializers.JSONField):
    default_error_messages = {"not_an_object": "options must be an object of name: value"}

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not isinstance(value, dict):
            self.fail("not_an_object")
        return value
