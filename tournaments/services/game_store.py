"""The game store: the one way to read a game, its engine state, and append to its log.

After eventsourcing's ``Repository.get(id, version)``: :func:`get` reads a game row
(one way, locked or not), :func:`read_state` runs a reader on its engine state at the
row's version, and :func:`append_event` appends. The state comes through
:mod:`state_cache`, this module's own helper: an in-process check-out/check-in cache
of engine states (emptied with every other cache by :func:`tavolo.caches.forget_all`)
and the sealed :class:`~tournaments.models.GameSnapshot` rows written every
``SNAPSHOT_EVERY`` events, both checked against the row's version.

**An append** is the same on SQLite and PostgreSQL. The game row is read (unlocked,
outside any transaction of the store's); the engine validates the event against the
state at that version; then, in one transaction, one conditional statement,
``UPDATE game SET version = version + n WHERE id = … AND version = <the version
read> AND status = 'active'``, moves the version on, and the event (with any deal the
server owes an online game, dealt from the game's committed seed) is inserted. The
client's *expected version* must equal the game's version, else :class:`Conflict`
with the current version; the client's *event id* makes a retry return the original
result instead of a duplicate. The ``UPDATE`` takes the row's lock, so writers of one
game queue up there; when it changes no row, another writer came first and nothing
was written: the row is read again and the event decided again on it (a Conflict for
a stale expected version, as when the row was read). The event table is append-only
in the database (triggers refuse ``UPDATE``, ``DELETE`` and ``TRUNCATE``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from engine import EngineError
from engine import Game as EngineGame
from scoring.owed import owe_ratings, owe_standings
from tournaments.fairness import deal_event, shuffled_deck
from tournaments.models import Game, GameEvent, Table
from tournaments.services import game_changes, state_cache
from tournaments.services.errors import Conflict, ServiceError

SNAPSHOT_EVERY = state_cache.SNAPSHOT_EVERY


# ---------------------------------------------------------------------- reading


def get(game_id: uuid.UUID | str, *, for_update: bool = False) -> Game:
    """The game row (``Game.DoesNotExist`` if there is none, or if ``game_id`` is not a
    game id at all). ``for_update``: locked until the transaction ends, for a service
    that changes the game's set-up (its seats, its status) rather than its log."""
    games = Game.objects.select_for_update() if for_update else Game.objects
    try:
        return games.get(pk=game_id)
    except (ValidationError, ValueError, TypeError):
        raise Game.DoesNotExist(f"there is no game {game_id}") from None


def read_state(game: Game, reader: Callable[[EngineGame], Any]) -> Any:
    """Run ``reader(state)`` on the game's engine state at ``game.version`` without
    changing it."""
    return state_cache.read_state(game, reader)


def fresh_engine_game(game: Game) -> EngineGame:
    """The engine's game as ``game`` is set up, before any event (its rules, its seats)."""
    return state_cache.fresh_engine_game(game)


def keep_state(game: Game, state: EngineGame) -> None:
    """Keep ``state``, the game's state at ``game.version``, for the next read (a game
    just imported: its state was built event by event already)."""
    state_cache.checkin(game.pk, game.version, state)


# ---------------------------------------------------------------------- appending


@dataclass(frozen=True)
class Appended:
    """The outcome of an append: the event row, the game's new version, and whether
    this call wrote it (``False`` when a retry returned the original)."""

    event: GameEvent
    version: int
    created: bool
    over: bool
    observed: Any = None
    """What ``observe`` returned for the state after the append (``None`` on a retry)."""


@dataclass(frozen=True)
class _Submission:
    """What :func:`append_event` was asked to append."""

    game_id: uuid.UUID
    payload: Mapping[str, Any]
    event_id: uuid.UUID
    expected_version: int | None
    user: Any
    authorize: Callable[[Game], None] | None
    observe: Callable[[Game, EngineGame], Any] | None
    actor: str | None


def kind_of(event_type: str, engine_game: EngineGame) -> str:
    if event_type in engine_game.CHANCE_EVENTS:
        return GameEvent.Kind.CHANCE
    if event_type == "tally":
        return GameEvent.Kind.TALLY
    return GameEvent.Kind.PLAYER


def append_event(
    game_id: uuid.UUID,
    payload: Mapping[str, Any],
    *,
    event_id: uuid.UUID,
    expected_version: int | None,
    user: Any = None,
    authorize: Callable[[Game], None] | None = None,
    observe: Callable[[Game, EngineGame], Any] | None = None,
    actor: str | None = None,
) -> Appended:
    """Validate ``payload`` against the game and append it (plus any deal the server
    owes). Raises :class:`Conflict` (stale version, reused event id, game not in
    play) or an :class:`engine.EngineError` (illegal or malformed event); either
    way nothing is written.

    ``authorize(game)``, if given, is called first, with the game row just read
    (``Game.DoesNotExist`` if there is none): it raises to refuse (a
    :class:`~tournaments.services.errors.Forbidden` …), and nothing is written. So the
    caller need not read the game itself.

    ``observe(game, state)``, if given, is called with the engine state just after the
    append, in its transaction and under the row's lock (so it sees exactly that
    version); whatever it returns is :attr:`Appended.observed`. It must not change the
    state.

    ``actor`` marks an event not made by the seat's own player (``GameEvent.Actor``: a
    bot's move, the clock's, a director's)."""
    asked = _Submission(
        game_id, payload, event_id, expected_version, user, authorize, observe, actor
    )
    try:
        while True:
            appended = _append(asked)
            if appended is not None:
                return appended
            # Another writer moved the game between the read and the write: nothing
            # was written; the event is decided again on the row as it is now.
    except IntegrityError:
        # The event id is taken after all: by a retry sent without an expected version
        # whose event is legal again (a second tally …), or by a writer of another game
        # at the same moment.
        existing = GameEvent.objects.filter(event_id=event_id).first()
        if existing is None:
            raise
        return _replayed(get(game_id), existing, payload)


def _append(asked: _Submission) -> Appended | None:
    """One try of :func:`append_event`; ``None`` when the row moved under it."""
    payload, event_id, expected_version = asked.payload, asked.event_id, asked.expected_version
    # Read and decided outside the transaction (nothing is written until the UPDATE,
    # which checks that the row is still the one read).
    game = get(asked.game_id)
    if asked.authorize is not None:
        asked.authorize(game)
    # The event id is looked up only when the event is refused: a retry of an
    # accepted event finds the game moved on (its expected version is stale) or
    # over, or its event no longer legal, or, without an expected version, meets
    # the unique event id on insert (see append_event). A first submission, the
    # common case, costs no query for it.
    refusal = None
    if game.status != Game.Status.ACTIVE:
        refusal = Conflict(
            f"the game is {game.get_status_display().lower()}; it takes no events now",
            version=game.version,
        )
    elif expected_version is not None and expected_version != game.version:
        refusal = Conflict(
            f"the game is at version {game.version}, not {expected_version}: "
            "someone else acted first; reload and try again",
            version=game.version,
        )
    if refusal is not None:
        retried = _retried(game, event_id, payload)
        if retried is not None:
            return retried
        raise refusal
    version_before = game.version
    state = state_cache.checkout(game)
    try:
        action = state.parse(payload)
        _check_submittable(game, action.type, state)
        state.apply_action(action, payload)
    except (EngineError, ServiceError):
        # A rejected event changes nothing.
        state_cache.checkin(game.pk, game.version, state)
        retried = _retried(game, event_id, payload)
        if retried is not None:
            return retried
        raise
    rows = [
        GameEvent(
            game=game,
            sequence=version_before,
            kind=kind_of(action.type, state),
            seat=action.seat,
            payload=action.to_event(),
            event_id=event_id,
            submitted_by=asked.user if getattr(asked.user, "is_authenticated", False) else None,
            actor=asked.actor,
        )
    ]
    rows.extend(_owed_deals(game, state, version_before + 1))
    with transaction.atomic():
        if not _advance(game, state, len(rows)):
            return None  # the state checked out is not the row's now: dropped
        GameEvent.objects.bulk_create(rows)
        observed = asked.observe(game, state) if asked.observe is not None else None
        _committed(game, state)
    return Appended(rows[0], game.version, True, state.over, observed)


def _check_submittable(game: Game, event_type: str, state: EngineGame) -> None:
    if event_type in state.CHANCE_EVENTS:
        raise ServiceError("chance events are made by the server from the game's seed")
    if event_type == "tally" and game.mode == Game.Mode.ONLINE:
        raise ServiceError("this game is played online: its deals are played, not tallied")
    if event_type != "tally" and game.mode == Game.Mode.PHYSICAL:
        raise ServiceError("this game is played with real cards: enter each deal as a tally")


def deal_owed_events(game: Game) -> int:
    """Append the chance events the server owes an online game (its first deal at its
    start; a Scala 40 reshuffle when a turn has emptied the stock); return how many.
    For the services that start a game, in their transaction, on the row they have
    just saved as in play."""
    state = state_cache.checkout(game)
    rows = _owed_deals(game, state, game.version)
    if not _advance(game, state, len(rows)):
        raise Conflict("the game moved while it was being dealt", version=game.version)
    GameEvent.objects.bulk_create(rows)
    _committed(game, state)
    return len(rows)


def _owed_deals(game: Game, state: EngineGame, sequence: int) -> list[GameEvent]:
    rows: list[GameEvent] = []
    if game.mode != Game.Mode.ONLINE:
        return rows
    while state.awaiting == "deal" and not state.over:
        shuffle = state.pending_shuffle()  # a chance event other than a deal (a reshuffle)
        if shuffle is None:
            event = deal_event(bytes(game.seed), state.deal_number, state.new_deck())
        else:
            event = shuffle.event(shuffled_deck(bytes(game.seed), shuffle.label, shuffle.cards))
        state.apply(event)
        rows.append(
            GameEvent(
                game=game,
                sequence=sequence,
                kind=GameEvent.Kind.CHANCE,
                payload=event,
                event_id=uuid.uuid4(),
            )
        )
        sequence += 1
    return rows


def _advance(game: Game, state: EngineGame, count: int) -> bool:
    """Move the game's row on by ``count`` events, if it is still in play at
    ``game.version`` (one statement; it locks the row until the transaction ends), and
    finish it if ``state`` is over; ``False`` (nothing written) if the row moved.
    Then ``game`` is the row as written: the standings and ratings a finished game
    changes are owed, and a snapshot is stored when a multiple of ``SNAPSHOT_EVERY``
    was crossed."""
    previous = game.version
    changes: dict[str, Any] = {"version": F("version") + count}
    finishing = state.over and game.status != Game.Status.FINISHED
    if finishing:
        changes.update(status=Game.Status.FINISHED, finished_at=timezone.now())
    written = Game.objects.filter(pk=game.pk, version=previous, status=Game.Status.ACTIVE).update(
        **changes
    )
    if not written:
        return False
    game.version = previous + count
    if finishing:
        game.status, game.finished_at = Game.Status.FINISHED, changes["finished_at"]
        owe_standings(_tournament_of(game), "game finished")
        owe_ratings([game.game_type], "game finished")
    state_cache.maybe_snapshot(game, previous, state)
    return True


def _committed(game: Game, state: EngineGame) -> None:
    """Once the transaction commits: the state is kept for the next read (a state of a
    version rolled back is never kept), and the game's change is reacted to."""
    version = game.version
    transaction.on_commit(lambda: state_cache.checkin(game.pk, version, state))
    game_changes.after_commit(game)


def _tournament_of(game: Game) -> int | None:
    """The tournament whose table plays ``game`` (``None``: a game at no table)."""
    return (
        Table.objects.filter(game_id=game.pk).values_list("round__tournament_id", flat=True).first()
    )


def _retried(game: Game, event_id: uuid.UUID, payload: Mapping[str, Any]) -> Appended | None:
    """The original result if ``event_id`` was used before (Conflict if for something
    else), ``None`` if it is new."""
    existing = GameEvent.objects.filter(event_id=event_id).first()
    return None if existing is None else _replayed(game, existing, payload)


def _replayed(game: Game, existing: GameEvent, payload: Mapping[str, Any]) -> Appended:
    """A retry: the same id and the same content return the original result."""
    if existing.game_id != game.pk:
        raise Conflict("that event id was already used in another game", version=game.version)
    try:
        same = fresh_engine_game(game).parse(payload).to_event() == existing.payload
    except EngineError:
        same = False
    if not same:
        raise Conflict(
            f"event id {existing.event_id} was already used for a different event "
            f"(#{existing.sequence})",
            version=game.version,
        )
    return Appended(existing, game.version, False, game.is_over)
