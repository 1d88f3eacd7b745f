"""How fast the standings are recomputed.

    python -m benchmarks.standings_bench [--entrants N] [--rounds R] [--repeat K]

A simulated Swiss of ``N`` entrants (default 1,000) over ``R`` rounds (default 9):
random pairings of random results, a bye when ``N`` is odd, a few absences, forfeits,
withdrawals and late entries, so every code path is exercised. Then
``compute_standings`` recomputes the standings after *every* round (all ``R`` of them,
as a task does when a result is corrected), best of ``K`` runs (default 3), for:

- head-to-head, ``win_draw_loss`` with the default tiebreaks;
- head-to-head, WBF victory points with every tiebreak, ``direct_encounter`` included;
- tables of four, ``placement`` with every tiebreak.

The figures are printed beside the aim (1,000 entrants × 9 rounds in under a second);
nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.points import TableResult
from scoring.standings import RoundResults, StandingsSettings, compute_standings

AIM_SECONDS = 1.0
ALL_TIEBREAKS = [
    "direct_encounter",
    "buchholz_cut1",
    "buchholz_median",
    "buchholz",
    "sonneborn_berger",
    "opponents_match_win",
    "game_win",
    "progressive",
    "game_score",
    "score_margin",
]
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("head-to-head, W/D/L, default tiebreaks", 2, {"points": {"method": "win_draw_loss"}}),
    (
        "head-to-head, WBF VP, all tiebreaks",
        2,
        {"points": {"method": "victory_points_wbf", "wbf_deals": 4, "wbf_margin_unit": 10}},
    ),
    (
        "tables of four, placement, all tiebreaks",
        4,
        {"points": {"method": "placement"}},
    ),
]


@dataclass(frozen=True)
class Result:
    name: str
    entrants: int
    rounds: int
    seconds: float


def simulate(entrants: int, rounds: int, table_size: int, seed: int = 1) -> list[RoundResults]:
    """Random rounds with some absences, forfeits, withdrawals and late entries."""
    rng = random.Random(seed)
    late = max(1, entrants // 100)
    active = [f"p{i:05d}" for i in range(entrants - late)]
    waiting = [f"p{i:05d}" for i in range(entrants - late, entrants)]
    result = []
    for r in range(rounds):
        if r == 1:
            active += waiting  # late entries join in round 2
        withdrawn = [active.pop(rng.randrange(len(active)))] if r in (3, 6) else []
        absent = [active[rng.randrange(len(active))]] if r == 2 else []
        players = [p for p in active if p not in absent]
        rng.shuffle(players)
        cut = len(players) - len(players) % table_size
        tables = []
        for t in range(0, cut, table_size):
            seats = tuple(players[t : t + table_size])
            if rng.random() < 0.01:
                tables.append(TableResult(seats, forfeited=frozenset(seats[:1])))
            else:
                scores = tuple(Fraction(5 * rng.randint(0, 60)) for _ in seats)
                tables.append(TableResult(seats, scores))
        result.append(
            RoundResults(tuple(tables), tuple(players[cut:]), tuple(absent), tuple(withdrawn))
        )
    return result


def bench(
    name: str, table_size: int, settings: dict[str, Any], n: int, rounds: int, repeat: int
) -> Result:
    data = dict(settings, seed=7)
    if "default" not in name:
        data["tiebreaks"] = ALL_TIEBREAKS
    parsed = StandingsSettings.from_json(data)
    history = simulate(n, rounds, table_size)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        standings = compute_standings(parsed, history)
        best = min(best, time.perf_counter() - start)
    assert len(standings) == rounds
    return Result(name, n, rounds, best)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.standings_bench",
        description="Time recomputing every round's standings of a simulated tournament.",
    )
    parser.add_argument("--entrants", type=int, default=1000, help="entrants (default 1000)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds (default 9)")
    parser.add_argument("--repeat", type=int, default=3, help="best of K runs (default 3)")
    args = parser.parse_args(argv)
    if args.entrants < 8 or args.rounds < 1 or args.repeat < 1:
        parser.error("need --entrants >= 8, --rounds >= 1 and --repeat >= 1")
    print(
        f"standings benchmark: {args.entrants:,} entrants x {args.rounds} rounds, "
        f"all {args.rounds} standings recomputed, best of {args.repeat}"
    )
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.system()})")
    print(f"aim: 1,000 entrants x 9 rounds in < {AIM_SECONDS:g} s")
    print()
    header = f"{'case':<44}{'seconds':>9}{'per round':>11}"
    print(header)
    print("-" * len(header))
    for name, size, settings in CASES:
        result = bench(name, size, settings, args.entrants, args.rounds, args.repeat)
        print(
            f"{name:<44}{result.seconds:>9.3f}{result.seconds / args.rounds * 1000:>9.1f}ms",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
