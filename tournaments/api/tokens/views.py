"""The tokens resource's view: an API token for a username and password."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.shared.errors import game_errors
from tournaments.api.shared.parsers import BoundedJSONParser
from tournaments.api.tokens import serializers as s
from tournaments.services import lockouts
from tournaments.services.errors import ServiceError


class TokenView(ObtainAuthToken):
    # DRF's obtain_auth_token, with JSON read through the bounded parser.
    parser_classes = [BoundedJSONParser, FormParser, MultiPartParser]

    @extend_schema(
        summary="Exchange a username and password for an API token",
        description="Send the token as `Authorization: Token <token>` afterwards.",
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, **game_errors(400, 413, 415, 429)},
        auth=[],
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        s.TokenRequestSerializer(data=request.data).is_valid(raise_exception=True)
        # Password guessing is bounded per address and per account (services.lockouts):
        # once locked, even the right password is refused until the cool-off ends.
        data = request.data
        username = str(data.get("username") or "") if hasattr(data, "get") else ""
        if lockouts.is_locked(request, username or None):
            raise _locked_out(request)
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            if lockouts.is_locked(request, username or None):
                raise _locked_out(request) from None
            # Well-formed but wrong credentials: a refusal in words (no per-field
            # `errors`: the request's shape was right).
            raise ServiceError(_("unable to log in with the username and password given")) from None


def _locked_out(request: Request) -> Throttled:
    """429 with ``Retry-After`` (DRF's Throttled sets the header from ``wait``)."""
    return Throttled(wait=lockouts.retry_after(request), detail=lockouts.message(request))
