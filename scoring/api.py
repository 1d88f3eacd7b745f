"""The standings API (JSON), included under ``/api/`` by ``tavolo/urls.py``.

``GET /api/clubs/<club>/tournaments/<tournament>/standings/`` — the stored standings
after the latest published round, or after ``?round=N``. Anyone may read them; a
tournament still being set up is a 404 except for the club's scorers and directors.
Numbers are JSON numbers (exact values are rounded to 6 decimals).
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring import prize_service, read
from tournaments.api.club_base import READ, ClubAPIView, errors
from tournaments.models import Role, Tournament
from tournaments.services import clubs
from tournaments.services.errors import NotFound


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


class StandingsView(ClubAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A tournament's standings after a round (default: the latest)",
        parameters=[
            OpenApiParameter(
                "round",
                OpenApiTypes.INT,
                OpenApiParameter.QUERY,
                required=False,
                description="the round (default: the latest with standings)",
            )
        ],
        responses={200: StandingsSerializer, **errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        if found.status == Tournament.Status.DRAFT and not clubs.has_role(
            request.user, found.club, Role.SCORER
        ):
            raise NotFound(f"no tournament {tournament!r} in this club")
        value = request.query_params.get("round", "")
        number: Any = int(value) if value.isdigit() and len(value) < 6 else None
        return Response(read.export_json(read.read(found, number)))


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


class PublicTournamentView(ClubAPIView):
    permission_classes = [AllowAny]

    def visible(self, request: Request, slug: str, tournament: str) -> Tournament:
        found = self.tournament(slug, tournament)
        if found.status == Tournament.Status.DRAFT and not clubs.has_role(
            request.user, found.club, Role.SCORER
        ):
            raise NotFound(f"no tournament {tournament!r} in this club")
        return found


class PrizeCategoriesView(PublicTournamentView):
    @extend_schema(
        summary="A tournament's prize categories, in the order they are awarded",
        responses={200: PrizeCategoriesSerializer, **errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.visible(request, slug, tournament)
        return Response(
            {
                "one_prize_each": prize_service.one_prize_each(found),
                "categories": [
                    prize_service.category_json(c) for c in prize_service.categories_of(found)
                ],
            }
        )


class FinalReportView(PublicTournamentView):
    @extend_schema(
        summary="The final report: each prize category's winners and the final standings",
        responses={200: FinalReportSerializer, **errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.visible(request, slug, tournament)
        rep = prize_service.report(found)
        s = rep.shown.standings
        return Response(
            {
                "tournament": found.name,
                "round": s.round if s else None,
                "final": rep.final,
                "one_prize_each": rep.one_prize_each,
                "prizes": rep.awards,
                "standings": read.export_rows(rep.shown),
            }
        )


urlpatterns = [
    path(
        "clubs/<slug:slug>/tournaments/<slug:tournament>/prizes/",
        PrizeCategoriesView.as_view(),
        name="api-prizes",
    ),
    path(
        "clubs/<slug:slug>/tournaments/<slug:tournament>/report/",
        FinalReportView.as_view(),
        name="api-report",
    ),
    path(
        "clubs/<slug:slug>/tournaments/<slug:tournament>/standings/",
        StandingsView.as_view(),
        name="api-standings",
    ),
]
