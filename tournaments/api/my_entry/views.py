"""``…/tournaments/{t}/my-entry``: a logged-in player enters or withdraws themselves.

The same service as the tournament page (:mod:`tournaments.services.self_entry`):
entries are taken only where the director allows players to enter themselves, while
the tournament is open for entries, not started and not full; a refusal says why in
words (409). Team tournaments take one of the player's teams (``team``) or partners
from the club's players (``partners``), the player seated first.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.entries.views import EntryAPIView
from tournaments.api.my_entry import serializers as s
from tournaments.api.shared.errors import club_errors
from tournaments.services import self_entry
from tournaments.services.errors import NotFound


class MyEntryView(EntryAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Your own entry in the tournament (404: you are not entered)",
        responses={200: s.EntrySerializer, **club_errors(403, 404)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        mine = self_entry.own_entry(found, request.user)
        if mine is None:
            raise NotFound(f"you are not entered in {found.name}")
        return self.answer(request, mine)

    @extend_schema(
        summary="Enter yourself (where the director allows it, while entries are open)",
        description="Send `{}` for an individual tournament. For teams send one of your "
        "teams (`team`) or the ids of `partners` among the club's players (see "
        "`…/players/`): a team of you and them is made, named after you. A player who "
        "withdrew gets their old entry back if there is room. 409 says in words why "
        "entries are not taken (closed, started, full) or that you are already entered.",
        request=s.MyEntrySerializer,
        responses={201: s.EntrySerializer, **club_errors(400, 403, 404, 409)},
        examples=[
            OpenApiExample("alone", value={}, request_only=True),
            OpenApiExample("with a partner", value={"partners": [12]}, request_only=True),
        ],
    )
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.MyEntrySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        entry = self_entry.enter_self(
            found,
            by=request.user,
            team_id=body.validated_data.get("team"),
            partner_ids=body.validated_data.get("partners", []),
        )
        return self.answer(request, entry, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Withdraw your own entry (before play begins)",
        request=None,
        responses={200: s.EntrySerializer, **club_errors(403, 404, 409)},
    )
    def delete(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        return self.answer(request, self_entry.withdraw_self(found, by=request.user))
