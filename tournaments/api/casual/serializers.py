"""The request and response shapes of the casual games resource: a casual game and
its invitation links."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.games.serializers import GameSummarySerializer as GameSummarySerializer
from tournaments.api.shared.fields import MAX_PLAYERS, MAX_SEAT_INDEX, OptionsField
from tournaments.api.shared.strict import StrictCharField, StrictIntegerField, StrictSerializer
from tournaments.api.shared.time_control import TimeControlSerializer

SEAT_HELP = "a 0-based seat index (seat 0 is the one people call seat 1)"


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
