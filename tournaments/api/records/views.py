"""The records resource's views: a game's record, importing one, and the fairness of
its deals (the seed's commitment and a server-side check).

Anyone reads the fairness commitment, its verification and the record of a finished
game; before the end nobody reads the record (it holds every deal), not even the
game's managers.
"""

from __future__ import annotations

import uuid

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments import fairness
from tournaments.api.games.views import summary
from tournaments.api.records import serializers as s
from tournaments.api.shared.errors import game_errors
from tournaments.api.shared.views import GameAPIView
from tournaments.services import games
from tournaments.services.errors import Conflict


class RecordView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The game's record (RECORDS.md), once it is over",
        description="Before the end it is refused to everyone (409), managers and "
        "directors too: it holds every deal.",
        responses={200: s.RecordSerializer, **game_errors(404, 409)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        if not game.is_over:
            raise Conflict(
                "the record is published once the game is over: it holds every deal",
                version=game.version,
            )
        return Response(games.export_record(game))


class ImportView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Import a record as a new game (validated event by event)",
        description="A bad record is rejected whole (400) with the reason and, for a bad "
        "event, its `index`; nothing is created.",
        request=s.RecordImportSerializer,
        examples=[
            OpenApiExample(
                "A one-deal game of partnership whist from a score sheet",
                value={
                    "format": "tavolo-record/1",
                    "game": "whist",
                    "players": 4,
                    "options": {"target": 1},
                    "first_dealer": 0,
                    "events": [{"type": "tally", "tricks": [8, 5]}],
                },
                request_only=True,
            )
        ],
        responses={
            201: s.GameSummarySerializer,
            400: OpenApiResponse(s.RecordRejectedSerializer, description="the record is bad"),
            **game_errors(403, 413, 415),
        },
    )
    def post(self, request: Request) -> Response:
        s.RecordImportSerializer(data=request.data).is_valid(raise_exception=True)
        game = games.import_record(request.data, created_by=request.user)
        return Response(summary(self.game(game.pk)), status=status.HTTP_201_CREATED)


# ---------------------------------------------------------------------- fairness


class FairnessView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The deal seed's commitment (and, once the game is over, the seed)",
        responses={200: s.FairnessSerializer, **game_errors(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        return Response({**games.fairness_info(game), "imported": game.imported})


class FairnessVerifyView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Check, server-side, that the revealed seed made every deal of the game",
        description="Once the game is over: checks the seed against the commitment and "
        "re-derives every deal of the record. 409 while the game is on (the seed is secret).",
        request=None,
        responses={200: s.VerificationSerializer, **game_errors(404, 409)},
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        if not game.is_over:
            raise Conflict(
                "the seed is revealed, and the deals can be verified, once the game is over",
                version=game.version,
            )
        record = games.export_record(game)
        try:
            deals = fairness.verify_record(record, record["seed"], game.seed_commitment)
        except fairness.VerificationFailed as failure:
            return Response({"verified": False, "reason": str(failure)})
        return Response({"verified": True, "deals": deals})
