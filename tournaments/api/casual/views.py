"""The API of casual games and their invitation links (the web pages' service too:
:mod:`tournaments.services.casual`).

``seat`` fields here, as everywhere in the API, are 0-based indices: seat 0 is the
one the pages and the score sheets call "Seat 1".
"""

from __future__ import annotations

import uuid
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

import engine
from tournaments.api.casual.serializers import (
    CasualGameCreateSerializer,
    CasualGameSerializer,
    GameSummarySerializer,
    InvitationInfoSerializer,
    InvitationListSerializer,
    InvitationSerializer,
    InviteSerializer,
)
from tournaments.api.games.views import summary
from tournaments.api.shared.errors import BODY_ERRORS, game_errors
from tournaments.api.shared.views import GameAPIView
from tournaments.models import GameInvitation
from tournaments.services import bots_seating, casual


def title_of(game_type: str) -> str:
    try:
        return engine.game_class(game_type).title
    except engine.EngineError:
        return game_type


def _invitation(request: Request, invitation: GameInvitation) -> dict[str, Any]:
    return {
        "seat": invitation.seat,
        "token": invitation.token,
        "url": request.build_absolute_uri(reverse("games:join", args=[invitation.token])),
        "expires_at": invitation.expires_at,
    }


class CasualGameView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Start a casual online game: take a seat, get a link for each other seat",
        description="The game is created (online: the server deals) with the creator in "
        "`seat`; every other seat gets an invitation link (single use, withdrawable, dead "
        "once the game starts or after 7 days). The game starts by itself when the last "
        "seat is taken. " + "Seats are 0-based indices.",
        request=CasualGameCreateSerializer,
        responses={201: CasualGameSerializer, **game_errors(*BODY_ERRORS, 403)},
        examples=[
            OpenApiExample(
                "Scopa for two, to 11, creator in the first seat",
                value={"game": "scopa", "players": 2, "options": {"target": 11}, "seat": 0},
                request_only=True,
            ),
            OpenApiExample(
                "Briscola for two, 30 seconds a move, an automatic move when time runs out",
                value={
                    "game": "briscola",
                    "players": 2,
                    "seat": 0,
                    "time_control": {"kind": "move", "seconds": 30, "on_timeout": "auto"},
                },
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        body = CasualGameCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        game, invitations = casual.new_casual_game(
            user=request.user,
            game_type=data["game"],
            players=data["players"],
            options=data["options"],
            seat=data["seat"],
            time_control=data["time_control"],
        )
        return Response(
            {
                "game": summary(self.game(game.pk)),
                "invitations": [_invitation(request, i) for i in invitations],
            },
            status=status.HTTP_201_CREATED,
        )


class InvitationsView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The working invitation links of a game's empty seats (its creator)",
        responses={200: InvitationListSerializer, **game_errors(403, 404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        self.must_manage(request, game, "see its invitations")
        live = casual.live_invitations(game)
        return Response({"invitations": [_invitation(request, live[s]) for s in sorted(live)]})

    @extend_schema(
        summary="A new invitation link for an empty seat (its older link stops working)",
        request=InviteSerializer,
        responses={201: InvitationSerializer, **game_errors(*BODY_ERRORS, 403, 404, 409)},
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        self.must_manage(request, game, "invite players")
        body = InviteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        invitation = casual.invite(game, body.validated_data["seat"], request.user)
        return Response(_invitation(request, invitation), status=status.HTTP_201_CREATED)


class InvitationSeatView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Withdraw the seat's invitation link (its creator)",
        description="`seat` in the path is a 0-based seat index.",
        request=None,
        responses={204: OpenApiResponse(description="withdrawn"), **game_errors(403, 404)},
    )
    def delete(self, request: Request, game_id: uuid.UUID, seat: int) -> Response:
        casual.revoke(self.game(game_id), seat, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BotsView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Seat a bot in an empty seat (the casual game's creator)",
        description="A bot (a player marked `bot`, no login) takes the empty `seat` of a "
        "game being set up; the seat's invitation link stops working. Seating a bot in "
        "the last empty seat starts the game. The server plays the bot's moves (marked as "
        "a bot's in the log); the bot sees only its own seat's view, and a game with a bot "
        "counts for no rating. Not at a tournament's table (403). Seats are 0-based indices.",
        request=InviteSerializer,
        responses={201: GameSummarySerializer, **game_errors(*BODY_ERRORS, 403, 404, 409)},
        examples=[OpenApiExample("The third seat", value={"seat": 2}, request_only=True)],
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        body = InviteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        game = bots_seating.seat_bot(game, body.validated_data["seat"], by=request.user)
        return Response(summary(self.game(game.pk)), status=status.HTTP_201_CREATED)


class JoinView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="What an invitation link invites to, and whether it still works",
        responses={200: InvitationInfoSerializer, **game_errors(404)},
    )
    def get(self, request: Request, token: str) -> Response:
        found = casual.invitation(token)
        game = found.game
        return Response(
            {
                "game_id": game.pk,
                "game": game.game_type,
                "title": title_of(game.game_type),
                "players": game.players,
                "seat": found.seat,
                "usable": found.problem is None,
                "problem": found.problem,
            }
        )

    @extend_schema(
        summary="Take the seat an invitation link offers (logged in)",
        description="Single use: a used, withdrawn or expired link, a started game or a "
        "seat already taken is a 409 and changes nothing; an unknown token a 404. Taking "
        "the last empty seat starts the game.",
        request=None,
        responses={200: GameSummarySerializer, **game_errors(403, 404, 409)},
    )
    def post(self, request: Request, token: str) -> Response:
        if not request.user.is_authenticated:
            self.permission_denied(request, message="log in to take a seat")
        game = casual.take_seat(token, request.user)
        return Response(summary(self.game(game.pk)))
