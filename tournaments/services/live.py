"""Push: telling every open page that something it shows has changed.

A message carries public facts only, never a card: ``{"kind": "game", "version": v,
"status": s}`` for a game, ``{"kind": "standings", "version": v}`` or ``{"kind":
"round", "round": n}`` for a tournament. The page then fetches its own board (or
table) from the endpoint it already polls, which decides who sees what.

Called explicitly, after the commit: :func:`announce_game` from
:func:`tournaments.services.game_changes.game_changed` (every move, deal and start)
and from the invitations (a seat taken); :func:`announce_standings` by the scoring
task once new standings are stored; :func:`announce_round` when a round's pairings
or results are published.

Publishing never blocks the caller on the channel layer, and works from any thread:

- in a push process (daphne, ``manage.py runserver``), whose event loop serves the
  websockets, the message is handed to that loop (``run_coroutine_threadsafe``); with
  the in-memory layer of development this is the only way a publish from a request
  thread or a ``threading.Timer`` (a bot's or a clock's move) reaches the consumers;
- anywhere else (gunicorn, a Celery worker, a script), with the site's Redis pub/sub
  layer, to one sending thread of this process that pipelines whatever is queued
  (:mod:`tournaments.services.live_redis`: a third of a move's CPU before); with
  another Redis layer, to one event loop of this process on a daemon thread; with
  the in-memory layer, nowhere: no consumer can be connected to this process.

A failed publish is logged (the game's id only) and otherwise ignored: the move is
committed, and a page on a broken socket falls back to polling.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import uuid
from concurrent.futures import Future
from typing import Any

from scoring.models import StandingsState
from tournaments.models import Game
from tournaments.services.live_redis import RedisPublisher

log = logging.getLogger(__name__)

MESSAGE_TYPE = "live.message"
"""The consumers' handler of a group message (``live_message``)."""

_server_loop: asyncio.AbstractEventLoop | None = None
_own_loop: asyncio.AbstractEventLoop | None = None
_own_pid = 0
_lock = threading.Lock()


def game_group(game_id: uuid.UUID | str) -> str:
    return f"game.{uuid.UUID(str(game_id)).hex}"


def tournament_group(tournament_id: int) -> str:
    return f"tournament.{int(tournament_id)}"


def game_facts(game_id: uuid.UUID | str) -> dict[str, Any] | None:
    """The public facts of a game a page compares with what it shows."""
    row = Game.objects.filter(pk=game_id).values_list("version", "status").first()
    if row is None:
        return None
    return {"kind": "game", "version": row[0], "status": row[1]}


def standings_facts(tournament_id: int) -> dict[str, Any]:
    version = (
        StandingsState.objects.filter(tournament_id=tournament_id)
        .values_list("version", flat=True)
        .first()
    )
    return {"kind": "standings", "version": version or 0}


# ---------------------------------------------------------------------- publishing


def announce_game(game: Game | uuid.UUID | str) -> Future[None] | None:
    """Tell the pages of a game its current version and status: read from the row
    given (a caller that has just committed it), else from the database by id."""
    if isinstance(game, Game):
        facts: dict[str, Any] | None = {
            "kind": "game",
            "version": game.version,
            "status": game.status,
        }
        game_id: uuid.UUID | str = game.pk
    else:
        facts, game_id = game_facts(game), game
    if facts is None:
        return None
    return publish(game_group(game_id), facts)


def announce_standings(tournament_id: int, version: int | None = None) -> Future[None] | None:
    """New standings are stored: the standings pages fetch their table."""
    facts = (
        standings_facts(tournament_id)
        if version is None
        else {
            "kind": "standings",
            "version": version,
        }
    )
    return publish(tournament_group(tournament_id), facts)


def announce_round(tournament_id: int, number: int) -> Future[None] | None:
    """A round's pairings or results were published: the round pages refresh."""
    return publish(tournament_group(tournament_id), {"kind": "round", "round": number})


def publish(group: str, data: dict[str, Any]) -> Future[None] | None:
    """Send ``data`` to every consumer of ``group``, from any thread, without waiting.
    Returns the future of the send (tests wait on it), or ``None`` if it could not be
    started."""
    from channels.layers import InMemoryChannelLayer, get_channel_layer

    layer = get_channel_layer()
    if layer is None:
        return None
    message = {"type": MESSAGE_TYPE, "data": data}
    if not _serving_here():
        publisher = _publisher(layer)
        if publisher is not None:
            future = publisher.publish(group, message)
            future.add_done_callback(lambda f: _report(f, group))
            return future
        if isinstance(layer, InMemoryChannelLayer):
            # Its groups live in this process, and no consumer was ever connected
            # here (a gunicorn worker, a Celery worker): nobody to tell.
            return None
    try:
        loop = _loop()
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
    except Exception:
        log.warning("could not push to %s", group, exc_info=True)
        return None
    future.add_done_callback(lambda f: _report(f, group))
    return future


def _report(future: Future[None], group: str) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("pushing to %s failed: %r", group, future.exception())


# ---------------------------------------------------------------------- event loops


def register_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Called by the consumers when they connect: this process serves websockets on
    ``loop``, so publishes go there (the in-memory layer's queues live on it)."""
    global _server_loop
    _server_loop = loop


def _serving_here() -> bool:
    """Whether this process serves websockets on a running loop."""
    server = _server_loop
    return server is not None and server.is_running() and not server.is_closed()


def _loop() -> asyncio.AbstractEventLoop:
    server = _server_loop
    if server is not None and _serving_here():
        return server
    return _private_loop()


_publishers: dict[int, tuple[Any, RedisPublisher | None]] = {}


def _publisher(layer: Any) -> RedisPublisher | None:
    """The batching Redis publisher of ``layer`` (:mod:`live_redis`), if it has one."""
    known = _publishers.get(id(layer))
    if known is None or known[0] is not layer:
        known = (layer, RedisPublisher.of(layer))
        with _lock:
            _publishers[id(layer)] = known
    return known[1]


def _private_loop() -> asyncio.AbstractEventLoop:
    """This process's publishing loop on a daemon thread (a new one after a fork: a
    Celery worker's children do not inherit the parent's thread)."""
    global _own_loop, _own_pid
    with _lock:
        if _own_loop is None or _own_pid != os.getpid() or _own_loop.is_closed():
            loop = asyncio.new_event_loop()
            ready = threading.Event()

            def run() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()

            threading.Thread(target=run, name="tavolo-live-publisher", daemon=True).start()
            ready.wait(5)
            _own_loop, _own_pid = loop, os.getpid()
        return _own_loop
