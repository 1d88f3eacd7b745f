"""The request and response shapes of the standings resource: the standings, the
prize categories and the final report."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.shared.fields import MAX_ROUND


class StandingsQuerySerializer(serializers.Serializer):
    round = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ROUND,
        help_text="the round after which to show them (default: the latest with standings)",
    )


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="1, 2, 3 … (never shared: ties go by lot)")
    entry = serializers.IntegerField(help_text="the entry's id")
    number = serializers.IntegerField(help_text="the entry's start number")
    name = serializers.CharField()
    points = serializers.FloatField(help_text="tournament points")
    tiebreaks = serializers.DictField(
        child=serializers.FloatField(), help_text="tiebreak name → value, in `tiebreaks` order"
    )
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    forfeits_won = serializers.IntegerField()
    forfeits_lost = serializers.IntegerField()
    absences = serializers.IntegerField()
    withdrawn = serializers.BooleanField()
    pending = serializers.BooleanField(help_text="its table of this round has no result yet")
    places = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="games finished 1st, 2nd, … at the table (index 0 = 1st place)",
    )
    rating = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="the entrant's rating for this event, when the tournament shows ratings "
        "(null: it does not, or the entrant has none)",
    )
    provisional = serializers.BooleanField(
        required=False,
        allow_null=True,
        help_text="the rating rests on fewer than ten rated games",
    )


class StandingsSerializer(serializers.Serializer):
    tournament = serializers.CharField(help_text="the tournament's name")
    club = serializers.CharField(help_text="the club's slug")
    slug = serializers.CharField(help_text="the tournament's slug")
    round = serializers.IntegerField(allow_null=True, help_text="standings after this round")
    rounds = serializers.ListField(
        child=serializers.IntegerField(), help_text="rounds with stored standings"
    )
    provisional = serializers.BooleanField(help_text="some tables of the round have no result")
    pending_tables = serializers.IntegerField()
    tables = serializers.IntegerField()
    updating = serializers.BooleanField(help_text="a recomputation is owed or under way")
    version = serializers.IntegerField(help_text="goes up whenever the standings change")
    computed_at = serializers.DateTimeField(allow_null=True)
    tiebreaks = serializers.ListField(child=serializers.CharField())
    note = serializers.CharField(help_text="how unplayed rounds count for the tiebreaks")
    rows = StandingsRowSerializer(many=True)


class PrizeCategorySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    places = serializers.IntegerField(help_text="how many places the category awards")
    position = serializers.IntegerField(help_text="order of awarding, 1 first")
    eligibility = serializers.ChoiceField(
        choices=["everyone", "guests", "newcomers", "members", "rating_below", "chosen"]
    )
    eligibility_label = serializers.CharField(help_text="who may win it, in words")
    rating_below = serializers.IntegerField(allow_null=True)
    chosen = serializers.ListField(
        child=serializers.IntegerField(), help_text="start numbers, for `chosen`"
    )


class PrizeCategoriesSerializer(serializers.Serializer):
    one_prize_each = serializers.BooleanField(
        help_text="a player wins at most one prize; earlier categories take precedence"
    )
    categories = PrizeCategorySerializer(many=True)


class PrizeWinnerSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="1, 2, 3 … within the category")
    entry = serializers.IntegerField()
    number = serializers.IntegerField(help_text="start number")
    name = serializers.CharField()
    rank = serializers.IntegerField(help_text="rank in the final standings")
    points = serializers.FloatField()


class PrizeAwardSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    places = serializers.IntegerField()
    eligibility = serializers.CharField()
    eligibility_label = serializers.CharField()
    rating_below = serializers.IntegerField(allow_null=True)
    winners = PrizeWinnerSerializer(many=True, help_text="empty when nobody is eligible")


class FinalReportSerializer(serializers.Serializer):
    tournament = serializers.CharField()
    round = serializers.IntegerField(allow_null=True, help_text="standings after this round")
    final = serializers.BooleanField(help_text="the tournament is finished (else: may change)")
    one_prize_each = serializers.BooleanField()
    prizes = PrizeAwardSerializer(many=True)
    standings = StandingsRowSerializer(many=True)
