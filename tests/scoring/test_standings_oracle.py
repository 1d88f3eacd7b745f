"""The standings carried forward round by round give exactly what the old computation
(every round recomputed from round 1, kept in tests/support/reference_*.py) gave,
over random tournaments: byes, forfeits, absences, withdrawals, late entries, tables of
2, 3 and 4 (and partnerships), every point system and every tiebreak."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scoring.carried import exact_json
from scoring.numbers import exact
from scoring.standings import StandingsSettings, compute_standings
from tests.support.random_tournaments import random_tournament
from tests.support.reference_standings import compute_standings as reference_standings


@pytest.mark.parametrize("seed", range(60))
def test_carried_standings_match_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    data, rounds = random_tournament(rng)
    settings = StandingsSettings.from_json(data)
    got = compute_standings(settings, rounds)
    expected = reference_standings(settings, rounds)
    assert [s.round for s in got] == [s.round for s in expected]
    for mine, theirs in zip(got, expected, strict=True):
        assert mine.tiebreaks == theirs.tiebreaks
        for a, b in zip(mine.rows, theirs.rows, strict=True):
            # Rows are dataclasses of different modules: compare field by field.
            assert a.__getstate__() == b.__getstate__(), (seed, mine.round, a, b)
            assert all(isinstance(v, Fraction) for v in (a.points, *a.tiebreaks))
        assert len(mine.rows) == len(theirs.rows)


def test_the_reference_is_not_the_new_code() -> None:
    assert reference_standings is not compute_standings


def test_exact_json_writes_what_numbers_exact_writes() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        n, d = rng.randint(-500, 500), rng.randint(1, 60)
        assert exact_json(n, d) == exact(Fraction(n, d)), (n, d)
