"""The Django path's ranking (scoring.results.compute: tables not counted yet, late
entries' start credit, rounds already stored skipped) gives exactly what the old
computation gave (tests/support/reference_results.py), over random
tournaments (tests/support/random_tournaments.py)."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from typing import Any

import pytest

from scoring.results import TournamentInput, compute
from scoring.standings import RoundResults
from tests.support.random_tournaments import random_tournament
from tests.support.reference_results import compute as reference_compute


def _input(rng: random.Random) -> TournamentInput:
    settings, rounds = random_tournament(rng)
    pending: list[set[str]] = []
    adjusted = []
    for rnd in rounds:
        # A table not counted yet: its entrants are listed absent and pending (as
        # scoring.gather lists them).
        waiting = [t for t in rnd.tables if rng.random() < 0.15]
        entrants = {e for t in waiting for e in t.entrants}
        pending.append(entrants)
        tables = tuple(t for t in rnd.tables if t not in waiting)
        absent = rnd.absent + tuple(sorted(entrants))
        adjusted.append(RoundResults(tables, rnd.byes, absent, rnd.withdrawn))
    first: dict[str, int] = {}
    for i, rnd in enumerate(adjusted):
        for e in (*(e for t in rnd.tables for e in t.entrants), *rnd.byes, *rnd.absent):
            first.setdefault(e, i)
    start = {e: Fraction(rng.choice((1, 3, 5)), 2) for e, i in first.items() if i > 0}
    return TournamentInput(
        settings=settings,
        round_numbers=list(range(1, len(adjusted) + 1)),
        rounds=adjusted,
        pending=pending,
        pending_tables=[len(p) for p in pending],
        tables=[len(r.tables) for r in adjusted],
        start=start,
        names={e: (int(e) - 99, f"Player {e}") for e in first},
    )


@pytest.mark.parametrize("seed", range(40))
def test_computed_rounds_match_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    data = _input(rng)
    fingerprints = data.fingerprints()
    skip = {fp for fp in fingerprints if rng.random() < 0.3}
    # ComputedRound of two modules: compared as dictionaries.
    assert _plain(compute(data)) == _plain(reference_compute(data))
    got = compute(data, skip, fingerprints)
    assert _plain(got) == _plain(reference_compute(data, skip, fingerprints))
    assert len(got) == len(set(fingerprints) - skip)


def _plain(computed: list[Any]) -> list[dict[str, Any]]:
    return [dataclasses.asdict(c) for c in computed]
