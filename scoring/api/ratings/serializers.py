"""The request and response shapes of the ratings resource."""

from __future__ import annotations

from rest_framework import serializers

from scoring.rating_read import MAX_ACTIVE_DAYS
from tournaments.api.shared.strict import StrictBooleanField, StrictSerializer

RATING_HELP = "as people read it: 60 × mu (1500 for a newcomer)"
UNCERTAINTY_HELP = "the ± after the rating: two standard deviations (120 × sigma)"


class PlayerRatingsQuerySerializer(serializers.Serializer):
    game = serializers.CharField(
        required=False, max_length=40, help_text="only this game type (e.g. `german_whist`)"
    )


class LadderQuerySerializer(serializers.Serializer):
    game = serializers.CharField(
        required=False,
        max_length=40,
        help_text="the game type; may be left out when the club has ratings in one game only",
    )
    active_days = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ACTIVE_DAYS,
        help_text="only players who played a rated game within this many days",
    )


class RatingNumbersSerializer(serializers.Serializer):
    rating = serializers.IntegerField(help_text=RATING_HELP)
    uncertainty = serializers.IntegerField(help_text=UNCERTAINTY_HELP)
    provisional = serializers.BooleanField(help_text="fewer than 10 rated games")
    mu = serializers.FloatField(help_text="OpenSkill's estimate of the skill")
    sigma = serializers.FloatField(help_text="OpenSkill's uncertainty (one standard deviation)")
    games = serializers.IntegerField(help_text="rated games the rating rests on")
    wins = serializers.IntegerField(help_text="games finished first, alone")
    last_played = serializers.DateTimeField()


class RatingChangeSerializer(serializers.Serializer):
    game = serializers.UUIDField(help_text="the game's id")
    sequence = serializers.IntegerField(help_text="the game's number in the scope, 1 first")
    played_at = serializers.DateTimeField(help_text="when the game finished")
    rating_before = serializers.IntegerField(help_text=RATING_HELP)
    rating = serializers.IntegerField(help_text=RATING_HELP)
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    place = serializers.IntegerField(help_text="the player's (side's) place: 1 is first")
    table_size = serializers.IntegerField(help_text="how many sides played")
    expected = serializers.FloatField(help_text="the side's chance of finishing first, before")


class ScopeRatingSerializer(RatingNumbersSerializer):
    game_type = serializers.CharField()
    game_name = serializers.CharField()
    club = serializers.CharField(allow_null=True, help_text="the club's slug; null: all clubs")
    club_name = serializers.CharField(allow_null=True)
    history = RatingChangeSerializer(many=True, help_text="oldest first")


class PlayerRatingsSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    ratings = ScopeRatingSerializer(
        many=True, help_text="per game: all clubs first, then each club the player played in"
    )


class LadderRowSerializer(RatingNumbersSerializer):
    rank = serializers.IntegerField(help_text="1, 2, 3 … by rating")
    player = serializers.IntegerField()
    name = serializers.CharField()


class LadderSerializer(serializers.Serializer):
    club = serializers.CharField()
    game_type = serializers.CharField()
    game_name = serializers.CharField()
    active_days = serializers.IntegerField(allow_null=True)
    rated_games = serializers.IntegerField(help_text="rated games of the club in this game")
    computed_at = serializers.DateTimeField(allow_null=True)
    rows = LadderRowSerializer(many=True)


class RatingSettingsSerializer(serializers.Serializer):
    count_forfeited_tables = serializers.BooleanField(
        help_text="a table with a recorded no-show or forfeit counts, on its game's final scores",
    )
    count_resigned_games = serializers.BooleanField(
        help_text="an online game a player resigned counts, the resigning side last",
    )


class RatingSettingsChangeSerializer(StrictSerializer):
    count_forfeited_tables = StrictBooleanField(
        required=False,
        help_text="a table with a recorded no-show or forfeit counts, on its game's final "
        "scores (default: no)",
    )
    count_resigned_games = StrictBooleanField(
        required=False,
        help_text="an online game a player resigned counts, the resigning side last (default: yes)",
    )
