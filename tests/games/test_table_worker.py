"""The table driver through Celery and Redis to a real worker process: a bot's move
planned in this process is made by the worker, once.

The worker gets a queue and a database of its own: the committed PostgreSQL database
(``committed_postgres``), where this test's game is visible to other connections.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tavolo import celery_app
from tests.support.celery_workers import database_url_for, running_worker
from tests.support.tables import table_game
from tournaments.models import GameEvent
from tournaments.services import table_driver

pytestmark = [pytest.mark.worker, pytest.mark.postgres]


@pytest.fixture
def tables_worker(
    committed_postgres: None,
    _committed_database: str,
    redis_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[str]:
    """A ``celery worker`` on a queue of its own, reading the committed database."""
    with running_worker("tables", redis_url, database_url_for(_committed_database)) as worker:
        monkeypatch.setattr(table_driver, "QUEUE", worker.queue)
        yield worker.queue


def test_the_worker_makes_the_bots_move(tables_worker: str) -> None:
    assert celery_app.conf.task_always_eager is False
    # Whist with the first dealer at seat 0: seat 1 leads, and a bot plays it.
    game = table_game("whist", 4, bots=(1,))
    deadline = time.monotonic() + 15
    moves = GameEvent.objects.filter(game_id=game.pk, actor=GameEvent.Actor.BOT)
    while not moves.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    [move] = moves
    assert move.seat == 1 and move.sequence == game.version
    time.sleep(table_driver.BOT_DELAY + 0.5)  # nothing more: a person (seat 2) is to act
    assert GameEvent.objects.filter(game_id=game.pk).count() == game.version + 1
