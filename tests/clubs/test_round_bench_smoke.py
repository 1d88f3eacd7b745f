"""The round benchmark runs end to end on a tiny field (its figures are not checked)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# Slow (~8 s in CI): runs the round benchmark in a subprocess (it migrates a database
# of its own).
def test_round_bench_pairs_previews_and_publishes_every_round():
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.round_bench", "--entries", "9", "--rounds", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    rows = [line for line in result.stdout.splitlines() if "(rematches" in line]
    # Two tournaments x two rounds; 9 entrants make 4 tables of two (and a bye) or 3 of three.
    assert len(rows) == 4
    assert [row.split()[-3] for row in rows] == ["4", "4", "3", "3"]
    assert all("(rematches 0)" in row for row in rows)
