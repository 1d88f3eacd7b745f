"""The request and response shapes of the director tools resource: checking everyone
in, entering several at once, importing entrants from CSV, archiving, unpublishing."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.entries.serializers import EntrySerializer as EntrySerializer
from tournaments.api.rounds.serializers import CorrectionSerializer as CorrectionSerializer
from tournaments.api.shared.errors import ClubErrorSerializer
from tournaments.api.shared.strict import (
    IdField,
    StrictBooleanField,
    StrictCharField,
    StrictSerializer,
)
from tournaments.api.tournaments.serializers import TournamentSerializer as TournamentSerializer
from tournaments.services import entry_import


class CheckedInSerializer(serializers.Serializer):
    checked_in = serializers.IntegerField(help_text="how many entries were checked in now")
    entries = EntrySerializer(many=True, help_text="those entries")


class SeveralSerializer(StrictSerializer):
    players = serializers.ListField(
        child=IdField(), required=False, default=list, max_length=200,
        help_text="ids of the club's players to enter",
    )  # fmt: skip
    guests = serializers.ListField(
        child=StrictCharField(max_length=120, allow_blank=True), required=False, default=list,
        max_length=200, help_text="names of new guests to make and enter",
    )  # fmt: skip


class ImportSerializer(StrictSerializer):
    csv = StrictCharField(
        max_length=entry_import.MAX_BYTES,
        trim_whitespace=False,
        help_text="the CSV text: a first line naming the columns (name, rating, household, "
        "affiliation, email; only name is needed), then one entrant per line",
    )


class ImportProblemSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text="the line of the file (the header is line 1)")
    error = serializers.CharField()


class ImportRefusedSerializer(ClubErrorSerializer):
    lines = ImportProblemSerializer(
        many=True,
        required=False,
        help_text="every bad line of the file (nothing was imported); absent when the "
        "request itself is wrong",
    )


class ArchiveSerializer(StrictSerializer):
    archived = StrictBooleanField(
        required=False, default=True, help_text="false brings the tournament back"
    )


class UnpublishSerializer(StrictSerializer):
    reason = StrictCharField(
        max_length=300, required=False, allow_blank=True, default="",
        help_text="why (kept with the round's corrections)",
    )  # fmt: skip
