"""Games with a clock or bots for the online-play tests (issue 16)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from tournaments.models import Game, Player
from tournaments.services.games import create_game, start_game
from tournaments.services.seats import seat_by_authority


def table_game(
    game_type: str = "briscola",
    players: int = 2,
    *,
    time_control: Mapping[str, Any] | None = None,
    bots: Iterable[int] = (),
    options: Mapping[str, Any] | None = None,
    users: Mapping[int, Any] | None = None,
) -> Game:
    """A started online game; the seats in ``bots`` are played by bots, the others by
    new players (with the user ``users[seat]`` where given)."""
    game = create_game(
        game_type=game_type, players=players, options=options, time_control=time_control
    )
    tag = uuid.uuid4().hex[:8]
    bot_seats = set(bots)
    for number in range(players):
        player = Player.objects.create(
            name=f"{'bot' if number in bot_seats else 'player'}-{tag}-{number}",
            is_bot=number in bot_seats,
            user=(users or {}).get(number),
        )
        seat_by_authority(game, number, player)
    start_game(game.pk)
    game.refresh_from_db()
    return game
