"""Who may do what with a game."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournaments.models import Game

User = AbstractBaseUser | AnonymousUser


def can_manage(user: User, game: Game) -> bool:
    """The game's creator and staff may manage it and act for any of its seats.
    (Club directors join them once clubs exist.)"""
    if not user.is_authenticated:
        return False
    return bool(user.pk == game.created_by_id or getattr(user, "is_staff", False))


def seats_of(user: User, game: Game) -> list[int]:
    """The seats of ``game`` that ``user`` plays."""
    if not user.is_authenticated:
        return []
    return sorted(seat.number for seat in game.seats.all() if seat.player.user_id == user.pk)


def can_act_as(user: User, game: Game, seat: int) -> bool:
    """A seat may act only as itself; the game's managers may act for the table,
    unless they play at it themselves (a player never sees another seat's hand)."""
    own = seats_of(user, game)
    if own:
        return seat in own
    return can_manage(user, game)


def can_see_seat(user: User, game: Game, seat: int) -> bool:
    """Who may see a seat's private view: that seat's player and the game's managers."""
    return can_act_as(user, game, seat)
