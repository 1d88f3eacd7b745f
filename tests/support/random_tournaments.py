"""Random tournaments for the standings oracle tests: byes, forfeits, absences,
withdrawals, late entries, tables of 2, 3 and 4 (and partnerships), every point method
and every tiebreak (tests/scoring/test_standings_oracle*.py)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from scoring.points import TableResult
from scoring.standings import TIEBREAK_NAMES, RoundResults

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
