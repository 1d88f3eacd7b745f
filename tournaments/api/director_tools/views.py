"""The director's bulk and undo steps over the API: check everyone in, enter several
players at once, import entrants from CSV text, archive or delete a tournament, and
unpublish a round whose games have not begun. Each view calls the same service as
the pages (``bulk_entries``, ``entry_import``, ``undo``)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.director_tools import serializers as s
from tournaments.api.entries.views import entry_detail
from tournaments.api.rounds.views import correction_detail
from tournaments.api.shared.errors import club_errors
from tournaments.api.shared.views import ClubAPIView
from tournaments.api.tournaments.views import tournament_detail
from tournaments.services import access, bulk_entries, entry_import, undo
from tournaments.services.errors import Forbidden


class CheckInAllView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Check in every registered entry at once (scorers, directors)",
        description="Withdrawn entries stay withdrawn; a draft round is dropped when any "
        "entry was checked in (its pairing no longer fits).",
        request=None,
        responses={200: s.CheckedInSerializer, **club_errors(403, 404, 409)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        done = bulk_entries.check_in_all(found, by=request.user)
        private = access.is_club_director(request.user, found.club)
        return Response(
            {"checked_in": len(done), "entries": [entry_detail(e, private=private) for e in done]}
        )


class SeveralView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Enter several club players and new guests at once (scorers, directors)",
        description="All or nothing: a player already entered, or a guest without a name, "
        "refuses the whole request (the message names who).",
        request=s.SeveralSerializer,
        responses={201: s.EntrySerializer(many=True), **club_errors(400, 403, 404, 409, 415)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.SeveralSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        entered = bulk_entries.add_several(found, by=request.user, **body.validated_data)
        private = access.is_club_director(request.user, found.club)
        return Response(
            [entry_detail(e, private=private) for e in entered], status=status.HTTP_201_CREATED
        )


class ImportView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Import entrants from CSV text (scorers, directors)",
        description="Columns: name (required), rating, household, affiliation, email (finds "
        "a member's account; not stored). Commas or semicolons. A player of the club with "
        "the same name is entered, else a new guest is made. When any line is bad nothing "
        "is imported: a 400 whose `lines` lists each bad line (`line`, `error`).",
        request=s.ImportSerializer,
        responses={
            201: s.EntrySerializer(many=True),
            400: OpenApiResponse(s.ImportRefusedSerializer, description="bad lines; none imported"),
            **club_errors(403, 404, 409, 413, 415),
        },
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.ImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        entered = entry_import.import_entries(
            found, by=request.user, text=body.validated_data["csv"]
        )
        private = access.is_club_director(request.user, found.club)
        return Response(
            [entry_detail(e, private=private) for e in entered], status=status.HTTP_201_CREATED
        )


class ArchiveView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Archive a tournament, or bring it back (directors)",
        description="An archived tournament is left out of the club's lists, stays at its "
        "address and refuses every change (409) until brought back. Archiving is refused "
        "(409) while a table of its last round is still at play.",
        request=s.ArchiveSerializer,
        responses={200: s.TournamentSerializer, **club_errors(400, 403, 404, 409, 415)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.ArchiveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        changed = undo.archive(found, by=request.user, archived=body.validated_data["archived"])
        return Response(tournament_detail(changed))


class DeleteView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Delete a tournament that has no results (directors)",
        description="Refused (409, in words) when any game of it has begun, a score sheet "
        "has a line, or a forfeit or a correction is on record: archive it instead.",
        request=None,
        responses={204: None, **club_errors(403, 404, 409)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        undo.delete_tournament(self.tournament(slug, tournament), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class UnpublishView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Unpublish the last round before any result (directors)",
        description="Refused (409, in words) once any player acted, a tally or a score-sheet "
        "line was entered, or a forfeit recorded at any table, or when a later round is "
        "published. Its games are voided (their events stay), the round is a draft again, "
        "and the step is kept as a correction (returned).",
        request=s.UnpublishSerializer,
        responses={200: s.CorrectionSerializer, **club_errors(400, 403, 404, 409, 415)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int) -> Response:
        body = s.UnpublishSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        if not access.is_club_director(request.user, found.club):
            raise Forbidden(_("only the club's directors unpublish a round"))
        round_ = self.round(request, found, number)
        fix = undo.unpublish(round_, by=request.user, reason=body.validated_data["reason"])
        return Response(correction_detail(fix))
