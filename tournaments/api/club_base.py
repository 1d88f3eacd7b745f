"""What the club, tournament and round views share: the base view, finding the club
(tournament, entry, round) a URL names, and the error statuses of the schema.

Who may do what is the services' call (:func:`tournaments.services.clubs.require_role`
and the checks in each service function); the views only read the request, call
the service and shape the answer. Writes run in a transaction (``@atomic``), so a
refused request changes nothing, even where a service writes twice.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.views import APIView

from tournaments.api.parsers import BoundedJSONParser
from tournaments.api.serializers import ErrorSerializer
from tournaments.models import Club, Entry, Role, Round, Tournament
from tournaments.services import clubs, rounds, tournaments
from tournaments.services.errors import NotFound

MAX_ROUND = 2**15 - 1
MAX_ID = 2**63 - 1


class ClubErrorSerializer(ErrorSerializer):
    field = serializers.CharField(required=False, help_text="the field or setting at fault")


def errors(*codes: int) -> dict[int, Any]:
    """Schema entries for the error statuses an endpoint may answer."""
    described = {
        400: "bad input; `field` (or `errors`, per field) names what is wrong",
        403: "not allowed: log in, or your role in the club is not enough",
        404: "no such club, tournament, entry, round or member",
        409: "conflicts with the current state (already entered, published …)",
        413: "request body too large",
        415: "the body must be JSON",
    }
    return {
        code: OpenApiResponse(ClubErrorSerializer, description=described[code]) for code in codes
    }


READ = (404,)
WRITE = (400, 403, 404, 409, 413, 415)
"""A body-less read of something a URL names; a write with a JSON body."""


class ClubAPIView(APIView):
    # The base of the club API's views (no docstring: the schema would show it).
    parser_classes = [BoundedJSONParser]

    @staticmethod
    def club(slug: str) -> Club:
        return clubs.club_by_slug(slug)

    @classmethod
    def tournament(cls, slug: str, tournament: str) -> Tournament:
        return tournaments.tournament_in(cls.club(slug), tournament)

    @staticmethod
    def entry(tournament: Tournament, entry_id: int) -> Entry:
        if entry_id > MAX_ID:
            raise NotFound(f"{tournament.name} has no entry {entry_id}")
        return tournaments.entry_of(tournament, entry_id)

    @staticmethod
    def round(request: Request, tournament: Tournament, number: int) -> Round:
        """Round ``number``; a draft only for the club's directors (404 for others,
        exactly as if it did not exist)."""
        missing = NotFound(f"{tournament.name} has no round {number}")
        if number > MAX_ROUND:
            raise missing
        round_ = rounds.round_of(tournament, number)
        if not round_.is_published and not is_director(request, tournament.club):
            raise missing
        return round_


def is_director(request: Request, club: Club) -> bool:
    return clubs.has_role(request.user, club, Role.DIRECTOR)


@csrf_exempt
def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Any other URL under /api/clubs/: a JSON 404 (whatever the method)."""
    return JsonResponse(
        {"detail": f"there is no such API endpoint, club or tournament: {request.path}"},
        status=404,
    )
