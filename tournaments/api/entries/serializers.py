"""The request and response shapes of the entries resource: entries, and the pairs a
director keeps apart."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.shared.strict import (
    IdField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    choice,
)
from tournaments.models import Entry


class EntryRefSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the entry's id")
    number = serializers.IntegerField(help_text="its start number")
    name = serializers.CharField()


class EntrySerializer(EntryRefSerializer):
    player = serializers.IntegerField(allow_null=True, help_text="the player's id (or null)")
    team = serializers.IntegerField(allow_null=True, help_text="the team's id (or null)")
    rating = serializers.IntegerField(
        help_text="seeds round 1 and breaks pairing ties (0: none); on the scale people read "
        "(1500 for a newcomer)"
    )
    rating_source = choice(
        Entry.RatingSource.choices,
        help_text="typed by a director, or copied from the computed ratings (the club's, else "
        "all clubs') at entry and when round 1 is paired",
    )
    rating_games = serializers.IntegerField(
        allow_null=True,
        help_text="the rated games a computed rating rests on (null: typed or none)",
    )
    provisional = serializers.BooleanField(
        help_text="a computed rating resting on fewer than ten rated games"
    )
    status = choice(Entry.Status.choices)
    joins_round = serializers.IntegerField()
    withdrawn_after = serializers.IntegerField(allow_null=True)
    start_score = serializers.FloatField()
    affiliation = serializers.CharField(allow_blank=True)
    household = serializers.CharField(
        required=False, allow_blank=True, help_text="private: shown to the club's directors only"
    )
    version = serializers.IntegerField(
        help_text="changes with every change; its `ETag` (send it in `If-Match`)"
    )


class EntryCreateSerializer(StrictSerializer):
    """Directors and scorers enter a ``player`` or a ``team`` of the club; a logged-in
    user who names neither enters themselves (while entries are open)."""

    player = IdField(required=False, help_text="one of the club's players")
    team = IdField(required=False, help_text="one of the club's teams")
    rating = StrictIntegerField(min_value=0, max_value=999_999, required=False, default=0)
    affiliation = StrictCharField(max_length=120, required=False, allow_blank=True, default="")

    schema_extra = {"not": {"required": ["player", "team"]}}

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "player" in attrs and "team" in attrs:
            raise serializers.ValidationError({"team": ["enter either a player or a team"]})
        return attrs


class EntryUpdateSerializer(StrictSerializer):
    rating = StrictIntegerField(
        min_value=0,
        max_value=999_999,
        required=False,
        allow_null=True,
        help_text="a rating typed by the director (never replaced), or null: back to the "
        "computed rating",
    )
    household = StrictCharField(max_length=120, required=False, allow_blank=True)
    affiliation = StrictCharField(max_length=120, required=False, allow_blank=True)

    schema_extra = {"minProperties": 1}

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs:
            raise serializers.ValidationError("say what to change: rating, household, affiliation")
        return attrs


# ---------------------------------------------------------------------- forbidden pairs


class ForbiddenPairSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    first = EntryRefSerializer()
    second = EntryRefSerializer()
    reason = serializers.CharField(allow_blank=True)


class ForbidSerializer(StrictSerializer):
    first = IdField(help_text="an entry's id")
    second = IdField(help_text="another entry's id")
    reason = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
