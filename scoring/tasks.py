"""Celery tasks of the scoring app: the health check and the standings.

**Recomputing standings.** A service that changes a result (a game finishing, a forfeit,
a round published, a withdrawal …) calls :func:`scoring.owed.owe_standings`:

1. inside the caller's transaction the tournament is marked *dirty*
   (:func:`scoring.store.mark_dirty`), so the result and the debt commit together;
2. on commit, :func:`enqueue` sends :func:`recompute_standings` with a short countdown
   (``COUNTDOWN`` seconds), unless one is already queued: a cache key
   (``cache.add``, atomic in Redis) marks "queued", so a burst of confirmations sends
   one task, and the task, when it starts, deletes the key first, so a change arriving
   while it computes sends the next one. A burst therefore costs one or two
   recomputations.
3. the task takes a per-tournament lock (another cache key); if it is held, it sends
   itself again a little later instead of computing twice at once.

**Broker down.** Sending is tried briefly (on the app's pooled broker connections, two
quick retries, a stale connection made again) and any failure is logged and
swallowed: the result is saved, the tournament stays dirty.
Dirty tournaments are swept (:func:`sweep_dirty_standings`) when a worker starts
(``worker_ready``), every ``SWEEP_SECONDS`` by a timer in each worker process, and by
Celery beat if one runs (``beat_schedule`` below), so standings catch up once the
broker is back. Pairing never waits for any of this: it recomputes a dirty
tournament synchronously (:func:`scoring.store.current_points`).

**A worker killed.** A worker that dies (SIGKILL, out of memory, power) may take with it
a task it had reserved, and leave behind that task's "queued" marker (``QUEUED_TTL``)
and perhaps a lock (``LOCK_TTL``). Neither may delay the standings: the start-up sweep
sends every dirty tournament *regardless* of its marker, and first drops the locks
taken by this same worker node before it died (a lock's value names its node); the
timer's sweep resends a tournament whose marker is overdue (its task should have run
more than a sweep ago). A duplicate task costs one recomputation; a lost one costs
nothing more than the next sweep.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from typing import Any

from celery import shared_task
from celery.signals import worker_ready, worker_shutting_down
from django.core.cache import cache
from django.db import close_old_connections

from tavolo.celery import app as celery_app
from tournaments.services import live

log = logging.getLogger(__name__)

COUNTDOWN = float(os.environ.get("TAVOLO_STANDINGS_COUNTDOWN", "1"))
"""Seconds a recomputation waits after the first change of a burst."""
SWEEP_SECONDS = float(os.environ.get("TAVOLO_STANDINGS_SWEEP_SECONDS", "30"))
"""How often each worker looks for dirty tournaments (0: only at start)."""
QUEUE: str | None = os.environ.get("TAVOLO_STANDINGS_QUEUE") or None
"""The queue standings tasks go to (``None``: the default queue)."""
QUEUED_TTL = 120
LOCK_TTL = 300
RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}

celery_app.conf.beat_schedule = {
    **(celery_app.conf.beat_schedule or {}),
    "sweep-dirty-standings": {
        "task": "scoring.tasks.sweep_dirty_standings",
        "schedule": max(SWEEP_SECONDS, 5.0),
    },
    "sweep-owed-ratings": {
        "task": "scoring.tasks.sweep_owed_ratings",
        "schedule": max(SWEEP_SECONDS, 5.0),
    },
}


@shared_task(bind=True, name="scoring.tasks.health")
def health(self: Any) -> dict[str, Any]:
    """Prove the task pipeline works: report who ran the task and how.

    ``worker`` is the Celery node name (``name@host``) when a worker ran it, or this
    machine's host name when it ran in-process; ``eager`` tells which.
    """
    eager = bool(self.request.is_eager)
    worker = self.request.hostname if not eager else None
    return {"status": "ok", "worker": worker or socket.gethostname(), "eager": eager}


KEY_PREFIX = "scoring:standings"


def _queued_key(tournament_id: int) -> str:
    return f"{KEY_PREFIX}:queued:{tournament_id}"


def _lock_key(tournament_id: int) -> str:
    return f"{KEY_PREFIX}:lock:{tournament_id}"


def enqueue(tournament_id: int, countdown: float | None = None, *, force: bool = False) -> bool:
    """Send :func:`recompute_standings` unless one is queued already (``force``: even
    then). Never raises: ``False`` when nothing was sent (already queued, or the
    broker/cache is down)."""
    return _send_once(
        recompute_standings,
        tournament_id,
        _queued_key(tournament_id),
        f"the standings of tournament {tournament_id}",
        countdown,
        force,
    )


def _send_once(
    task: Any, argument: Any, key: str, what: str, countdown: float | None, force: bool
) -> bool:
    """Send ``task(argument)`` on the scoring queue unless the "queued" marker ``key``
    says one is on its way (``force``: send anyway). Never raises.

    The marker holds the time the task is due (``time.time()`` plus the countdown), so a
    sweep can tell a task that should have run long ago (lost with a dead worker) from
    one that is merely waiting its countdown; it is dropped again when sending fails,
    so that the sweep sends it later."""
    delay = COUNTDOWN if countdown is None else countdown
    due = time.time() + delay
    try:
        if force:
            cache.set(key, due, timeout=QUEUED_TTL)
        elif not cache.add(key, due, timeout=QUEUED_TTL):
            return False
    except Exception:
        log.warning("cache unavailable: %s stay owed", what, exc_info=True)
        return False
    try:
        # On the app's pool of broker connections: a connection made for each send cost
        # about 5 ms of CPU (connecting, declaring the queue, and redis-py reading its
        # own version from the installed metadata for every connection), paid by the
        # move or result that ended a game. A pooled connection that went stale (the
        # broker restarted, or is down) fails its publish, and kombu connects again
        # under RETRY_POLICY before the send is given up as below.
        task.apply_async(
            (argument,),
            countdown=delay,
            queue=QUEUE,
            retry=True,
            retry_policy=RETRY_POLICY,
        )
        return True
    except Exception:
        log.warning(
            "could not send the task for %s (broker down?); it stays owed and is swept later",
            what,
            exc_info=True,
        )
        try:
            cache.delete(key)
        except Exception:
            log.warning("cache unavailable", exc_info=True)
        return False


def _lock_owner(node: str | None) -> str:
    """The start of a lock's value: the worker node holding it (``-`` in-process)."""
    return f"{node or '-'}|"


@shared_task(bind=True, name="scoring.tasks.recompute_standings", ignore_result=True)
def recompute_standings(self: Any, tournament_id: int) -> dict[str, Any]:
    """Recompute one tournament's standings from scratch and store them."""
    from scoring.store import recompute

    cache.delete(_queued_key(tournament_id))
    node = None if self.request.is_eager else self.request.hostname
    token = _lock_owner(node) + uuid.uuid4().hex
    if not cache.add(_lock_key(tournament_id), token, timeout=LOCK_TTL):
        enqueue(tournament_id, countdown=max(COUNTDOWN, 1.0))
        return {"tournament": tournament_id, "busy": True}
    try:
        done = recompute(tournament_id)
    finally:
        if cache.get(_lock_key(tournament_id)) == token:
            cache.delete(_lock_key(tournament_id))
    live.announce_standings(tournament_id, done.version)  # the open standings pages
    return {
        "tournament": tournament_id,
        "rounds": done.rounds,
        "written": done.written,
        "version": done.version,
        "dirty": done.dirty,
        "error": done.error,
    }


def dirty_tournaments() -> list[int]:
    from scoring.models import StandingsState

    return list(StandingsState.objects.filter(dirty=True).values_list("tournament_id", flat=True))


def _overdue(tournament_id: int, now: float) -> bool:
    """The tournament's task was due more than a sweep ago and has not started (it
    deletes the marker when it does): it was most likely lost with a worker."""
    try:
        due = cache.get(_queued_key(tournament_id))
    except Exception:
        return False
    if due is None:
        return False
    if not isinstance(due, (int, float)):
        return True  # a marker of an older release (the value 1 … or anything else)
    return due < now - max(SWEEP_SECONDS, 5.0)


@shared_task(name="scoring.tasks.sweep_dirty_standings", ignore_result=True)
def sweep_dirty_standings(force: bool = False) -> list[int]:
    """Send a recomputation for every dirty tournament (those sent are returned):
    unless one is queued, or whatever is queued with ``force`` (a worker starting) or
    when the queued one is overdue."""
    now = time.time()
    return [
        t for t in dirty_tournaments() if enqueue(t, countdown=0, force=force or _overdue(t, now))
    ]


def release_locks_of(node: str, tournament_ids: list[int]) -> list[int]:
    """Drop the recomputation locks ``node`` held on these tournaments: called when
    that node starts, so whatever it held was held by its dead former self."""
    released = []
    for tournament_id in tournament_ids:
        held = cache.get(_lock_key(tournament_id))
        if isinstance(held, str) and held.startswith(_lock_owner(node)):
            cache.delete(_lock_key(tournament_id))
            released.append(tournament_id)
    return released


# ------------------------------------------------------------------ ratings
#
# The same pattern, one game type at a time: scoring.owed.owe_ratings marks the game
# type owed (a RatingsOwed row) in the transaction that changed a result and, on
# commit, sends update_ratings unless one is queued; the task takes a lock per game
# type, brings every scope of it up to date (scoring.rating_service) and deletes the
# row unless a change arrived meanwhile. Owed game types are swept like dirty
# tournaments (a worker starting, its timer, beat).

RATINGS_PREFIX = "scoring:ratings"


def _ratings_queued_key(game_type: str) -> str:
    return f"{RATINGS_PREFIX}:queued:{game_type}"


def _ratings_lock_key(game_type: str) -> str:
    return f"{RATINGS_PREFIX}:lock:{game_type}"


def enqueue_ratings(game_type: str, countdown: float | None = None, *, force: bool = False) -> bool:
    """Send :func:`update_ratings` for ``game_type`` unless one is queued already
    (``force``: even then). Never raises: ``False`` when nothing was sent."""
    return _send_once(
        update_ratings,
        game_type,
        _ratings_queued_key(game_type),
        f"the {game_type} ratings",
        countdown,
        force,
    )


@shared_task(bind=True, name="scoring.tasks.update_ratings", ignore_result=True)
def update_ratings(self: Any, game_type: str) -> dict[str, Any]:
    """Bring the ratings of one game type up to date (every club's and all clubs')."""
    from scoring import rating_service
    from scoring.rating_settings import RatingsOwed

    cache.delete(_ratings_queued_key(game_type))
    node = None if self.request.is_eager else self.request.hostname
    token = _lock_owner(node) + uuid.uuid4().hex
    if not cache.add(_ratings_lock_key(game_type), token, timeout=LOCK_TTL):
        enqueue_ratings(game_type, countdown=max(COUNTDOWN, 1.0))
        return {"game_type": game_type, "busy": True}
    try:
        seen = (
            RatingsOwed.objects.filter(game_type=game_type)
            .values_list("requested", flat=True)
            .first()
        )
        done = rating_service.update_ratings(game_type)
        if seen is not None:
            RatingsOwed.objects.filter(game_type=game_type, requested=seen).delete()
    finally:
        if cache.get(_ratings_lock_key(game_type)) == token:
            cache.delete(_ratings_lock_key(game_type))
    return {
        "game_type": game_type,
        "appended": sum(done.appended.values()),
        "rebuilt": sum(done.rebuilt.values()),
        "removed": len(done.removed),
    }


def owed_game_types() -> list[str]:
    from scoring.rating_settings import RatingsOwed

    return list(RatingsOwed.objects.values_list("game_type", flat=True))


@shared_task(name="scoring.tasks.sweep_owed_ratings", ignore_result=True)
def sweep_owed_ratings(force: bool = False) -> list[str]:
    """Send an update for every game type whose ratings are owed (as
    :func:`sweep_dirty_standings` does for tournaments)."""
    now = time.time()
    sent = []
    for game_type in owed_game_types():
        overdue = _overdue_key(_ratings_queued_key(game_type), now)
        if enqueue_ratings(game_type, countdown=0, force=force or overdue):
            sent.append(game_type)
    return sent


def _overdue_key(key: str, now: float) -> bool:
    try:
        due = cache.get(key)
    except Exception:
        return False
    if due is None:
        return False
    return not isinstance(due, (int, float)) or due < now - max(SWEEP_SECONDS, 5.0)


# ------------------------------------------------------------------ worker catch-up

_stop = threading.Event()


def _sweep_forever() -> None:
    while not _stop.wait(SWEEP_SECONDS):
        try:
            close_old_connections()
            sweep_dirty_standings()
            sweep_owed_ratings()
        except Exception:
            log.warning("standings sweep failed", exc_info=True)
    close_old_connections()


@worker_ready.connect
def catch_up_on_start(sender: Any = None, **kwargs: Any) -> None:
    """A worker started (perhaps the broker is back, perhaps it was killed): recompute
    every dirty tournament, whatever markers or locks its dead former self left, then
    keep sweeping every ``SWEEP_SECONDS`` in a daemon thread."""
    try:
        node = getattr(sender, "hostname", None)
        if node:
            released = release_locks_of(node, dirty_tournaments())
            if released:
                log.warning("locks left by a dead %s released: tournaments %s", node, released)
        sent = sweep_dirty_standings(force=True)
        if sent:
            log.info("standings owed for tournaments %s: sent", sent)
        owed = sweep_owed_ratings(force=True)
        if owed:
            log.info("ratings owed for %s: sent", owed)
    except Exception:
        log.warning("standings sweep at worker start failed", exc_info=True)
    finally:
        close_old_connections()
    if SWEEP_SECONDS > 0:
        _stop.clear()
        threading.Thread(target=_sweep_forever, name="standings-sweep", daemon=True).start()


@worker_shutting_down.connect
def stop_sweeping(**kwargs: Any) -> None:
    _stop.set()
