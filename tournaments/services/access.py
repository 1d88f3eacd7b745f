"""Who may do what with a game.

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

from tavolo.bounded import BoundedMap
from tournaments.models import Game, Membership, Role, Seat

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


def can_manage(user: User, game: Game) -> bool:
    """The game's creator, staff, and the directors and owners of the club whose
    tournament the game belongs to may manage it: seat themselves, invite, start it.
    Managing never shows a hand: a manager who does not play sees the spectators'
    view (a director's look at a seat is :mod:`tournaments.services.seat_override`)."""
    if not user.is_authenticated:
        return False
    if user.pk == game.created_by_id or getattr(user, "is_staff", False):
        return True
    return is_tournament_director(user, game)


def is_tournament_director(user: User, game: Game) -> bool:
    """Whether ``user`` directs (or owns) the club whose tournament ``game`` belongs to."""
    if not user.is_authenticated:
        return False
    return Membership.objects.filter(
        user_id=user.pk,
        role__in=(Role.DIRECTOR, Role.OWNER),
        club__tournaments__rounds__tables__game=game.pk,
    ).exists()


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
    (:func:`tournaments.services.seat_override.look_at_seat`), never a query parameter."""
    return can_act_as(user, game, seat)
