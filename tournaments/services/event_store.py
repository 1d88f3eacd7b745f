"""Appending to a game's event log: validated, versioned, idempotent, gap-free.

Every append runs in one transaction that first locks the game row, so writers to
one game queue up; the engine validates the event against the current state; the
client's *expected version* must equal the game's version (else :class:`Conflict`
with the current version); and the client's *event id* makes a retry return the
original result instead of a duplicate. In an online game the server then deals
the next deal itself, from the game's committed seed, in the same transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import IntegrityError, connections, transaction
from django.utils import timezone

from engine import EngineError
from engine import Game as EngineGame
from scoring.owed import owe_ratings, owe_standings
from tournaments.fairness import deal_event, shuffled_deck
from tournaments.models import Game, GameEvent, Table
from tournaments.services import fast_append, game_changes, state_cache
from tournaments.services.errors import Conflict, ServiceError


@dataclass(frozen=True)
class Appended:
    """The outcome of an append: the event row, the game's new version, and whether
    this call wrote it (``False`` when a retry returned the original)."""

    event: GameEvent | fast_append.StoredEvent
    version: int
    created: bool
    over: bool
    observed: Any = None
    """What ``observe`` returned for the state after the append (``None`` on a retry)."""


@dataclass(frozen=True)
class _Submission:
    """What :func:`append_event` was asked to append, as its paths take it."""

    game_id: uuid.UUID
    payload: Mapping[str, Any]
    event_id: uuid.UUID
    expected_version: int | None
    user: Any
    authorize: Callable[[Game], None] | None
    observe: Callable[[Game, EngineGame], Any] | None
    actor: str | None


@dataclass(frozen=True)
class _Applied:
    """A move the fast path validated and applied but leaves to the locked path (it
    ends a deal the server then deals, or the game): the state after it, at the
    version it was applied to, so the locked path need not load the state again."""

    version: int
    action: Any
    state: EngineGame


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

    ``authorize(game)``, if given, is called first, with the game row just read and
    locked (``Game.DoesNotExist`` if there is none): it raises to refuse (a
    :class:`~tournaments.services.errors.Forbidden` …), and nothing is written. So the
    caller need not read the game itself.

    ``observe(game, state)``, if given, is called with the engine state just after the
    append, still under the game's lock (so it sees exactly that version); whatever
    it returns is :attr:`Appended.observed`. It must not change the state.

    ``actor`` marks an event not made by the seat's own player (``GameEvent.Actor``: a
    bot's move, the clock's, a director's)."""
    asked = _Submission(
        game_id, payload, event_id, expected_version, user, authorize, observe, actor
    )
    try:
        applied = None
        if fast_append.available():
            appended = _append_fast(asked)
            if isinstance(appended, Appended):
                return appended
            applied = appended
        return _append(asked, applied)
    except IntegrityError:
        # The event id is taken after all: by a retry sent without an expected version
        # whose event is legal again (a second tally …), or by a writer of another game
        # at the same moment (writers of one game queue on its row lock, writers of two
        # games do not).
        existing = GameEvent.objects.filter(event_id=event_id).first()
        if existing is None:
            raise
        return _replayed(Game.objects.get(pk=game_id), existing, payload)


def _append_fast(asked: _Submission) -> Appended | _Applied | None:
    """The common move in one statement (see :mod:`fast_append`; a snapshot due is a
    second). ``None`` when it is not the common move (refused, a stale version) or the
    version moved meanwhile, and :class:`_Applied` when it ends a deal the server
    deals or the game: nothing was written, and the locked path decides exactly as it
    always has.

    When this process knows the game's row at the expected version, the move is tried
    on it without a read; whatever that try does not write (the row moved, or it was
    refused on what the process knew) is decided again on the row read afresh. A move
    it leaves to the locked path with its state applied (:class:`_Applied`) is taken
    there only if the locked row is still at that version."""
    known = fast_append.known_game(asked.game_id, asked.expected_version)
    if known is not None:
        try:
            appended = _append_fast_to(known, asked)
        except (ServiceError, ObjectDoesNotExist):
            appended = None
        if appended is not None:
            return appended
    return _append_fast_to(fast_append.read_game(asked.game_id), asked)


def _append_fast_to(game: Game, asked: _Submission) -> Appended | _Applied | None:
    """:func:`_append_fast` on ``game``, the row read or known."""
    if asked.authorize is not None:
        asked.authorize(game)
    if game.status != Game.Status.ACTIVE:
        return None
    if asked.expected_version is not None and asked.expected_version != game.version:
        return None
    state = state_cache.checkout(game)
    try:
        action = state.parse(asked.payload)
        _check_submittable(game, action.type, state)
        state.apply_action(action, asked.payload)
    except (EngineError, ServiceError):
        state_cache.checkin(game.pk, game.version, state)  # a rejected event changes nothing
        return None
    if state.over or (game.mode == Game.Mode.ONLINE and state.awaiting == "deal"):
        return _Applied(game.version, action, state)
    stored = fast_append.insert_if_current(
        game,
        kind=kind_of(action.type, state),
        seat=action.seat,
        payload=action.to_event(),
        event_id=asked.event_id,
        submitted_by=asked.user.pk if getattr(asked.user, "is_authenticated", False) else None,
        actor=asked.actor,
    )
    if stored is None:
        return None
    game.version += 1
    if game.version % state_cache.SNAPSHOT_EVERY == 0:
        state_cache.store_snapshot(game, state)
    observed = asked.observe(game, state) if asked.observe is not None else None
    # At once in autocommit; inside a caller's transaction only if it commits (a state
    # of a version rolled back must never be cached).
    version = game.version
    transaction.on_commit(lambda: state_cache.checkin(game.pk, version, state))
    game_changes.after_commit(game)
    return Appended(stored, game.version, True, False, observed)


def _append(asked: _Submission, applied: _Applied | None = None) -> Appended:
    payload, event_id, expected_version = asked.payload, asked.event_id, asked.expected_version
    with transaction.atomic():
        game = _locked_game(asked.game_id)
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
        if applied is not None and applied.version == game.version:
            state, action = applied.state, applied.action  # validated and applied there
        else:
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
                sequence=game.version,
                kind=kind_of(action.type, state),
                seat=action.seat,
                payload=action.to_event(),
                event_id=event_id,
                submitted_by=asked.user if getattr(asked.user, "is_authenticated", False) else None,
                actor=asked.actor,
            )
        ]
        rows.extend(_owed_deals(game, state, game.version + 1))
        GameEvent.objects.bulk_create(rows)
        _advance(game, state, version_before + len(rows))
        observed = asked.observe(game, state) if asked.observe is not None else None
        transaction.on_commit(lambda: state_cache.checkin(game.pk, game.version, state))
        game_changes.after_commit(game)
    return Appended(rows[0], game.version, True, state.over, observed)


def _locked_game(game_id: uuid.UUID) -> Game:
    """The game row, locked until the transaction ends (``SELECT … FOR UPDATE``;
    SQLite locks the whole database when the transaction begins instead).

    The same as ``Game.objects.select_for_update().get(pk=game_id)``, in hand-written
    SQL: on every move, building that query through the ORM cost more CPU than the
    rest of the append."""
    connection = connections[Game.objects.db]
    pk = Game._meta.pk
    try:
        value = pk.get_db_prep_value(pk.to_python(game_id), connection)
    except ValidationError:
        raise Game.DoesNotExist(f"there is no game {game_id}") from None
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    table = connection.ops.quote_name(Game._meta.db_table)
    column = connection.ops.quote_name(pk.column)
    found = list(Game.objects.raw(f"SELECT * FROM {table} WHERE {column} = %s{lock}", [value]))
    if not found:
        raise Game.DoesNotExist(f"there is no game {game_id}")
    return found[0]


def _check_submittable(game: Game, event_type: str, state: EngineGame) -> None:
    if event_type in state.CHANCE_EVENTS:
        raise ServiceError("chance events are made by the server from the game's seed")
    if event_type == "tally" and game.mode == Game.Mode.ONLINE:
        raise ServiceError("this game is played online: its deals are played, not tallied")
    if event_type != "tally" and game.mode == Game.Mode.PHYSICAL:
        raise ServiceError("this game is played with real cards: enter each deal as a tally")


def deal_owed_events(game: Game) -> int:
    """Append the chance events the server owes an online game (its first deal at its
    start; a Scala 40 reshuffle when a turn has emptied the stock); return how many."""
    state = state_cache.checkout(game)
    rows = list(_owed_deals(game, state, game.version))
    GameEvent.objects.bulk_create(rows)
    _advance(game, state, game.version + len(rows))
    transaction.on_commit(lambda: state_cache.checkin(game.pk, game.version, state))
    game_changes.after_commit(game)
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


def _tournament_of(game: Game) -> int | None:
    """The tournament whose table plays ``game`` (``None``: a game at no table)."""
    return (
        Table.objects.filter(game_id=game.pk).values_list("round__tournament_id", flat=True).first()
    )


def _advance(game: Game, state: EngineGame, version: int) -> None:
    previous = game.version
    game.version = version
    if state.over and game.status != Game.Status.FINISHED:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        game.save(update_fields=["version", "status", "finished_at"])
        owe_standings(_tournament_of(game), "game finished")
        owe_ratings([game.game_type], "game finished")
    else:
        # Every move: game.save(update_fields=["version"]) in hand-written SQL (the ORM
        # spent more CPU building the statement than the database running it).
        connection = connections[Game.objects.db]
        quote = connection.ops.quote_name
        pk, column = Game._meta.pk, Game._meta.get_field("version").column
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {quote(Game._meta.db_table)} SET {quote(column)} = %s "
                f"WHERE {quote(pk.column)} = %s",
                [version, pk.get_db_prep_value(game.pk, connection)],
            )
    state_cache.maybe_snapshot(game, previous, state)


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
        same = state_cache.fresh_engine_game(game).parse(payload).to_event() == existing.payload
    except EngineError:
        same = False
    if not same:
        raise Conflict(
            f"event id {existing.event_id} was already used for a different event "
            f"(#{existing.sequence})",
            version=game.version,
        )
    return Appended(existing, game.version, False, game.is_over)
