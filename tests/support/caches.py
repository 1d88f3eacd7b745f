"""Emptying the cache between tests without touching anyone else's keys."""

from __future__ import annotations

import socket

import redis
from django.conf import settings
from django.core.cache import cache
from django.test import override_settings


def forget_this_workers_keys() -> None:
    """Delete this test process's cache keys (rate-limit and lockout counters …).

    Local memory: the whole cache, which is this process's. Redis: only the keys under
    this process's ``KEY_PREFIX`` (each pytest-xdist worker has its own), never
    ``cache.clear()``: that empties the whole Redis database, the Celery broker's
    queues and the other workers' counters included."""
    if not settings.REDIS_URL:
        cache.clear()
        return
    client = redis.Redis.from_url(settings.REDIS_URL)
    keys = list(client.scan_iter(match=cache.make_key("*"), count=1000))
    if keys:
        client.delete(*keys)


def unreachable_redis() -> override_settings:
    """Settings whose cache and channel layer point at a Redis that is not there: a
    port on this machine that nothing listens on (connections are refused at once, as
    when Redis is down). A real failing service, not a mock."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"redis://127.0.0.1:{port}/0"
    return override_settings(
        REDIS_URL=url,
        CACHES={
            "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
        },
        CHANNEL_LAYERS={
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": [url]},
            }
        },
    )
