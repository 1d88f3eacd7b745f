"""The seasons resource's views, under ``/api/`` (``scoring/api/urls.py``).

- ``GET /api/clubs/<club>/seasons/``: the club's seasons a reader may see (the public
  ones; every one for the club's members); ``POST``: a new season (directors).
- ``GET``/``PATCH``/``DELETE /api/clubs/<club>/seasons/<season>``: one season's
  settings (``ETag``: its version; ``If-Match`` makes a change conditional).
- ``GET /api/clubs/<club>/seasons/<season>/table``: the season table.

A private season is a 404 for anyone outside the club (its existence is not told).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring import numbers, season_table
from scoring.api.seasons import serializers as s
from tournaments.api.shared.errors import READ, WRITE, club_errors
from tournaments.api.shared.versions import (
    ETAG_NOTE,
    IF_MATCH,
    PRECONDITION_FAILED,
    guarded,
    tagged,
)
from tournaments.api.shared.views import ClubAPIView
from tournaments.models import Club, Season
from tournaments.services import access, seasons
from tournaments.services.errors import NotFound


def season_json(season: Season) -> dict[str, Any]:
    given = seasons.settings_of(season)
    return {
        "slug": season.slug,
        "name": season.name,
        "starts_on": season.starts_on,
        "ends_on": season.ends_on,
        "game_type": season.game_type,
        "tournaments": list(given.tournaments),
        "formula": season.formula,
        "formula_words": season_table.formula_words(season),
        "best_of": season.best_of,
        "place_points": [numbers.approximate(p) for p in season.place_points or []],
        "public": season.public,
        "version": season.version,
    }


def table_json(table: season_table.SeasonTable) -> dict[str, Any]:
    return {
        "season": season_json(table.season),
        "complete": table.complete,
        "updating": table.updating,
        "tournaments": [
            {
                "number": c.number,
                "id": c.tournament.pk,
                "slug": c.tournament.slug,
                "name": c.tournament.name,
                "starts_on": c.tournament.starts_on,
                "finished": c.finished,
                "round": c.round,
            }
            for c in table.tournaments
        ],
        "rows": season_table.export_rows(table),
    }


class SeasonAPIView(ClubAPIView):
    permission_classes = [AllowAny]

    def season(self, request: Request, club: Club, slug: str) -> Season:
        """The season, if the reader may see it (else the same 404 as a missing one)."""
        found = Season.objects.filter(club=club, slug=slug).first()
        if found is None or not access.may_read_season(found, request.user):
            raise NotFound(
                _("%(club)s has no season %(slug)s") % {"club": club.name, "slug": repr(slug)}
            )
        return found


def _current(pk: int) -> dict[str, Any]:
    found = Season.objects.filter(pk=pk).first()
    return season_json(found) if found else {}


class SeasonsView(SeasonAPIView):
    @extend_schema(
        summary="A club's seasons (the public ones; every one for its members)",
        responses={200: s.SeasonSerializer(many=True), **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = self.club(slug)
        return Response([season_json(x) for x in seasons.visible_seasons(club, request.user)])

    @extend_schema(
        summary="Create a season of the club (directors)",
        description="Dates on the club's calendar; no `tournaments`: every finished "
        "tournament of the club between the dates counts. docs/seasons.md has the formulas.",
        request=s.SeasonCreateSerializer,
        responses={201: s.SeasonSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str) -> Response:
        club = self.club(slug)
        body = s.SeasonCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        season = seasons.create_season(
            club, by=request.user, settings=seasons.SeasonSettings(**body.validated_data)
        )
        answer = Response(season_json(season), status=status.HTTP_201_CREATED)
        return tagged(answer, season.version)


class SeasonView(SeasonAPIView):
    @extend_schema(
        summary="A season's settings",
        description=ETAG_NOTE.strip(),
        responses={200: s.SeasonSerializer, **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, season: str) -> Response:
        found = self.season(request, self.club(slug), season)
        return tagged(Response(season_json(found)), found.version)

    @extend_schema(
        summary="Change a season's settings (directors); those left out stay",
        parameters=[IF_MATCH],
        request=s.SeasonUpdateSerializer,
        responses={200: s.SeasonSerializer, **club_errors(*WRITE), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def patch(self, request: Request, slug: str, season: str) -> Response:
        found = self.season(request, self.club(slug), season)
        body = s.SeasonUpdateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        wanted = seasons.changed_settings(seasons.settings_of(found), **body.validated_data)
        changed = guarded(
            request,
            lambda expected: seasons.update_season(
                found, by=request.user, settings=wanted, expected_version=expected
            ),
            lambda: _current(found.pk),
        )
        return tagged(Response(season_json(changed)), changed.version)

    @extend_schema(
        summary="Delete a season (directors): its tournaments stay",
        parameters=[IF_MATCH],
        responses={204: None, **club_errors(400, 403, 404), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def delete(self, request: Request, slug: str, season: str) -> Response:
        found = self.season(request, self.club(slug), season)
        guarded(
            request,
            lambda expected: seasons.delete_season(
                found, by=request.user, expected_version=expected
            ),
            lambda: _current(found.pk),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonTableView(SeasonAPIView):
    @extend_schema(
        summary="A season's table: each player's points, tournaments played and counted",
        description="Ranks: more points, then more tournaments counted, then better places "
        "(best first); otherwise shared. docs/seasons.md has the formulas.",
        responses={200: s.SeasonTableSerializer, **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, season: str) -> Response:
        found = self.season(request, self.club(slug), season)
        return Response(table_json(season_table.season_table(found)))
