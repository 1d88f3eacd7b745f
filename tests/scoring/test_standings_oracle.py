"""The standings carried forward round by round give exactly what the old computation
(every round recomputed from round 1, kept in tests/support/reference_standings) gave,
over random tournaments: byes, forfeits, absences, withdrawals, late entries, tables of
2, 3 and 4 (and partnerships), every point system and every tiebreak."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from scoring.carried import exact_json
from scoring.numbers import exact
from scoring.points import TableResult
from scoring.standings import TIEBREAK_NAMES, RoundResults, StandingsSettings, compute_standings
from tests.support.reference_standings.standings import (
    compute_standings as reference_standings,
)

HEAD_TO_HEAD: list[dict[str, Any]] = [
    {"method": "win_draw_loss"},
    {"method": "win_draw_loss", "win": 1, "draw": 0.5, "bye_points": 0.5},
    {"method": "win_draw_loss", "win": 3, "draw": 1, "absence_points": 1},
    {"method": "victory_points_fibur", "fibur_table": "3-hand"},
    {"method": "victory_points_wbf", "wbf_deals": 4, "wbf_margin_unit": 10},
    {"method": "placement"},
    {"method": "raw_score", "bye_points": 2.5},
]
MULTI_SEAT: list[dict[str, Any]] = [
    {"method": "placement"},
    {"method": "placement", "placement_points": [5, 3, 1, 0], "forfeit_win_points": 4},
    {"method": "raw_score", "bye_points": 1.5},
]


def _score(rng: random.Random, fives: bool) -> Fraction:
    # Mostly multiples of 5 (ties happen), sometimes thirds and halves (scales widen).
    if fives:
        return Fraction(5 * rng.randint(0, 40))
    return Fraction(rng.choice((5, 5, 5, 1, 2, 3)) * rng.randint(0, 12), rng.choice((1, 1, 2, 3)))


def random_tournament(rng: random.Random) -> tuple[dict[str, Any], list[RoundResults]]:
    multi = rng.random() < 0.4
    points = dict(rng.choice(MULTI_SEAT if multi else HEAD_TO_HEAD))
    fives = points["method"] == "victory_points_fibur"
    names = [n for n in TIEBREAK_NAMES if n != "lot"]
    tiebreaks = rng.sample(names, rng.randint(0, len(names)))
    if rng.random() < 0.3:
        tiebreaks.append("lot")
    settings = {
        "points": points,
        "tiebreaks": tiebreaks,
        "seed": rng.randint(0, 99),
        "late_entry_points": rng.choice((0, 0, 1, 0.5)),
    }
    entrants = [str(100 + i) for i in range(rng.randint(4, 22))]
    late = set(rng.sample(entrants, rng.randint(0, 3)))
    active = [e for e in entrants if e not in late]
    withdrawn: set[str] = set()
    rounds = []
    for r in range(rng.randint(1, 6)):
        leaving = [e for e in active if rng.random() < 0.06] if r > 0 else []
        active = [e for e in active if e not in leaving]
        withdrawn |= set(leaving)
        if r > 0:
            joining = sorted(e for e in late if rng.random() < 0.5)
            active += joining
            late -= set(joining)
        players = list(active)
        rng.shuffle(players)
        absent = [players.pop() for _ in range(rng.randint(0, 2)) if len(players) > 2]
        tables = []
        while len(players) >= 2:
            size = rng.choice((2, 3, 4)) if multi else 2
            if size > len(players):
                size = len(players)
            seats = tuple(players.pop() for _ in range(size))
            if rng.random() < 0.1:
                tables.append(TableResult(seats, forfeited=frozenset(seats[: rng.randint(1, 2)])))
            elif multi and size == 4 and rng.random() < 0.3:
                a, b = _score(rng, fives), _score(rng, fives)
                tables.append(TableResult(seats, (a, b, a, b), sides=(0, 1, 0, 1)))
            else:
                tables.append(TableResult(seats, tuple(_score(rng, fives) for _ in seats)))
        rounds.append(RoundResults(tuple(tables), tuple(players), tuple(absent), tuple(leaving)))
    return settings, rounds


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
