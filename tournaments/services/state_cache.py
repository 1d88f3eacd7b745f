"""Derived game state without replaying every game from its first event: the game
store's own helper (:mod:`tournaments.services.game_store` is the way in). One reader
besides the store: the standings' gathering of finished games' scores
(:mod:`scoring.gather`), because the store owes standings when a game ends
(:mod:`scoring.owed`) and would otherwise be in a cycle with it.

Three layers, each checked against the game's current version:

1. an in-process cache of engine states, used check-out/check-in: whoever checks a
   state out owns it (no other request can see it half-changed) and checks it back
   in tagged with the version it reflects;
2. :class:`~tournaments.models.GameSnapshot` rows, pickled engine states written
   every ``SNAPSHOT_EVERY`` events and tagged with the engine version;
3. a full replay of the event table.

A state from layer 1 or 2 is brought up to date by applying the events after it
(the "tail"). A snapshot from another engine version is ignored, so a rule change
falls back to a full replay.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import pickle
import uuid
from typing import Any

from django.conf import settings
from django.db import DatabaseError, transaction

from engine import ENGINE_VERSION, new_game
from engine import Game as EngineGame
from tavolo.bounded import BoundedMap
from tournaments.models import Game, GameEvent, GameSnapshot

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 64
CACHE_SIZE = 512

_states: BoundedMap[uuid.UUID, tuple[int, str, EngineGame]] = BoundedMap(CACHE_SIZE)


def checkout(game: Game) -> EngineGame:
    """The engine state of ``game`` at ``game.version``, owned by the caller until
    :func:`checkin`. Mutate it freely; if it is not checked in, it is just dropped."""
    entry = _states.take(game.pk)
    if entry is not None:
        version, engine_version, state = entry
        if engine_version == ENGINE_VERSION and version <= game.version:
            return _catch_up(game, state, version)
    return load_state(game)


def read_state(game: Game, reader: Any) -> Any:
    """Run ``reader(state)`` on the game's current engine state without changing it."""
    state = checkout(game)
    try:
        return reader(state)
    finally:
        checkin(game.pk, game.version, state)


def checkin(game_id: uuid.UUID, version: int, state: EngineGame) -> None:
    """Return a state reflecting the first ``version`` events to the cache (unless
    the cache already holds a newer one)."""
    _states.put(game_id, (version, ENGINE_VERSION, state), keep=lambda kept: kept[0] >= version)


def fresh_engine_game(game: Game) -> EngineGame:
    return new_game(game.game_type, game.players, game.options, game.first_dealer)


def full_replay(game: Game) -> EngineGame:
    """Replay every event of ``game`` from the start (no cache, no snapshot)."""
    return _catch_up(game, fresh_engine_game(game), 0)


def load_state(game: Game) -> EngineGame:
    """The state from the newest usable snapshot plus the tail, else a full replay."""
    snapshot = (
        GameSnapshot.objects.filter(
            game=game, engine_version=ENGINE_VERSION, version__lte=game.version
        )
        .order_by("-version")
        .first()
    )
    if snapshot is not None:
        try:
            state = _unseal(bytes(snapshot.state))
        except Exception:  # noqa: BLE001 - an unreadable cache entry is just a miss
            state = None
        if isinstance(state, EngineGame):
            return _catch_up(game, state, snapshot.version)
    return full_replay(game)


def _catch_up(game: Game, state: EngineGame, version: int) -> EngineGame:
    if version < game.version:
        # One call for the whole tail: a game may replay a run of events in one loop
        # (whist does), each event checked as ``apply`` checks it.
        state.apply_events(event_payloads(game.pk, version, game.version))
    return state


def event_payloads(game_id: uuid.UUID, start: int, stop: int) -> list[Any]:
    """The payloads of the game's events ``start`` ≤ sequence < ``stop``, in order."""
    return list(
        GameEvent.objects.filter(game_id=game_id, sequence__gte=start, sequence__lt=stop)
        .order_by("sequence")
        .values_list("payload", flat=True)
    )


def maybe_snapshot(game: Game, previous_version: int, state: EngineGame) -> None:
    """Store a snapshot when the game just crossed a multiple of ``SNAPSHOT_EVERY``."""
    if game.version // SNAPSHOT_EVERY != previous_version // SNAPSHOT_EVERY:
        store_snapshot(game, state)


def store_snapshot(game: Game, state: EngineGame) -> None:
    """The snapshot of ``state`` at ``game.version`` (kept if there is one already), in
    the append's transaction. A snapshot that cannot be written is logged, not raised
    (a savepoint keeps the caller's transaction usable): it is a cache, and the next
    load replays a longer tail instead."""
    blob = _seal(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    row = GameSnapshot(
        game_id=game.pk, version=game.version, engine_version=ENGINE_VERSION, state=blob
    )
    try:
        with transaction.atomic(using=GameSnapshot.objects.db):
            GameSnapshot.objects.bulk_create([row], ignore_conflicts=True)
    except DatabaseError:
        log.warning("no snapshot of game %s at version %s", game.pk, game.version, exc_info=True)


def _mac(blob: bytes) -> bytes:
    key = hashlib.sha256(b"tavolo-snapshot:" + settings.SECRET_KEY.encode()).digest()
    return hmac.new(key, blob, hashlib.sha256).digest()


def _seal(blob: bytes) -> bytes:
    """Prefix a pickled state with its HMAC, so only this service's own snapshots are
    ever unpickled (someone who can write the table cannot make it run code)."""
    return _mac(blob) + blob


def _unseal(sealed: bytes) -> object:
    mac, blob = sealed[:32], sealed[32:]
    if len(mac) != 32 or not hmac.compare_digest(mac, _mac(blob)):
        return None
    return pickle.loads(blob)
