"""The request and response shapes of the rounds resource: rounds, their tables and byes, the
director's preview, swaps and corrections."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.entries.serializers import EntryRefSerializer
from tournaments.api.shared.strict import (
    IdField,
    ObjectField,
    StrictBooleanField,
    StrictCharField,
    StrictSerializer,
    choice,
)
from tournaments.models import Round
from tournaments.services.table_states import STATES


class RoundSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = choice(Round.Status.choices)
    method = serializers.CharField(help_text="the pairing method that paired it")
    published_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(
        allow_null=True,
        help_text="when the round was closed (its sheets read-only but for directors)",
    )
    tables = serializers.IntegerField(help_text="how many tables")
    byes = serializers.IntegerField(help_text="how many entries sit out")


class PlaceSerializer(EntryRefSerializer):
    position = serializers.IntegerField(
        help_text="the entry's seat (individuals) or side (teams: seats side, side + 2 …)"
    )


class SeatedSerializer(PlaceSerializer):
    rating = serializers.IntegerField(
        allow_null=True,
        help_text="the entrant's rating for this event (null: the tournament does not show "
        "ratings, or the entrant has none)",
    )
    provisional = serializers.BooleanField(
        allow_null=True, help_text="the rating rests on fewer than ten rated games"
    )
    expected = serializers.FloatField(
        allow_null=True,
        help_text="the chance (0 to 1), from the ratings before the round, that the entrant's "
        "side finishes first at the table; null unless the tournament shows expected results "
        "for this table now (see expected_results)",
    )


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    game = serializers.UUIDField(
        allow_null=True, help_text="the table's game (/api/games/{id}/) once published"
    )
    entrants = SeatedSerializer(many=True, help_text="in seat (or side) order")
    disputed = serializers.BooleanField(
        help_text="a deal of the table's score sheet is in dispute (a director rules)"
    )
    state = choice(
        STATES,
        allow_null=True,
        help_text="where the table stands once published: playing, waiting (a tally waits "
        "for confirmation), disputed, done, forfeit, no_show; null in a draft",
    )
    state_label = serializers.CharField(
        allow_null=True, help_text="the state in words, as the pages show it"
    )


class RoundSerializer(RoundSummarySerializer):
    tables = TableSerializer(many=True)  # type: ignore[assignment]
    byes = EntryRefSerializer(many=True)  # type: ignore[assignment]


class ScoredPlaceSerializer(PlaceSerializer):
    score = serializers.FloatField(help_text="the entry's tournament score before the round")


class ScoredEntrySerializer(EntryRefSerializer):
    score = serializers.FloatField()


class EntryPairSerializer(serializers.Serializer):
    first = EntryRefSerializer()
    second = EntryRefSerializer()


class TablePreviewSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    game = serializers.UUIDField(allow_null=True)
    entrants = ScoredPlaceSerializer(many=True)
    rematches = EntryPairSerializer(many=True, help_text="entrants who met before")
    forbidden = EntryPairSerializer(
        many=True, help_text="entrants kept apart (director's pairs, household, affiliation)"
    )
    score_gap = serializers.FloatField(help_text="highest minus lowest score at the table")


class PreviewSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = choice(Round.Status.choices)
    tables = TablePreviewSerializer(many=True)
    byes = ScoredEntrySerializer(many=True)
    rematches = serializers.IntegerField(help_text="rematches over all tables")
    forbidden = serializers.IntegerField(help_text="forbidden pairs seated together")
    score_cost = serializers.FloatField(
        help_text="the sum over tables of the squared score difference of every two entrants"
    )


class SwapSerializer(StrictSerializer):
    first = IdField(help_text="an entry's id")
    second = IdField(help_text="another entry's id (seated or on a bye)")


class CorrectionRequestSerializer(SwapSerializer):
    reason = StrictCharField(max_length=300, help_text="why the published round changes")


class CorrectionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField(help_text="the round's number")
    made_by = serializers.CharField(allow_null=True, help_text="the director's username")
    reason = serializers.CharField()
    change = ObjectField(
        help_text='what changed: {"swap": [first, second], "tables": {"3": {"old_game", '
        '"new_game"}}}'
    )
    created_at = serializers.DateTimeField()


class PairRequestSerializer(StrictSerializer):
    confirm_unfinished = StrictBooleanField(
        required=False,
        default=False,
        help_text="pair even though tables of the last round are unfinished (send it after "
        "a 409 listing them)",
    )


class UnfinishedTableSerializer(serializers.Serializer):
    table = serializers.IntegerField(help_text="the table's number (from 1)")
    players = serializers.ListField(
        child=serializers.CharField(), help_text="entrants in seat order"
    )
    state = choice(STATES)
    state_label = serializers.CharField()


class UnfinishedSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="the refusal in words, naming the tables")
    round = serializers.IntegerField(help_text="the round whose tables are unfinished")
    unfinished = UnfinishedTableSerializer(many=True)
