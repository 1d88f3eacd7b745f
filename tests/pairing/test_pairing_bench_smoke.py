"""The pairing benchmark runs (small fields; no timing is asserted)."""

from __future__ import annotations

import pytest

from benchmarks import pairing_bench


def test_quick_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert pairing_bench.main(["--quick", "--repeat", "1", "--round", "3"]) == 0
    out = capsys.readouterr().out
    assert "head-to-head" in out and "tables of three" in out
    assert "rematches 0" in out
