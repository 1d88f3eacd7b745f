"""Helpers for the game-service tests: play a started game (``factories.started_game``)
through ``append_event`` as a client would (read the state, pick a legal action, append)."""

from __future__ import annotations

import random
import uuid
from typing import Any

from engine import Game as EngineGame
from tournaments.models import Game
from tournaments.services.game_store import Appended, append_event, read_state

# A game per engine game, to be played online (the server deals).
ONLINE_GAMES: list[tuple[str, int, dict[str, Any] | None]] = [
    ("whist", 4, {"target": 2}),
    ("italian_whist", 3, {"score_limit": 3}),
    ("german_whist", 2, None),
    ("three_handed_whist", 3, {"deals": 3}),
]


def random_legal_event(game: Game, rng: random.Random) -> dict[str, Any]:
    """A legal action of any seat that may act now, as an event (game read fresh)."""
    return read_state(game, lambda state: state.random_action(rng).to_event())


def play_one(game_id: uuid.UUID, rng: random.Random) -> Appended:
    """Read the game, pick a legal action and append it at the version read."""
    game = Game.objects.get(pk=game_id)
    event = random_legal_event(game, rng)
    return append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=game.version)


def play(game_id: uuid.UUID, rng: random.Random, max_events: int | None = None) -> list[Appended]:
    """Play random legal actions until the game is over or ``max_events`` were appended."""
    results: list[Appended] = []
    while max_events is None or len(results) < max_events:
        game = Game.objects.get(pk=game_id)
        if game.is_over:
            break
        results.append(play_one(game_id, rng))
    return results


def all_views(state: EngineGame) -> list[dict[str, Any]]:
    """The spectator's view and every seat's view."""
    return [state.view(seat) for seat in [None, *range(state.players)]]
