"""The request and response shapes of the tokens resource."""

from __future__ import annotations

from rest_framework import serializers


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField()


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
