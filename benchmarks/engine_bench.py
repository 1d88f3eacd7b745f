"""How fast the rules engine plays and replays games.

    python -m benchmarks.engine_bench [--seconds N] [--games whist,german_whist]

For every game (default: all of ``engine.available_games()``), on one core:

- **random playouts**: whole games played with ``random_deal_event`` and
  ``random_action``; reports deals per second (a deal is one ``deal`` event and then
  random legal actions until the deal is scored) and whole games per second;
- **validated replay**: a pool of random games is recorded first as JSON event lists
  (plain dicts, as the event store holds them); then ``engine.replay`` is timed over
  the pool: every event is parsed, validated and applied. Reports events per second.

The figures are printed beside the project's aims (at least 5,000 random whist deals
a second and 500,000 validated events a second); nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from engine.game import Game

AIM_DEALS_PER_SECOND = 5_000
"""Random whist deals a second (the issue's aim, for ``whist``)."""
AIM_EVENTS_PER_SECOND = 500_000
"""Fully validated replayed events a second."""
DEAL_AIM_GAMES = ("whist",)
"""The games the deals-per-second aim is stated for."""


@dataclass(frozen=True)
class PlayoutResult:
    game: str
    deals: int
    games: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds


@dataclass(frozen=True)
class ReplayResult:
    game: str
    events: int
    games: int
    seconds: float

    @property
    def events_per_second(self) -> float:
        return self.events / self.seconds


def _players(name: str) -> int:
    return engine.game_class(name).player_counts[0]


def play_one_game(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end with random legal actions; return the deals played."""
    while not game.over:
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
        else:
            game.push(game.random_action(rng))
    return game.deal_number


def playout_rate(name: str, seconds: float, seed: int = 0) -> PlayoutResult:
    """Play random whole games of ``name`` for about ``seconds`` (at least one game)."""
    players = _players(name)
    rng = random.Random(seed)
    deals = games = 0
    clock = time.perf_counter
    start = clock()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        game = engine.new_game(name, players)
        deals += play_one_game(game, rng)
        games += 1
        elapsed = clock() - start
    return PlayoutResult(name, deals, games, elapsed)


def record_game(name: str, rng: random.Random) -> list[dict[str, Any]]:
    """The events of one random game of ``name``, as JSON objects."""
    game = engine.new_game(name, _players(name))
    events: list[dict[str, Any]] = []
    while not game.over:
        if game.awaiting == "deal":
            event = game.random_deal_event(rng)
        else:
            event = game.random_action(rng).to_event()
        game.apply(event)
        events.append(event)
    # Through JSON, so that the replay starts from exactly what the event store holds.
    decoded: list[dict[str, Any]] = json.loads(json.dumps(events))
    return decoded


def replay_rate(name: str, seconds: float, pool_size: int = 20, seed: int = 1) -> ReplayResult:
    """Replay a pool of ``pool_size`` recorded games of ``name`` with ``engine.replay``
    for about ``seconds`` (at least once through the pool's first game)."""
    rng = random.Random(seed)
    players = _players(name)
    pool = [record_game(name, rng) for _ in range(max(1, pool_size))]
    replay = engine.replay
    events = games = 0
    clock = time.perf_counter
    start = clock()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        recorded = pool[games % len(pool)]
        replay(name, players, recorded)
        events += len(recorded)
        games += 1
        elapsed = clock() - start
    return ReplayResult(name, events, games, elapsed)


# ---------------------------------------------------------------------- the report


def _rate(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def _meets(value: float, aim: float) -> str:
    return "yes" if value >= aim else "no"


def run(
    names: Sequence[str], seconds: float, out: Callable[[str], None] = print
) -> list[tuple[PlayoutResult, ReplayResult]]:
    """Measure every game in ``names`` and print the table; return the figures."""
    out(
        f"Tavolo engine benchmark — Python {platform.python_version()} "
        f"({platform.python_implementation()}, {platform.machine() or 'unknown machine'}), "
        f"one process, {seconds:g} s per measurement"
    )
    out(
        f"Aims: >= {AIM_DEALS_PER_SECOND:,} random deals/s ({', '.join(DEAL_AIM_GAMES)}), "
        f">= {AIM_EVENTS_PER_SECOND:,} validated events/s"
    )
    header = (
        f"{'game':<20} {'deals/s':>10} {'aim met':>7} {'games/s':>9} "
        f"{'replayed events/s':>18} {'aim met':>7}"
    )
    out("")
    out(header)
    out("-" * len(header))
    results = []
    for name in names:
        playout = playout_rate(name, seconds)
        replayed = replay_rate(name, seconds)
        deal_aim = (
            _meets(playout.deals_per_second, AIM_DEALS_PER_SECOND)
            if name in DEAL_AIM_GAMES
            else "-"
        )
        out(
            f"{name:<20} {_rate(playout.deals_per_second):>10} {deal_aim:>7} "
            f"{_rate(playout.games_per_second):>9} "
            f"{_rate(replayed.events_per_second):>18} "
            f"{_meets(replayed.events_per_second, AIM_EVENTS_PER_SECOND):>7}"
        )
        results.append((playout, replayed))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.engine_bench",
        description="Measure random playouts and validated replays of every engine game.",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=2.0,
        help="how long each measurement runs (default 2)",
    )
    parser.add_argument(
        "--games",
        default=None,
        help="comma-separated games to measure (default: every available game)",
    )
    args = parser.parse_args(argv)
    available = engine.available_games()
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.games:
        names = [name.strip() for name in args.games.split(",") if name.strip()]
        unknown = [name for name in names if name not in available]
        if unknown:
            parser.error(
                f"unknown game(s): {', '.join(unknown)} (available: {', '.join(available)})"
            )
    else:
        names = available
    run(names, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
