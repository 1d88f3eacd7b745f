"""Demonstration data for a local server: players with logins and games to click through.

Every demo user's password is ``DEMO_PASSWORD``, so this only ever runs with DEBUG
on (``bin/serve``); :func:`load_demo` refuses otherwise. It is idempotent: the games
are made once, found by their marker option on later runs.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from scoring.rating_models import RatingScope
from scoring.rating_service import update_all_ratings
from tournaments.models import Game, Player
from tournaments.services import game_store
from tournaments.services.demo_club import load_demo_club
from tournaments.services.game_store import append_event, read_state
from tournaments.services.games import create_game, start_game
from tournaments.services.seats import seat_by_authority

DEMO_PASSWORD = "tavolo-demo"
DEMO_PEOPLE = ["alice", "bruno", "carla", "dario"]
DIRECTOR = "director"

# (title, game, players, options, mode, random moves to play after the start)
DEMO_GAMES: list[tuple[str, str, int, dict[str, Any], str, int | None]] = [
    ("Partnership whist, mid-deal", "whist", 4, {"target": 3}, Game.Mode.ONLINE, 21),
    ("Italian Whist, waiting for the split", "italian_whist", 3, {}, Game.Mode.ONLINE, 0),
    ("Italian Whist, second hand", "italian_whist", 3, {}, Game.Mode.ONLINE, 3 + 27 + 4),
    ("Two-player whist, drafting", "german_whist", 2, {}, Game.Mode.ONLINE, 9),
    ("Three-handed whist, exchange", "three_handed_whist", 3, {"deals": 3}, Game.Mode.ONLINE, 1),
    ("Partnership whist, finished", "whist", 4, {"target": 1}, Game.Mode.ONLINE, None),
    ("Italian Whist with real cards", "italian_whist", 3, {}, Game.Mode.PHYSICAL, 0),
]


def demo_game_id(index: int) -> uuid.UUID:
    """The fixed id of demo game ``index``, so later runs find it."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"tavolo:demo-game:{index}")


class DemoRefused(Exception):
    pass


def load_demo() -> list[str]:
    """Create the demo users and games if missing; return lines saying what exists."""
    if not settings.DEBUG:
        raise DemoRefused("demo users have a published password: load_demo runs only with DEBUG")
    with transaction.atomic():
        people = [_person(name) for name in DEMO_PEOPLE]
        director_user = _user(DIRECTOR, staff=True)
    lines = [f"demo logins: {', '.join(DEMO_PEOPLE + [DIRECTOR])} (password {DEMO_PASSWORD!r})"]
    for index, (title, game_type, players, options, mode, moves) in enumerate(DEMO_GAMES):
        try:
            game = game_store.get(demo_game_id(index))
        except Game.DoesNotExist:
            game = _demo_game(
                index, game_type, players, options, mode, moves, people, director_user
            )
        lines.append(f"  {title}: /games/{game.pk}/")
    lines += load_demo_club(director_user, {p.user.username: p for p in people})
    # The ladder and the player pages are not empty: the finished games rated now
    # (synchronously: the demo runs without a broker; an up-to-date scope costs a read).
    update_all_ratings()
    rated = RatingScope.objects.filter(club__isnull=True).values_list("game_type", "rated_games")
    lines.append("ratings: " + (", ".join(f"{t} {n} games" for t, n in rated) or "none yet"))
    return lines


def _user(username: str, staff: bool = False) -> Any:
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=username)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.first_name = username.capitalize()
        user.is_staff = staff
        user.save()
    return user


def _person(username: str) -> Player:
    user = _user(username)
    player, _ = Player.objects.get_or_create(user=user, defaults={"name": user.first_name})
    return player


def _demo_game(
    index: int,
    game_type: str,
    players: int,
    options: dict[str, Any],
    mode: str,
    moves: int | None,
    people: list[Player],
    director: Any,
) -> Game:
    game = create_game(
        game_type=game_type,
        players=players,
        options=options,
        mode=mode,
        created_by=director,
        game_id=demo_game_id(index),
    )
    for seat in range(players):
        seat_by_authority(game, seat, people[seat])  # the demo's trusted path
    start_game(game.pk)
    rng = random.Random(index)
    played = 0
    while moves is None or played < moves:
        game.refresh_from_db()
        if game.is_over:
            break
        event = read_state(game, lambda state: state.random_action(rng).to_event())
        append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=game.version)
        played += 1
    game.refresh_from_db()
    return game
