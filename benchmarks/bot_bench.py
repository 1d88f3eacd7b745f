"""How long a bot takes to choose a move.

    python -m benchmarks.bot_bench [--games whist,scopa] [--seeds N]

For every game (default: all), whole games are played with a bot in every seat (the
player counts of the game, ``--seeds`` games each, default 5); only the bot's
``choose_move`` is timed (not the engine's view or legal list, which the server makes
anyway). Reports moves timed and the median, 95th percentile and worst time per move,
beside the aim (well under 10 ms a move); nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine
from engine.bot import choose_move
from engine.game import Game

AIM_MS = 10.0
LEGAL_LIST_LIMIT = 1000
"""As ``tournaments.services.moves.LEGAL_LIST_LIMIT``."""
SHORT_OPTIONS: dict[str, dict[str, Any]] = {
    "whist": {"target": 2},
    "three_handed_whist": {"target_score": 2},
    "italian_whist": {"score_limit": 3},
    "tresette": {"target": 5},
    "scopa": {"target": 3},
    "scala40": {"limit": 30},
}
"""Short games, so a run takes seconds."""


@dataclass(frozen=True)
class BotResult:
    game: str
    moves: int
    median_ms: float
    p95_ms: float
    worst_ms: float


def legal_of(state: Game, seat: int) -> dict[str, Any]:
    """As ``tournaments.services.moves.legal_of`` (the engine side only)."""
    count = state.legal_count(seat)
    if count <= LEGAL_LIST_LIMIT:
        legal = [action.to_event() for action in state.legal_actions(seat)]
        return {"count": count, "complete": True, "legal": legal}
    return {"count": count, "complete": False, "legal": state.view(seat).get("legal", [])}


def move_times(name: str, players: int, seed: int) -> list[float]:
    """Seconds each bot move of one whole game took."""
    game = engine.new_game(name, players, SHORT_OPTIONS.get(name))
    rng = random.Random(seed)
    times: list[float] = []
    while not game.over:
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
            continue
        seat = game.seats_to_act()[0]
        view, legal = game.view(seat), legal_of(game, seat)
        start = time.perf_counter()
        event = choose_move(name, seat, view, legal)
        times.append(time.perf_counter() - start)
        game.apply(event)
    return times


def measure(name: str, seeds: int) -> BotResult:
    times: list[float] = []
    for players in engine.game_class(name).player_counts:
        for seed in range(seeds):
            times.extend(move_times(name, players, seed))
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return BotResult(
        name, len(times), statistics.median(ordered) * 1000, p95 * 1000, ordered[-1] * 1000
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bot_bench", description="Time the bots' moves."
    )
    parser.add_argument("--games", default=None, help="comma-separated games (default: all)")
    parser.add_argument("--seeds", type=int, default=5, help="games per player count")
    args = parser.parse_args(argv)
    available = engine.available_games()
    names = [n.strip() for n in args.games.split(",")] if args.games else available
    unknown = [n for n in names if n not in available]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    print(f"Tavolo bot benchmark — Python {platform.python_version()}, aim < {AIM_MS:g} ms a move")
    print(f"{'game':<20}{'moves':>8}{'median ms':>12}{'p95 ms':>10}{'worst ms':>10}")
    for name in names:
        r = measure(name, args.seeds)
        print(f"{r.game:<20}{r.moves:>8}{r.median_ms:>12.3f}{r.p95_ms:>10.3f}{r.worst_ms:>10.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
