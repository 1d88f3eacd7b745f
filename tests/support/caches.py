"""Emptying the cache between tests without touching anyone else's keys."""

from __future__ import annotations

import redis
from django.conf import settings
from django.core.cache import cache


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
