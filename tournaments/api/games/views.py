"""The games resource's views: the catalog, creating a game, its public summary,
seating players and starting it. The views parse the request, check who asks, call
the service and answer; the other game resources (:mod:`~tournaments.api.play`,
:mod:`~tournaments.api.records`, :mod:`~tournaments.api.casual`) work the same way.

Errors are raised, not returned: ``ServiceError`` (400/403/409 with details),
engine errors (400) and DRF's own (400/403/404/415 …) all become JSON through
:func:`tavolo.api.exception_handler`.

Who may do what in the game API (see :mod:`tournaments.services.access`; submitting a move is
:func:`tournaments.services.moves.submit_move`'s, the rule the web's forms share):

- anyone, even anonymous: the catalog, a game's summary, the spectators' view and
  event log, the version, the fairness commitment and its verification, the record
  of a finished game;
- a seat's player, and nobody else: that seat's view, legal actions and log, and
  acting as it;
- the game's managers (its creator, staff, its tournament's directors): seating
  themselves (never another user: they are invited, see :mod:`tournaments.services.seats`),
  starting the game; while it is on they see what spectators see;
- a director of the game's tournament who does not play in it: a look at one seat's
  view, with a reason, recorded (``POST …/seats/{n}/look``,
  :mod:`tournaments.services.seat_override`).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

import engine
from engine import Game as EngineGame
from tournaments.api.games import serializers as s
from tournaments.api.shared.errors import BODY_ERRORS, game_errors
from tournaments.api.shared.views import GameAPIView
from tournaments.models import Game
from tournaments.services import clocks, game_store, games, seats


def summary(game: Game) -> dict[str, Any]:
    """The public summary of a game (reads its seats, players and their users)."""

    def public(state: EngineGame) -> dict[str, Any]:
        return {
            "options": dict(state.options),
            "scores": state.scores,
            "over": state.over,
            "winner": state.winner,
        }

    derived = game_store.read_state(game, public)
    return {
        "id": game.pk,
        "game": game.game_type,
        "options": derived["options"],
        "players": game.players,
        "first_dealer": game.first_dealer,
        "mode": game.mode,
        "status": game.status,
        "version": game.version,
        "seats": [
            {
                "seat": seat.number,
                "player_id": seat.player_id,
                "name": seat.player.name,
                "username": seat.player.user.get_username() if seat.player.user else None,
                "bot": seat.player.is_bot,
            }
            for seat in game.seats.select_related("player__user").order_by("number")
        ],
        "seed_commitment": game.seed_commitment,
        "scores": derived["scores"],
        "over": derived["over"],
        "winner": derived["winner"],
        "created_by": (game.created_by.get_username() if game.created_by_id is not None else None),
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "imported": game.imported,
        "clock": clocks.clock_json(game),
    }


# ---------------------------------------------------------------------- catalog


def _catalog_entry(name: str) -> dict[str, Any]:
    cls = engine.game_class(name)
    return {
        "name": name,
        "title": cls.title,
        "player_counts": list(cls.player_counts),
        "options": [
            {
                "name": option.name,
                "kind": option.kind,
                "default": getattr(option.default, "code", option.default),
                "help": option.help,
                "minimum": option.minimum,
                "maximum": option.maximum,
                "choices": list(option.choices) if option.choices is not None else None,
                "nullable": option.nullable,
            }
            for option in cls.option_spec.values()
        ],
        "events": sorted(cls.EVENTS),
        "chance_events": sorted(set(cls.EVENTS) & cls.CHANCE_EVENTS),
    }


class CatalogView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The games the engine plays, with player counts and options",
        responses={200: s.CatalogGameSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        return Response([_catalog_entry(name) for name in engine.available_games()])


# ---------------------------------------------------------------------- games


class GameCreateView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Create a game (in set-up; its seed commitment is published at once)",
        request=s.GameCreateSerializer,
        responses={201: s.GameSummarySerializer, **game_errors(*BODY_ERRORS, 403)},
        examples=[
            OpenApiExample(
                "Partnership whist to 5",
                value={"game": "whist", "players": 4, "options": {"target": 5}, "mode": "online"},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        body = s.GameCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        game = games.create_game(
            game_type=data["game"],
            players=data["players"],
            options=data["options"],
            first_dealer=data["first_dealer"],
            mode=data["mode"],
            created_by=request.user,
        )
        return Response(summary(self.game(game.pk)), status=status.HTTP_201_CREATED)


class GameDetailView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A game's public summary",
        responses={200: s.GameSummarySerializer, **game_errors(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        return Response(summary(self.game(game_id)))


class SeatAssignView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Take a seat yourself, or seat a guest at a game with real cards (managers)",
        description="The body names exactly one of: `username` (your own: you take the "
        "seat), `player` (your own player's id, or a guest's) or `name` (a new guest "
        "without a login). Another user is never seated for them (403): they take a seat "
        "through an invitation link (`POST /api/games/{id}/invitations`). A guest only at a "
        "game played with real cards (`physical`); one account holds one seat (409).",
        request=s.SeatAssignSerializer,
        responses={200: s.GameSummarySerializer, **game_errors(*BODY_ERRORS, 403, 404, 409)},
    )
    def put(self, request: Request, game_id: uuid.UUID, number: int) -> Response:
        game = self.game(game_id)
        self.must_manage(request, game, "seat players")
        body = s.SeatAssignSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        with transaction.atomic():  # a guest made for a seat that is refused is not kept
            seats.seat_requested(
                game,
                number,
                by=request.user,
                player=data.get("player"),
                name=data.get("name"),
                username=data.get("username"),
            )
        return Response(summary(self.game(game_id)))


class StartView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Start a game whose seats are all filled (managers)",
        description="An online game gets its first deal at once, from its committed seed.",
        request=None,
        responses={200: s.GameSummarySerializer, **game_errors(403, 404, 409)},
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        self.must_manage(request, game, "start the game")
        games.start_game(game.pk)
        return Response(summary(self.game(game_id)))
