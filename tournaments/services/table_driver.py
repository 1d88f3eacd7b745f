"""What a table does by itself: a bot's move, and the clock's move when time runs out.

:func:`drive` is called (by :func:`tournaments.services.game_changes.game_changed`)
after every committed change of a game. For an online game in play and not adjourned
it plans, from the committed state:

- for each seat to act whose player is a bot (``Player.is_bot``): that bot's move,
  ``BOT_DELAY`` seconds from now;
- for a timed game (``Game.time_control``) where a person is to act: the clock's check
  at the first deadline of a person's clock (:mod:`tournaments.services.clocks`).

Each plan names the game's version when it was made. It is sent as a Celery task
(:mod:`tournaments.tasks`) with that countdown or ETA; when Celery runs eagerly (a
developer's ``./bin/serve``, the browser tests' site) an ETA would be ignored, so a
daemon timer in this process runs it instead. Running a plan (:func:`run`) checks
first, without a lock, that the game is still at that version, in play and not
adjourned, and (for the clock) that the deadline has come, re-derived from the
events; then it appends the move with ``expected_version`` = that version and an event
id derived from the game, version, seat and kind: two workers running the same plan
write one event (the game's row lock and the unique event id), and a plan made stale
by any move writes nothing. A plan lost with its worker is caught by :func:`sweep`
(Celery beat, every ``SWEEP_SECONDS``).

The bot (:func:`engine.bot.choose_move`) is given only ``state.view(seat)`` and the
seat's own legal actions: it never sees another seat's cards.
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from dataclasses import dataclass
from typing import Any, Literal

from django.conf import settings
from django.db import connections

from engine import EngineError
from engine import Game as EngineGame
from engine.bot import choose_move
from tavolo.bounded import BoundedMap
from tavolo.celery import app as celery_app
from tournaments.models import Game, GameEvent, Seat
from tournaments.services import clocks, game_store
from tournaments.services.errors import ServiceError
from tournaments.services.moves import legal_of
from tournaments.timing.clock import ClockState

log = logging.getLogger(__name__)

BOT_DELAY = 0.8
"""Seconds a bot waits before its move. Not for the server's sake: a bot answering in
the same instant as the move before it makes the two arrive together on every page,
and people at the table cannot see who played what; under a second reads as "the bot
played" without slowing the game down."""
SWEEP_SECONDS = 10.0
"""How often Celery beat sweeps for overdue plans (a task lost with its worker)."""
SWEEP_GRACE_MS = 3000
"""A plan this late (ms) is taken as lost by the sweep (its own task is not just slow)."""
QUEUE: str | None = os.environ.get("TAVOLO_TABLES_QUEUE") or None
"""The queue the tables' tasks go to (``None``: the default queue). A queue of their
own, with a worker of its own, keeps bots and clocks on time when long tasks (standings
of a big tournament) fill the default queue."""
TIMERS = True
"""Whether, when Celery runs eagerly, plans run on in-process timers (tests turn it off)."""
NAMESPACE = uuid.UUID("7d3c3f3e-3a51-4c37-9a0e-6f1f5d1c7a16")
"""Namespace of the automatic moves' event ids (uuid5)."""

Task = Literal["bot", "timeout"]


@dataclass(frozen=True)
class Plan:
    """An automatic step planned for a game at ``version``: a bot's move for ``seat``
    or the clock's check (``seat`` ``None``), due at ``at_ms`` (ms since the epoch)."""

    task: Task
    game_id: uuid.UUID
    version: int
    at_ms: int
    seat: int | None = None

    def kwargs(self) -> dict[str, Any]:
        return {"game_id": str(self.game_id), "version": self.version, "seat": self.seat}


def event_id(game_id: uuid.UUID, version: int, seat: int, task: Task) -> uuid.UUID:
    """The id of the automatic move for ``seat`` at ``version``: the same for every
    worker that makes it, so it is written once."""
    kind = "bot" if task == "bot" else "timeout"
    return uuid.uuid5(NAMESPACE, f"{game_id}:{version}:{seat}:{kind}")


# ---------------------------------------------------------------------- planning


def _table(state: EngineGame) -> tuple[bool, tuple[int, ...]]:
    """Whether the table waits (over or adjourned) and who is to act."""
    waits = bool(state.over or getattr(state, "adjourned", False))
    return waits, () if waits else tuple(state.seats_to_act())


_bot_seats_of_started: BoundedMap[uuid.UUID, frozenset[int]] = BoundedMap(4096)


def bot_seats(game: Game) -> frozenset[int]:
    """The seats of ``game`` a bot plays. Bots are seated only while a game is being set
    up (:mod:`~tournaments.services.bots_seating`), so once a game is in play the answer
    never changes: it is kept per process then, sparing every move a query."""
    started = game.status == Game.Status.ACTIVE
    if started:
        kept = _bot_seats_of_started.get(game.pk)
        if kept is not None:
            return kept
    seats = frozenset(
        Seat.objects.filter(game_id=game.pk, player__is_bot=True).values_list("number", flat=True)
    )
    if started:
        _bot_seats_of_started.put(game.pk, seats)
    return seats


def plans_for(game: Game, now_ms: int | None = None) -> list[Plan]:
    """What the table does next by itself (see the module docstring); ``[]`` for a
    game not in play online, over or adjourned."""
    if game.status != Game.Status.ACTIVE or game.mode != Game.Mode.ONLINE:
        return []
    bots = bot_seats(game)
    if not bots and game.time_control is None:
        return []  # the common case: one small query per move, no state read
    waits, to_act = game_store.read_state(game, _table)
    if waits or not to_act:
        return []
    now = clocks.now_ms() if now_ms is None else now_ms
    plans = [
        Plan("bot", game.pk, game.version, now + int(BOT_DELAY * 1000), seat)
        for seat in to_act
        if seat in bots
    ]
    clock = clocks.clock_of(game)
    people = [seat for seat in (clock.running if clock else ()) if seat not in bots]
    if clock is not None and people:
        deadline = min(clock.deadline_of(seat) for seat in people)
        plans.append(Plan("timeout", game.pk, game.version, deadline))
    return plans


def drive(game: Game | uuid.UUID) -> list[Plan]:
    """Plan and send what a game does next by itself; the plans sent. ``game`` is the
    row just committed, or an id to read it by."""
    if not isinstance(game, Game):
        try:
            game = game_store.get(game)
        except Game.DoesNotExist:
            return []
    plans = plans_for(game)
    for plan in plans:
        dispatch(plan)
    return plans


def dispatch(plan: Plan) -> None:
    """Send ``plan`` to run when it is due: a Celery task, or an in-process timer when
    Celery runs eagerly (an eager task would ignore its ETA and run at once)."""
    delay = max(0.0, (plan.at_ms - clocks.now_ms()) / 1000)
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        if TIMERS:
            timer = threading.Timer(delay, _run_in_thread, args=(plan,))
            timer.daemon = True
            timer.start()
        return
    # Sent by name (the tasks of :mod:`tournaments.tasks` call this module).
    name = "tournaments.tasks.bot_move" if plan.task == "bot" else "tournaments.tasks.clock_check"
    try:
        celery_app.send_task(name, kwargs=plan.kwargs(), countdown=delay, queue=QUEUE)
    except Exception:  # broker down: the sweep runs it once the broker is back
        log.exception("could not send the %s plan of game %s", plan.task, plan.game_id)


def _run_in_thread(plan: Plan) -> None:
    try:
        run(plan.task, plan.game_id, plan.version, plan.seat)
    except Exception:
        log.exception("the %s plan of game %s failed", plan.task, plan.game_id)
    finally:
        connections.close_all()  # this thread's own connections (they are per thread)


# ---------------------------------------------------------------------- running


def run(task: Task, game_id: uuid.UUID | str, version: int, seat: int | None = None) -> bool:
    """Run a plan; whether it wrote a move. A stale plan (the game moved on, is over or
    adjourned), a bot's seat no longer a bot's, or a deadline not reached yet (then
    the game is planned again) writes nothing."""
    try:
        game = game_store.get(game_id)
    except Game.DoesNotExist:
        return False
    if game.version != version or game.status != Game.Status.ACTIVE:
        return False
    if task == "bot":
        if seat is None or seat not in bot_seats(game):
            return False
        return _bot_move(game, seat)
    return _timeout(game)


def _bot_move(game: Game, seat: int) -> bool:
    def decide(state: EngineGame) -> dict[str, Any] | None:
        waits, to_act = _table(state)
        if waits or seat not in to_act:
            return None
        return bot_choice(game.game_type, state, seat)

    move = game_store.read_state(game, decide)
    if move is None:
        return False
    return _append(game, seat, move, "bot", GameEvent.Actor.BOT)


def _timeout(game: Game) -> bool:
    clock = clocks.clock_of(game)
    if clock is None:
        return False
    bots = bot_seats(game)
    due = [seat for seat in clock.due(clocks.now_ms()) if seat not in bots]
    if not due:
        if _next_deadline(clock, bots) is not None:
            drive(game.pk)  # woken early (clock skew, an early timer): plan again
        return False
    seat = due[0]
    move = game_store.read_state(
        game, lambda state: consequence(game.game_type, state, seat, clock.control.on_timeout)
    )
    return _append(game, seat, move, "timeout", GameEvent.Actor.CLOCK)


def _next_deadline(clock: ClockState, bots: set[int]) -> int | None:
    people = [seat for seat in clock.running if seat not in bots]
    return min((clock.deadline_of(seat) for seat in people), default=None)


def consequence(game_type: str, state: EngineGame, seat: int, on_timeout: str) -> dict[str, Any]:
    """The move the clock makes for ``seat`` out of time: resign the game, concede the
    deal (where the game allows it now; else an automatic move), or an automatic move
    chosen by the bot's rule from the seat's own view."""
    if on_timeout == "forfeit_game":
        return {"type": "resign", "seat": seat}
    can_concede = getattr(state, "can_concede", None)
    if on_timeout == "forfeit_deal" and can_concede is not None and can_concede(seat):
        return {"type": "concede", "seat": seat}
    return bot_choice(game_type, state, seat)


def bot_choice(game_type: str, state: EngineGame, seat: int) -> dict[str, Any]:
    """The bot's move for ``seat``, given only the seat's own view and legal actions."""
    try:
        return choose_move(game_type, seat, state.view(seat), legal_of(state, seat))
    except (NotImplementedError, EngineError, LookupError, ValueError):
        # A bot that cannot choose here: the seat's first legal action, so a bot or a
        # clock never leaves the table stuck.
        log.warning("the %s bot could not choose for seat %s; first legal action", game_type, seat)
        return next(iter(state.legal_actions(seat))).to_event()


def _append(game: Game, seat: int, move: dict[str, Any], task: Task, actor: str) -> bool:
    try:
        appended = game_store.append_event(
            game.pk,
            move,
            event_id=event_id(game.pk, game.version, seat, task),
            expected_version=game.version,
            user=None,
            actor=actor,
        )
    except (ServiceError, EngineError) as refused:  # another move came first, or a bad bot
        log.info("the %s move for seat %s of game %s was refused: %s", task, seat, game.pk, refused)
        return False
    return appended.created


# ---------------------------------------------------------------------- sweeping


def sweep(now_ms: int | None = None) -> int:
    """Run every plan overdue by more than ``SWEEP_GRACE_MS`` (its task was lost: a
    worker restarted, the broker was down) in the games in play; how many wrote a move."""
    now = clocks.now_ms() if now_ms is None else now_ms
    games = Game.objects.filter(status=Game.Status.ACTIVE, mode=Game.Mode.ONLINE).filter(
        time_control__isnull=False
    ) | Game.objects.filter(
        status=Game.Status.ACTIVE, mode=Game.Mode.ONLINE, seats__player__is_bot=True
    )
    written = 0
    for game in games.distinct():
        for plan in plans_for(game, now):
            if plan.at_ms <= now - SWEEP_GRACE_MS:
                written += run(plan.task, plan.game_id, plan.version, plan.seat)
    return written
