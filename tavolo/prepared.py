"""Server-side prepared statements for the move path and the pages' lookups (PostgreSQL).

Django's PostgreSQL cursors bind parameters on the client: every execution quotes each
parameter into the SQL text, and the server parses and plans the statement again. For
the two statements of a move (the read of the game, the append), which run thousands
of times a minute with the same text, that quoting was about a sixth of a move's CPU.
:func:`prepared_cursor` gives a cursor of psycopg's own kind on the same connection,
binding its parameters on the server and preparing each statement the first time it
runs on that connection (psycopg keeps the names; a new connection starts afresh).

The lookups every page makes (:mod:`tavolo.compiled_query`: the club, the tournament,
the standings' reads, the player page's entry, a score sheet's table) run through it
too: planning the entry's joins was half of that read's time.

It is wrapped as Django wraps its cursors (errors translated to ``django.db`` errors,
the connection's ``execute_wrapper`` hooks, query logging when enabled), so callers
and tests see no difference. Only these statements are prepared: Django's own
cursors stay client-bound (``prepare_threshold`` on the connection only lets
explicitly prepared statements through; Django's cursors never prepare). psycopg
forgets (``DEALLOCATE ALL``) what it prepared on a connection at every rollback, so a
statement is prepared again after one: a round trip more after the rare rollback on
the move path (a refusal on the locked path), nothing wrong.
"""

from __future__ import annotations

import sys
from typing import Any

from django.conf import settings
from django.db.backends.postgresql.base import (
    TIMESTAMPTZ_OID,
    CursorDebugWrapper,
    ServerBindingCursor,
)
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.db.backends.utils import CursorWrapper
from psycopg.pq import Format

NEVER_BY_COUNT = sys.maxsize
"""The connection's ``prepare_threshold``: no statement is prepared for having run
often, only those executed with ``prepare=True``."""


class PreparedCursor(ServerBindingCursor):  # type: ignore[misc]
    """psycopg's server-binding cursor (with Django's ``callproc``) that prepares
    every statement it executes."""

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        return super().execute(query, params, prepare=True, **kwargs)


class PreparedDebugWrapper(CursorDebugWrapper):  # type: ignore[misc]
    """Django's debug wrapper (``DEBUG``, tests capturing queries), logging the
    statement with its parameters as Django does for server-bound cursors: psycopg
    keeps no text of a prepared execution for ``last_executed_query`` to read."""

    def execute(self, sql: Any, params: Any = None) -> Any:
        with self.debug_sql(self.db.ops.compose_sql(sql, params), params):
            return CursorWrapper.execute(self, sql, params)


def prepared_cursor(connection: Any) -> Any:
    """A Django cursor wrapper around a :class:`PreparedCursor` on ``connection``
    (a PostgreSQL ``DatabaseWrapper``), opened as ``connection.cursor()`` would be."""
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    raw = connection.connection
    if raw.prepare_threshold is None:  # Django turns preparing off on the connection
        raw.prepare_threshold = NEVER_BY_COUNT
    with connection.wrap_database_errors:
        cursor = PreparedCursor(raw)
        # As Django's create_cursor: the connection's time zone for timestamptz values.
        loader = raw.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
        if connection.timezone != loader.timezone:
            register_tzloader(connection.timezone, cursor)
    connection.validate_thread_sharing()
    if connection.queries_logged:
        return PreparedDebugWrapper(cursor, connection)
    return connection.make_cursor(cursor)


def statement_cursor(connection: Any) -> Any:
    """The cursor for a statement that runs thousands of times with the same text (the
    move path's, the pages' compiled lookups): :func:`prepared_cursor` on PostgreSQL
    unless ``TAVOLO_DB_PREPARED`` is off (a pooler that cannot keep prepared
    statements), else Django's own cursor."""
    if connection.vendor == "postgresql" and settings.TAVOLO_DB_PREPARED:
        return prepared_cursor(connection)
    return connection.cursor()
