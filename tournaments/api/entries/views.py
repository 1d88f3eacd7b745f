"""The entries API: a tournament's entries, check-in and withdrawal, and the pairs a
director keeps apart.

- anyone: the entry list (start number, name, rating, status, when it joins or left;
  an entry's household only for the club's directors);
- directors and scorers: enter the club's players or teams, check anyone in or out,
  withdraw anyone; a logged-in user who names no one enters themselves while the
  tournament is open, and checks in, out or withdraws themselves;
- directors: change an entry's rating, household and affiliation; forbidden pairs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from tavolo.ids import MAX_ID
from tournaments.api.entries import serializers as s
from tournaments.api.shared.errors import READ, WRITE, club_errors
from tournaments.api.shared.versions import (
    ETAG_NOTE,
    IF_MATCH,
    PRECONDITION_FAILED,
    guarded,
    tagged,
)
from tournaments.api.shared.views import ClubAPIView
from tournaments.models import Entry, ForbiddenPair, Role, Tournament
from tournaments.services import access, clubs, entry_ratings, tournaments
from tournaments.services.errors import NotFound, ServiceError


def entry_ref(entry: Entry) -> dict[str, Any]:
    return {"id": entry.pk, "number": entry.number, "name": entry.name}


def entry_detail(entry: Entry, *, private: bool) -> dict[str, Any]:
    shown = {
        **entry_ref(entry),
        "player": entry.player_id,
        "team": entry.team_id,
        "rating": entry.rating,
        "rating_source": entry.rating_source,
        "rating_games": entry.rating_games,
        "provisional": bool((entry_ratings.shown(entry) or {}).get("provisional")),
        "status": entry.status,
        "joins_round": entry.joins_round,
        "withdrawn_after": entry.withdrawn_after,
        "start_score": float(entry.start_score),
        "affiliation": entry.affiliation,
        "version": entry.version,
    }
    if private:
        shown["household"] = entry.household
    return shown


def pair_detail(pair: ForbiddenPair) -> dict[str, Any]:
    return {
        "id": pair.pk,
        "first": entry_ref(pair.first),
        "second": entry_ref(pair.second),
        "reason": pair.reason,
    }


class EntryAPIView(ClubAPIView):
    def answer(self, request: Request, entry: Entry, code: int = status.HTTP_200_OK) -> Response:
        private = access.is_club_director(request.user, entry.tournament.club)
        return tagged(Response(entry_detail(entry, private=private), status=code), entry.version)

    def guarded(self, request: Request, entry: Entry, change: Callable[[int | None], Entry]):
        """``change`` with the version ``If-Match`` names (412 with the entry if stale)."""
        private = access.is_club_director(request.user, entry.tournament.club)
        return guarded(
            request,
            change,
            lambda: entry_detail(self.entry(entry.tournament, entry.pk), private=private),
        )

    def body_entry(self, tournament: Tournament, entry_id: int, field: str) -> Entry:
        """An entry named in a request body: not there is bad input (400), not a 404."""
        try:
            return self.entry(tournament, entry_id)
        except NotFound as missing:
            raise ServiceError(str(missing), field=field) from None


class EntriesView(EntryAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The tournament's entries, by start number",
        description="`household` is shown to the club's directors only.",
        responses={200: s.EntrySerializer(many=True), **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        private = access.is_club_director(request.user, found.club)
        entries = found.entries.select_related("player", "team")
        return Response([entry_detail(e, private=private) for e in entries])

    @extend_schema(
        summary="Enter a player or a team (directors, scorers), or yourself",
        description="Directors and scorers send the id of one of the club's `player`s or "
        "`team`s (and may set its `rating`). A logged-in user who sends neither enters "
        "themselves while the tournament is open. After round 1 is published an entry is "
        "late: it joins the next round with the tournament's late-entry score.",
        request=s.EntryCreateSerializer,
        responses={201: s.EntrySerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.EntryCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        found = self.tournament(slug, tournament)
        user = request.user
        if "player" in data or "team" in data:
            access.require_role(user, found.club, Role.SCORER)
            if "player" in data:
                data["player"] = clubs.club_player(found.club, data["player"])
            else:
                data["team"] = clubs.club_team(found.club, data["team"])
            entry = tournaments.register(found, by=user, **data)
        else:
            entry = tournaments.register_self(found, by=user, **data)
        return self.answer(request, entry, status.HTTP_201_CREATED)


class EntryView(EntryAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="One entry",
        description=ETAG_NOTE.strip(),
        responses={200: s.EntrySerializer, **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str, tournament: str, entry_id: int) -> Response:
        return self.answer(request, self.entry(self.tournament(slug, tournament), entry_id))

    @extend_schema(
        summary="Change an entry's rating, household or affiliation (directors)",
        description="Drops an unpublished draft round (its pairing no longer fits)." + ETAG_NOTE,
        request=s.EntryUpdateSerializer,
        parameters=[IF_MATCH],
        responses={200: s.EntrySerializer, **club_errors(*WRITE), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def patch(self, request: Request, slug: str, tournament: str, entry_id: int) -> Response:
        body = s.EntryUpdateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        entry = self.entry(self.tournament(slug, tournament), entry_id)
        updated = self.guarded(
            request,
            entry,
            lambda expected: tournaments.update_entry(
                entry, by=request.user, expected_version=expected, **body.validated_data
            ),
        )
        return self.answer(request, updated)


class CheckInView(EntryAPIView):
    permission_classes = [IsAuthenticated]
    present = True

    @extend_schema(
        summary="Check an entry in: present for the next pairing (its player, scorers)",
        request=None,
        parameters=[IF_MATCH],
        responses={200: s.EntrySerializer, **club_errors(403, 404, 409), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, entry_id: int) -> Response:
        entry = self.entry(self.tournament(slug, tournament), entry_id)
        changed = self.guarded(
            request,
            entry,
            lambda expected: tournaments.check_in(
                entry, by=request.user, checked_in=self.present, expected_version=expected
            ),
        )
        return self.answer(request, changed)


class CheckOutView(CheckInView):
    present = False

    @extend_schema(
        summary="Check an entry out: registered, not paired (its player, scorers)",
        request=None,
        parameters=[IF_MATCH],
        responses={200: s.EntrySerializer, **club_errors(403, 404, 409), **PRECONDITION_FAILED},
    )
    def post(self, request: Request, slug: str, tournament: str, entry_id: int) -> Response:
        return super().post(request, slug, tournament, entry_id)


class WithdrawView(EntryAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Withdraw an entry: no longer paired, results kept (its player, scorers)",
        request=None,
        parameters=[IF_MATCH],
        responses={200: s.EntrySerializer, **club_errors(403, 404, 409), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str, entry_id: int) -> Response:
        entry = self.entry(self.tournament(slug, tournament), entry_id)
        changed = self.guarded(
            request,
            entry,
            lambda expected: tournaments.withdraw(
                entry, by=request.user, expected_version=expected
            ),
        )
        return self.answer(request, changed)


# ---------------------------------------------------------------------- forbidden pairs


class ForbiddenPairsView(EntryAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The pairs of entries kept apart at every table (directors)",
        responses={200: s.ForbiddenPairSerializer(many=True), **club_errors(403, 404)},
    )
    def get(self, request: Request, slug: str, tournament: str) -> Response:
        found = self.tournament(slug, tournament)
        access.require_role(request.user, found.club, Role.DIRECTOR)
        pairs = found.forbidden.select_related("first__player", "first__team")
        pairs = pairs.select_related("second__player", "second__team").order_by("pk")
        return Response([pair_detail(p) for p in pairs])

    @extend_schema(
        summary="Keep two entries apart from the next pairing on (directors)",
        request=s.ForbidSerializer,
        responses={201: s.ForbiddenPairSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str, tournament: str) -> Response:
        body = s.ForbidSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        found = self.tournament(slug, tournament)
        access.require_role(request.user, found.club, Role.DIRECTOR)
        first = self.body_entry(found, data["first"], "first")
        second = self.body_entry(found, data["second"], "second")
        pair = tournaments.forbid(
            found, by=request.user, first=first, second=second, reason=data["reason"]
        )
        return Response(pair_detail(pair), status=status.HTTP_201_CREATED)


class ForbiddenPairView(EntryAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Let two entries meet again (directors)",
        responses={204: None, **club_errors(403, 404)},
    )
    @transaction.atomic
    def delete(self, request: Request, slug: str, tournament: str, pair_id: int) -> Response:
        found = self.tournament(slug, tournament)
        if pair_id > MAX_ID:
            raise NotFound(f"there is no forbidden pair {pair_id}")
        tournaments.allow(found, by=request.user, pair_id=pair_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
