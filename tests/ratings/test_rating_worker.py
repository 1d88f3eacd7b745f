"""Ratings through Redis and a real Celery worker (needs PostgreSQL and Redis).

As in ``tests/standings/test_standings_worker.py``: a worker of this module's own
reads the committed database (``committed_postgres``) and listens on a queue of its
own; games are finished for real, so ``on_commit`` sends the update exactly as in
production. The committed database is shared: only this test's players are looked at.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from django.conf import settings

from scoring import tasks
from scoring.rating_models import Rating, RatingChange
from scoring.rating_settings import RatingsOwed
from scoring.ratings.scale import MU
from tavolo import celery_app
from tests.support.factories import finished_casual_game, make_players

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ratings_worker(redis_url: str, _committed_database: str) -> Iterator[str]:
    queue = f"tavolo-ratings-test-{uuid.uuid4().hex[:10]}"
    nodename = f"ratings-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
    parts = urlsplit(str(settings.DATABASE_URL))
    env = dict(
        os.environ,
        TAVOLO_TESTING="1",
        REDIS_URL=redis_url,
        DATABASE_URL=urlunsplit(parts._replace(path="/" + _committed_database)),
        TAVOLO_STANDINGS_QUEUE=queue,
    )
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    log = Path(tempfile.mkstemp(prefix="ratings-worker-", suffix=".log")[1])
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "tavolo", "worker", "--pool=solo"]
            + ["-n", nodename, "-Q", queue, "--without-gossip", "--without-mingle"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 30
        while not any(
            nodename in r for r in celery_app.control.ping(destination=[nodename], timeout=1.0)
        ):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("ratings worker did not start:\n" + log.read_text(errors="replace"))
        yield queue
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
        with contextlib.suppress(redis.RedisError):
            redis.Redis.from_url(redis_url).delete(queue, f"_kombu.binding.{queue}")
        log.unlink(missing_ok=True)


def wait_for(check, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout:g}s")


# Slow (a few seconds): waits for a real Celery worker to start and run the update.
def test_a_finished_game_updates_the_ratings_through_the_worker(
    ratings_worker, committed_postgres, monkeypatch
):
    monkeypatch.setattr(tasks, "QUEUE", ratings_worker)
    monkeypatch.setattr(tasks, "COUNTDOWN", 0.5)
    a, b, c = make_players(3)

    finished_casual_game([a, b], (9, 4))  # each write commits: on_commit sends for real
    finished_casual_game([b, c], (9, 4))

    mine = Rating.objects.filter(scope__club=None, scope__game_type="german_whist")
    wait_for(lambda: mine.filter(player__in=[a, b, c]).count() == 3)
    wait_for(lambda: mine.get(player=b).games == 2)
    assert mine.get(player=a).mu > MU > mine.get(player=c).mu
    assert RatingChange.objects.filter(player__in=[a, b, c]).count() == 4
    wait_for(lambda: not RatingsOwed.objects.filter(game_type="german_whist").exists())
