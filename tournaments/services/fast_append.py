"""The common move on PostgreSQL in one round trip (after one unlocked read of the game,
or none).

:func:`~tournaments.services.event_store.append_event` validates the move against the
cached engine state at the version it has just read, then this module's single
statement checks that version (and that the game is in play), bumps it and inserts the
event: no ``BEGIN``, no ``SELECT … FOR UPDATE``, no ``COMMIT`` round trips, no ORM row
built. If the statement finds the version moved (0 rows), nothing was written and the
caller falls back to the locked path, which answers a Conflict or re-validates exactly
as before. Rarer moves (a deal the server owes, the game's end, a snapshot) and SQLite
take the locked path directly.

**The row this process knows.** Every read and every append on PostgreSQL also gives
the row's *stamp*, the MD5 of the whole row as text, and the process keeps the last
row it read or wrote of each game (:func:`known_game`). A move whose expected version
is the known row's is validated against that row without reading it again, and the
statement then requires the stamp as well as the version: if anything in the row
changed since (another worker's move, a pause, a finished game, any column), it writes
nothing and the caller reads the row and decides again. A client that reads its legal
actions and then moves (the usual turn) so costs one read and one statement, not two
reads.

Both statements run through :func:`tavolo.prepared.run_statement`: prepared on the
server once per connection (unless ``TAVOLO_DB_PREPARED`` is off), so a move spends no
CPU quoting parameters into the SQL text and the server plans neither again.
"""

from __future__ import annotations

import functools
import json
import uuid
from dataclasses import dataclass
from typing import Any

from django.db import connections, transaction
from django.utils import timezone

from tavolo.bounded import BoundedMap
from tavolo.copies import model_copy
from tavolo.prepared import run_statement
from tournaments.models import Game, GameEvent

STAMP = "_tavolo_row_stamp"
"""The attribute of a game read or written here holding its row's stamp (PostgreSQL)."""
MAX_KNOWN_GAMES = 4096
_known: BoundedMap[uuid.UUID, Game] = BoundedMap(MAX_KNOWN_GAMES)


@dataclass(frozen=True)
class StoredEvent:
    """An event just stored by the fast path: the attributes of a ``GameEvent`` row that
    the callers read, without building one."""

    pk: int
    game_id: uuid.UUID
    sequence: int
    kind: str
    seat: int | None
    payload: Any
    event_id: uuid.UUID
    actor: str | None

    @property
    def id(self) -> int:
        return self.pk


def available() -> bool:
    return connections[Game.objects.db].vendor == "postgresql"


@dataclass(frozen=True)
class _GameRead:
    """The read of a game row on one connection, worked out once: the statement, the
    fields' attribute names, and the database converters the ORM would apply to a row
    (only the columns that have any: the JSON fields)."""

    sql: str
    attnames: list[str]
    converters: list[tuple[int, Any, list[Any]]]
    if_changed_sql: str | None
    """PostgreSQL: the row's stamp, then its columns only if the stamp is not the one
    given (else ``NULL`` each, which costs nothing to decode): see :func:`read_game`."""


_GAME_READS: dict[tuple[str, str], _GameRead] = {}


def _game_read(connection: Any) -> _GameRead:
    read = _GAME_READS.get((connection.alias, connection.vendor))
    if read is None:
        quote = connection.ops.quote_name
        fields = Game._meta.concrete_fields
        converters = []
        for index, field in enumerate(fields):
            expression = field.get_col(Game._meta.db_table)
            found = connection.ops.get_db_converters(expression)
            found += field.get_db_converters(connection)
            if found:
                converters.append((index, expression, found))
        table = quote(Game._meta.db_table)
        columns = [quote(field.column) for field in fields]
        where = f"WHERE {quote(Game._meta.pk.column)} = %s"
        if_changed_sql = None
        if connection.vendor == "postgresql":
            stamp = f", md5({table}::text)"
            # The stamp and the comparison are worked out once for the row, not once per
            # column: OFFSET 0 keeps the planner from copying them into every CASE.
            if_changed_sql = (
                "SELECT stamped.stamp, "
                + ", ".join(f"CASE WHEN known.changed THEN {table}.{c} END" for c in columns)
                + f" FROM {table} CROSS JOIN LATERAL (SELECT md5({table}::text) AS stamp "
                "OFFSET 0) AS stamped CROSS JOIN LATERAL (SELECT stamped.stamp IS DISTINCT "
                f"FROM %s::text AS changed OFFSET 0) AS known {where}"
            )
        else:
            stamp = ""
        sql = f"SELECT {', '.join(columns)}{stamp} FROM {table} {where}"
        read = _GAME_READS[connection.alias, connection.vendor] = _GameRead(
            sql, [field.attname for field in fields], converters, if_changed_sql
        )
    return read


def read_game(game_id: uuid.UUID) -> Game:
    """The game row, unlocked, as a Game built from one raw row (``Game.DoesNotExist``
    if there is none).

    When this process knows a row of the game (:func:`known_game`), the read sends its
    stamp and the server answers the row's stamp with the columns only if the row is
    not that one: unchanged (the usual case: the same player's client asked and moved
    through this process), the known row is copied instead of decoding and building
    one; changed, the same round trip brought the row."""
    connection = connections[Game.objects.db]
    read = _game_read(connection)
    pk = Game._meta.pk
    try:
        value = game_id if type(game_id) is uuid.UUID else pk.to_python(game_id)
        key = pk.get_db_prep_value(value, connection)
    except Exception:  # noqa: BLE001 - not a game id at all
        raise Game.DoesNotExist(f"there is no game {game_id}") from None
    kept = _known.get(value) if read.if_changed_sql is not None else None
    if kept is None:
        rows = run_statement(connection, read.sql, [key])
    else:
        rows = run_statement(connection, read.if_changed_sql, [getattr(kept, STAMP), key])
    if not rows:
        raise Game.DoesNotExist(f"there is no game {game_id}")
    row = rows[0]
    if kept is not None:
        stamp = row[0]
        if stamp == getattr(kept, STAMP):
            game = model_copy(kept)
            del game.__dict__[STAMP]  # as a row read: the caller writes without it
            return game
        row = (*row[1:], stamp)
    values = list(row[: len(read.attnames)])
    for index, expression, converters in read.converters:
        value = values[index]
        for converter in converters:
            value = converter(value, expression, connection)
        values[index] = value
    game = Game.from_db(connection.alias, read.attnames, values)
    if len(row) > len(read.attnames):
        _remember(game, game.version, row[-1])
    return game


def _remember(game: Game, version: int, stamp: str) -> None:
    """Keep a copy of ``game`` at ``version``, whose row has ``stamp``."""
    kept = model_copy(game)
    kept.version = version
    setattr(kept, STAMP, stamp)
    _known.put(game.pk, kept)


def known_game(game_id: uuid.UUID, version: int | None) -> Game | None:
    """A copy of the row this process last read or wrote of the game, with its stamp,
    if that was at ``version``; else ``None``. Not a read: whoever writes with it must
    require its stamp (:func:`insert_if_current` does)."""
    if version is None:
        return None
    kept = _known.get(game_id)
    if kept is None or kept.version != version:
        return None
    return model_copy(kept)


def forget_known(game_id: uuid.UUID | None = None) -> None:
    """Forget the known row of a game (of every game: ``None``)."""
    _known.forget(game_id)


@functools.cache
def _insert_sql(alias: str) -> str:
    """The statement of :func:`insert_if_current` (PostgreSQL's), written once. Each
    parameter of the ``SELECT`` list is cast to its column's type: bound on the server
    (prepared), an untyped parameter there would be taken for text, and a ``NULL`` seat
    or user could not be inserted."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    meta, event_meta = Game._meta, GameEvent._meta
    table = quote(meta.db_table)
    column = {f.name: quote(f.column) for f in event_meta.concrete_fields}
    cast = {f.name: f"%s::{f.cast_db_type(connection)}" for f in event_meta.concrete_fields}
    return (
        f"WITH bumped AS (UPDATE {table} SET version = version + 1 "
        f"WHERE {quote(meta.pk.column)} = %s AND version = %s AND status = %s "
        f"AND (%s::text IS NULL OR md5({table}::text) = %s::text) "
        f"RETURNING {quote(meta.pk.column)} AS game_id, version - 1 AS sequence, "
        f"md5({table}::text) AS stamp), "
        f"inserted AS (INSERT INTO {quote(event_meta.db_table)} ({column['game']}, "
        f"{column['sequence']}, {column['kind']}, {column['seat']}, {column['payload']}, "
        f"{column['event_id']}, {column['submitted_by']}, {column['actor']}, "
        f"{column['created_at']}) "
        f"SELECT game_id, sequence, {cast['kind']}, {cast['seat']}, {cast['payload']}, "
        f"{cast['event_id']}, {cast['submitted_by']}, {cast['actor']}, {cast['created_at']} "
        f"FROM bumped RETURNING {quote(event_meta.pk.column)} AS id, {column['sequence']}) "
        "SELECT inserted.id, inserted.sequence, bumped.stamp FROM inserted, bumped"
    )


def insert_if_current(
    game: Game,
    *,
    kind: str,
    seat: int | None,
    payload: Any,
    event_id: uuid.UUID,
    submitted_by: int | None,
    actor: str | None,
) -> StoredEvent | None:
    """In one statement: if ``game`` is still active at ``game.version`` (and its row
    still has the stamp ``game`` was read with, if any), bump its version and insert
    the event as number ``game.version``; the stored event, or ``None`` when the row
    moved (nothing written). A reused event id raises ``IntegrityError`` (nothing
    written either)."""
    connection = connections[Game.objects.db]
    sql = _insert_sql(connection.alias)
    stamp = getattr(game, STAMP, None)
    params = [
        game.pk,
        game.version,
        Game.Status.ACTIVE,
        stamp,
        stamp,
        kind,
        seat,
        json.dumps(payload),
        event_id,
        submitted_by,
        actor,
        timezone.now(),
    ]
    # Outside any transaction the statement is its own (autocommit): one round trip.
    # Inside one (a caller's, a test's), a savepoint keeps a refused insert from
    # breaking it.
    if connection.in_atomic_block:
        with transaction.atomic():
            rows = run_statement(connection, sql, params)
    else:
        rows = run_statement(connection, sql, params)
    row = rows[0] if rows else None
    if row is None:
        if stamp is not None:
            forget_known(game.pk)
        return None
    # Kept even inside a caller's transaction that may yet roll back: a row known
    # wrongly costs a statement that writes nothing (its stamp is not the row's).
    _remember(game, game.version + 1, row[2])
    return StoredEvent(row[0], game.pk, row[1], kind, seat, payload, event_id, actor)
