"""A standings worker killed (SIGKILL) with a task reserved catches up when it restarts
(issue 15). Needs PostgreSQL and Redis, and starts real Celery workers of its own.

What the dead worker leaves behind: the reserved task is gone (Redis gives an
unacknowledged message back only after the visibility timeout, an hour), its "queued"
marker stays for ``QUEUED_TTL`` (120 s) and would stop every ordinary send, and a lock
it held while recomputing would stay for ``LOCK_TTL`` (300 s). The restarted worker
(same node name, as systemd restarts it) must recompute regardless of both.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from django.core.cache import cache

from scoring import tasks
from scoring.models import RoundStandings, StandingsState
from tests.support.celery_workers import Worker, database_url_for
from tests.support.factories import german_whist_cup
from tests.support.standings import finish, play_round, tables_of

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

NO_TIMER = 3600  # the workers' timer sweep never runs here: only the start-up sweep


@pytest.fixture
def workers(
    redis_url: str, _committed_database: str, committed_postgres: None, monkeypatch
) -> Iterator[Worker]:
    """Not started: the test starts, kills and restarts it."""
    w = Worker(
        "killed",
        redis_url,
        database_url_for(_committed_database),
        TAVOLO_STANDINGS_SWEEP_SECONDS=str(NO_TIMER),
    )
    monkeypatch.setattr(tasks, "QUEUE", w.queue)
    try:
        yield w
    finally:
        w.clean_up()


def wait_for(check, timeout: float = 30.0, what: str = ""):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout:g}s: {what}")


# Slow (~10 s in CI): starts a real Celery worker twice and kills it in between.
def test_a_worker_killed_with_a_task_reserved_catches_up_when_it_restarts(workers, monkeypatch):
    _, director, t, _ = german_whist_cup(4)
    workers.start()
    monkeypatch.setattr(tasks, "COUNTDOWN", 0.0)
    r1 = play_round(t, director)
    wait_for(lambda: not StandingsState.objects.get(pk=t.pk).dirty, what="round 1 published")
    (first, _), (second, _) = tables_of(r1)

    # A result; its task waits a long countdown in the worker, which holds it reserved.
    monkeypatch.setattr(tasks, "COUNTDOWN", 600.0)
    finish(first, director, (10, 3))
    finish(second, director, (3, 10))
    wait_for(lambda: workers.scheduled(), what="the task reserved by the worker")
    workers.kill()

    assert StandingsState.objects.get(pk=t.pk).dirty
    marker = cache.get(tasks._queued_key(t.pk))
    assert marker is not None, "the dead worker's task left its queued marker"
    assert not tasks.enqueue(t.pk), "an ordinary send is blocked by that marker"
    # As if the dead worker had also been recomputing this tournament when it died.
    cache.set(tasks._lock_key(t.pk), f"{workers.nodename}|dead", timeout=tasks.LOCK_TTL)

    workers.start()  # same node name, as systemd would restart it
    # Within seconds (the bound is wait_for's; the worker's timer would take an hour).
    row = wait_for(
        lambda: (
            not StandingsState.objects.get(pk=t.pk).dirty
            and RoundStandings.objects.filter(tournament=t, round=1, provisional=False).first()
        ),
        timeout=20,
        what="standings after the restart:\n" + workers.log.read_text(errors="replace"),
    )
    assert row.pending_tables == 0 and sum(r["points"] for r in row.rows) == 4
    assert cache.get(tasks._lock_key(t.pk)) is None
