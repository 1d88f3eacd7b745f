"""Simulated 9-round tournaments never produce an avoidable rematch.

The default run plays head-to-head fields of 8 to 500 entrants and multi-seat fields of
30 to 60; TAVOLO_PAIRING_BIG=1 adds 1,000 head-to-head and 150 to 301 multi-seat.
"""

from __future__ import annotations

import os

import pytest

from tests.support.pairing_oracles import min_rematches_head_to_head, simulate
from tournaments.pairing import evaluate

BIG = os.environ.get("TAVOLO_PAIRING_BIG") == "1"
HEAD_TO_HEAD = [8, 9, 10, 11, 16, 20, 21, 33, 64, 120, 250, 500] + ([1000] if BIG else [])
MULTI_SEAT = [(30, 3), (48, 4), (50, [4, 3]), (60, 3)] + (
    [(150, 3), (300, 3), (301, [4, 3])] if BIG else []
)


@pytest.mark.parametrize("n", HEAD_TO_HEAD)
def test_head_to_head_tournament(n: int) -> None:
    for r, round_, pairing in simulate(n, 9, seed=n):
        got = evaluate(round_, pairing)
        assert got.byes == n % 2
        if got.repeats != (0,):
            # Only when no pairing at all avoids it (a field too small for 9 rounds).
            assert n < 2 * 9 + 2, (n, r)
            assert got.repeats == (min_rematches_head_to_head(round_),)
        # Byes go around: nobody gets a second bye while someone has none.
        counts = [e.byes for e in round_.entrants]
        assert max(counts) - min(counts) <= 1


@pytest.mark.parametrize(("n", "size"), MULTI_SEAT)
def test_multi_seat_tournament(n: int, size: int | list[int]) -> None:
    for r, round_, pairing in simulate(n, 9, seed=n, table_size=size):
        assert evaluate(round_, pairing).repeats == (0,), (n, r)


@pytest.mark.parametrize("n", [16, 17, 24] + ([60] if BIG else []))
def test_movement_tournament(n: int) -> None:
    rounds = 5
    for r, round_, pairing in simulate(n, rounds, seed=n, movement=True):
        first, second = evaluate(round_, pairing).repeats
        assert first == 0, (n, r)  # never the same partner twice
        for table in pairing.tables:
            assert len(table) == 4
