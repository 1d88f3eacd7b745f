"""The ratings resource's views (JSON), under ``/api/`` (``scoring/api/urls.py``).

``GET /api/players/<id>/ratings`` — a player's ratings in every scope with their
history; ``GET /api/clubs/<club>/ladder?game=…&active_days=…`` — a club's ladder of
one game. Anyone may read them (the names are those of public standings). Ratings
come as people read them (``rating``, ``uncertainty``) and as OpenSkill holds them
(``mu``, ``sigma``); places, sequences and ranks count from 1.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from scoring import rating_read
from scoring.api.ratings import serializers as s
from tournaments.api.shared.errors import club_errors
from tournaments.api.shared.fields import MAX_ID
from tournaments.api.shared.views import ClubAPIView, QueryCheckedView
from tournaments.services.errors import NotFound


class PlayerRatingsView(QueryCheckedView):
    permission_classes = [AllowAny]
    query_names = ("game",)

    @extend_schema(
        summary="A player's ratings in every game, club and all clubs, with their history",
        parameters=[s.PlayerRatingsQuerySerializer],
        responses={200: s.PlayerRatingsSerializer, **club_errors(400, 404)},
    )
    def get(self, request: Request, player_id: int) -> Response:
        query = s.PlayerRatingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        if player_id > MAX_ID:
            raise NotFound(_("there is no rated player %(id)s") % {"id": player_id})
        return Response(rating_read.player_ratings(player_id, query.validated_data.get("game")))


class LadderView(ClubAPIView):
    permission_classes = [AllowAny]
    query_names = ("game", "active_days")

    @extend_schema(
        summary="A club's ladder of one game: its players by rating",
        parameters=[s.LadderQuerySerializer],
        responses={200: s.LadderSerializer, **club_errors(400, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = self.club(slug)
        query = s.LadderQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        found = query.validated_data
        return Response(rating_read.ladder(club, found.get("game"), found.get("active_days")))
