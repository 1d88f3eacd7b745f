"""How the API describes and answers errors: the error bodies of its schema, the
schema entries of the error statuses an endpoint may answer, and the JSON 404 of any
other URL under ``/api/games/`` or ``/api/clubs/``.

The errors themselves are raised, not returned: ``ServiceError`` (400/403/409 with
details), engine errors (400) and DRF's own (400/403/404/415 …) all become JSON
through :func:`tavolo.api.exception_handler`.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

# ---------------------------------------------------------------------- error bodies


class ErrorSerializer(serializers.Serializer):
    detail = serializers.JSONField(help_text="what was wrong, in words")
    errors = serializers.JSONField(
        required=False, help_text="for invalid fields: the messages per field"
    )


class EngineErrorSerializer(ErrorSerializer):
    error = serializers.CharField(required=False, help_text="the engine's error class")
    code = serializers.CharField(
        required=False,
        help_text="the refusal's stable rule code (`follow_suit`, `scopa.capture.refused` …); "
        "with `params`, a client can write the message in its own language (docs/engine.md)",
    )
    params = serializers.DictField(
        required=False,
        help_text="the parameters of the message, typed by name (`seat` 0-based, `card` a "
        "card code …); a `reason` or `action` is a nested {code, params}",
    )

    option = serializers.CharField(required=False, help_text="the offending option")
    rule = serializers.CharField(required=False, help_text="the rule an illegal event breaks")


class ConflictSerializer(ErrorSerializer):
    version = serializers.IntegerField(required=False, help_text="the game's current version")


class ClubErrorSerializer(ErrorSerializer):
    field = serializers.CharField(required=False, help_text="the field or setting at fault")


# ---------------------------------------------------------------------- the schema's error statuses


def game_errors(*codes: int) -> dict[int, Any]:
    """Schema entries for the error statuses a game endpoint may answer."""
    described = {
        400: (EngineErrorSerializer, "bad input (malformed, illegal, out of range)"),
        403: (ErrorSerializer, "not allowed (log in, or not your seat / game)"),
        404: (ErrorSerializer, "no such game"),
        409: (ConflictSerializer, "conflicts with the game's state; `version` is current"),
        413: (ErrorSerializer, "request body too large"),
        415: (ErrorSerializer, "the body must be JSON"),
        429: (ErrorSerializer, "too many failed attempts: wait `Retry-After` seconds"),
    }
    return {
        code: OpenApiResponse(described[code][0], description=described[code][1]) for code in codes
    }


BODY_ERRORS = (400, 413, 415)
"""What a game endpoint that reads a JSON body may answer, whatever else it does."""


def club_errors(*codes: int) -> dict[int, Any]:
    """Schema entries for the error statuses a club endpoint may answer."""
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


# ---------------------------------------------------------------------- any other URL


@csrf_exempt
def game_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Any other URL under /api/games/: a JSON 404 (whatever the method)."""
    return JsonResponse(
        {"detail": f"there is no such API endpoint or game: {request.path}"}, status=404
    )


@csrf_exempt
def player_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Any other URL under /api/players/: a JSON 404 (whatever the method)."""
    return JsonResponse(
        {"detail": f"there is no such API endpoint or player: {request.path}"}, status=404
    )


@csrf_exempt
def club_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Any other URL under /api/clubs/: a JSON 404 (whatever the method)."""
    return JsonResponse(
        {"detail": f"there is no such API endpoint, club or tournament: {request.path}"},
        status=404,
    )
