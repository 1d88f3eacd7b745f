"""The per-move CPU benchmark (python -m benchmarks.move_cpu_bench) runs and plays each
game through the site's WSGI application; no timing is asserted."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest

from benchmarks import api_bench, move_cpu_bench

ROOT = Path(__file__).resolve().parents[2]


def test_unknown_games_and_empty_runs_are_refused(capsys):
    for argv in (["--games", "chess"], ["--moves", "0"], ["--games", ","]):
        with pytest.raises(SystemExit):
            move_cpu_bench.main(argv)
    assert "--games from" in capsys.readouterr().err


def test_the_report_gives_each_game_its_ratio_to_the_first(capsys):
    def rounds(post: float) -> list[dict[str, float]]:
        return [{"post": post, "legal": 0.001, "view": 0.0, "requests": 1.5}] * 2

    figures = {
        "games": ["whist", "scala40"],
        "moves": 10,
        "rounds": 2,
        "per_round": {"whist": rounds(0.003), "scala40": rounds(0.005)},
    }
    move_cpu_bench.report(figures, (1.0, 1.0, 1.0))
    out = capsys.readouterr().out
    assert "whist     CPU per move  4.00 ms" in out and "1.00x whist" in out
    assert "scala40   CPU per move  6.00 ms" in out and "1.50x whist" in out


# Slow (~30 s): migrates and drops a PostgreSQL database of its own.
@pytest.mark.postgres
def test_the_benchmark_plays_every_game_and_cleans_up(postgres_server):
    name = f"tavolo_bench_cpu_smoke_{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env["DATABASE_URL"] = postgres_server
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.move_cpu_bench", "--moves", "5", "--rounds", "1",
         "--database", name],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    for game in ("whist", "burraco", "scala40"):
        assert f"  {game:<9} CPU per move" in result.stdout
    assert "x whist" in result.stdout
    admin = api_bench.bench_database_url(postgres_server, "postgres").replace(
        "postgres://", "postgresql://", 1
    )
    with psycopg.connect(admin, autocommit=True) as conn:
        left = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    assert left is None, "the benchmark left its database behind"
