"""The individual partnership movement: partners at seats 0&2 and 1&3."""

from __future__ import annotations

import random

import pytest

from tests.support.pairing_oracles import all_seatings, best_objective, random_round
from tournaments.pairing import evaluate, pair_round, parse_round
from tournaments.pairing.movement import pair_movement
from tournaments.pairing.multi_seat import composition


@pytest.mark.parametrize("seed", range(12))
def test_exact_against_every_seating(seed: int) -> None:
    n = 4 + seed % 6  # 4 to 9 entrants: one or two tables, up to three byes
    round_ = random_round(random.Random(seed), n, 4, movement=True)
    counts, nbyes = composition(n, (4,))
    best = best_objective(round_, all_seatings(round_, counts, nbyes))
    assert evaluate(round_, pair_movement(round_)) == best
    assert evaluate(round_, pair_movement(round_, exact_limit=0)) == best


@pytest.mark.parametrize("seed", range(6))
def test_local_search_against_exact(seed: int) -> None:
    rng = random.Random(seed)
    round_ = random_round(rng, 12, 4, movement=True, density=rng.choice([0.1, 0.25]))
    exact = evaluate(round_, pair_movement(round_, exact_limit=99))
    heuristic = evaluate(round_, pair_movement(round_, exact_limit=0))
    assert heuristic.repeats == exact.repeats
    assert heuristic.score_cost <= exact.score_cost * 105 / 100


def test_a_repeated_partner_is_avoided_before_a_repeated_opponent() -> None:
    # a and c partnered before; b and d too. Everyone else has met as opponents. The
    # only way to avoid repeating a partnership is to seat a with b or d.
    ids = "abcd"
    rows = [
        {
            "id": x,
            "score": 0,
            "partners": [{"a": "c", "c": "a", "b": "d", "d": "b"}[x]],
            "opponents": [
                y for y in ids if y != x and y != {"a": "c", "c": "a", "b": "d", "d": "b"}[x]
            ],
        }
        for x in ids
    ]
    round_ = parse_round({"table_size": 4, "movement": True, "entrants": rows})
    pairing = pair_round(round_)
    (table,) = pairing.tables
    assert evaluate(round_, pairing).repeats == (0, 6)
    assert {frozenset((table[0], table[2])), frozenset((table[1], table[3]))} != {
        frozenset("ac"),
        frozenset("bd"),
    }


def test_round_one_partners_strong_with_weak() -> None:
    data = {
        "table_size": 4,
        "movement": True,
        "entrants": [{"id": f"r{r}", "score": 0, "rating": r} for r in range(1000, 1800, 100)],
    }
    pairing = pair_round(parse_round(data))
    assert len(pairing.tables) == 2
    for a, b, c, d in pairing.tables:
        rating = {x: int(x[1:]) for x in (a, b, c, d)}
        # seat 0 is the strongest; partners balance: strongest + weakest.
        assert rating[a] == max(rating.values())
        assert rating[c] == min(rating.values())
