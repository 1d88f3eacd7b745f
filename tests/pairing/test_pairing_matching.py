"""The blossom algorithm against brute force on random graphs (warm starts included)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.matching import NoPerfectMatching, min_cost_perfect_matching

Edge = tuple[int, int, int]


def brute_force(n: int, edges: list[Edge]) -> int | None:
    cost = {}
    for i, j, c in edges:
        cost[i, j] = cost[j, i] = c
    best: int | None = None

    def extend(rest: list[int], acc: int) -> None:
        nonlocal best
        if not rest:
            best = acc if best is None else min(best, acc)
            return
        a = rest[0]
        for b in rest[1:]:
            if (a, b) in cost:
                extend([x for x in rest if x not in (a, b)], acc + cost[a, b])

    extend(list(range(n)), 0)
    return best


@settings(max_examples=400, deadline=None)
@given(
    n=st.sampled_from([0, 2, 4, 6, 8, 10]),
    density=st.floats(0.2, 1.0),
    warm=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_against_brute_force(n: int, density: float, warm: bool, seed: int) -> None:
    rng = random.Random(seed)
    edges = [
        (i, j, rng.choice([0, 0, 1, 2, 3, 5, 8, 100, 10**30]))
        for i in range(n)
        for j in range(i + 1, n)
        if rng.random() < density
    ]
    initial: list[tuple[int, int]] = []
    used: set[int] = set()
    if warm:
        for i, j, c in edges:
            if c == 0 and not {i, j} & used and rng.random() < 0.7:
                initial.append((i, j))
                used |= {i, j}
    best = brute_force(n, edges)
    if best is None:
        with pytest.raises(NoPerfectMatching):
            min_cost_perfect_matching(n, edges, initial)
        return
    mate = min_cost_perfect_matching(n, edges, initial)
    assert all(mate[mate[v]] == v != mate[v] for v in range(n))
    cost = {(i, j): c for i, j, c in edges} | {(j, i): c for i, j, c in edges}
    assert sum(cost[v, mate[v]] for v in range(n) if v < mate[v]) == best


def test_deeply_nested_blossoms() -> None:
    """A long strip of zero-cost triangles, longer than Python's recursion limit: the
    blossoms that grow along it are handled without recursion."""
    import sys

    n = 2 * (sys.getrecursionlimit() + 200)
    edges = [(i, i + 1, 0) for i in range(n - 1)] + [(i, i + 2, 0) for i in range(n - 2)]
    # Start from every other pair so that the free vertices sit at the two ends.
    initial = [(i, i + 1) for i in range(1, n - 2, 2)]
    mate = min_cost_perfect_matching(n, edges, initial)
    assert sorted(mate) == list(range(n))


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="bad edge"):
        min_cost_perfect_matching(2, [(0, 0, 1)])
    with pytest.raises(ValueError, match="non-negative"):
        min_cost_perfect_matching(2, [(0, 1, -1)])
    with pytest.raises(ValueError, match="zero-cost"):
        min_cost_perfect_matching(2, [(0, 1, 1)], [(0, 1)])
    with pytest.raises(NoPerfectMatching):
        min_cost_perfect_matching(3, [(0, 1, 0), (1, 2, 0)])
