"""A real ``celery worker`` for the worker tests: a process of its own, reading the
committed database (``committed_postgres``: the per-test database never sees committed
rows), on a queue of its own so that workers of other tests and modules take nothing
of it. Started, killed, restarted and stopped under one node name."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from django.conf import settings

from tavolo import celery_app

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 30


class Worker:
    """One worker node ``<name>-<random>@<host>``, its tasks' database at
    ``database_url`` (``None``: the settings' own), ``env`` added to its environment (a
    sweep interval, say). Its queue is ``queue`` (the session's), or else one of its
    own, ``tavolo-<name>-test-<random>``, where the standings and rating tasks it sends
    go too."""

    def __init__(
        self,
        name: str,
        redis_url: str,
        database_url: str | None,
        queue: str | None = None,
        **env: str,
    ) -> None:
        self.name = name
        self.redis_url = redis_url
        self.queue = queue or f"tavolo-{name}-test-{uuid.uuid4().hex[:10]}"
        self.nodename = f"{name}-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
        self.env = dict(os.environ, TAVOLO_TESTING="1", REDIS_URL=redis_url)
        if database_url:
            self.env["DATABASE_URL"] = database_url
        if queue is None:
            self.env["TAVOLO_STANDINGS_QUEUE"] = self.queue
        self.env.update(env)
        self.env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(ROOT), self.env.get("PYTHONPATH")])
        )
        self.log = Path(tempfile.mkstemp(prefix=f"{name}-worker-", suffix=".log")[1])
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the worker and wait until it answers a ping (a test fails if it does not
        within 30 s, with the worker's log)."""
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "tavolo", "worker", "--pool=solo"]
                + ["-n", self.nodename, "-Q", self.queue, "--without-gossip"]
                + ["--without-mingle", "--loglevel=INFO"],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(
                    f"the {self.name} worker {self.nodename} did not start within "
                    f"{START_SECONDS} s:\n" + self.log.read_text(errors="replace")
                )
            replies = celery_app.control.ping(destination=[self.nodename], timeout=1.0)
            if any(self.nodename in reply for reply in replies):
                return

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def scheduled(self) -> list[dict[str, Any]]:
        """The tasks the worker holds with an ETA (reserved, waiting their countdown)."""
        replies = celery_app.control.inspect([self.nodename], timeout=1.0).scheduled() or {}
        return list(replies.get(self.nodename, []))

    def clean_up(self) -> None:
        """Stopped, its queue removed from Redis, its log removed (kept with
        TAVOLO_KEEP_WORKER_LOG=1)."""
        self.stop()
        with contextlib.suppress(redis.RedisError):
            redis.Redis.from_url(self.redis_url).delete(self.queue, f"_kombu.binding.{self.queue}")
        if os.environ.get("TAVOLO_KEEP_WORKER_LOG") != "1":
            self.log.unlink(missing_ok=True)


def database_url_for(database: str) -> str:
    """The settings' ``DATABASE_URL`` pointed at ``database`` (the committed one, a
    worker's test database)."""
    parts = urlsplit(str(settings.DATABASE_URL))
    return urlunsplit(parts._replace(path="/" + database))


@contextlib.contextmanager
def running_worker(
    name: str, redis_url: str, database_url: str | None, queue: str | None = None, **env: str
) -> Iterator[Worker]:
    """A started :class:`Worker`, cleaned up afterwards."""
    worker = Worker(name, redis_url, database_url, queue, **env)
    try:
        worker.start()
        yield worker
    finally:
        worker.clean_up()


def forget_broker_connections() -> None:
    """What Celery does after a fork: the app forgets its connection and producer pools,
    and takes them again for the broker it is set to (kombu keeps one pool per broker
    address, so the dead broker's stays with the dead broker)."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
