"""How fast the pairing engine pairs a round.

    python -m benchmarks.pairing_bench [--round R] [--repeat N] [--quick]

Each case plays a Swiss tournament up to round ``R`` (default 5) with random results,
paired by the engine itself (so the histories, score groups and byes are realistic:
every entrant has met ``R - 1`` opponents, or ``2 (R - 1)`` table-mates at tables of
three), then times pairing round ``R``, best of ``N`` runs (default 3). Cases:
head-to-head with 100, 1,000 and 5,000 entrants; tables of three with 300 and 999.

The figures are printed beside the aim (1,000 head-to-head entrants in under a second)
together with the round's objective (rematches, byes, score cost); nothing here asserts
on timing. ``--quick`` runs small fields only (a smoke test).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from tournaments.pairing import Objective, Round, evaluate, pair_round, parse_round

AIM_SECONDS = {("head-to-head", 1000): 1.0}
CASES: list[tuple[str, int | list[int], int]] = [
    ("head-to-head", 2, 100),
    ("head-to-head", 2, 1000),
    ("head-to-head", 2, 5000),
    ("tables of three", 3, 300),
    ("tables of three", 3, 999),
]
QUICK_CASES: list[tuple[str, int | list[int], int]] = [
    ("head-to-head", 2, 40),
    ("tables of three", 3, 30),
]


@dataclass(frozen=True)
class Result:
    name: str
    entrants: int
    seconds: float
    setup_seconds: float
    objective: Objective


def tournament_round(table_size: int | list[int], n: int, upto: int, seed: int) -> Round:
    """Round ``upto`` of a simulated Swiss (earlier rounds paired by the engine)."""
    rng = random.Random(seed)
    entrants: dict[str, dict[str, Any]] = {
        f"p{i:05d}": {
            "id": f"p{i:05d}",
            "score": 0,
            "opponents": [],
            "byes": 0,
            "rating": rng.randint(1000, 2400),
        }
        for i in range(n)
    }

    def make() -> Round:
        return parse_round(
            {"table_size": table_size, "seed": seed, "entrants": list(entrants.values())}
        )

    for _ in range(upto - 1):
        pairing = pair_round(make())
        for table in pairing.tables:
            for x in table:
                entrants[x]["opponents"] += [y for y in table if y != x]
            if len(table) == 2 and rng.random() < 0.1:
                for x in table:
                    entrants[x]["score"] += 0.5
            else:
                entrants[rng.choice(table)]["score"] += 1
        for x in pairing.byes:
            entrants[x]["byes"] += 1
            entrants[x]["score"] += 1
    return make()


def bench(name: str, table_size: int | list[int], n: int, upto: int, repeat: int) -> Result:
    start = time.perf_counter()
    round_ = tournament_round(table_size, n, upto, seed=n)
    setup = time.perf_counter() - start
    best = float("inf")
    pairing = None
    for _ in range(repeat):
        start = time.perf_counter()
        pairing = pair_round(round_)
        best = min(best, time.perf_counter() - start)
    assert pairing is not None
    return Result(name, n, best, setup, evaluate(round_, pairing))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--round", type=int, default=5, help="the round to time (default 5)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument("--quick", action="store_true", help="small fields only (smoke test)")
    args = parser.parse_args(argv)
    print(f"pairing benchmark: round {args.round}, best of {args.repeat}")
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.system()})")
    print()
    header = f"{'case':<18}{'entrants':>9}{'seconds':>10}{'aim':>8}  objective of the round"
    print(header)
    print("-" * len(header))
    for name, size, n in QUICK_CASES if args.quick else CASES:
        result = bench(name, size, n, args.round, args.repeat)
        aim = AIM_SECONDS.get((name, n))
        aim_text = f"< {aim:g}" if aim else ""
        o = result.objective
        print(
            f"{name:<18}{n:>9,}{result.seconds:>10.3f}{aim_text:>8}  "
            f"rematches {o.repeats[0]}, byes {o.byes}, score cost {float(o.score_cost):g}"
            f"  (history built in {result.setup_seconds:.1f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
