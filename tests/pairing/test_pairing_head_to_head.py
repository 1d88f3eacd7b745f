"""Head-to-head pairing is optimal: brute force over every pairing, and rule checks."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.pairing_oracles import (
    all_head_to_head,
    best_objective,
    min_rematches_head_to_head,
    random_round,
)
from tournaments.pairing import Entrant, evaluate, pair_round, parse_round
from tournaments.pairing.head_to_head import candidate_window
from tournaments.pairing.matching import min_cost_perfect_matching

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Slow (~7 s in CI): 300 random rounds, each checked against every possible pairing.
@FAST
@given(n=st.integers(0, 10), seed=st.integers(0, 2**32 - 1))
def test_optimal_against_every_pairing(n: int, seed: int) -> None:
    """Brute force: no pairing (any matching, any bye) has a better objective vector."""
    round_ = random_round(random.Random(seed), n)
    got = evaluate(round_, pair_round(round_))
    assert got == best_objective(round_, all_head_to_head([e.id for e in round_.entrants]))


@settings(max_examples=60, deadline=None)
@given(n=st.integers(12, 60), seed=st.integers(0, 2**32 - 1))
def test_sparse_graph_loses_nothing(n: int, seed: int) -> None:
    """The candidate window (module docstring) keeps an optimum: compare with the
    same lexicographic costs on the complete graph, solved by the blossom algorithm."""
    rng = random.Random(seed)
    round_ = random_round(rng, n, density=rng.choice([0.05, 0.2, 0.5]))
    people = list(round_.entrants)
    ranks = sorted({(e.byes, e.score) for e in people})
    big = 10**6  # above any total of the lower levels (scores are at most 4, n <= 60)

    def cost(a: Entrant, b: Entrant) -> int:
        return big**2 * round_.conflict(a.id, b.id) + int((2 * (a.score - b.score)) ** 2)

    def bye_cost(a: Entrant) -> int:
        return big * ranks.index((a.byes, a.score))

    edges = [(i, j, cost(people[i], people[j])) for i in range(n) for j in range(i + 1, n)]
    if n % 2:
        edges += [(i, n, bye_cost(e)) for i, e in enumerate(people)]
    mate = min_cost_perfect_matching(n + n % 2, edges)
    optimum = sum(c for i, j, c in edges if mate[i] == j)
    pairing = pair_round(round_)
    by_id = round_.by_id
    mine = sum(cost(by_id[a], by_id[b]) for a, b in pairing.tables)
    mine += sum(bye_cost(by_id[x]) for x in pairing.byes)
    assert mine == optimum


def test_window_formula() -> None:
    assert candidate_window(0, 0) == 2
    assert candidate_window(3, 5) == 18


def entrants(*rows: tuple[str, float, list[str], int]) -> list[dict[str, Any]]:
    return [{"id": i, "score": s, "opponents": o, "byes": b} for i, s, o, b in rows]


def test_round_one_is_top_half_against_bottom_half_by_rating() -> None:
    data = {
        "table_size": 2,
        "seed": 3,
        "entrants": [{"id": f"r{r}", "score": 0, "rating": r} for r in range(2000, 1000, -100)],
    }
    pairing = pair_round(parse_round(data))
    assert pairing.tables == (
        ("r2000", "r1500"),
        ("r1900", "r1400"),
        ("r1800", "r1300"),
        ("r1700", "r1200"),
        ("r1600", "r1100"),
    )
    assert pairing.byes == ()


def test_round_one_bye_to_the_lowest_rated() -> None:
    data = {
        "table_size": 2,
        "entrants": [{"id": f"r{r}", "score": 0, "rating": r} for r in (1500, 1200, 1900)],
    }
    assert pair_round(parse_round(data)).byes == ("r1200",)


def test_bye_to_fewest_byes_then_lowest_score() -> None:
    rows = entrants(
        ("a", 3, [], 0), ("b", 2, [], 1), ("c", 1, [], 1), ("d", 2, [], 0), ("e", 0, [], 1)
    )
    pairing = pair_round(parse_round({"table_size": 2, "entrants": rows}))
    assert pairing.byes == ("d",)
    assert pairing.tables == (("a", "b"), ("c", "e"))


def test_rule_one_moves_the_bye() -> None:
    # d is rule 2's bye, but a has met b, c and e: a bye for d leaves a a rematch. So
    # d plays a, and the bye goes to the next in rule 2's order: c (no bye, score 1).
    rows = entrants(
        ("a", 2, ["b", "c", "e"], 0),
        ("b", 2, ["a"], 0),
        ("c", 1, ["a"], 0),
        ("d", 0, [], 0),
        ("e", 1, ["a"], 1),
    )
    round_ = parse_round({"table_size": 2, "entrants": rows})
    pairing = pair_round(round_)
    assert evaluate(round_, pairing).repeats == (0,)
    assert pairing.byes == ("c",)
    assert pairing.tables == (("b", "e"), ("a", "d"))


def test_half_points_and_forbidden_pairs() -> None:
    rows = entrants(("a", 1.5, [], 0), ("b", 1.5, [], 0), ("c", 1, [], 0), ("d", 0.5, [], 0))
    data = {"table_size": 2, "entrants": rows, "forbidden": [["a", "b"]]}
    round_ = parse_round(data)
    pairing = pair_round(round_)
    assert evaluate(round_, pairing).repeats == (0,)
    assert {frozenset(t) for t in pairing.tables} == {frozenset("ac"), frozenset("bd")}


def test_unavoidable_rematch_is_minimised() -> None:
    # Everyone has met everyone: two rematches are unavoidable, and taken.
    ids = "abcd"
    rows = entrants(*((x, 0, [y for y in ids if y != x], 0) for x in ids))
    round_ = parse_round({"table_size": 2, "entrants": rows})
    assert evaluate(round_, pair_round(round_)).repeats == (2,)


def test_deterministic_and_seed_dependent() -> None:
    rng = random.Random(7)
    round_ = random_round(rng, 40, density=0.1)
    first = pair_round(round_).dumps()
    assert all(pair_round(round_).dumps() == first for _ in range(3))


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_tiny_fields(n: int) -> None:
    round_ = random_round(random.Random(n), n)
    pairing = pair_round(round_)
    assert len(pairing.byes) == n % 2
    assert len(pairing.tables) == n // 2


@settings(max_examples=100, deadline=None)
@given(n=st.integers(11, 40), seed=st.integers(0, 2**32 - 1))
def test_rules_one_and_two_on_larger_rounds(n: int, seed: int) -> None:
    """Rule 1: as few rematches as the complete graph allows; rule 2: one bye at most,
    to someone with the fewest byes and the lowest score among them, unless rule 1
    needed otherwise."""
    rng = random.Random(seed)
    round_ = random_round(rng, n, density=rng.choice([0.1, 0.3, 0.6]))
    pairing = pair_round(round_)
    got = evaluate(round_, pairing)
    assert got.repeats == (min_rematches_head_to_head(round_),)
    assert got.byes == n % 2
    if pairing.byes and got.repeats == (0,):
        (bye,) = pairing.byes
        b = round_.by_id[bye]
        fewest = min(e.byes for e in round_.entrants)
        lowest = min(e.score for e in round_.entrants if e.byes == fewest)
        preferred = [e for e in round_.entrants if (e.byes, e.score) == (fewest, lowest)]
        if (b.byes, b.score) != (fewest, lowest):
            # Rule 1 must have forced it: every preferred bye leaves a rematch.
            for e in preferred:
                others = [x for x in round_.entrants if x.id != e.id]
                sub = parse_round(
                    {
                        "table_size": 2,
                        "entrants": [
                            {"id": x.id, "score": 0, "opponents": sorted(x.met - {e.id})}
                            for x in others
                        ],
                        "forbidden": [sorted(p) for p in round_.forbidden if e.id not in p],
                    }
                )
                assert min_rematches_head_to_head(sub) > 0
