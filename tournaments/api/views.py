"""The game API's views: parse the request, check who asks, call the service, answer.

Errors are raised, not returned: ``ServiceError`` (400/403/409 with details),
engine errors (400) and DRF's own (400/403/404/415 …) all become JSON through
:func:`tavolo.api.exception_handler`.

Who may do what (see :mod:`tournaments.services.access`; submitting a move is
:func:`tournaments.services.moves.submit_move`'s, the rule the web's forms share):

- anyone, even anonymous: the catalog, a game's summary, the spectators' view and
  event log, the version, the fairness commitment and its verification, the record
  of a finished game;
- a seat's player: that seat's view, legal actions and log, and acting as it;
- the game's managers (its creator, staff): seating players, starting the game,
  and, when they do not play at the table themselves, every seat's view and acting
  for any seat, and the record at any time.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from engine import Game as EngineGame
from tournaments import fairness
from tournaments.api import serializers as s
from tournaments.api.parsers import BoundedJSONParser
from tournaments.models import Game
from tournaments.services import games, moves, players
from tournaments.services.access import can_manage, can_see_seat, seats_of
from tournaments.services.errors import Conflict, Forbidden, ServiceError

LEGAL_LIST_LIMIT = moves.LEGAL_LIST_LIMIT
"""Above this many legal actions (an Italian Whist split has 48620), ``/legal`` gives
the game's compact hint instead of the list (:func:`moves.legal_of`)."""


def errors(*codes: int) -> dict[int, Any]:
    """Schema entries for the error statuses an endpoint may answer."""
    described = {
        400: (s.EngineErrorSerializer, "bad input (malformed, illegal, out of range)"),
        403: (s.ErrorSerializer, "not allowed (log in, or not your seat / game)"),
        404: (s.ErrorSerializer, "no such game"),
        409: (s.ConflictSerializer, "conflicts with the game's state; `version` is current"),
        413: (s.ErrorSerializer, "request body too large"),
        415: (s.ErrorSerializer, "the body must be JSON"),
    }
    return {
        code: OpenApiResponse(described[code][0], description=described[code][1]) for code in codes
    }


BODY_ERRORS = (400, 413, 415)


class GameAPIView(APIView):
    # The base of the game API's views (no docstring: the schema would show it for
    # each). Bodies are JSON only, read through the bounded parser.
    parser_classes = [BoundedJSONParser]

    @staticmethod
    def game(game_id: uuid.UUID) -> Game:
        """The game (404 if there is none): one query. Its seats are read only when a
        permission needs them (:func:`access.seat_users`, cached once it started)."""
        try:
            return Game.objects.get(pk=game_id)
        except Game.DoesNotExist:
            raise Game.DoesNotExist(f"there is no game {game_id}") from None

    @staticmethod
    def must_manage(request: Request, game: Game, what: str) -> None:
        if not can_manage(request.user, game):
            raise Forbidden(f"only the game's creator or a director may {what}")

    @staticmethod
    def seat_param(request: Request, game: Game, *, required: bool = False) -> int | None:
        """The ``seat`` query parameter, checked: in range, and the user may see it."""
        serializer_class = s.RequiredSeatQuerySerializer if required else s.SeatQuerySerializer
        query = serializer_class(data=request.query_params)
        query.is_valid(raise_exception=True)
        seat: int | None = query.validated_data.get("seat")
        if seat is None:
            return None
        if seat >= game.players:
            raise ServiceError(f"seat must be from 0 to {game.players - 1}, not {seat}")
        if not can_see_seat(request.user, game, seat):
            raise Forbidden(
                f"you may not see seat {seat}'s cards: only its player may, and the game's "
                "managers when they do not play at the table"
            )
        return seat


def summary(game: Game) -> dict[str, Any]:
    """The public summary of a game (reads its seats, players and their users)."""

    def public(state: EngineGame) -> dict[str, Any]:
        return {
            "options": dict(state.options),
            "scores": state.scores,
            "over": state.over,
            "winner": state.winner,
        }

    derived = games.read_state(game, public)
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
    }


@csrf_exempt
def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    """Any other URL under /api/games/: a JSON 404 (whatever the method)."""
    return JsonResponse(
        {"detail": f"there is no such API endpoint or game: {request.path}"}, status=404
    )


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
        responses={201: s.GameSummarySerializer, **errors(*BODY_ERRORS, 403)},
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
        responses={200: s.GameSummarySerializer, **errors(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        return Response(summary(self.game(game_id)))


class SeatAssignView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Seat a player (managers, before the start)",
        description="The body names exactly one of: `player` (an existing player's id), "
        "`name` (a new guest player without a login) or `username` (that user's player, "
        "made if needed).",
        request=s.SeatAssignSerializer,
        responses={200: s.GameSummarySerializer, **errors(*BODY_ERRORS, 403, 404, 409)},
    )
    def put(self, request: Request, game_id: uuid.UUID, number: int) -> Response:
        game = self.game(game_id)
        self.must_manage(request, game, "seat players")
        body = s.SeatAssignSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        with transaction.atomic():  # a guest made for a seat that is refused is not kept
            if "player" in data:
                player = players.player_by_id(data["player"])
            elif "name" in data:
                player = players.guest(data["name"])
            else:
                player = players.player_of_user(data["username"])
            games.seat_player(game, number, player)
        return Response(summary(self.game(game_id)))


class StartView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Start a game whose seats are all filled (managers)",
        description="An online game gets its first deal at once, from its committed seed.",
        request=None,
        responses={200: s.GameSummarySerializer, **errors(403, 404, 409)},
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        self.must_manage(request, game, "start the game")
        games.start_game(game.pk)
        return Response(summary(self.game(game_id)))


# ---------------------------------------------------------------------- reading a game


class GameViewView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A seat's view (its player, or a manager not at the table) or the spectators'",
        parameters=[s.SeatQuerySerializer],
        responses={200: s.ViewSerializer, **errors(400, 403, 404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        seat = self.seat_param(request, game)
        return Response(games.seat_view(game, seat))


class LegalView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A seat's legal actions now (same permission as its view)",
        parameters=[s.RequiredSeatQuerySerializer],
        responses={200: s.LegalSerializer, **errors(400, 403, 404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        seat = self.seat_param(request, game, required=True)
        assert seat is not None
        if game.status == Game.Status.ACTIVE:
            legal = games.read_state(game, lambda state: moves.legal_of(state, seat))
        else:
            legal = {"count": 0, "complete": True, "legal": []}
        return Response({"seat": seat, "version": game.version, "status": game.status, **legal})


class EventsView(GameAPIView):
    @extend_schema(
        summary="The event log as a seat (or a spectator) may see it",
        description="While the game is on, chance events and other seats' private events "
        'keep only their type (and seat) with `"hidden": true`; once it is over, the whole '
        "log is public.",
        parameters=[s.EventLogQuerySerializer],
        responses={200: s.EventLogSerializer, **errors(400, 403, 404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        seat = self.seat_param(request, game)
        query = s.EventLogQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        log = games.event_log(game, seat, after=query.validated_data["after"])
        return Response({"version": game.version, "status": game.status, "events": log})

    @extend_schema(
        summary="Submit an action (or, in physical play, a tally)",
        description="The event's `seat` must be one the user may act as: their own seat, "
        "or any seat for a manager who does not play at the table. An event without a seat "
        "(a tally) needs a manager or a player of the game. `expected_version` must be the "
        "game's version (else 409 with the current one). Resending the same `event_id` with "
        "the same event returns the original result (200); with another event, 409.",
        request=s.EventSubmitSerializer,
        responses={
            201: s.EventAppendedSerializer,
            200: OpenApiResponse(s.EventAppendedSerializer, description="an idempotent retry"),
            **errors(*BODY_ERRORS, 403, 404, 409),
        },
        examples=[
            OpenApiExample(
                "Seat 1 plays the queen of hearts",
                value={
                    "event_id": "3f2b8c1e-5d0a-4e59-9a49-0c1f6f0f3a11",
                    "expected_version": 1,
                    "event": {"type": "play", "seat": 1, "card": "QH"},
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        body = s.EventSubmitSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        # Who may act, the append and what comes next: the move service, on the game
        # row it reads once, locked (404 if there is no game).
        moved = moves.submit_move(
            game_id,
            data["event"],
            user=request.user,
            event_id=data["event_id"],
            expected_version=data["expected_version"],
        )
        return Response(
            {
                "sequence": moved.event.sequence,
                "version": moved.version,
                "event": moved.event.payload,
                "over": moved.over,
                "next": moved.next,
            },
            status=status.HTTP_201_CREATED if moved.created else status.HTTP_200_OK,
        )


class VersionView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The game's version and status (cheap: for polling)",
        responses={200: s.VersionSerializer, **errors(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        row = Game.objects.filter(pk=game_id).values("version", "status").first()
        if row is None:
            raise Game.DoesNotExist(f"there is no game {game_id}")
        return Response(row)


# ---------------------------------------------------------------------- records


class RecordView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The game's record (RECORDS.md), once it is over",
        description="Before the end only a manager who does not play at the table may "
        "export it (409 for everyone else): it holds every deal.",
        responses={200: s.RecordSerializer, **errors(404, 409)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        if not game.is_over:
            user = request.user
            if not can_manage(user, game) or seats_of(user, game):
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
        request=s.RecordSerializer,
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
            **errors(403, 413, 415),
        },
    )
    def post(self, request: Request) -> Response:
        game = games.import_record(request.data, created_by=request.user)
        return Response(summary(self.game(game.pk)), status=status.HTTP_201_CREATED)


# ---------------------------------------------------------------------- fairness


class FairnessView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The deal seed's commitment (and, once the game is over, the seed)",
        responses={200: s.FairnessSerializer, **errors(404)},
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
        responses={200: s.VerificationSerializer, **errors(404, 409)},
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


# ---------------------------------------------------------------------- auth


class TokenView(ObtainAuthToken):
    # DRF's obtain_auth_token, with JSON read through the bounded parser.
    parser_classes = [BoundedJSONParser, FormParser, MultiPartParser]

    @extend_schema(
        summary="Exchange a username and password for an API token",
        description="Send the token as `Authorization: Token <token>` afterwards.",
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, **errors(400, 413, 415)},
        auth=[],
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().post(request, *args, **kwargs)
