"""Counters of failed or repeated attempts in PostgreSQL (:class:`FailureCount`), for
the lock-outs (:mod:`tournaments.services.lockouts`) and the rate limits
(:mod:`tournaments.services.ratelimit`).

Why the database and not Redis: a lock that protects a password must hold while Redis
is down or restarting, and a door must keep answering then (issue 34). One failure is
one ``INSERT … ON CONFLICT DO UPDATE`` of a single row per bucket, atomic across every
worker; checking a door is one indexed read. Failed attempts are rare next to
everything else the database serves.

A window is *sliding* (it lasts ``seconds`` past the bucket's **last** failure: a
lock-out's cool-off) or *fixed* (it lasts ``seconds`` past its **first** attempt: a
rate limit). A failure after the window has closed starts the count again at one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.utils import timezone
from django.utils.crypto import salted_hmac

from tournaments.models import FailureCount

KEEP = timedelta(days=1)
"""Rows whose last failure is older than this (and than every configured window) are
deleted whenever a bucket starts a new count, so the table stays as small as the day's
mistakes."""


def _longest_window() -> timedelta:
    cool_off = getattr(settings, "AXES_COOLOFF_TIME", None)
    windows = [KEEP, cool_off if isinstance(cool_off, timedelta) else KEEP]
    limits = getattr(settings, "TAVOLO_RATE_LIMITS", {}) or {}
    windows += [timedelta(seconds=int(seconds)) for _attempts, seconds in limits.values()]
    return max(windows)


def bucket(door: str, kind: str, *parts: object) -> str:
    """The stored name of a bucket: ``door:kind:`` and a keyed hash of ``parts`` (an
    address or a username is never stored as typed in the bucket's name)."""
    text = "\x1f".join(str(part) for part in parts)
    return f"{door}:{kind}:" + salted_hmac("tavolo.failure_counts", text).hexdigest()[:40]


@dataclass(frozen=True)
class Count:
    failures: int
    first: datetime
    last: datetime

    def ends(self, seconds: float, *, sliding: bool) -> datetime:
        return (self.last if sliding else self.first) + timedelta(seconds=seconds)


def read(buckets: list[str], seconds: float, *, sliding: bool) -> dict[str, Count]:
    """The open counts of ``buckets`` (a bucket whose window has closed is absent)."""
    if not buckets:
        return {}
    now = timezone.now()
    found = {}
    for name, failures, first, last in FailureCount.objects.filter(bucket__in=buckets).values_list(
        "bucket", "failures", "first_failure", "last_failure"
    ):
        count = Count(failures, first, last)
        if count.ends(seconds, sliding=sliding) > now:
            found[name] = count
    return found


def add(name: str, seconds: float, *, sliding: bool, username: str = "") -> int:
    """Count one attempt in bucket ``name``; returns its count in the open window."""
    now = timezone.now()
    closed = now - timedelta(seconds=seconds)
    table = connection.ops.quote_name(FailureCount._meta.db_table)
    since = "last_failure" if sliding else "first_failure"
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (bucket, username, failures, first_failure, last_failure) "
            "VALUES (%s, %s, 1, %s, %s) ON CONFLICT (bucket) DO UPDATE SET "
            f"failures = CASE WHEN {table}.{since} <= %s THEN 1 "
            f"ELSE {table}.failures + 1 END, "
            f"first_failure = CASE WHEN {table}.{since} <= %s THEN EXCLUDED.first_failure "
            f"ELSE {table}.first_failure END, "
            "last_failure = EXCLUDED.last_failure "
            "RETURNING failures",
            [name, username, now, now, closed, closed],
        )
        row = cursor.fetchone()
    failures = int(row[0]) if row else 1
    if failures == 1:  # a new row or a new window: now and then, not at every count
        _prune(now - max(_longest_window(), timedelta(seconds=seconds)))
    return failures


def _prune(before: datetime) -> None:
    FailureCount.objects.filter(last_failure__lt=before).delete()


def forget(*, username: str | None = None, buckets: list[str] | None = None) -> int:
    """Delete the counts of an account (every bucket naming ``username``) or of the
    named ``buckets``; returns how many."""
    rows = FailureCount.objects.none()
    if username:
        rows = FailureCount.objects.filter(username=username)
    if buckets:
        rows = rows | FailureCount.objects.filter(bucket__in=buckets)
    deleted, _ = rows.delete()
    return deleted
