"""A ``redis-server`` of the test's own, on a free port, that the test can stop and
start again without touching the Redis every other test shares (Debian's
redis-server; nothing kept on disk, so a restart comes back empty)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import redis
from django.test import override_settings

REDIS_SERVER = shutil.which("redis-server")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PrivateRedis:
    def __init__(self) -> None:
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [str(REDIS_SERVER), "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url).ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def settings(self) -> override_settings:
        """The site's cache and channel layer on this server."""
        return override_settings(
            REDIS_URL=self.url,
            CACHES={
                "default": {
                    "BACKEND": "django.core.cache.backends.redis.RedisCache",
                    "LOCATION": self.url,
                }
            },
            CHANNEL_LAYERS={
                "default": {
                    "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                    "CONFIG": {"hosts": [self.url]},
                }
            },
        )


@contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    """A started private Redis, stopped at the end (whatever the test did to it)."""
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()
