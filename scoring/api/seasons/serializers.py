"""The request and response shapes of the seasons resource."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring import seasons as formulas
from tournaments.api.shared.strict import (
    SLUG_OR_BLANK,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from tournaments.services.season_settings import MAX_BEST, MAX_PLACES

NUMBER_OR_FRACTION = {"oneOf": [{"type": "number"}, {"type": "string", "pattern": r"^\d+/\d+$"}]}


@extend_schema_field(
    {
        "type": "array",
        "items": NUMBER_OR_FRACTION,
        "maxItems": MAX_PLACES,
        "description": "points of the 1st, 2nd, … place (numbers, or exact 'p/q' strings); "
        "a place past the list scores 0; never more points for a worse place",
    }
)
class PlacePointsField(serializers.JSONField):
    """Checked by the season service, which says what is wrong in words."""


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "integer", "minimum": 1},
        "description": "the ids of the club's tournaments that count; empty: every "
        "finished tournament of the club between the dates (of `game_type`, if set)",
    }
)
class TournamentIdsField(serializers.JSONField):
    """Checked by the season service (each must be one of the club's tournaments)."""


class SeasonWriteSerializer(StrictSerializer):
    name = StrictCharField(max_length=120)
    starts_on = serializers.DateField(help_text="the first day (YYYY-MM-DD, the club's calendar)")
    ends_on = serializers.DateField(help_text="the last day, included")
    game_type = StrictCharField(
        max_length=40,
        required=False,
        allow_blank=True,
        help_text="the game whose tournaments count (see /api/games/catalog); blank: any",
    )
    tournaments = TournamentIdsField(required=False)
    formula = StrictChoiceField(
        choices=list(formulas.KINDS),
        required=False,
        help_text="sum: sum of tournament points; best: sum of each player's best "
        "`best_of`; placement: points by final place (`place_points`)",
    )
    best_of = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_BEST,
        help_text="N: how many of each player's tournaments count (needed for best; "
        "optional for placement)",
    )
    place_points = PlacePointsField(required=False)
    public = StrictBooleanField(
        required=False, help_text="anyone may read the table (else the club's members)"
    )


class SeasonCreateSerializer(SeasonWriteSerializer):
    slug = StrictCharField(
        max_length=60,
        required=False,
        allow_blank=True,
        validators=[SLUG_OR_BLANK],
        help_text="the short name in URLs (made from the name when left out)",
    )


class SeasonUpdateSerializer(SeasonWriteSerializer):
    """Any of the settings; those left out keep their value."""

    schema_extra = {"minProperties": 1}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        for field in self.fields.values():
            field.required = False

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs:
            raise serializers.ValidationError(
                "say what to change: " + ", ".join(SeasonWriteSerializer().fields)
            )
        return attrs


class SeasonSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    game_type = serializers.CharField(allow_blank=True, help_text="blank: any game")
    tournaments = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="the tournaments chosen; empty: every finished one between the dates",
    )
    formula = serializers.ChoiceField(choices=list(formulas.KINDS))
    formula_words = serializers.CharField(help_text="how the season counts, in words")
    best_of = serializers.IntegerField(allow_null=True)
    place_points = serializers.ListField(child=serializers.FloatField())
    public = serializers.BooleanField()
    version = serializers.IntegerField(help_text="the season's version (its ETag)")


class CountedSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="its column: 1, 2, …")
    id = serializers.IntegerField()
    slug = serializers.CharField()
    name = serializers.CharField()
    starts_on = serializers.DateField(allow_null=True)
    finished = serializers.BooleanField()
    round = serializers.IntegerField(
        allow_null=True, help_text="the round of the standings counted (null: none yet)"
    )


class CellSerializer(serializers.Serializer):
    tournament = serializers.IntegerField(help_text="the tournament's id")
    points = serializers.FloatField(help_text="its tournament points")
    rank = serializers.IntegerField(help_text="its final place (1 = first)")
    entrants = serializers.IntegerField()
    season_points = serializers.FloatField(help_text="what it gives in the season")
    counted = serializers.BooleanField()


class SeasonRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="1 = first; shared by players tied on every rule")
    player = serializers.IntegerField(help_text="the player's id")
    name = serializers.CharField()
    points = serializers.FloatField()
    points_exact = serializers.JSONField(help_text="exact: an integer or a 'p/q' string")
    played = serializers.IntegerField()
    counted = serializers.IntegerField()
    tournaments = CellSerializer(many=True)


class SeasonTableSerializer(serializers.Serializer):
    season = SeasonSerializer()
    complete = serializers.BooleanField(help_text="every counted tournament is finished")
    updating = serializers.BooleanField(help_text="some standings are being recomputed")
    tournaments = CountedSerializer(many=True)
    rows = SeasonRowSerializer(many=True)
