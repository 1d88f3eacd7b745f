"""The request and response shapes of the tournaments resource: settings and status."""

from __future__ import annotations

from decimal import Decimal

from rest_framework import serializers

from tournaments.api.shared.strict import (
    SLUG_OR_BLANK,
    ObjectField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
    choice,
)
from tournaments.api.shared.time_control import TimeControlSerializer
from tournaments.models import Tournament

T = Tournament

# ---------------------------------------------------------------------- settings


class SettingsSerializer(StrictSerializer):
    """A tournament's settings (the engine checks game, options and table sizes)."""

    name = StrictCharField(max_length=120, required=False)
    game_type = StrictCharField(
        max_length=40, required=False, help_text="the engine game (see /api/games/catalog)"
    )
    options = ObjectField(required=False, help_text="engine options for every table's game")
    table_sizes = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=16),
        max_length=8,
        required=False,
        help_text="seats per table, most preferred first (empty: the game's first count)",
    )
    entry_kind = StrictChoiceField(choices=T.EntryKind.choices, required=False)
    mode = choice(T.Mode.choices, strict=True, required=False)
    time_control = TimeControlSerializer(
        required=False, allow_null=True, help_text="every table's clock (online); null: none"
    )
    rounds_planned = StrictIntegerField(min_value=1, max_value=99, required=False)
    pairing_method = StrictChoiceField(choices=T.PairingMethod.choices, required=False)
    first_round = StrictChoiceField(choices=T.FirstRound.choices, required=False)
    group_size = StrictIntegerField(
        min_value=2, max_value=64, allow_null=True, required=False, help_text="round robin only"
    )
    scoring = ObjectField(required=False, help_text="tournament-point settings")
    tiebreaks = serializers.ListField(
        child=StrictCharField(max_length=60), max_length=20, required=False
    )
    late_entry_score = serializers.DecimalField(
        max_digits=None,
        decimal_places=None,
        min_value=Decimal("-99999999.99"),
        max_value=Decimal("99999999.99"),
        coerce_to_string=False,
        required=False,
        help_text="tournament points for the rounds a late entry missed (kept to 0.01)",
    )
    avoid_same_household = StrictBooleanField(required=False)
    avoid_same_affiliation = StrictBooleanField(required=False)
    show_ratings = StrictBooleanField(
        required=False,
        help_text="the pairings and standings (pages, PDF, API) show each entrant's rating",
    )
    expected_results = StrictChoiceField(
        choices=T.ExpectedResults.choices,
        required=False,
        help_text="when a round shows each table's expected result (every side's chance of "
        "finishing first): hidden, after (once the table has its result or the round is "
        "closed), always (from publication)",
    )
    starts_on = serializers.DateField(
        required=False, allow_null=True, help_text="the day it is played (YYYY-MM-DD)"
    )
    start_time = serializers.TimeField(
        required=False,
        allow_null=True,
        help_text="when play starts (HH:MM) on the club's clock (its time_zone)",
    )
    venue = StrictCharField(max_length=200, required=False, allow_blank=True)
    description = StrictCharField(max_length=4000, required=False, allow_blank=True)
    entry_limit = StrictIntegerField(
        min_value=2,
        max_value=10_000,
        required=False,
        allow_null=True,
        help_text="at most this many entries (withdrawn ones not counted); null: no limit",
    )
    registration_open = StrictBooleanField(
        required=False, help_text="entries are taken while this is true and the status is open"
    )
    self_entry = StrictBooleanField(
        required=False, help_text="players with a login may enter and withdraw themselves"
    )


class TournamentCreateSerializer(SettingsSerializer):
    name = StrictCharField(max_length=120)
    slug = StrictCharField(
        max_length=60,
        required=False,
        allow_blank=True,
        validators=[SLUG_OR_BLANK],
        help_text="the short name in URLs (made from the name when left out)",
    )
    game_type = StrictCharField(max_length=40, help_text="the engine game (see /api/games/catalog)")


class TournamentUpdateSerializer(SettingsSerializer):
    """Any settings (not the slug); the game, options, table sizes, entry kind and
    pairing method only until a round is published."""


class TournamentSerializer(serializers.Serializer):
    club = serializers.CharField(help_text="the club's slug")
    slug = serializers.CharField()
    name = serializers.CharField()
    game_type = serializers.CharField()
    options = ObjectField()
    table_sizes = serializers.ListField(child=serializers.IntegerField())
    entry_kind = serializers.ChoiceField(choices=T.EntryKind.choices)
    mode = choice(T.Mode.choices)
    time_control = serializers.DictField(
        allow_null=True, help_text="every table's clock (online play); null: none"
    )
    rounds_planned = serializers.IntegerField()
    pairing_method = serializers.ChoiceField(choices=T.PairingMethod.choices)
    first_round = serializers.ChoiceField(choices=T.FirstRound.choices)
    group_size = serializers.IntegerField(allow_null=True)
    scoring = ObjectField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    points_rule = serializers.CharField(
        help_text="how a game scores, in a sentence (the defaults filled in)"
    )
    late_entry_score = serializers.FloatField()
    avoid_same_household = serializers.BooleanField()
    avoid_same_affiliation = serializers.BooleanField()
    show_ratings = serializers.BooleanField(
        help_text="the pairings and standings show each entrant's rating"
    )
    expected_results = choice(
        T.ExpectedResults.choices, help_text="when a round shows its tables' expected results"
    )
    status = choice(T.Status.choices)
    rounds_published = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    starts_on = serializers.DateField(allow_null=True)
    start_time = serializers.CharField(allow_null=True, help_text="HH:MM on the club's clock")
    time_zone = serializers.CharField(help_text="the club's time zone, e.g. Europe/Rome")
    starts_at = serializers.DateTimeField(
        allow_null=True, help_text="the start with the club's UTC offset (null: no date)"
    )
    venue = serializers.CharField(allow_blank=True)
    description = serializers.CharField(allow_blank=True)
    entry_limit = serializers.IntegerField(allow_null=True)
    entries = serializers.IntegerField(help_text="entries that count (withdrawn ones do not)")
    registration_open = serializers.BooleanField()
    self_entry = serializers.BooleanField()
    entries_closed = serializers.CharField(
        allow_null=True,
        help_text="why a player cannot enter themselves now, in words (null: they can)",
    )
    archived_at = serializers.DateTimeField(
        allow_null=True, help_text="when a director archived it (read-only since); null if not"
    )
    version = serializers.IntegerField(
        help_text="changes with every change; its `ETag` (send it in `If-Match`)"
    )


class StatusSerializer(StrictSerializer):
    status = choice(T.Status.choices, strict=True)
