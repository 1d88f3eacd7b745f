"""Finding and making the players who sit at tables."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tournaments.models import Player
from tournaments.services.errors import ServiceError


def player_by_id(player_id: int) -> Player:
    try:
        return Player.objects.get(pk=player_id)
    except Player.DoesNotExist:
        raise ServiceError(f"there is no player with id {player_id}") from None


def guest(name: str) -> Player:
    """A new player without a login (a director acts for them)."""
    name = name.strip()
    if not name:
        raise ServiceError("a guest needs a name")
    return Player.objects.create(name=name)


def player_of_user(username: str) -> Player:
    """The player of the user ``username``, made (named after the user) if they have none."""
    user_model = get_user_model()
    try:
        user = user_model.objects.get(**{user_model.USERNAME_FIELD: username})
    except user_model.DoesNotExist:
        raise ServiceError(f"there is no user called {username!r}") from None
    name = (user.get_full_name() or user.get_username())[
        : Player._meta.get_field("name").max_length
    ]
    player, _ = Player.objects.get_or_create(user=user, defaults={"name": name})
    return player
