"""Smoke test of ``python -m benchmarks.live_latency``: a real server, two moves."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# Slow (~10 s in CI): the live-latency benchmark end to end, in a subprocess.
def test_live_latency_benchmark_runs_end_to_end():
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.live_latency", "--events", "2", "--intervals", "0.25"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0.25 s" in result.stdout
    assert "2/2" in result.stdout  # both moves reached the other seat
    assert "a 204 poll (nothing new)" in result.stdout
