"""The response shape of the seating resource: where the logged-in player sits."""

from __future__ import annotations

from rest_framework import serializers


class MyPlaceSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="the latest published round")
    bye = serializers.BooleanField()
    table = serializers.IntegerField(allow_null=True, help_text="the table's number")
    seat = serializers.IntegerField(allow_null=True)
    game = serializers.UUIDField(allow_null=True, help_text="/api/games/{id}/")
    others = serializers.ListField(
        child=serializers.CharField(), help_text="the other players at the table, by seat"
    )
    page = serializers.CharField(
        allow_null=True, help_text="the page to go to: the score sheet, or the seat page"
    )
