"""The request and response shapes of the tokens resource."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.shared.strict import StrictCharField, StrictSerializer


class TokenRequestSerializer(StrictSerializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=4096)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
