"""The score-sheet API: a table's sheet, entries, confirmations, rulings,
corrections and forfeits (``/api/clubs/<club>/tournaments/<t>/rounds/<n>/tables/<k>/``).

Seats and sides are 0-based here (a person reads seat 1 for index 0). This API is for
logins; guests of a table (no login) use its page ``/s/<code>/`` only, see
``docs/score-sheets.md``.

The rules are :mod:`tournaments.services.sheets`'; the views only read the request,
call the service and answer with the sheet as it now stands. Every write carries the
client's ``client_id``: a retry with the same id and content answers 200 with the
same line (no duplicate), a first write 201.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.shared.errors import WRITE, club_errors
from tournaments.api.shared.views import ClubAPIView
from tournaments.api.sheets.serializers import (
    ConfirmRequestSerializer,
    CorrectRequestSerializer,
    EntryRequestSerializer,
    ForfeitRequestSerializer,
    ForfeitSerializer,
    LineSerializer,
    ResolveRequestSerializer,
    SheetSerializer,
    WrittenSerializer,
)
from tournaments.models import Table
from tournaments.services import sheets
from tournaments.services.errors import NotFound

MAX_TABLE = 2**15 - 1


class SheetAPIView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    def table(self, request: Request, slug: str, tournament: str, number: int, table: int) -> Table:
        found = self.tournament(slug, tournament)
        round_ = self.round(request, found, number)
        if table > MAX_TABLE:
            raise NotFound(f"round {number} has no table {table}")
        return sheets.table_in_round(round_, table)

    @staticmethod
    def written(request: Request, table: Table, written: sheets.Written) -> Response:
        table.refresh_from_db()
        body = {
            "line": sheets._line(written.line, full=False),
            "counted": list(written.counted),
            "sheet": sheets.sheet_state(table, request.user),
        }
        return Response(body, status=status.HTTP_201_CREATED if written.created else 200)


class SheetView(SheetAPIView):
    @extend_schema(
        summary="A table's score sheet: deals, statuses, running totals, result",
        description="For the table's players and the club's scorers and directors.",
        responses={200: SheetSerializer, **club_errors(403, 404)},
    )
    def get(self, request: Request, slug: str, tournament: str, number: int, table: int):
        found = self.table(request, slug, tournament, number, table)
        return Response(sheets.sheet_state(found, request.user))


class EntryView(SheetAPIView):
    @extend_schema(
        summary="Enter a deal's tally",
        description="A player of the table (it counts once a player of another side "
        "confirms it or enters the same) or a scorer/director (it counts at once). An "
        "illegal tally is a 400 with the engine's reason. 201; 200 for a retry.",
        request=EntryRequestSerializer,
        responses={200: WrittenSerializer, 201: WrittenSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int, table: int):
        body = EntryRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.table(request, slug, tournament, number, table)
        data = body.validated_data
        written = sheets.submit(found, data["deal"], data["tally"], request.user, data["client_id"])
        return self.written(request, found, written)


class ConfirmView(SheetAPIView):
    @extend_schema(
        summary="Confirm a deal's tally (a player of another side, or a scorer/director)",
        request=ConfirmRequestSerializer,
        responses={200: WrittenSerializer, 201: WrittenSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int, table: int):
        body = ConfirmRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.table(request, slug, tournament, number, table)
        data = body.validated_data
        written = sheets.confirm(found, data["deal"], request.user, data["client_id"])
        return self.written(request, found, written)


class ResolveView(SheetAPIView):
    @extend_schema(
        summary="Rule on a deal not yet counted: choose an entry or give a tally (directors)",
        request=ResolveRequestSerializer,
        responses={200: WrittenSerializer, 201: WrittenSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int, table: int):
        body = ResolveRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.table(request, slug, tournament, number, table)
        data = body.validated_data
        written = sheets.resolve(
            found,
            data["deal"],
            request.user,
            data["client_id"],
            chose=data.get("entry"),
            tally=data.get("tally"),
            reason=data.get("reason", ""),
        )
        return self.written(request, found, written)


class CorrectView(SheetAPIView):
    @extend_schema(
        summary="Correct a deal that already counts, with a reason (directors)",
        description="The table's game is voided and replaced by a new one holding the "
        "counted tallies with the corrected one in its place; the sheet keeps every line.",
        request=CorrectRequestSerializer,
        responses={200: WrittenSerializer, 201: WrittenSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int, table: int):
        body = CorrectRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.table(request, slug, tournament, number, table)
        data = body.validated_data
        written = sheets.correct(
            found,
            data["deal"],
            data["tally"],
            request.user,
            data["client_id"],
            reason=data["reason"],
        )
        return self.written(request, found, written)


class HistoryView(SheetAPIView):
    @extend_schema(
        summary="Every line of the sheet, who wrote it and when (directors)",
        responses={200: LineSerializer(many=True), **club_errors(403, 404)},
    )
    def get(self, request: Request, slug: str, tournament: str, number: int, table: int):
        found = self.table(request, slug, tournament, number, table)
        return Response(sheets.history(found, request.user))


def forfeit_detail(forfeit: Any) -> dict[str, Any]:
    return {
        "id": forfeit.pk,
        "table": forfeit.table.number,
        "entry": forfeit.entry_id,
        "kind": forfeit.kind,
        "note": forfeit.note,
        "recorded_by": forfeit.recorded_by.get_username() if forfeit.recorded_by_id else None,
        "created_at": forfeit.created_at,
    }


class ForfeitView(SheetAPIView):
    @extend_schema(
        summary="Record a no-show or a forfeit of an entry at this table (directors)",
        description="Scored as the tournament's settings say (absence_points, "
        "forfeit_loss_points; the others at the table forfeit_win_points).",
        request=ForfeitRequestSerializer,
        responses={201: ForfeitSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int, table: int):
        body = ForfeitRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.table(request, slug, tournament, number, table)
        data = body.validated_data
        entry = self.entry(found.round.tournament, data["entry"])
        forfeit = sheets.record_forfeit(
            found, entry, data["kind"], request.user, data.get("note", "")
        )
        return Response(forfeit_detail(forfeit), status=status.HTTP_201_CREATED)
