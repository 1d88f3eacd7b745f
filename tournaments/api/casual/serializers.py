"""The request and response shapes of the casual games resource: a casual game and
its invitation links."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.games.serializers import GameSummarySerializer as GameSummarySerializer
from tournaments.api.shared.fields import MAX_PLAYERS, MAX_SEAT_INDEX, OptionsField
from tournaments.api.shared.strict import (
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    choice,
)
from tournaments.timing.clock import KINDS, MAX_INCREMENT, MAX_SECONDS, MIN_SECONDS, ON_TIMEOUT

SEAT_HELP = "a 0-based seat index (seat 0 is the one people call seat 1)"


class TimeControlSerializer(StrictSerializer):
    """A game's clock. Rules across fields, refused in ``detail``: only a bank takes an
    increment; ``forfeit_deal`` only in a game where a deal can be conceded."""

    kind = choice(
        KINDS,
        strict=True,
        help_text="move: seconds for each move; deal: seconds for each deal, per seat; "
        "bank: seconds for the whole game, per seat, plus the increment after each move",
    )
    seconds = StrictIntegerField(min_value=MIN_SECONDS, max_value=MAX_SECONDS)
    increment = StrictIntegerField(
        min_value=0, max_value=MAX_INCREMENT, required=False, help_text="bank only (seconds)"
    )
    on_timeout = choice(
        ON_TIMEOUT,
        strict=True,
        required=False,
        help_text="what happens to a seat out of time: auto (an automatic legal move), "
        "forfeit_deal (the seat concedes the deal), forfeit_game (the seat resigns); "
        "default auto",
    )


class CasualGameCreateSerializer(StrictSerializer):
    game = StrictCharField(max_length=40, help_text="a game's name (see the catalog)")
    players = StrictIntegerField(min_value=1, max_value=MAX_PLAYERS)
    options = OptionsField(required=False, default=dict)
    seat = StrictIntegerField(
        min_value=0, max_value=MAX_SEAT_INDEX, help_text="the seat the creator takes: " + SEAT_HELP
    )
    time_control = TimeControlSerializer(
        required=False, allow_null=True, default=None, help_text="the clock; null: none"
    )


class InvitationSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text=SEAT_HELP)
    token = serializers.CharField()
    url = serializers.CharField(help_text="the link to send: the page that takes the seat")
    expires_at = serializers.DateTimeField()


class CasualGameSerializer(serializers.Serializer):
    game = GameSummarySerializer()
    invitations = InvitationSerializer(many=True)


class InvitationListSerializer(serializers.Serializer):
    invitations = InvitationSerializer(many=True)


class InviteSerializer(StrictSerializer):
    seat = StrictIntegerField(min_value=0, max_value=MAX_SEAT_INDEX, help_text=SEAT_HELP)


class InvitationInfoSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    game = serializers.CharField()
    title = serializers.CharField()
    players = serializers.IntegerField()
    seat = serializers.IntegerField(help_text=SEAT_HELP)
    usable = serializers.BooleanField()
    problem = serializers.CharField(allow_null=True, help_text="why it no longer works")
