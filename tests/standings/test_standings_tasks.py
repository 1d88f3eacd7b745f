"""The recomputation task in-process: what marks a tournament dirty, how bursts coalesce
into one send, and that a broker that is down loses no result."""

from __future__ import annotations

import time
import uuid
from unittest import mock

import pytest
from django.core.cache import cache
from kombu.exceptions import OperationalError

from scoring import tasks
from scoring.models import RoundStandings, StandingsState
from scoring.owed import owe_standings
from tavolo import celery_app
from tests.support.factories import german_whist_cup
from tests.support.standings import finish, forfeit, play_round, tables_of
from tournaments.services import tournaments as tournament_service

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_process(monkeypatch):
    """Tasks run in-process (even when REDIS_URL is set), and the cache keys are this
    test's own (never cache.clear(): with Redis that would empty the broker too)."""
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    monkeypatch.setattr(tasks, "KEY_PREFIX", f"test-standings-{uuid.uuid4().hex}")
    yield
    celery_app.conf.task_always_eager = eager


def state(t):
    return StandingsState.objects.get(pk=t.pk)


def test_each_kind_of_change_marks_the_tournament_dirty(django_capture_on_commit_callbacks):
    _, director, t, entries = german_whist_cup(4)
    with mock.patch.object(tasks, "enqueue") as sent:
        with django_capture_on_commit_callbacks(execute=True):
            r1 = play_round(t, director)  # publishing
        assert state(t).dirty and sent.call_count == 1
        (t1, (a, _)), (t2, _) = tables_of(r1)
        before = state(t).requested
        with django_capture_on_commit_callbacks(execute=True):
            finish(t2, director, (7, 6))  # a game finishing
        assert state(t).requested == before + 1
        with django_capture_on_commit_callbacks(execute=True):
            forfeit(t1, a, director)  # a forfeit
        assert state(t).requested == before + 2
        with django_capture_on_commit_callbacks(execute=True):
            tournament_service.withdraw(entries[3], by=director)  # a withdrawal
        assert state(t).requested == before + 3
        assert sent.call_count == 4
        assert all(c.args == (t.pk,) for c in sent.call_args_list)


def test_a_change_is_recomputed_on_commit_in_process(django_capture_on_commit_callbacks):
    """Without Redis the task runs eagerly on commit: standings are there at once."""
    _, director, t, _ = german_whist_cup(4)
    with django_capture_on_commit_callbacks(execute=True):
        r1 = play_round(t, director)
    stored = RoundStandings.objects.get(tournament=t, round=1)
    assert stored.provisional and stored.pending_tables == 2
    version = state(t).version
    with django_capture_on_commit_callbacks(execute=True):
        for table, _ in tables_of(r1):
            finish(table, director, (8, 5))
    stored.refresh_from_db()
    assert not stored.provisional and not state(t).dirty
    assert state(t).version > version


def test_a_burst_of_results_sends_one_task_and_the_next_change_sends_another(
    django_capture_on_commit_callbacks,
):
    _, director, t, _ = german_whist_cup(12)
    with mock.patch.object(tasks.recompute_standings, "apply_async") as send:
        with django_capture_on_commit_callbacks(execute=True):
            r1 = play_round(t, director)
        for table, _ in tables_of(r1):  # six confirmations, each its own commit
            with django_capture_on_commit_callbacks(execute=True):
                finish(table, director, (8, 5))
        assert send.call_count == 1  # one queued task covers the whole burst
        assert send.call_args.kwargs["countdown"] == tasks.COUNTDOWN
        assert state(t).dirty and state(t).requested == 7

        tasks.recompute_standings.run(t.pk)  # the queued task runs: it sees all six
        assert not state(t).dirty and state(t).recomputations == 1
        assert not RoundStandings.objects.get(tournament=t, round=1).provisional

        owe_standings(t.pk, "test")  # a later change queues a new task
        with django_capture_on_commit_callbacks(execute=True):
            owe_standings(t.pk, "test")
        assert send.call_count == 2


def test_a_change_during_a_recomputation_leaves_it_dirty():
    _, director, t, _ = german_whist_cup(4)
    play_round(t, director)
    from scoring import store

    real_gather = store.gather

    def gather_then_change(tournament):
        data = real_gather(tournament)
        store.mark_dirty(tournament.pk)  # a result confirmed meanwhile
        return data

    store.mark_dirty(t.pk)
    with mock.patch.object(store, "gather", gather_then_change):
        done = store.recompute(t.pk)
    assert done.dirty and state(t).dirty
    assert not store.recompute(t.pk).dirty


def test_a_busy_lock_sends_the_task_again_instead_of_computing_twice():
    _, director, t, _ = german_whist_cup(4)
    play_round(t, director)
    cache.set(tasks._lock_key(t.pk), "someone", 60)
    with mock.patch.object(tasks, "enqueue") as again:
        assert tasks.recompute_standings.run(t.pk)["busy"] is True
    again.assert_called_once()
    assert state(t).recomputations == 0


def test_with_the_broker_down_the_result_is_saved_and_stays_dirty(
    django_capture_on_commit_callbacks,
):
    _, director, t, _ = german_whist_cup(4)
    r1 = play_round(t, director)
    table = tables_of(r1)[0][0]
    # What a send on the app's broker pool raises once kombu's retries are spent (the
    # same with a real, dead broker: test_standings_worker).
    failing = mock.patch.object(
        tasks.recompute_standings,
        "apply_async",
        side_effect=OperationalError("Error 111 connecting to 127.0.0.1:9. Connection refused."),
    )
    with failing, django_capture_on_commit_callbacks(execute=True):
        finish(table, director, (10, 3))  # no exception escapes
    table.game.refresh_from_db()
    assert table.game.status == "finished"
    assert state(t).dirty
    assert cache.get(tasks._queued_key(t.pk)) is None  # the next attempt may send again
    # The sweep (worker start, timer or beat) catches up once sending works again.
    assert tasks.sweep_dirty_standings.run() == [t.pk]
    assert not state(t).dirty


def test_a_starting_worker_drops_only_its_own_dead_locks():
    """A lock's value names its node: the node that starts drops the locks its dead
    former self held, never another live worker's."""
    cache.set(tasks._lock_key(41), "other@host|abc", timeout=30)
    cache.set(tasks._lock_key(42), "killed@host|abc", timeout=30)
    assert tasks.release_locks_of("killed@host", [41, 42, 43]) == [42]
    assert cache.get(tasks._lock_key(41)) == "other@host|abc"
    assert cache.get(tasks._lock_key(42)) is None


def test_the_sweep_resends_an_overdue_task_and_a_start_resends_any(monkeypatch):
    """A queued marker whose task was due more than a sweep ago (lost with a worker)
    no longer blocks the timer's sweep; a worker starting sends regardless."""
    monkeypatch.setattr(tasks, "dirty_tournaments", lambda: [7, 8])
    monkeypatch.setattr(tasks, "SWEEP_SECONDS", 30.0)
    now = time.time()
    cache.set(tasks._queued_key(7), now - 60, timeout=120)  # overdue
    cache.set(tasks._queued_key(8), now + 1, timeout=120)  # waiting its countdown
    with mock.patch.object(tasks.recompute_standings, "apply_async") as send:
        assert tasks.sweep_dirty_standings() == [7]
        assert tasks.sweep_dirty_standings(force=True) == [7, 8]
    assert send.call_count == 3
