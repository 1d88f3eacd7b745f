"""The standings benchmark runs (a small field; no timing is asserted)."""

from __future__ import annotations

import pytest

from benchmarks import standings_bench


def test_small_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert standings_bench.main(["--entrants", "40", "--rounds", "3", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "40 entrants x 3 rounds" in out
    assert "head-to-head" in out and "tables of four" in out
