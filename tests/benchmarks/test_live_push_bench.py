"""Smoke test of ``python -m benchmarks.live_push``: daphne, a websocket, two moves.

Only the set-ups with Redis run here (each ~12 s: two server processes): one daphne
process with the in-memory layer is what every browser test's site already is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, redis_url: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "REDIS_URL": redis_url} if redis_url else None
    return subprocess.run(
        [sys.executable, "-m", "benchmarks.live_push", "--events", "2", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )


def _crossed(result: subprocess.CompletedProcess[str], poster: str) -> None:
    """Both moves posted on server A reached the watcher on server B (its board)."""
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"posted on server A ({poster}), watched on server B (daphne)" in result.stdout
    board = next(line for line in result.stdout.splitlines() if "board received" in line)
    assert "2/2" in board, result.stdout


# Slow (~12 s): two daphne processes and the Redis layer: a move posted on one server
# reaches the watcher connected to the other.
def test_live_push_benchmark_crosses_two_servers_through_redis(redis_url: str):
    _crossed(_run(redis_url=redis_url), "daphne")


def test_two_servers_without_redis_is_refused_in_words():
    result = _run("--layer", "memory")
    assert result.returncode == 2
    assert "two servers need Redis" in result.stderr


# Slow (~12 s): as deployed: the move posted to gunicorn (WSGI, no event loop: the
# process's own publishing loop) reaches the watcher on daphne through Redis.
def test_live_push_benchmark_from_gunicorn_to_daphne(redis_url: str):
    _crossed(_run("--poster", "gunicorn", redis_url=redis_url), "gunicorn")
