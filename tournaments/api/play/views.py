"""The play resource's views: a seat's view and legal actions, the event log and
submitting an event, the version for polling, and a director's recorded look at a
seat (:mod:`tournaments.services.seat_override`).

Who may see and act as which seat is :mod:`tournaments.services.access`'s call
(submitting a move is :func:`tournaments.services.moves.submit_move`'s, the rule the
web's forms share); see :mod:`tournaments.api.games.views` for the whole game API.
"""

from __future__ import annotations

import uuid
from typing import Any

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.play import serializers as s
from tournaments.api.shared.errors import BODY_ERRORS, game_errors
from tournaments.api.shared.fields import MAX_INT
from tournaments.api.shared.views import GameAPIView
from tournaments.models import Game
from tournaments.services import game_store, games, moves, seat_override
from tournaments.services.access import can_see_seat
from tournaments.services.errors import Forbidden, ServiceError

LEGAL_LIST_LIMIT = moves.LEGAL_LIST_LIMIT
"""Above this many legal actions (an Italian Whist split has 48620), ``/legal`` gives
the game's compact hint instead of the list (:func:`moves.legal_of`)."""


class SeatAPIView(GameAPIView):
    # The base of the views that read a seat (no docstring: the schema would show it).
    query_names = ("seat",)

    @staticmethod
    def seat_param(request: Request, game: Game, *, required: bool = False) -> int | None:
        """The ``seat`` query parameter, checked: in range, and the user may see it."""
        serializer_class = s.RequiredSeatQuerySerializer if required else s.SeatQuerySerializer
        query = serializer_class(data=request.query_params)
        query.is_valid(raise_exception=True)
        seat: int | None = query.validated_data.get("seat")
        if seat is not None:
            check_seat(request.user, game, seat)
        return seat


def check_seat(user: Any, game: Game, seat: int) -> None:
    """Refuse a seat the table does not have (400) or whose cards ``user`` may not see
    (403)."""
    if seat >= game.players:
        raise ServiceError(f"seat must be from 0 to {game.players - 1}, not {seat}")
    if not can_see_seat(user, game, seat):
        raise Forbidden(
            f"you may not see seat {seat}'s cards: only its player may (a director "
            "settling a dispute looks with POST .../seats/{n}/look and a reason)"
        )


class GameViewView(SeatAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A seat's view (its player only) or the spectators'",
        parameters=[s.SeatQuerySerializer],
        responses={200: s.ViewSerializer, **game_errors(400, 403, 404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        seat = self.seat_param(request, game)
        return Response(games.seat_view(game, seat))


class LegalView(SeatAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A seat's legal actions now (same permission as its view)",
        parameters=[s.RequiredSeatQuerySerializer],
        responses={200: s.LegalSerializer, **game_errors(400, 403, 404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        game = self.game(game_id)
        seat = self.seat_param(request, game, required=True)
        assert seat is not None
        return Response(legal_answer(game, seat))


def legal_answer(game: Game, seat: int) -> dict[str, Any]:
    """The body of ``GET /legal``: the seat's legal actions now (none once the game
    is not in play), with the game's version and status."""
    if game.status == Game.Status.ACTIVE:
        legal = game_store.read_state(game, lambda state: moves.legal_of(state, seat))
    else:
        legal = {"count": 0, "complete": True, "legal": []}
    return {"seat": seat, "version": game.version, "status": game.status, **legal}


class EventsView(SeatAPIView):
    query_names = ("seat", "after")

    @extend_schema(
        summary="The event log as a seat (or a spectator) may see it",
        description="While the game is on, chance events and other seats' private events "
        'keep only their type (and seat) with `"hidden": true`; once it is over, the whole '
        "log is public.",
        parameters=[s.EventLogQuerySerializer],
        responses={200: s.EventLogSerializer, **game_errors(400, 403, 404)},
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
        description="The event's `seat` must be the user's own: nobody acts for another "
        "seat, the game's creator and directors included. An event without a seat "
        "(a tally) needs a manager or a player of the game. `expected_version` must be the "
        "game's version (else 409 with the current one). Resending the same `event_id` with "
        "the same event returns the original result (200); with another event, 409.",
        request=s.EventSubmitSerializer,
        responses={
            201: s.EventAppendedSerializer,
            200: OpenApiResponse(s.EventAppendedSerializer, description="an idempotent retry"),
            **game_errors(*BODY_ERRORS, 403, 404, 409),
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
        data = well_formed_move(request.data)
        if data is None:  # something is off: the serializer says what, as always
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
        return Response(move_answer(moved), status=move_status(moved))


def move_answer(moved: moves.MoveResult) -> dict[str, Any]:
    """The body of an accepted ``POST /events`` (a new move or an idempotent retry)."""
    return {
        "sequence": moved.event.sequence,
        "version": moved.version,
        "event": moved.event.payload,
        "over": moved.over,
        "next": moved.next,
    }


def move_status(moved: moves.MoveResult) -> int:
    return status.HTTP_201_CREATED if moved.created else status.HTTP_200_OK


MOVE_FIELDS = frozenset(("event_id", "expected_version", "event"))


def well_formed_move(data: Any) -> dict[str, Any] | None:
    """The move's body, checked by hand, when it is exactly what EventSubmitSerializer
    accepts in its usual form (three fields, a canonical UUID, a JSON integer in range,
    an object); ``None`` for anything else, which the serializer then checks and
    answers with its errors. DRF's field-by-field validation was a tenth of a move's
    CPU; this keeps its answers, since every refusal still comes from it."""
    if type(data) is not dict or data.keys() != MOVE_FIELDS:
        return None
    event_id, version, event = data["event_id"], data["expected_version"], data["event"]
    if type(event_id) is not str or len(event_id) != 36 or type(event) is not dict:
        return None
    if type(version) is not int or not 0 <= version <= MAX_INT:
        return None
    try:
        parsed = uuid.UUID(event_id)
    except ValueError:
        return None
    return {"event_id": parsed, "expected_version": version, "event": event}


class VersionView(GameAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The game's version and status (cheap: for polling)",
        responses={200: s.VersionSerializer, **game_errors(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        row = Game.objects.filter(pk=game_id).values("version", "status").first()
        if row is None:
            raise Game.DoesNotExist(f"there is no game {game_id}")
        return Response(row)


class LookView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="A director looks at one seat's cards, with a reason (recorded)",
        description="For a director of the tournament the game belongs to who does not "
        "play at it, to settle a dispute: the seat's view as its player sees it. Each look "
        "is recorded with its reason. Nobody else, the game's creator included, may (403). "
        "`number` is a 0-based seat index.",
        request=s.LookSerializer,
        responses={200: s.LookedSerializer, **game_errors(*BODY_ERRORS, 403, 404)},
    )
    def post(self, request: Request, game_id: uuid.UUID, number: int) -> Response:
        game = self.game(game_id)
        seat_override.check_may_look(request.user, game)  # 403 before the body is read
        body = s.LookSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        reason = body.validated_data["reason"]
        view = seat_override.look_at_seat(game, number, by=request.user, reason=reason)
        return Response({"seat": number, "reason": reason.strip(), "view": view})
