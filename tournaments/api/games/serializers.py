"""The request and response shapes of the games resource: the catalog, creating a
game, its public summary and seating players (they also make its OpenAPI schema).

Requests are validated here as far as their *shape* goes (types, ranges, required
fields); whether a game, option or event makes sense is the engine's and the
service's call.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

import engine
from tavolo.ids import MAX_ID
from tournaments.api.shared.fields import (
    MAX_PLAYERS,
    MAX_SEAT_INDEX,
    OptionsField,
    OptionValueField,
    WinnerField,
)
from tournaments.api.shared.strict import (
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
    choice,
)
from tournaments.models import Game
from tournaments.services.errors import ServiceError


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


ONE_COUNT = [
    name for name in engine.available_games() if len(engine.game_class(name).player_counts) == 1
]
"""The games with one player count: ``players`` may be left out for them."""


class GameCreateSerializer(StrictSerializer):
    schema_extra = {
        "anyOf": [{"required": ["players"]}, {"properties": {"game": {"enum": ONE_COUNT}}}]
    }

    game = StrictChoiceField(
        choices=engine.available_games(),
        help_text="the engine game (see /api/games/catalog)",
        error_messages={
            "invalid_choice": "there is no game called {input!r} (the games are: "
            + ", ".join(engine.available_games())
            + ")"
        },
    )
    players = StrictIntegerField(
        min_value=1,
        max_value=MAX_PLAYERS,
        required=False,
        help_text="how many play; may be left out when the game has one player count",
    )
    options = OptionsField(required=False, default=dict)
    first_dealer = StrictIntegerField(min_value=0, max_value=MAX_SEAT_INDEX, default=0)
    mode = choice(Game.Mode.choices, strict=True, default=Game.Mode.ONLINE)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("players") is None:
            counts = engine.game_class(attrs["game"]).player_counts
            if len(counts) != 1:
                # The schema says so too (anyOf); a refusal of the game's rule, in words.
                raise ServiceError(
                    f"{attrs['game']} is played by {counts}: say how many play", field="players"
                )
            attrs["players"] = counts[0]
        return attrs


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField(allow_null=True, help_text="null for a guest")
    bot = serializers.BooleanField(help_text="a bot plays this seat (its games are not rated)")


class ClockSerializer(serializers.Serializer):
    control = serializers.DictField(
        help_text="the time control: kind (move, deal, bank), seconds, on_timeout "
        "(auto, forfeit_deal, forfeit_game) and, for a bank, increment"
    )
    remaining_ms = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="each seat's time left now (ms), by 0-based seat",
    )
    running = serializers.ListField(
        child=serializers.IntegerField(), help_text="the 0-based seats whose clock runs"
    )
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="when the first running clock runs out; null: none runs"
    )
    now = serializers.DateTimeField(help_text="the server's time the figures are for")


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
    clock = ClockSerializer(allow_null=True, help_text="the game's clocks; null: untimed")


class SeatAssignSerializer(StrictSerializer):
    """Exactly one of ``player``, ``name`` and ``username``."""

    schema_extra = {"minProperties": 1, "maxProperties": 1}

    player = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="your own player's id, or a guest's",
    )
    name = StrictCharField(
        required=False,
        max_length=120,
        help_text="a new guest player (no login) of this name, at a game with real cards",
    )
    username = StrictCharField(
        required=False,
        max_length=150,
        help_text="your own username: you take the seat (others are invited)",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [key for key in ("player", "name", "username") if key in attrs]
        if len(given) != 1:
            raise serializers.ValidationError(
                "say who sits there with exactly one of 'player', 'name' and 'username'"
            )
        return attrs
