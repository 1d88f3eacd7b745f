"""The request and response shapes of the my-entry resource: entering yourself."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.entries.serializers import EntrySerializer as EntrySerializer
from tournaments.api.shared.strict import IdField, StrictSerializer


class MyEntrySerializer(StrictSerializer):
    """Enter yourself: nothing for an individual tournament; for teams, one of your
    teams (``team``) or partners from the club's players (``partners``)."""

    team = IdField(required=False, help_text="one of the club's teams that you play in")
    partners = serializers.ListField(
        child=IdField(),
        required=False,
        max_length=5,
        help_text="the club's players (ids) to form a new team with, in seating order",
    )

    schema_extra = {
        "not": {"required": ["team", "partners"], "properties": {"partners": {"minItems": 1}}}
    }

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "team" in attrs and attrs.get("partners"):
            raise serializers.ValidationError(
                {"team": ["choose one of your teams, or partners for a new one, not both"]}
            )
        return attrs
