"""The clubs API: clubs, their members and roles, their players (guests) and teams.

Who may do what (roles rank owner > director > scorer > player; staff count as
owners in every club):

- anyone: the list of clubs, a club's page (with its tournaments), its teams;
- logged in: create a club (and become its owner);
- scorers: the club's players, and adding guests;
- directors: the members and their roles (only owners name or remove directors and
  owners), teams.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.clubs import serializers as s
from tournaments.api.shared.errors import READ, WRITE, club_errors
from tournaments.api.shared.versions import IF_MATCH, PRECONDITION_FAILED, guarded, tagged
from tournaments.api.shared.views import ClubAPIView
from tournaments.models import Club, Membership, Player, Role, Team
from tournaments.services import access, clubs


def club_detail(club: Club, request: Request) -> dict[str, Any]:
    role = access.role_in(request.user, club)
    return {
        "slug": club.slug,
        "name": club.name,
        "description": club.description,
        "time_zone": club.time_zone,
        "language": club.language,
        "created_at": club.created_at,
        "role": role.value if role else None,
        "tournaments": [
            {
                "slug": t.slug,
                "name": t.name,
                "game_type": t.game_type,
                "status": t.status,
                "created_at": t.created_at,
            }
            for t in club.tournaments.all()
        ],
    }


def member(membership: Membership) -> dict[str, Any]:
    return {
        "username": membership.user.get_username(),
        "role": membership.role,
        "version": membership.version,
    }


def current_member(club: Club, username: str) -> dict[str, Any]:
    """The member as they are now (a 412's ``current``; empty if no longer a member)."""
    found = Membership.objects.filter(club=club, user__username=username).first()
    return member(found) if found else {}


def player(found: Player, *, private: bool) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": found.pk,
        "name": found.name,
        "username": found.user.get_username() if found.user_id else None,
    }
    if private:
        shown["household"] = found.household
    return shown


def team(found: Team) -> dict[str, Any]:
    return {
        "id": found.pk,
        "name": found.name,
        "players": [{"id": p.pk, "name": p.name} for p in found.players_in_order()],
    }


# ---------------------------------------------------------------------- clubs


class ClubListView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(summary="Every club", responses={200: s.ClubSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "slug": c.slug,
                    "name": c.name,
                    "description": c.description,
                    "time_zone": c.time_zone,
                    "language": c.language,
                }
                for c in Club.objects.all()
            ]
        )

    @extend_schema(
        summary="Create a club (logged in); its creator becomes its owner",
        request=s.ClubCreateSerializer,
        responses={201: s.ClubDetailSerializer, **club_errors(400, 403, 409, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        body = s.ClubCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = clubs.create_club(owner=request.user, **body.validated_data)
        return Response(club_detail(club, request), status=status.HTTP_201_CREATED)


class ClubDetailView(ClubAPIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A club: its name, description, tournaments and your role in it",
        responses={200: s.ClubDetailSerializer, **club_errors(*READ)},
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(club_detail(self.club(slug), request))


# ---------------------------------------------------------------------- members


class MembersView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The club's members and their roles (directors)",
        responses={200: s.MemberSerializer(many=True), **club_errors(403, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response([member(m) for m in clubs.members(self.club(slug), by=request.user)])

    @extend_schema(
        summary="Give a user a role in the club, making them a member (directors)",
        description="Directors name scorers and players; only an owner names, changes or "
        "removes directors and owners. A club keeps at least one owner.",
        request=s.MemberSetSerializer,
        responses={200: s.MemberSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str) -> Response:
        body = s.MemberSetSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = self.club(slug)
        return Response(member(clubs.set_role(club, by=request.user, **body.validated_data)))


class MemberView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Set a member's role (directors; as for POST …/members/)",
        description="The members list gives each member's `version`: send it as "
        '`If-Match: "<version>"` to change the role only if nobody changed it since.',
        request=s.RoleSerializer,
        parameters=[IF_MATCH],
        responses={200: s.MemberSerializer, **club_errors(*WRITE), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def put(self, request: Request, slug: str, username: str) -> Response:
        body = s.RoleSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = self.club(slug)
        role = body.validated_data["role"]
        changed = guarded(
            request,
            lambda expected: clubs.set_role(
                club, by=request.user, username=username, role=role, expected_version=expected
            ),
            lambda: current_member(club, username),
        )
        return tagged(Response(member(changed)), changed.version)

    @extend_schema(
        summary="Remove a member from the club (directors; owners for directors and owners)",
        description="With `If-Match`, only if the membership is still at that version.",
        parameters=[IF_MATCH],
        responses={204: None, **club_errors(400, 403, 404, 409), **PRECONDITION_FAILED},
    )
    @transaction.atomic
    def delete(self, request: Request, slug: str, username: str) -> Response:
        club = self.club(slug)
        guarded(
            request,
            lambda expected: clubs.remove_member(
                club, by=request.user, username=username, expected_version=expected
            ),
            lambda: current_member(club, username),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


# ---------------------------------------------------------------------- players and teams


class PlayersView(ClubAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="The club's players: its guests and its members' players (scorers)",
        description="`household` is shown to the club's directors only.",
        responses={200: s.PlayerSerializer(many=True), **club_errors(403, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = self.club(slug)
        access.require_role(request.user, club, Role.SCORER)
        private = access.is_club_director(request.user, club)
        found = sorted(clubs.club_players(club), key=lambda p: (p.name, p.pk))
        return Response([player(p, private=private) for p in found])

    @extend_schema(
        summary="Add a guest: a player without a login (scorers)",
        request=s.GuestCreateSerializer,
        responses={201: s.PlayerSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str) -> Response:
        body = s.GuestCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = self.club(slug)
        guest = clubs.add_guest(club, by=request.user, **body.validated_data)
        return Response(
            player(guest, private=access.is_club_director(request.user, club)),
            status=status.HTTP_201_CREATED,
        )


class TeamsView(ClubAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="The club's fixed teams, players in seating order",
        responses={200: s.TeamSerializer(many=True), **club_errors(404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        club = self.club(slug)
        return Response([team(t) for t in club.teams.all()])

    @extend_schema(
        summary="Create a fixed team of the club's players (directors)",
        request=s.TeamCreateSerializer,
        responses={201: s.TeamSerializer, **club_errors(*WRITE)},
    )
    @transaction.atomic
    def post(self, request: Request, slug: str) -> Response:
        body = s.TeamCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = self.club(slug)
        access.require_role(request.user, club, Role.DIRECTOR)
        members = [
            clubs.club_player(club, pk, field="players") for pk in body.validated_data["players"]
        ]
        created = clubs.create_team(
            club, by=request.user, name=body.validated_data["name"], players=members
        )
        return Response(team(created), status=status.HTTP_201_CREATED)
