"""The API of guest claims: a director issues a guest's one-time code, and a logged-in
user with a verified e-mail address claims the guest record with it. The claims
service decides; see :mod:`tournaments.services.claims` for the codes and the merge
rule, and docs/accounts.md for people.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tavolo.ids import MAX_ID
from tournaments.api.claims.serializers import (
    ClaimCodeSerializer,
    ClaimRequestSerializer,
    ClaimResultSerializer,
)
from tournaments.api.shared.errors import ClubErrorSerializer, club_errors
from tournaments.api.shared.views import ClubAPIView
from tournaments.models import Player, Role
from tournaments.services import access, claims
from tournaments.services.errors import NotFound

TOO_MANY = {
    429: OpenApiResponse(
        ClubErrorSerializer, description="too many refused codes lately: wait an hour and try again"
    )
}


def _tournament(t: Any) -> dict[str, Any]:
    return {"club": t.club.slug, "slug": t.slug, "name": t.name}


class ClaimView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Claim a guest record with the one-time code a director gave you",
        description="Needs a logged-in user whose e-mail address is verified (403 otherwise). "
        "A wrong, used or expired code is a 400/409 naming `code` and changes nothing; "
        "refused codes are counted per user, and past the limit the answer is 429. "
        "Refused (409) when your player and the guest both entered the same tournament.",
        request=ClaimRequestSerializer,
        responses={200: ClaimResultSerializer, **club_errors(400, 403, 409, 413, 415), **TOO_MANY},
    )
    def post(self, request: Request) -> Response:
        body = ClaimRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = claims.claim(request.user, body.validated_data["code"])
        ts = sorted(result.tournaments, key=lambda t: t.pk)
        return Response(
            {
                "player": {"id": result.player.pk, "name": result.player.name},
                "how": result.how,
                "club": result.club_slug,
                "tournaments": [_tournament(t) for t in ts],
            }
        )


class ClaimCodeView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Issue a one-time claim code for one of the club's guests (directors)",
        description="The code works once, for 14 days (`TAVOLO_CLAIM_CODE_DAYS`); a new code "
        "cancels the guest's unused ones. 409 when the player already has an account.",
        request=None,
        responses={201: ClaimCodeSerializer, **club_errors(403, 404, 409)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        club = self.club(slug)
        access.require_role(request.user, club, Role.DIRECTOR)  # before saying who exists
        guest = None
        if player_id <= MAX_ID:
            guest = Player.objects.filter(pk=player_id, club=club).first()
        if guest is None:
            raise NotFound(f"{club.name} has no guest with id {player_id}")
        issued = claims.issue_claim_code(guest, request.user)
        return Response(
            {
                "player": {"id": guest.pk, "name": guest.name},
                "code": issued.code,
                "expires_at": issued.expires_at,
            },
            status=status.HTTP_201_CREATED,
        )
