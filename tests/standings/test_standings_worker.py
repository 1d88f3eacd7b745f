"""Standings through Redis and a real Celery worker (needs PostgreSQL and Redis).

The worker here is one of this module's own: it reads the committed database (the
``committed_postgres`` fixture; the session worker reads the per-test database, which
never sees committed rows) and listens on a queue of its own, sweeping dirty
tournaments every few seconds. Results are entered for real, so ``on_commit`` sends the
task exactly as in production.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from scoring import tasks
from scoring.models import RoundStandings, StandingsState
from tavolo import celery_app
from tests.support.celery_workers import database_url_for, forget_broker_connections, running_worker
from tests.support.factories import german_whist_cup
from tests.support.standings import finish, play_round, tables_of

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

DEAD_BROKER = "redis://127.0.0.1:9/0"  # the discard port: nothing listens
SWEEP_SECONDS = 3


@pytest.fixture(scope="module")
def standings_worker(redis_url: str, _committed_database: str) -> Iterator[str]:
    with running_worker(
        "standings",
        redis_url,
        database_url_for(_committed_database),
        TAVOLO_STANDINGS_SWEEP_SECONDS=str(SWEEP_SECONDS),
    ) as worker:
        yield worker.queue


@pytest.fixture
def worker(standings_worker: str, committed_postgres: None, monkeypatch) -> str:
    monkeypatch.setattr(tasks, "QUEUE", standings_worker)
    monkeypatch.setattr(tasks, "COUNTDOWN", 2.0)
    return standings_worker


def wait_for(check, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {timeout:g}s")


def counted(t, round_number: int):
    row = RoundStandings.objects.filter(tournament=t, round=round_number).first()
    return row is not None and not row.provisional and row


def test_confirmed_results_appear_in_the_standings_through_the_worker(worker):
    _, director, t, entries = german_whist_cup(12)
    r1 = play_round(t, director)  # each write commits: on_commit sends for real
    started = time.monotonic()
    for table, _ in tables_of(r1):  # six results in a burst
        finish(table, director, (9, 4))
    burst = time.monotonic() - started
    row = wait_for(lambda: counted(t, 1))
    assert len(row.rows) == 12 and sum(r["points"] for r in row.rows) == 12
    wait_for(lambda: not StandingsState.objects.get(pk=t.pk).dirty)
    state = StandingsState.objects.get(pk=t.pk)
    # Publishing plus six confirmations (seven changes) coalesced into a few runs.
    assert state.requested == 7
    assert state.recomputations <= 3, (state.recomputations, f"burst took {burst:.2f}s")


# Slow (~10 s in CI): waits for a real Celery worker, and for its sweep
# (SWEEP_SECONDS) to catch up after the broker was down.
def test_with_the_broker_down_the_result_is_kept_and_the_worker_catches_up(worker, monkeypatch):
    _, director, t, _ = german_whist_cup(4)
    r1 = play_round(t, director)
    wait_for(lambda: RoundStandings.objects.filter(tournament=t, round=1).exists())
    wait_for(lambda: not StandingsState.objects.get(pk=t.pk).dirty)
    (first, _), (second, _) = tables_of(r1)

    before = StandingsState.objects.get(pk=t.pk)
    # The app keeps its broker connections, and a pool of producers on them, made on
    # first use: dropped on the way in and out, so the dead broker is really used here
    # and never after (a later test of this process would otherwise send to it).
    forget_broker_connections()
    with monkeypatch.context() as down:
        # broker_write_url first: read after broker_url was patched, it would be the
        # dead address already, and be "restored" to it.
        down.setattr(celery_app.conf, "broker_write_url", DEAD_BROKER)
        down.setattr(celery_app.conf, "broker_url", DEAD_BROKER)
        started = time.monotonic()
        finish(first, director, (10, 3))  # the send fails: no exception escapes
        assert time.monotonic() - started < 5
        first.game.refresh_from_db()
        assert first.game.status == "finished"  # the result is saved
        state = StandingsState.objects.get(pk=t.pk)
        assert state.requested == before.requested + 1  # the debt committed with it
        if state.recomputations == before.recomputations:
            # (Unless the worker's own sweep, every few seconds, got there already.)
            assert state.dirty
            assert RoundStandings.objects.get(tournament=t, round=1).pending_tables == 2
    forget_broker_connections()
    # The broker is back: the worker's sweep finds the dirty tournament by itself.
    wait_for(lambda: not StandingsState.objects.get(pk=t.pk).dirty)
    row = RoundStandings.objects.get(tournament=t, round=1)
    assert row.pending_tables == 1 and row.provisional
    finish(second, director, (3, 10))  # and sending works again
    wait_for(lambda: counted(t, 1))
