"""Sending the scoring tasks on the app's pool of broker connections (scoring.tasks).

A broker of the test's own (a private ``redis-server`` on a free port) so that it can
be stopped and started again without touching the Redis every other test shares."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest
import redis

from scoring import tasks
from tavolo import celery_app
from tests.conftest import service_unavailable
from tests.support.celery_workers import forget_broker_connections
from tests.support.private_redis import REDIS_SERVER
from tests.support.private_redis import PrivateRedis as SharedPrivateRedis


class PrivateRedis(SharedPrivateRedis):
    """The shared private server, with what a broker test reads of it."""

    def queued(self, queue: str) -> int:
        return int(redis.Redis.from_url(self.url).llen(queue))

    def connections_made(self) -> int:
        return int(redis.Redis.from_url(self.url).info("stats")["total_connections_received"])


@pytest.fixture
def broker(monkeypatch) -> Iterator[PrivateRedis]:
    if REDIS_SERVER is None:
        service_unavailable("redis-server is not installed (Debian's redis-server)")
    server = PrivateRedis()
    server.start()
    forget_broker_connections()
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    monkeypatch.setattr(celery_app.conf, "broker_write_url", server.url)
    monkeypatch.setattr(celery_app.conf, "broker_url", server.url)
    monkeypatch.setattr(tasks, "QUEUE", f"test-sending-{uuid.uuid4().hex}")
    monkeypatch.setattr(tasks, "KEY_PREFIX", f"test-sending-{uuid.uuid4().hex}")
    try:
        yield server
    finally:
        forget_broker_connections()  # no later test may reach the private broker
        celery_app.conf.task_always_eager = eager
        server.stop()


def test_sends_reuse_the_broker_connections(broker):
    """A connection made per send cost ~5 ms of CPU in the request that ended a game."""
    assert tasks.enqueue_ratings("whist", force=True) is True
    made = broker.connections_made()  # the app's first connections, and this question's
    for _ in range(5):
        assert tasks.enqueue_ratings("whist", force=True) is True
    assert broker.queued(tasks.QUEUE) == 6
    # Only the two questions above since: the five sends made none.
    assert broker.connections_made() == made + 2


def test_a_broker_that_restarted_is_reached_again_and_one_that_is_down_is_owed(broker):
    assert tasks.enqueue_ratings("whist", force=True) is True  # a pooled connection now
    broker.stop()
    started = time.monotonic()
    assert tasks.enqueue_ratings("whist", force=True) is False  # never raises
    assert time.monotonic() - started < 5
    # Sending failed, so the "queued" marker is dropped: the sweep will send it.
    assert tasks.cache.get(tasks._ratings_queued_key("whist")) is None
    broker.start()  # empty: it keeps nothing on disk
    assert tasks.enqueue_ratings("whist", force=True) is True
    assert broker.queued(tasks.QUEUE) == 1
