"""Ratings through Redis and a real Celery worker (needs PostgreSQL and Redis).

As in ``tests/standings/test_standings_worker.py``: a worker of this module's own
reads the committed database (``committed_postgres``) and listens on a queue of its
own; games are finished for real, so ``on_commit`` sends the update exactly as in
production. The committed database is shared: only this test's players are looked at.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from scoring import tasks
from scoring.rating_models import Rating, RatingChange
from scoring.rating_settings import RatingsOwed
from scoring.ratings.scale import MU
from tests.support.celery_workers import database_url_for, running_worker
from tests.support.factories import finished_casual_game, make_players

pytestmark = [pytest.mark.worker, pytest.mark.postgres]


@pytest.fixture(scope="module")
def ratings_worker(redis_url: str, _committed_database: str) -> Iterator[str]:
    with running_worker("ratings", redis_url, database_url_for(_committed_database)) as worker:
        yield worker.queue


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
