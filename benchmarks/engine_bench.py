"""How fast the rules engine plays and replays games.

    python -m benchmarks.engine_bench [--seconds N] [--games whist,german_whist]

For every game (default: all of ``engine.available_games()``), on one core:

- **random playouts**: whole games played with ``random_deal_event`` and
  ``random_action``; reports deals per second (a deal is one ``deal`` event and then
  random legal actions until the deal is scored) and whole games per second;
- **validated replay**: a pool of random games is recorded first as JSON event lists
  (plain dicts, as the event store holds them); then ``engine.replay`` is timed over
  the pool: every event is parsed, validated and applied. Reports events per second.

- **anchor**: python-chess (the ``chess`` package, a dev dependency) replaying a fixed
  pool of random chess games move by move through its validating entry point
  (``Board.push_uci``, which parses the move and checks it is legal), measured in the
  same run. Every replay figure is also printed as a ratio to it, so runs on machines
  of different speed (or under different load) can be compared.

The figures are printed beside the issue's aims (random deals a second, validated
events a second, and for whist a replay at least ten times python-chess's); nothing
here asserts on timing. Without the ``chess`` package the anchor column says so.
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

AIM_WHIST_DEALS_PER_SECOND = 10_000
"""Random whist deals a second (issue 17's aim for ``whist``)."""
AIM_DEALS_PER_SECOND = 1_000
"""Random deals a second, every other game (issue 17)."""
AIM_WHIST_EVENTS_PER_SECOND = 600_000
"""Fully validated replayed whist events a second (issue 17)."""
AIM_EVENTS_PER_SECOND = 200_000
"""Fully validated replayed events a second, every trick game (issue 17)."""
AIM_WHIST_CHESS_RATIO = 10.0
"""Whist's validated replay against python-chess's validated moves a second."""


def deal_aim(name: str) -> int:
    return AIM_WHIST_DEALS_PER_SECOND if name == "whist" else AIM_DEALS_PER_SECOND


def replay_aim(name: str) -> int:
    """Issue 17: 600,000 validated events a second for whist, 200,000 for every game."""
    return AIM_WHIST_EVENTS_PER_SECOND if name == "whist" else AIM_EVENTS_PER_SECOND


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


# ---------------------------------------------------------------------- the anchor


@dataclass(frozen=True)
class ChessResult:
    moves: int
    seconds: float

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds


def record_chess_game(rng: random.Random, max_plies: int = 200) -> list[str]:
    """The moves (UCI) of one random chess game, at most ``max_plies`` long."""
    import chess

    board = chess.Board()
    moves: list[str] = []
    while len(moves) < max_plies and not board.is_game_over(claim_draw=False):
        move = rng.choice(list(board.legal_moves))
        moves.append(move.uci())
        board.push(move)
    return moves


def chess_rate(seconds: float, pool_size: int = 20, seed: int = 2) -> ChessResult | None:
    """python-chess replaying a pool of random games with ``Board.push_uci`` (parse and
    legality check of every move, as ``engine.replay`` parses and checks every event);
    ``None`` when the ``chess`` package is not installed."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    pool = [record_chess_game(rng) for _ in range(max(1, pool_size))]
    moves = games = 0
    clock = time.perf_counter
    start = clock()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        recorded = pool[games % len(pool)]
        board = chess.Board()
        push_uci = board.push_uci
        for uci in recorded:
            push_uci(uci)
        moves += len(recorded)
        games += 1
        elapsed = clock() - start
    return ChessResult(moves, elapsed)


# ---------------------------------------------------------------------- the report


def _rate(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def _meets(value: float, aim: float) -> str:
    return "yes" if value >= aim else "no"


def _aim(value: float, aim: float | None) -> str:
    return "-" if aim is None else f"{_rate(aim)} {_meets(value, aim)}"


def run(
    names: Sequence[str], seconds: float, out: Callable[[str], None] = print
) -> list[tuple[PlayoutResult, ReplayResult]]:
    """Measure every game in ``names`` and print the table; return the figures."""
    out(
        f"Tavolo engine benchmark — Python {platform.python_version()} "
        f"({platform.python_implementation()}, {platform.machine() or 'unknown machine'}), "
        f"one process, {seconds:g} s per measurement"
    )
    anchor = chess_rate(seconds)
    if anchor is None:
        out("Anchor: python-chess not installed (pip install chess): no ratios")
    else:
        out(
            f"Anchor: python-chess Board.push_uci, {_rate(anchor.moves_per_second)} "
            f"validated moves/s (same run); aim for whist >= {AIM_WHIST_CHESS_RATIO:g}x"
        )
    header = (
        f"{'game':<20} {'deals/s':>9} {'aim, met':>12} {'games/s':>8} "
        f"{'replay ev/s':>12} {'aim, met':>12} {'x chess':>8}"
    )
    out("")
    out(header)
    out("-" * len(header))
    results = []
    for name in names:
        playout = playout_rate(name, seconds)
        replayed = replay_rate(name, seconds)
        ratio = (
            f"{replayed.events_per_second / anchor.moves_per_second:.1f}"
            if anchor is not None
            else "-"
        )
        out(
            f"{name:<20} {_rate(playout.deals_per_second):>9} "
            f"{_aim(playout.deals_per_second, deal_aim(name)):>12} "
            f"{_rate(playout.games_per_second):>8} "
            f"{_rate(replayed.events_per_second):>12} "
            f"{_aim(replayed.events_per_second, replay_aim(name)):>12} {ratio:>8}"
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
