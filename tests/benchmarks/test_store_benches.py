"""The rebuild and player-page benchmarks run as their one command says; no timing is
asserted, only that they work, print their figures beside the anchor, and clean up."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest

from benchmarks import api_bench

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, database_url: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("DATABASE_URL", None)
    if database_url is not None:
        env["DATABASE_URL"] = database_url
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip


# Slow (~10 s): the subprocess creates, migrates and drops a PostgreSQL database.
@pytest.mark.postgres
def test_the_rebuild_benchmark_prints_its_parts_and_drops_its_database(postgres_server):
    name = f"tavolo_bench_rebuild_{uuid.uuid4().hex[:8]}"
    result = _run(
        "benchmarks.rebuild_bench", "--events", "150", "--repeat", "2", "--database", name,
        database_url=postgres_server,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "whist events, PostgreSQL" in out
    for part in ("engine replay (anchor)", "fetch through the ORM", "rebuild (fetch + replay)"):
        line = next(line for line in out.splitlines() if part in line)
        assert "x anchor" in line
    anchor = next(line for line in out.splitlines() if "engine replay (anchor)" in line)
    assert "= 1.00x anchor" in anchor
    admin = api_bench.bench_database_url(postgres_server, "postgres").replace(
        "postgres://", "postgresql://", 1
    )
    with psycopg.connect(admin, autocommit=True) as conn:
        left = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    assert left is None, "the benchmark left its database behind"


# Slow (~10 s): the subprocess migrates a fresh SQLite file and builds a tournament.
def test_the_player_page_benchmark_prints_requests_queries_and_the_anchor():
    result = _run(
        "benchmarks.player_page_bench", "--entries", "24", "--rounds", "2", "--requests", "4"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "24 entries x 2 rounds" in out
    assert "player page:" in out and "x the anchor" in out
    assert "queries and" in out and "ms CPU a request" in out
    assert "best of 3 passes" in out
    assert "anchor, live poll unchanged (204):" in out


# Slow (~4 s): the subprocess migrates a fresh SQLite file and builds two tournaments.
def test_the_ratings_update_benchmark_prints_each_case_and_the_growth():
    result = _run(
        "benchmarks.ratings_update_bench", "--entries", "12,24", "--rounds", "2",
        "--events", "4", "--repeat", "1",
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "12 entries x 2 rounds: 12 games of 4 events" in out
    for case in ("from scratch", "one game more", "nothing new"):
        line = next(line for line in out.splitlines() if case in line)
        assert line.rstrip().endswith("x the anchor)") or line.rstrip().endswith("x)"), line
    assert "anchor, reading the rated games:" in out
    assert "rated games against" in out and "one more" in out
