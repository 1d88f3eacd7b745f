"""The table driver through Celery and Redis to a real worker process: a bot's move
planned in this process is made by the worker, once.

The worker gets a queue and a database of its own: the committed PostgreSQL database
(``committed_postgres``), where this test's game is visible to other connections.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings

from tavolo import celery_app
from tests.support.tables import table_game
from tournaments.models import GameEvent
from tournaments.services import table_driver

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tables_worker(
    committed_postgres: None,
    _committed_database: str,
    redis_url: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> Iterator[str]:
    """A ``celery worker`` on a queue of its own, reading the committed database."""
    queue = f"tavolo-tables-test-{uuid.uuid4().hex[:10]}"
    node = f"tables-{uuid.uuid4().hex[:8]}@localhost"
    parts = urlsplit(settings.DATABASE_URL)
    env = dict(
        os.environ,
        TAVOLO_TESTING="1",
        REDIS_URL=redis_url,
        DATABASE_URL=urlunsplit(parts._replace(path="/" + _committed_database)),
        PYTHONPATH=str(ROOT),
    )
    log = tmp_path / "worker.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "tavolo", "worker", "--pool=solo",
             "-n", node, "-Q", queue, "--without-gossip", "--without-mingle",
             "--loglevel=INFO"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while not any(node in reply for reply in celery_app.control.ping([node], timeout=1.0)):
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
        monkeypatch.setattr(table_driver, "QUEUE", queue)
        yield queue
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


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
