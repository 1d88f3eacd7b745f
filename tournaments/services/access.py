"""Who may do what: the one module that says it (issue 32).

One definition each of a club's roles (:func:`role_in`: staff count as owners), a
director of a club, of a tournament, of a table and of a game
(:func:`is_game_director`: a director or owner of the club whose tournament's table
plays the game, or staff), who manages a casual game (:func:`manages_casual`: its
creator, or staff), and who may act as a seat, look at one, pause a table, seat a bot,
see a draft tournament or read a season. The services, the pages, the API, the sheets
and the live sockets ask here, and word their refusals themselves.

Which user plays which seat is read with one query (seat numbers and their players'
user ids) and, once the game has started, kept in a small in-process cache: seats
can only change while a game is being set up (:func:`seats.seat_requested` refuses
afterwards), so a started game's mapping cannot go stale through the service. As a
second line, the cache is dropped when a seat or a player is saved or deleted in this
process, and an entry lives at most ``SEATS_TTL`` seconds, so a change made behind
the service's back (a shell, another process) is seen within that time.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext as _

from tavolo.bounded import BoundedMap
from tournaments.models import (
    ROLE_RANK,
    Club,
    Game,
    Membership,
    Role,
    Season,
    Seat,
    Table,
    Tournament,
)
from tournaments.services.errors import Forbidden

User = AbstractBaseUser | AnonymousUser

SEATS_TTL = 60.0
"""Seconds a started game's seat → user mapping is kept in process."""
SEATS_CACHE_SIZE = 2048

_seats: BoundedMap[uuid.UUID, dict[int, int | None]] = BoundedMap(SEATS_CACHE_SIZE, SEATS_TTL)


def seat_users(game: Game) -> dict[int, int | None]:
    """Seat number → the user id of its player (``None`` for a guest), for the seats
    filled so far. One query, none while a started game's mapping is cached."""
    started = game.status != Game.Status.SETUP
    if started:
        hit = _seats.get(game.pk)
        if hit is not None:
            return hit
    mapping = dict(Seat.objects.filter(game_id=game.pk).values_list("number", "player__user_id"))
    if started:
        _seats.put(game.pk, mapping)
    return mapping


def forget_seats(game_id: uuid.UUID | None = None) -> None:
    """Drop the cached seats of one game (or of every game), in production when a seat
    or a player changes (the tests reset every cache: :func:`tavolo.caches.forget_all`)."""
    _seats.forget(game_id)


# ---------------------------------------------------------------------- club roles


STAFF_ROLE = Role.OWNER
"""The role staff (the site's operators) hold in every club."""


def is_staff(user: User) -> bool:
    """One of the site's operators: they count as owners of every club, but play no
    seat they have not taken and never see a hand."""
    return bool(user.is_authenticated and getattr(user, "is_staff", False))


def at_least(role: Role | str | None, minimum: Role) -> bool:
    """Whether ``role`` ranks at least ``minimum``: a member holds every power of the
    roles ranked below theirs (owner > director > scorer > player)."""
    return role is not None and ROLE_RANK[Role(role)] >= ROLE_RANK[minimum]


def role_in(user: User, club: Club) -> Role | None:
    """The user's role in the club (staff count as owners), or ``None``."""
    if not user.is_authenticated:
        return None
    if is_staff(user):
        return STAFF_ROLE
    role = Membership.objects.filter(club=club, user_id=user.pk).values_list("role", flat=True)
    found = role.first()
    return Role(found) if found else None


def has_role(user: User, club: Club, minimum: Role) -> bool:
    """Whether the user's role in the club is at least ``minimum``."""
    return at_least(role_in(user, club), minimum)


def require_role(user: User, club: Club, minimum: Role) -> Role:
    """The user's role, if it is at least ``minimum``; :class:`Forbidden` otherwise.
    Every club-scoped action starts here: directors manage their own club only."""
    role = role_in(user, club)
    if role is None or not at_least(role, minimum):
        if not user.is_authenticated:
            raise Forbidden(_("log in first"))
        names = {"role": minimum.label.lower(), "club": club.name}
        if role is None:
            refusal = _("this needs the %(role)s role in %(club)s; you are not a member")
            raise Forbidden(refusal % names)
        names["current"] = role.label.lower()
        refusal = _("this needs the %(role)s role in %(club)s; you are a %(current)s")
        raise Forbidden(refusal % names)
    return role


def club_roles(user: User, minimum: Role) -> list[tuple[Club, Role]]:
    """The clubs where the user's role is at least ``minimum``, by name, with that
    role (staff: every club, as its owner)."""
    if not user.is_authenticated:
        return []
    if is_staff(user):
        return [(club, STAFF_ROLE) for club in Club.objects.all()]
    roles = [role for role in Role if at_least(role, minimum)]
    found = Membership.objects.filter(user_id=user.pk, role__in=roles).select_related("club")
    return [(m.club, Role(m.role)) for m in found.order_by("club__name")]


def is_club_member(user: User, club: Club) -> bool:
    """A member of ``club``: any role in it (staff count as owners)."""
    return has_role(user, club, Role.PLAYER)


# ---------------------------------------------------------------------- directors


_DIRECTING = tuple(role for role in Role if at_least(role, Role.DIRECTOR))


def is_club_director(user: User, club: Club) -> bool:
    """A director of ``club``: its director or owner role, or staff."""
    return has_role(user, club, Role.DIRECTOR)


def is_tournament_director(user: User, tournament: Tournament) -> bool:
    """A director of ``tournament``: a director of its club."""
    return is_club_director(user, tournament.club)


def is_table_director(user: User, table: Table) -> bool:
    """A director of a round's ``table``: a director of its tournament."""
    return is_tournament_director(user, table.round.tournament)


def is_game_director(user: User, game: Game, table: Table | None = None) -> bool:
    """A director of ``game``: a director of the tournament whose table plays it (the
    club's director or owner role, or staff); nobody directs a casual game. ``table``:
    the game's table when the caller holds it (one query less). One query at most."""
    if not user.is_authenticated:
        return False
    if table is not None:
        return is_table_director(user, table)
    if is_staff(user):
        return Table.objects.filter(game_id=game.pk).exists()
    return Membership.objects.filter(
        user_id=user.pk,
        role__in=_DIRECTING,
        club__tournaments__rounds__tables__game=game.pk,
    ).exists()


def may_see_tournament(user: User | None, tournament: Tournament) -> bool:
    """A tournament is public once out of its draft; a draft is its club's scorers'
    and directors' only."""
    if tournament.status != Tournament.Status.DRAFT:
        return True
    return user is not None and has_role(user, tournament.club, Role.SCORER)


def may_read_season(season: Season, user: User) -> bool:
    """A public season is anyone's; a private one its club's members'."""
    return season.public or is_club_member(user, season.club)


# ---------------------------------------------------------------------- games


def manages_casual(user: User, game: Game) -> bool:
    """Who manages a casual game (one at no tournament's table): its creator alone, as
    docs/api.md says (staff have no rights over another user's casual game).
    Says nothing about whether the game is casual."""
    if not user.is_authenticated:
        return False
    return user.pk == game.created_by_id


def can_manage(user: User, game: Game) -> bool:
    """Who may manage a game (seat themselves, invite, start it): its creator or staff
    (:func:`manages_casual`), and the directors of the game's tournament. Managing
    never shows a hand: a manager who does not play sees the spectators' view (a
    director's look at a seat is :func:`may_look`)."""
    return manages_casual(user, game) or is_game_director(user, game)


def may_pause(user: User, game: Game, table: Table | None) -> bool:
    """Who may adjourn and resume ``game``'s table: a director of the game; at a game
    at no tournament's table (``table`` is ``None``), its manager."""
    if table is None:
        return manages_casual(user, game)
    return is_game_director(user, game, table)


def may_seat_bot(user: User, game: Game, table: Table | None) -> bool:
    """Who may seat a bot at ``game``: the manager of a casual game (``table`` is
    ``None``); never at a tournament's table, whose bot would count in the
    standings. Says nothing about the seat being empty."""
    return table is None and manages_casual(user, game)


def seats_of(user: User, game: Game) -> list[int]:
    """The seats of ``game`` that ``user`` plays (at most one: see :mod:`seats`)."""
    if not user.is_authenticated:
        return []
    return sorted(number for number, user_id in seat_users(game).items() if user_id == user.pk)


def can_act_as(user: User, game: Game, seat: int) -> bool:
    """Only a seat's own player acts as it: nobody (creator, organiser, director, staff)
    acts for another seat, which would show them its hand."""
    return seat in seats_of(user, game)


def can_see_seat(user: User, game: Game, seat: int) -> bool:
    """Who may see a seat's private view: that seat's player, and nobody else. A
    director's look at a seat to settle a dispute is a separate, logged act
    (:func:`may_look`, :func:`tournaments.services.seat_override.look_at_seat`), never
    a query parameter."""
    return can_act_as(user, game, seat)


def may_look(user: User, game: Game) -> bool:
    """Who may look at a seat's cards, with a reason, recorded: a director of the game
    who plays no seat at it. Staff direct every club but never see a hand."""
    if is_staff(user):
        return False
    return is_game_director(user, game) and not seats_of(user, game)
