"""The request and response shapes of the records resource: a game's record, its
import, and the fairness of its deals."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from engine.record import RECORD_FORMAT
from tournaments.api.games.serializers import GameSummarySerializer as GameSummarySerializer
from tournaments.api.shared.errors import ErrorSerializer
from tournaments.api.shared.fields import (
    MAX_PLAYERS,
    MAX_SEAT_INDEX,
    EventField,
    OptionsField,
    OptionValueField,
)
from tournaments.api.shared.strict import (
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    choice,
)

HEX_64 = RegexValidator(r"^[0-9a-f]{64}$", _("must be 64 hexadecimal digits (0-9, a-f)"))


class RecordSerializer(serializers.Serializer):
    """A game record (RECORDS.md)."""

    format = serializers.CharField(required=False, default="tavolo-record/1")
    game = serializers.CharField()
    players = serializers.IntegerField()
    options = serializers.DictField(child=OptionValueField(allow_null=True), required=False)
    first_dealer = serializers.IntegerField(required=False)
    events = serializers.ListField(child=EventField())
    seed_commitment = serializers.CharField(required=False)
    seed = serializers.CharField(
        required=False, help_text="hex; present once the game is over (verify with it)"
    )


class RecordImportSerializer(StrictSerializer):
    """A game record to import (RECORDS.md): what :class:`RecordSerializer` exports."""

    format = choice([RECORD_FORMAT], strict=True, required=False)
    game = StrictCharField(max_length=40, help_text="the engine game (see /api/games/catalog)")
    players = StrictIntegerField(min_value=1, max_value=MAX_PLAYERS)
    options = OptionsField(required=False)
    first_dealer = StrictIntegerField(min_value=0, max_value=MAX_SEAT_INDEX, required=False)
    events = serializers.ListField(child=EventField())
    seed_commitment = StrictCharField(
        required=False, validators=[HEX_64], help_text="the exported game's (not kept)"
    )
    seed = StrictCharField(
        required=False, validators=[HEX_64], help_text="the exported game's (not kept)"
    )


class FairnessSerializer(serializers.Serializer):
    commitment = serializers.CharField(help_text="SHA-256 (hex) of the secret seed")
    seed = serializers.CharField(allow_null=True, help_text="hex; null until the game is over")
    algorithm = serializers.CharField()
    imported = serializers.BooleanField(
        help_text="deals of an imported game were not made from this seed"
    )


class VerificationSerializer(serializers.Serializer):
    verified = serializers.BooleanField()
    deals = serializers.IntegerField(required=False, help_text="deals checked (when verified)")
    reason = serializers.CharField(required=False, help_text="why not (when not verified)")


class RecordRejectedSerializer(ErrorSerializer):
    index = serializers.IntegerField(required=False, help_text="the rejected event's index")
    reason = serializers.CharField(required=False, help_text="the engine's reason, in English")
    code = serializers.CharField(required=False, help_text="the reason's rule code")
    params = serializers.DictField(required=False, help_text="the reason's parameters")
