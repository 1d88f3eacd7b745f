"""The request and response shapes of the score-sheets resource: a table's sheet, its
lines, and the requests that write them (entries, confirmations, rulings,
corrections, forfeits)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tavolo.ids import MAX_ID
from tournaments.api.shared.strict import (
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from tournaments.models import Forfeit
from tournaments.services import sheets


@extend_schema_field(
    {
        "type": "object",
        "description": "a tally event: its `type` and the game's own fields",
        "additionalProperties": True,
    }
)
class TallyField(serializers.JSONField):
    """A tally event (its fields depend on the game; the engine checks it): a JSON
    object."""

    default_error_messages = {"not_an_object": _("a tally must be a JSON object")}

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if not isinstance(value, dict):
            self.fail("not_an_object")
        return value


class LineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    deal = serializers.IntegerField()
    kind = serializers.CharField(help_text="entry, confirm, resolve or correct")
    side = serializers.IntegerField(
        allow_null=True, help_text="0-based side index; null: a scorer or director"
    )
    tally = serializers.JSONField(allow_null=True)
    by = serializers.CharField(allow_null=True, help_text="the login; null for a guest")
    name = serializers.CharField(allow_null=True, help_text="the writer's display name")
    seat = serializers.IntegerField(
        allow_null=True, help_text="the 0-based seat it was written for (people read seat + 1)"
    )
    guest = serializers.BooleanField(help_text="written without a login, through the table link")
    device = serializers.CharField(
        required=False, help_text="history only: a hash of the writer's device id"
    )
    at = serializers.DateTimeField()
    reason = serializers.CharField(required=False)
    chose = serializers.IntegerField(required=False)
    client_id = serializers.UUIDField(required=False, help_text="history only")


class DealSerializer(serializers.Serializer):
    deal = serializers.IntegerField()
    dealer = serializers.IntegerField(help_text="the 0-based seat that deals it")
    status = serializers.CharField(help_text="empty, pending, confirmed, disputed or counted")
    tally = serializers.JSONField(allow_null=True, help_text="the agreed or entered tally")
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    totals = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    differs = serializers.ListField(
        child=serializers.CharField(), help_text="disputed: the fields that differ (paths)"
    )
    differences = serializers.ListField(
        child=serializers.CharField(),
        help_text='disputed: what differs, in words ("Carla\'s first-hand tricks: 2 or 3")',
    )
    entries = LineSerializer(many=True)
    entered_by_sides = serializers.ListField(child=serializers.IntegerField())
    problem = serializers.CharField(allow_null=True)


class SheetSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    round = serializers.IntegerField()
    tournament = serializers.CharField()
    game = serializers.UUIDField()
    game_type = serializers.CharField()
    game_status = serializers.CharField()
    sides = serializers.ListField(child=serializers.CharField())
    seats = serializers.ListField(child=serializers.DictField())
    deals = DealSerializer(many=True)
    counted = serializers.IntegerField()
    next_deal = serializers.IntegerField(allow_null=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    over = serializers.BooleanField()
    winner = serializers.JSONField(allow_null=True)
    disputed = serializers.ListField(child=serializers.IntegerField())
    closed = serializers.BooleanField(help_text="the round is closed: read-only but for directors")
    forfeits = serializers.ListField(child=serializers.DictField())
    you = serializers.DictField(required=False)


class WrittenSerializer(serializers.Serializer):
    line = LineSerializer()
    counted = serializers.ListField(child=serializers.IntegerField())
    sheet = SheetSerializer()


class EntryRequestSerializer(StrictSerializer):
    deal = StrictIntegerField(min_value=1, max_value=sheets.MAX_DEALS)
    tally = TallyField(help_text='e.g. {"type": "tally", "tricks": [7, 6]}')
    client_id = serializers.UUIDField()


class ConfirmRequestSerializer(StrictSerializer):
    deal = StrictIntegerField(min_value=1, max_value=sheets.MAX_DEALS)
    client_id = serializers.UUIDField()


class ResolveRequestSerializer(StrictSerializer):
    deal = StrictIntegerField(min_value=1, max_value=sheets.MAX_DEALS)
    client_id = serializers.UUIDField()
    entry = StrictIntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="the id of the entry line chosen"
    )
    tally = TallyField(required=False, help_text="or the director's own tally")
    reason = StrictCharField(required=False, allow_blank=True, max_length=300)

    schema_extra = {"oneOf": [{"required": ["entry"]}, {"required": ["tally"]}]}

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if ("entry" in data) == ("tally" in data):
            raise serializers.ValidationError("give either entry (a line id) or tally")
        return data


class CorrectRequestSerializer(StrictSerializer):
    deal = StrictIntegerField(min_value=1, max_value=sheets.MAX_DEALS)
    tally = TallyField()
    reason = StrictCharField(max_length=300)
    client_id = serializers.UUIDField()


class ForfeitRequestSerializer(StrictSerializer):
    entry = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="the entry's id")
    kind = StrictChoiceField(choices=Forfeit.Kind.choices, help_text="no_show or forfeit")
    note = StrictCharField(required=False, allow_blank=True, max_length=200)


class ForfeitSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    entry = serializers.IntegerField()
    kind = serializers.CharField()
    note = serializers.CharField()
    recorded_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
