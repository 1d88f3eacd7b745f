"""The request and response shapes of the people resource."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from scoring.person import GAMES_PER_PAGE, MOST_TOURNAMENTS

RESULT_HELP = "`won`, `lost` or `drawn`; null when the game's result is not known"


class GamesQuerySerializer(serializers.Serializer):
    page = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text=f"the page of games, 1 first ({GAMES_PER_PAGE} games a page)",
        error_messages={
            key: _("that is not a page number: pages are numbered from 1")
            for key in ("invalid", "min_value", "max_string_length")
        },
    )


class PersonRefSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="the person's id (`/api/players/{id}`)")
    name = serializers.CharField()


class ClubRefSerializer(serializers.Serializer):
    club = serializers.CharField(help_text="the club's slug")
    club_name = serializers.CharField()


class PlacingSerializer(serializers.Serializer):
    club = serializers.CharField(help_text="the club's slug")
    club_name = serializers.CharField()
    tournament = serializers.CharField(help_text="the tournament's slug in its club")
    name = serializers.CharField()
    game_type = serializers.CharField()
    game_name = serializers.CharField()
    starts_on = serializers.DateField(allow_null=True)
    finished = serializers.BooleanField(help_text="false: the place is the one after `after_round`")
    team = serializers.CharField(help_text="the team the person played in; empty: alone")
    place = serializers.IntegerField(
        allow_null=True,
        help_text="the place in the latest stored standings, 1 first; null: none yet",
    )
    entrants = serializers.IntegerField(help_text="entries not withdrawn")
    points = serializers.FloatField(allow_null=True, help_text="tournament points")
    after_round = serializers.IntegerField(
        allow_null=True, help_text="the round (1 first) the standings are of"
    )


class TablemateRecordSerializer(PersonRefSerializer):
    games = serializers.IntegerField(help_text="finished games at the same table")
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()


class PersonSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    clubs = ClubRefSerializer(many=True, help_text="by name")
    tournaments = PlacingSerializer(
        many=True, help_text=f"newest first, at most {MOST_TOURNAMENTS}; drafts left out"
    )
    tournaments_total = serializers.IntegerField(help_text="all the person's tournaments")
    partners = TablemateRecordSerializer(
        many=True,
        help_text="the 10 most frequent partners (same side), most games first; "
        "won/drawn/lost: the side's result at the table",
    )
    opponents = TablemateRecordSerializer(
        many=True,
        help_text="the 10 most frequent opponents, most games first; "
        "won/drawn/lost: the person's place against theirs",
    )


class WhereSerializer(serializers.Serializer):
    game = serializers.UUIDField(help_text="the game's id")
    game_type = serializers.CharField()
    game_name = serializers.CharField()
    finished_at = serializers.DateTimeField(allow_null=True)
    club = serializers.CharField(allow_null=True, help_text="the club's slug; null: a casual game")
    tournament = serializers.CharField(allow_null=True, help_text="the tournament's slug")
    tournament_name = serializers.CharField(allow_null=True)
    round = serializers.IntegerField(allow_null=True, help_text="1 first")
    table = serializers.IntegerField(allow_null=True, help_text="1 first")


class PlayedGameSerializer(WhereSerializer):
    place = serializers.IntegerField(allow_null=True, help_text="the person's place, 1 first")
    sides = serializers.IntegerField(help_text="how many sides played")
    result = serializers.CharField(allow_null=True, help_text=RESULT_HELP + " (the side's)")
    partners = PersonRefSerializer(many=True)
    opponents = PersonRefSerializer(many=True)
    rating_change = serializers.IntegerField(
        allow_null=True, help_text="what the game did to the all-clubs rating; null: not rated"
    )


class GamesPageSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    page = serializers.IntegerField(help_text="this page, 1 first")
    pages = serializers.IntegerField(help_text="how many pages there are (at least 1)")
    count = serializers.IntegerField(help_text="finished games in all")
    games = PlayedGameSerializer(many=True, help_text="newest first")


class TallySerializer(serializers.Serializer):
    games = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()


class MeetingSerializer(WhereSerializer):
    together = serializers.BooleanField(help_text="partners (the same side); false: opponents")
    result = serializers.CharField(allow_null=True, help_text=RESULT_HELP + ", for `player`")


class VersusSerializer(serializers.Serializer):
    player = PersonRefSerializer()
    other = PersonRefSerializer()
    as_opponents = TallySerializer(help_text="`player`'s results against `other`")
    as_partners = TallySerializer(help_text="their side's results when partners")
    games = MeetingSerializer(many=True, help_text="newest first, at most 100")
    more = serializers.IntegerField(help_text="games left out of the list")
