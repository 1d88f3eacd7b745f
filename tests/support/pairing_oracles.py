"""Independent oracles for the pairing tests: brute force, random rounds, simulations.

Imported by the pairing tests as ``tests.support.pairing_oracles``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from tournaments.pairing import Objective, Pairing, Round, evaluate, pair_round, parse_round
from tournaments.pairing.matching import min_cost_perfect_matching

# ------------------------------------------------------------------------- brute force


def perfect_matchings(ids: Sequence[str]) -> Iterator[list[tuple[str, str]]]:
    """Every perfect matching of an even list of ids."""
    if not ids:
        yield []
        return
    first = ids[0]
    for k in range(1, len(ids)):
        rest = [*ids[1:k], *ids[k + 1 :]]
        for matching in perfect_matchings(rest):
            yield [(first, ids[k]), *matching]


def all_head_to_head(ids: Sequence[str]) -> Iterator[Pairing]:
    """Every head-to-head pairing: all perfect matchings, with every choice of bye."""
    if len(ids) % 2:
        for k, bye in enumerate(ids):
            for matching in perfect_matchings([*ids[:k], *ids[k + 1 :]]):
                yield Pairing(tables=tuple(matching), byes=(bye,))
    else:
        for matching in perfect_matchings(list(ids)):
            yield Pairing(tables=tuple(matching), byes=())


def set_partitions(ids: Sequence[str], sizes: dict[int, int]) -> Iterator[list[tuple[str, ...]]]:
    """Every way to split ``ids`` into unordered tables with ``sizes[k]`` tables of k."""
    if not ids:
        if not any(sizes.values()):
            yield []
        return
    first, rest = ids[0], list(ids[1:])
    for size, count in sizes.items():
        if not count:
            continue
        remaining = {**sizes, size: count - 1}
        for others in combinations(rest, size - 1):
            left = [x for x in rest if x not in others]
            for tail in set_partitions(left, remaining):
                yield [(first, *others), *tail]


def all_seatings(round_: Round, counts: dict[int, int], nbyes: int) -> Iterator[Pairing]:
    """Every seating with the given table sizes and number of byes (movement: every
    seat order that matters, i.e. the three partnerships of each table)."""
    ids = [e.id for e in round_.entrants]
    for byes in combinations(ids, nbyes):
        seated = [x for x in ids if x not in byes]
        for tables in set_partitions(seated, counts):
            if round_.movement:
                yield from _arrangements(tables, byes)
            else:
                yield Pairing(tables=tuple(tables), byes=tuple(byes))


def movement_arrangements(table: Sequence[str]) -> list[tuple[str, str, str, str]]:
    """The three ways to seat four entrants as two partnerships (seats 0&2 and 1&3)."""
    a, b, c, d = table
    return [(a, b, c, d), (a, c, b, d), (a, b, d, c)]


def _arrangements(tables: list[tuple[str, ...]], byes: tuple[str, ...]) -> Iterator[Pairing]:
    if not tables:
        yield Pairing(tables=(), byes=byes)
        return
    for seats in movement_arrangements(tables[0]):
        for rest in _arrangements(tables[1:], byes):
            yield Pairing(tables=(seats, *rest.tables), byes=byes)


def best_objective(round_: Round, pairings: Iterator[Pairing]) -> Objective:
    return min(evaluate(round_, p) for p in pairings)


def min_rematches_head_to_head(round_: Round) -> int:
    """The fewest rule-1 violations any head-to-head pairing has (complete graph)."""
    ids = [e.id for e in round_.entrants]
    n = len(ids)
    nvertex = n + n % 2
    edges = [
        (a, b, 1 if round_.conflict(ids[a], ids[b]) else 0)
        for a in range(n)
        for b in range(a + 1, n)
    ]
    edges += [(a, n, 0) for a in range(n) if n % 2]
    mate = min_cost_perfect_matching(nvertex, edges)
    return sum(1 for a in range(n) if a < mate[a] < n and round_.conflict(ids[a], ids[mate[a]]))


# ------------------------------------------------------------------------ random rounds


def random_round(
    rng: random.Random,
    n: int,
    table_size: int | list[int] = 2,
    *,
    density: float | None = None,
    movement: bool = False,
) -> Round:
    """A random round: scores with halves, byes, histories and forbidden pairs."""
    ids = [f"e{i}" for i in range(n)]
    entrants: list[dict[str, Any]] = [
        {
            "id": x,
            "score": rng.choice([0, 0.5, 1, 1, 2, 2.5, 3, 4]),
            "byes": rng.choice([0, 0, 0, 1]),
            "rating": rng.choice([1400, 1500, 1600, 1700]),
            "opponents": [],
            "partners": [],
        }
        for x in ids
    ]
    p = rng.random() * 0.5 if density is None else density
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < p:
                entrants[a]["opponents"].append(ids[b])
            elif movement and rng.random() < p:
                entrants[a]["partners"].append(ids[b])
    forbidden = [[ids[a], ids[b]] for a in range(n) for b in range(a + 1, n) if rng.random() < 0.03]
    return parse_round(
        {
            "table_size": table_size,
            "seed": rng.randrange(1000),
            "entrants": entrants,
            "forbidden": forbidden,
            "movement": movement,
        }
    )


# -------------------------------------------------------------------------- simulation


def simulate(
    n: int,
    rounds: int,
    *,
    table_size: int | list[int] | None = None,
    seed: int = 0,
    movement: bool = False,
) -> Iterator[tuple[int, Round, Pairing]]:
    """Play a Swiss tournament with random results; yields (round index, input, pairing)."""
    if table_size is None:
        table_size = 4 if movement else 2
    rng = random.Random(seed)
    entrants: dict[str, dict[str, Any]] = {
        f"p{i}": {
            "id": f"p{i}",
            "score": 0,
            "opponents": [],
            "partners": [],
            "byes": 0,
            "rating": rng.randint(1000, 2400),
        }
        for i in range(n)
    }
    for r in range(rounds):
        round_ = parse_round(
            {
                "table_size": table_size,
                "seed": seed,
                "movement": movement,
                "entrants": list(entrants.values()),
            }
        )
        pairing = pair_round(round_)
        yield r, round_, pairing
        for table in pairing.tables:
            if movement:
                a, b, c, d = table
                for x, partner in ((a, c), (c, a), (b, d), (d, b)):
                    entrants[x]["partners"].append(partner)
                    entrants[x]["opponents"] += [y for y in table if y not in (x, partner)]
            else:
                for x in table:
                    entrants[x]["opponents"] += [y for y in table if y != x]
            if len(table) == 2:
                a, b = table
                u = rng.random()
                if u < 0.1:
                    entrants[a]["score"] += 0.5
                    entrants[b]["score"] += 0.5
                else:
                    entrants[a if u < 0.55 else b]["score"] += 1
            else:
                entrants[rng.choice(table)]["score"] += 1
        for x in pairing.byes:
            entrants[x]["byes"] += 1
            entrants[x]["score"] += 1
