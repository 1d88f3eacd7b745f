"""Request and response shapes of the game API (they also make its OpenAPI schema).

Requests are validated here as far as their *shape* goes (types, ranges, required
fields); whether a game, option or event makes sense is the engine's and the
service's call. Every integer is bounded so that no value reaches the database
that it could not store (PostgreSQL would answer an out-of-range number with an
error, i.e. a 500).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import engine
from tournaments.models import Game

MAX_INT = 2**31 - 1
"""The largest value a PostgreSQL ``integer`` (and a positive small count) may take."""
MAX_ID = 2**63 - 1
"""The largest primary key (``bigint``)."""
MAX_SEAT = 2**15 - 1


# ---------------------------------------------------------------------- JSON values


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


# ---------------------------------------------------------------------- catalog


class OptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["int", "bool", "str", "card"])
    default = OptionValueField(allow_null=True)
    help = serializers.CharField()
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    choices = serializers.ListField(child=serializers.CharField(), allow_null=True)
    nullable = serializers.BooleanField()


class CatalogGameSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="the game's name in the API and in records")
    title = serializers.CharField()
    player_counts = serializers.ListField(child=serializers.IntegerField())
    options = OptionSerializer(many=True)
    events = serializers.ListField(
        child=serializers.CharField(), help_text="the event types the game knows"
    )
    chance_events = serializers.ListField(
        child=serializers.CharField(), help_text="event types the server makes (deals)"
    )


# ---------------------------------------------------------------------- games


class GameCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(
        choices=engine.available_games(),
        help_text="the engine game (see /api/games/catalog)",
        error_messages={
            "invalid_choice": "there is no game called {input!r} (the games are: "
            + ", ".join(engine.available_games())
            + ")"
        },
    )
    players = serializers.IntegerField(
        min_value=1,
        max_value=MAX_SEAT,
        required=False,
        help_text="how many play; may be left out when the game has one player count",
    )
    options = OptionsField(required=False, default=dict)
    first_dealer = serializers.IntegerField(min_value=0, max_value=MAX_SEAT, default=0)
    mode = serializers.ChoiceField(choices=Game.Mode.choices, default=Game.Mode.ONLINE)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("players") is None:
            counts = engine.game_class(attrs["game"]).player_counts
            if len(counts) != 1:
                raise serializers.ValidationError(
                    {"players": f"{attrs['game']} is played by {counts}: say how many play"}
                )
            attrs["players"] = counts[0]
        return attrs


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField(allow_null=True, help_text="null for a guest")


class GameSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    game = serializers.CharField(help_text="the engine game")
    options = serializers.DictField(
        child=OptionValueField(allow_null=True), help_text="every option, defaults filled in"
    )
    players = serializers.IntegerField()
    first_dealer = serializers.IntegerField()
    mode = serializers.ChoiceField(choices=Game.Mode.choices)
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.IntegerField(help_text="how many events the game holds")
    seats = SeatSerializer(many=True)
    seed_commitment = serializers.CharField(help_text="SHA-256 (hex) of the secret deal seed")
    scores = serializers.ListField(child=serializers.IntegerField())
    over = serializers.BooleanField()
    winner = WinnerField(allow_null=True)
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    imported = serializers.BooleanField()


class SeatAssignSerializer(serializers.Serializer):
    """Exactly one of ``player``, ``name`` and ``username``."""

    player = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="an existing player's id"
    )
    name = serializers.CharField(
        required=False, max_length=120, help_text="a new guest player (no login) of this name"
    )
    username = serializers.CharField(
        required=False,
        max_length=150,
        help_text="the player of this user (made if the user has none yet)",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [key for key in ("player", "name", "username") if key in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                "say who sits there with exactly one of 'player', 'name' and 'username'"
            )
        return attrs


# ---------------------------------------------------------------------- seats' reading


class SeatQuerySerializer(serializers.Serializer):
    seat = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SEAT,
        help_text="the seat whose view to read; leave out for the spectators' view",
    )


class RequiredSeatQuerySerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=MAX_SEAT)


class EventLogQuerySerializer(SeatQuerySerializer):
    after = serializers.IntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=MAX_INT,
        help_text="only the events from this sequence number on",
    )


class ViewSerializer(serializers.Serializer):
    """What a seat (or a spectator) sees. Each game adds its own fields (hand, trick,
    trump …); a view never holds a card its viewer may not see."""

    game = serializers.CharField()
    players = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField()
    deal_number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    to_act = ToActField(allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    deal_scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    over = serializers.BooleanField()
    winner = WinnerField(allow_null=True)
    legal = serializers.ListField(
        child=EventField(), required=False, help_text="a seat's legal actions (seat views only)"
    )
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)


class LegalSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    count = serializers.IntegerField(help_text="how many legal actions the seat has")
    complete = serializers.BooleanField(
        help_text="false when there are too many to list (an Italian Whist split): `legal` "
        "then holds the game's compact hint instead"
    )
    legal = serializers.ListField(child=EventField())


class EventSubmitSerializer(serializers.Serializer):
    event_id = serializers.UUIDField(
        help_text="chosen by the client; resending it with the same event is a safe retry"
    )
    expected_version = serializers.IntegerField(
        min_value=0,
        max_value=MAX_INT,
        help_text="the game's version the client saw (the sequence number the event gets)",
    )
    event = EventField()


class SeatLegalSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    count = serializers.IntegerField(help_text="how many legal actions the seat has")
    complete = serializers.BooleanField(
        help_text="false when there are too many to list: `legal` then holds the game's "
        "compact hint (as in /legal)"
    )
    legal = serializers.ListField(child=EventField())


class NextMoveSerializer(serializers.Serializer):
    to_act = ToActField(allow_null=True)
    version = serializers.IntegerField(help_text="the version to send as `expected_version`")
    legal = SeatLegalSerializer(
        many=True,
        help_text="the legal actions of each seat now to act that the requester may act "
        "as (their own seat; every seat for a manager not at the table); never another "
        "seat's. Empty when none of them is the requester's, or the game is over.",
    )


class EventAppendedSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    version = serializers.IntegerField(help_text="the game's version after the event")
    event = EventField(help_text="the event as stored (canonical form)")
    over = serializers.BooleanField()
    next = NextMoveSerializer(
        help_text="what is to be done now (after this event and any deal the server made; "
        "on a retry, now): who acts, at which version, and the requester's own legal "
        "actions, so the next move needs no GET /legal"
    )


class LoggedEventSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["chance", "player", "tally"])
    event = EventField(help_text='as the viewer may see it (`"hidden": true` when redacted)')
    at = serializers.DateTimeField()


class EventLogSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    events = LoggedEventSerializer(many=True)


class VersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)


# ---------------------------------------------------------------------- records and fairness


class RecordSerializer(serializers.Serializer):
    """A game record (RECORDS.md)."""

    format = serializers.CharField(required=False, default="tavolo-record/1")
    game = serializers.CharField()
    players = serializers.IntegerField()
    options = serializers.DictField(child=OptionValueField(allow_null=True), required=False)
    first_dealer = serializers.IntegerField(required=False)
    events = serializers.ListField(child=EventField())
    seed_commitment = serializers.CharField(required=False)
    seed = serializers.CharField(
        required=False, help_text="hex; present once the game is over (verify with it)"
    )


class FairnessSerializer(serializers.Serializer):
    commitment = serializers.CharField(help_text="SHA-256 (hex) of the secret seed")
    seed = serializers.CharField(allow_null=True, help_text="hex; null until the game is over")
    algorithm = serializers.CharField()
    imported = serializers.BooleanField(
        help_text="deals of an imported game were not made from this seed"
    )


class VerificationSerializer(serializers.Serializer):
    verified = serializers.BooleanField()
    deals = serializers.IntegerField(required=False, help_text="deals checked (when verified)")
    reason = serializers.CharField(required=False, help_text="why not (when not verified)")


# ---------------------------------------------------------------------- errors


class ErrorSerializer(serializers.Serializer):
    detail = serializers.JSONField(help_text="what was wrong, in words")
    errors = serializers.JSONField(
        required=False, help_text="for invalid fields: the messages per field"
    )


class EngineErrorSerializer(ErrorSerializer):
    error = serializers.CharField(required=False, help_text="the engine's error class")
    option = serializers.CharField(required=False, help_text="the offending option")
    rule = serializers.CharField(required=False, help_text="the rule an illegal event breaks")


class ConflictSerializer(ErrorSerializer):
    version = serializers.IntegerField(required=False, help_text="the game's current version")


class RecordRejectedSerializer(ErrorSerializer):
    index = serializers.IntegerField(required=False, help_text="the rejected event's index")
    reason = serializers.CharField(required=False)


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField()


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
