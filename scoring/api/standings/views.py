"""The standings resource's views (JSON): the standings, the prize categories and the
final report, under ``/api/`` (``scoring/api/urls.py``).

``GET /api/clubs/<club>/tournaments/<tournament>/standings/`` — the stored standings
after the latest published round, or after ``?round=N``. Anyone may read them; a
tournament still being set up is a 404 except for the club's scorers and directors.
Numbers are JSON numbers (exact values are rounded to 6 decimals).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring import prize_service, read
from scoring.api.standings import serializers as s
from tournaments.api.shared.errors import READ, club_errors
from tournaments.api.shared.views import ClubAPIView
from tournaments.models import Tournament
from tournaments.services import access, entry_ratings
from tournaments.services.errors import NotFound


class StandingsView(ClubAPIView):
    permission_classes = [AllowAny]
    query_names = ("round",)

    @extend_schema(
        summary="A tournament's standings after a round (default: the latest)",
        parameters=[s.StandingsQuerySerializer],
        responses={200: s.StandingsSerializer, **club_errors(400, *READ)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        if not access.may_see_tournament(request.user, found):
            raise NotFound(f"no tournament {tournament!r} in this club")
        query = s.StandingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        number = query.validated_data.get("round")
        shown = read.read(found, number)
        if number is not None and number not in shown.rounds:
            missing = _(
                "there are no standings after round %(number)d (rounds with standings: %(rounds)s)"
            )
            rounds = ", ".join(map(str, shown.rounds)) or _("none yet")
            raise NotFound(missing % {"number": number, "rounds": rounds})
        answer = read.export_json(shown)
        ratings = entry_ratings.shown_by_entry(found)
        for row in answer["rows"]:
            rating = ratings.get(row["entry"])
            row["rating"] = rating["rating"] if rating else None
            row["provisional"] = rating["provisional"] if rating else None
        return Response(answer)


class PublicTournamentView(ClubAPIView):
    permission_classes = [AllowAny]

    def visible(self, request: Request, slug: str, tournament: str) -> Tournament:
        found = self.tournament(slug, tournament)
        if not access.may_see_tournament(request.user, found):
            raise NotFound(f"no tournament {tournament!r} in this club")
        return found


class PrizeCategoriesView(PublicTournamentView):
    @extend_schema(
        summary="A tournament's prize categories, in the order they are awarded",
        responses={200: s.PrizeCategoriesSerializer, **club_errors(*READ)},
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
        responses={200: s.FinalReportSerializer, **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.visible(request, slug, tournament)
        rep = prize_service.report(found)
        standings = rep.shown.standings
        return Response(
            {
                "tournament": found.name,
                "round": standings.round if standings else None,
                "final": rep.final,
                "one_prize_each": rep.one_prize_each,
                "prizes": rep.awards,
                "standings": read.export_rows(rep.shown),
            }
        )
