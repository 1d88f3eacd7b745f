"""The rounds API: pair → preview → swap → publish, and corrections afterwards.

A round is paired as a draft that only the club's directors see (for anyone else
it does not exist: 404, and the list leaves it out). Publishing fixes it and gives
each table its game; after that it is public, and it changes only through a
correction with a reason, which anyone may read.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.entries.views import entry_ref
from tournaments.api.rounds import serializers as s
from tournaments.api.shared.errors import READ, WRITE, club_errors
from tournaments.api.shared.views import ClubAPIView
from tournaments.models import Bye, Role, Round, RoundCorrection, TableEntry
from tournaments.services import (
    access,
    entry_ratings,
    expected_results,
    round_closing,
    rounds,
    table_states,
)
from tournaments.services.sheets import disputed_tables


def round_summary(round_: Round) -> dict[str, Any]:
    return {
        "number": round_.number,
        "status": round_.status,
        "method": round_.method,
        "published_at": round_.published_at,
        "closed_at": round_.closed_at,
    }


def round_detail(round_: Round) -> dict[str, Any]:
    places = (
        TableEntry.of_round(round_)
        .select_related("table", "entry__player", "entry__team")
        .order_by("table__number", "position")
    )
    places = list(places)
    disputed = disputed_tables({place.table_id for place in places})
    states = {s.number: s for s in table_states.table_states(round_)} if round_.is_published else {}
    chances = expected_results.expected_results(round_, states.values())
    show_ratings = round_.tournament.show_ratings
    tables: dict[int, dict[str, Any]] = {}
    for place in places:
        state = states.get(place.table.number)
        table = tables.setdefault(
            place.table.number,
            {
                "number": place.table.number,
                "game": place.table.game_id,
                "disputed": place.table_id in disputed,
                "state": state.state if state else None,
                "state_label": state.label if state else None,
                "entrants": [],
            },
        )
        rating = entry_ratings.shown(place.entry) if show_ratings else None
        chance = chances.get(place.table.number, {}).get(place.entry_id)
        table["entrants"].append(
            {
                **entry_ref(place.entry),
                "position": place.position,
                "rating": rating["rating"] if rating else None,
                "provisional": rating["provisional"] if rating else None,
                "expected": None if chance is None else round(chance, 4),
            }
        )
    byes = Bye.objects.filter(round=round_).select_related("entry__player", "entry__team")
    return {
        **round_summary(round_),
        "tables": list(tables.values()),
        "byes": [entry_ref(b.entry) for b in byes.order_by("entry__number")],
    }


def pair(first: Any, second: Any) -> dict[str, Any]:
    return {"first": entry_ref(first), "second": entry_ref(second)}


def preview_detail(shown: rounds.RoundPreview) -> dict[str, Any]:
    return {
        "number": shown.round.number,
        "status": shown.round.status,
        "tables": [
            {
                "number": t.table.number,
                "game": t.table.game_id,
                "entrants": [
                    {**entry_ref(p.entry), "position": p.position, "score": float(p.score)}
                    for p in t.seated
                ],
                "rematches": [pair(a, b) for a, b in t.rematches],
                "forbidden": [pair(a, b) for a, b in t.forbidden],
                "score_gap": float(t.score_gap),
            }
            for t in shown.tables
        ],
        "byes": [{**entry_ref(b.entry), "score": float(b.score)} for b in shown.byes],
        "rematches": shown.rematches,
        "forbidden": shown.forbidden,
        "score_cost": float(shown.score_cost),
    }


def correction_detail(fix: RoundCorrection) -> dict[str, Any]:
    return {
        "id": fix.pk,
        "round": fix.round.number,
        "made_by": fix.made_by.get_username() if fix.made_by_id else None,
        "reason": fix.reason,
        "change": fix.change,
        "created_at": fix.created_at,
    }


class RoundsView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The tournament's rounds (a draft only for the club's directors)",
        responses={200: s.RoundSummarySerializer(many=True), **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        listed = found.rounds.all()
        if not access.is_club_director(request.user, found.club):
            listed = listed.filter(status=Round.Status.PUBLISHED)
        return Response(
            [
                {**round_summary(r), "tables": r.tables.count(), "byes": r.byes.count()}
                for r in listed.order_by("number")
            ]
        )

    @extend_schema(
        summary="Pair the next round as a draft (directors)",
        description="Pairs the checked-in entries by the tournament's method; an "
        "unpublished draft of that round is replaced (re-paired). 409 when no entry is "
        "checked in or every planned round is published. While tables of the last "
        "published round are unfinished (playing, waiting for a confirmation, disputed) "
        "the answer is a 409 whose `unfinished` lists them (table number, players, "
        'state) and nothing is paired; send `{"confirm_unfinished": true}` to pair '
        "anyway. The body is optional.",
        request=s.PairRequestSerializer,
        responses={
            201: s.RoundSerializer,
            409: OpenApiResponse(
                s.UnfinishedSerializer,
                description="tables of the last round are unfinished (`unfinished`), or "
                "nothing to pair (no check-in, every round published: `detail` only)",
            ),
            **club_errors(400, 403, 404),
        },
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.PairRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        draft = rounds.pair_next_round(
            self.tournament(slug, tournament),
            by=request.user,
            confirm_unfinished=body.validated_data["confirm_unfinished"],
        )
        return Response(round_detail(draft), status=status.HTTP_201_CREATED)


class RoundView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="A round: its tables (entrants in seat or side order, games) and byes",
        description="A draft round is seen by the club's directors only (404 for others).",
        responses={200: s.RoundSerializer, **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str, number: int) -> Response:
        found = self.tournament(slug, tournament)
        return Response(round_detail(self.round(request, found, number)))


class PreviewView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="How a round pairs: rematches, forbidden pairs, score gaps (directors)",
        responses={200: s.PreviewSerializer, **club_errors(403, 404)},
    )
    def get(self, request: Request, slug: str, tournament: str, number: int) -> Response:
        found = self.tournament(slug, tournament)
        access.require_role(request.user, found.club, Role.DIRECTOR)
        return Response(preview_detail(rounds.preview(self.round(request, found, number))))


class SwapView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Exchange two entries of a draft round: seats, tables, or a bye (directors)",
        description="A published round changes only with a correction (409).",
        request=s.SwapSerializer,
        responses={200: s.RoundSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int) -> Response:
        body = s.SwapSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        access.require_role(request.user, found.club, Role.DIRECTOR)
        swapped = rounds.swap(
            self.round(request, found, number), by=request.user, **body.validated_data
        )
        return Response(round_detail(swapped))


class PublishView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Publish a draft round: every table gets its game, seated and started (directors)",
        request=None,
        responses={200: s.RoundSerializer, **club_errors(403, 404, 409)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int) -> Response:
        found = self.tournament(slug, tournament)
        access.require_role(request.user, found.club, Role.DIRECTOR)
        published = rounds.publish(self.round(request, found, number), by=request.user)
        return Response(round_detail(published))


class CorrectionsView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The corrections made to a published round, oldest first",
        responses={200: s.CorrectionSerializer(many=True), **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str, number: int) -> Response:
        round_ = self.round(request, self.tournament(slug, tournament), number)
        fixes = round_.corrections.select_related("round", "made_by")
        return Response([correction_detail(f) for f in fixes])

    @extend_schema(
        summary="Correct a published round: exchange two entries, with a reason (directors)",
        description="Only tables whose games have not begun may change (409 otherwise); "
        "their games are voided and replaced by new ones. The correction is kept for good.",
        request=s.CorrectionRequestSerializer,
        responses={201: s.CorrectionSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int) -> Response:
        body = s.CorrectionRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found = self.tournament(slug, tournament)
        access.require_role(request.user, found.club, Role.DIRECTOR)
        fix = rounds.correct(
            self.round(request, found, number), by=request.user, **body.validated_data
        )
        return Response(correction_detail(fix), status=status.HTTP_201_CREATED)


class CloseView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Close a published round: its sheets become read-only (directors)",
        description="The table links stop taking guests' entries and the players can "
        "only read their sheets; directors can still rule and correct. Publishing the "
        "next round closes the earlier ones. Closing a closed round again changes "
        "nothing (200); a draft is a 409.",
        request=None,
        responses={200: s.RoundSerializer, **club_errors(403, 404, 409)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, number: int) -> Response:
        found = self.tournament(slug, tournament)
        access.require_role(request.user, found.club, Role.DIRECTOR)
        closed = round_closing.close_round(self.round(request, found, number), by=request.user)
        return Response(round_detail(closed))
