"""The ratings resource's views (JSON), under ``/api/`` (``scoring/api/urls.py``).

``GET /api/players/<id>/ratings`` — a player's ratings in every scope with their
history; ``GET /api/clubs/<club>/ladder?game=…&active_days=…`` — a club's ladder of
one game; ``GET``/``PATCH /api/clubs/<club>/rating-settings`` — what counts for the
club's ratings (directors change it). Anyone may read them (the names are those of
public standings). Ratings come as people read them (``rating``, ``uncertainty``)
and as OpenSkill holds them (``mu``, ``sigma``); places, sequences and ranks count
from 1.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from scoring import rating_club_settings, rating_read
from scoring.api.ratings import serializers as s
from tavolo.ids import MAX_ID
from tournaments.api.shared.errors import READ, WRITE, club_errors
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


class RatingSettingsView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="What counts for a club's ratings",
        responses={200: s.RatingSettingsSerializer, **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(rating_club_settings.rating_settings_of(self.club(slug)))

    @extend_schema(
        summary="Change what counts for a club's ratings (directors); they are rated again",
        request=s.RatingSettingsChangeSerializer,
        responses={200: s.RatingSettingsSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def patch(self, request: Request, slug: str) -> Response:
        body = s.RatingSettingsChangeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = self.club(slug)
        return Response(
            rating_club_settings.change_rating_settings(club, request.user, **body.validated_data)
        )
