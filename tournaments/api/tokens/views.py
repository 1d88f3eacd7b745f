"""The tokens resource's view: an API token for a username and password."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.shared.errors import game_errors
from tournaments.api.shared.parsers import BoundedJSONParser
from tournaments.api.tokens import serializers as s
from tournaments.services.errors import ServiceError


class TokenView(ObtainAuthToken):
    # DRF's obtain_auth_token, with JSON read through the bounded parser.
    parser_classes = [BoundedJSONParser, FormParser, MultiPartParser]

    @extend_schema(
        summary="Exchange a username and password for an API token",
        description="Send the token as `Authorization: Token <token>` afterwards.",
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, **game_errors(400, 413, 415)},
        auth=[],
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        s.TokenRequestSerializer(data=request.data).is_valid(raise_exception=True)
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            # Well-formed but wrong credentials: a refusal in words (no per-field
            # `errors`: the request's shape was right).
            raise ServiceError(_("unable to log in with the username and password given")) from None
