"""The tournaments API: a club's tournaments, their settings and status.

Anyone reads a tournament's public settings (never its seed, which would predict
every draw); the club's directors create tournaments, change settings (an error
names the field at fault) and set the status.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.shared.errors import READ, WRITE, club_errors
from tournaments.api.shared.versions import (
    ETAG_NOTE,
    IF_MATCH,
    PRECONDITION_FAILED,
    guarded,
    tagged,
)
from tournaments.api.shared.views import ClubAPIView
from tournaments.api.tournaments import serializers as s
from tournaments.models import Tournament
from tournaments.services import scoring_settings, tournaments
from tournaments.services import tournament_details as details


def tournament_detail(t: Tournament) -> dict[str, Any]:
    return {
        "club": t.club.slug,
        "slug": t.slug,
        "name": t.name,
        "game_type": t.game_type,
        "options": t.options,
        "table_sizes": t.table_sizes,
        "entry_kind": t.entry_kind,
        "mode": t.mode,
        "time_control": t.time_control,
        "rounds_planned": t.rounds_planned,
        "pairing_method": t.pairing_method,
        "first_round": t.first_round,
        "group_size": t.group_size,
        "scoring": t.scoring,
        "tiebreaks": t.tiebreaks,
        "points_rule": scoring_settings.points_rule(t),
        "late_entry_score": float(t.late_entry_score),
        "avoid_same_household": t.avoid_same_household,
        "avoid_same_affiliation": t.avoid_same_affiliation,
        "show_ratings": t.show_ratings,
        "expected_results": t.expected_results,
        "status": t.status,
        "rounds_published": tournaments.published_rounds(t),
        "created_at": t.created_at,
        "starts_on": t.starts_on.isoformat() if t.starts_on else None,
        "start_time": t.start_time.strftime("%H:%M") if t.start_time else None,
        "time_zone": t.club.time_zone,
        "starts_at": t.starts_at.isoformat() if t.starts_at else None,
        "venue": t.venue,
        "description": t.description,
        "entry_limit": t.entry_limit,
        "entries": details.entry_count(t),
        "registration_open": t.registration_open,
        "self_entry": t.self_entry,
        "entries_closed": details.entries_taken(t),
        "archived_at": t.archived_at,
        "version": t.version,
    }


def answer(t: Tournament, code: int = status.HTTP_200_OK) -> Response:
    """The tournament, with its version as the ``ETag``."""
    return tagged(Response(tournament_detail(t), status=code), t.version)


class TournamentListView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The club's tournaments, newest first",
        description="Archived tournaments are left out (each is still at its address).",
        responses={200: s.TournamentSerializer(many=True), **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = self.club(slug)
        found = club.tournaments.filter(archived_at__isnull=True).select_related("club")
        return Response([tournament_detail(t) for t in found])

    @extend_schema(
        summary="Create a tournament (directors)",
        description="The engine checks the game, its options, the table sizes, the entry "
        "kind and the pairing method together; an error names the `field` at fault.",
        request=s.TournamentCreateSerializer,
        responses={201: s.TournamentSerializer, **club_errors(*WRITE)},
        examples=[
            OpenApiExample(
                "A Swiss of German whist, 5 rounds of 2 deals",
                value={
                    "name": "Spring Cup",
                    "game_type": "german_whist",
                    "options": {"deals": 2},
                    "rounds_planned": 5,
                },
                request_only=True,
            )
        ],
    )
    @transaction.atomic
    def post(self, request: Request, slug: str) -> Response:
        body = s.TournamentCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = self.club(slug)
        created = tournaments.create_tournament(club, by=request.user, settings=body.validated_data)
        return answer(created, status.HTTP_201_CREATED)


class TournamentDetailView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="A tournament's public settings and status",
        description=ETAG_NOTE.strip(),
        responses={200: s.TournamentSerializer, **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        return answer(self.tournament(slug, tournament))

    @extend_schema(
        summary="Change settings (directors)",
        description="Only the settings sent change. The game, options, table sizes, entry "
        "kind and pairing method are fixed once a round is published (409), and changing "
        "them drops an unpublished draft round. An error names the `field` at fault." + ETAG_NOTE,
        request=s.TournamentUpdateSerializer,
        parameters=[IF_MATCH],
        responses={200: s.TournamentSerializer, **club_errors(*WRITE), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def patch(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.TournamentUpdateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        updated = guarded(
            request,
            lambda expected: tournaments.update_tournament(
                found, by=request.user, settings=body.validated_data, expected_version=expected
            ),
            lambda: tournament_detail(self.tournament(slug, tournament)),
        )
        return answer(updated)


class TournamentStatusView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="Set the status: draft, open (for entries), running, finished (directors)",
        description="Honours `If-Match` like a change of settings." + ETAG_NOTE,
        request=s.StatusSerializer,
        parameters=[IF_MATCH],
        responses={200: s.TournamentSerializer, **club_errors(*WRITE), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.StatusSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        changed = guarded(
            request,
            lambda expected: tournaments.set_status(
                found,
                by=request.user,
                status=body.validated_data["status"],
                expected_version=expected,
            ),
            lambda: tournament_detail(self.tournament(slug, tournament)),
        )
        return answer(changed)
