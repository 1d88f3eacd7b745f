"""How fast the standings are recomputed (pure Python).

    python -m benchmarks.standings_bench [--entrants N[,N...]] [--rounds R] [--repeat K]
                                         [--no-growth]

A simulated Swiss of ``N`` entrants (default 1,000) over ``R`` rounds (default 9):
random pairings of random results, a bye when ``N`` is odd, a few absences, forfeits,
withdrawals and late entries, so every code path is exercised. Then
``compute_standings`` recomputes the standings after *every* round (all ``R`` of them,
as a task does when a result is corrected), best of ``K`` runs (default 3), for:

- head-to-head, ``win_draw_loss`` with the default tiebreaks;
- head-to-head, WBF victory points with every tiebreak, ``direct_encounter`` included;
- tables of four, ``placement`` with every tiebreak.

Each figure is printed with its ratio to the **anchor** measured in the same run:
reading every round's records once (``records_by_round``, no ranking), the least any
computation of the standings must do. Unless ``--no-growth``, the same case is timed
again over ``2R`` rounds and the ratio ``t(2R) / t(R)`` printed: the totals are
carried forward round by round, so it stays near 2 (a little above: the Buchholz-type
tiebreaks read one opponent's total per game played, which grows with the rounds).
Several ``--entrants`` (``250,500,1000,2000``) show how the cost grows with the field.
The aims (1,000 entrants x 9 rounds in under 0.2 s; 18 rounds at most 2.2 x 9 rounds)
are printed beside the figures; nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.collector import collector_paused
from scoring.points import TableResult
from scoring.round_records import records_by_round
from scoring.standings import RoundResults, StandingsSettings, compute_standings

AIM_SECONDS = 0.2
GROWTH_AIM = 2.2
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
    anchor: float
    """Reading every round's records once, no ranking (same run, same input)."""


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


def _best(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def bench(
    name: str, table_size: int, settings: dict[str, Any], n: int, rounds: int, repeat: int
) -> Result:
    data = dict(settings, seed=7)
    if "default" not in name:
        data["tiebreaks"] = ALL_TIEBREAKS
    parsed = StandingsSettings.from_json(data)
    history = simulate(n, rounds, table_size)
    standings = compute_standings(parsed, history)
    assert len(standings) == rounds
    seconds = _best(lambda: compute_standings(parsed, history), repeat)
    with collector_paused():  # as compute_standings reads them
        anchor = _best(lambda: list(records_by_round(parsed, history)), repeat)
    return Result(name, n, rounds, seconds, anchor)


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError("a number of entrants, or several: 250,500") from None
    if any(size < 8 for size in sizes):
        raise argparse.ArgumentTypeError("need at least 8 entrants")
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.standings_bench",
        description="Time recomputing every round's standings of a simulated tournament.",
    )
    parser.add_argument(
        "--entrants", type=_sizes, default=[1000], help="entrants, or several: 250,500 (1000)"
    )
    parser.add_argument("--rounds", type=int, default=9, help="rounds (default 9)")
    parser.add_argument("--repeat", type=int, default=3, help="best of K runs (default 3)")
    parser.add_argument("--no-growth", action="store_true", help="do not time 2R rounds beside R")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.repeat < 1:
        parser.error("need --rounds >= 1 and --repeat >= 1")
    rounds = args.rounds
    print(
        f"standings benchmark: {', '.join(f'{n:,}' for n in args.entrants)} entrants x "
        f"{rounds} rounds{'' if args.no_growth else f' (and {2 * rounds})'}, "
        f"all standings recomputed, best of {args.repeat}"
    )
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.system()})")
    print(
        f"aims: 1,000 entrants x 9 rounds in < {AIM_SECONDS:g} s; "
        f"t(18 rounds) / t(9 rounds) <= {GROWTH_AIM:g}"
    )
    print("anchor: reading every round's records once, no ranking (same run, same input)")
    print()
    header = f"{'case':<42}{'entrants':>9}{'seconds':>9}{'per round':>11}{'/anchor':>9}"
    if not args.no_growth:
        header += f"{f'x{2 * rounds} rounds':>13}{'ratio':>7}"
    print(header)
    print("-" * len(header))
    for n in args.entrants:
        for name, size, settings in CASES:
            result = bench(name, size, settings, n, rounds, args.repeat)
            line = (
                f"{name:<42}{n:>9,}{result.seconds:>9.3f}"
                f"{result.seconds / rounds * 1000:>9.1f}ms"
                f"{result.seconds / result.anchor:>9.2f}"
            )
            if not args.no_growth:
                longer = bench(name, size, settings, n, 2 * rounds, args.repeat)
                line += f"{longer.seconds:>13.3f}{longer.seconds / result.seconds:>7.2f}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
