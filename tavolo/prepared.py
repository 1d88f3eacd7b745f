"""Server-side prepared statements for the move path and the pages' lookups (PostgreSQL),
run straight on the connection's libpq handle.

Django's PostgreSQL cursors bind parameters on the client: every execution quotes each
parameter into the SQL text, and the server parses and plans the statement again. For
the two statements of a move (the read of a game, the append), which run thousands of
times a minute with the same text, and for the lookups every page makes
(:mod:`tavolo.compiled_query`), :func:`run_statement` instead prepares each statement
once per connection and then only sends its parameters.

It does so below psycopg's cursor: the parameters are turned into text and the rows
back into values by psycopg's own adapters (a ``Transformer`` kept per connection, with
the connection's time zone for ``timestamptz`` as Django's cursors have it), and the
statement is sent and waited for with psycopg's own generator and wait functions. A
cursor's execution costs about 110 µs of CPU on a move's read, of which this keeps 40:
building the cursor, its adapters, the query's conversion and psycopg's generator
layers were the rest. What a Django cursor does around an execution is done here too:

- the connection is opened or health-checked as ``connection.cursor()`` would, and a
  broken transaction is refused as Django refuses it;
- the connection's ``execute_wrapper`` hooks wrap the execution (the lean path's
  :class:`~tavolo.lean.first_query.FirstQuery`; ``context["cursor"]`` is ``None``);
- errors become ``django.db`` errors through the connection's wrapper (a unique
  violation is an ``IntegrityError``, a lost connection marks it unusable);
- with queries logged (``DEBUG``, a test capturing queries) each statement is logged
  with its parameters as Django logs a server-bound query.

Where psycopg has something to do first — a transaction to open (``autocommit`` off,
none open yet: psycopg sends the ``BEGIN``) — the statement goes through Django's own
cursor instead, unprepared. psycopg itself prepares nothing on these connections, so
it never sends the ``DEALLOCATE ALL`` with which it forgets its own statements after a
rollback; a prepared statement lasts as long as its connection (PostgreSQL does not
roll one back). If one is gone anyway outside a transaction (a pooler's ``DISCARD
ALL``), it is prepared again once.

``TAVOLO_DB_PREPARED=0`` (a pooler that cannot keep prepared statements) and any other
database send the statement through Django's own cursor.
"""

from __future__ import annotations

import itertools
import logging
import re
import time
from functools import partial
from typing import Any

from django.conf import settings
from django.db.backends.postgresql.base import TIMESTAMPTZ_OID
from django.db.backends.postgresql.psycopg_any import register_tzloader
from psycopg import errors, pq
from psycopg.adapt import PyFormat, Transformer
from psycopg.generators import execute as execute_generator

logger = logging.getLogger("django.db.backends")

IDLE = pq.TransactionStatus.IDLE
TEXT = pq.Format.TEXT
PLACEHOLDER = re.compile(r"%(.)")
_numbers = itertools.count(1)  # next() on a count is atomic; on a generator it is not
_statements: dict[str, tuple[bytes, bytes, int]] = {}
"""SQL (Django's ``%s`` placeholders) → its name, its text for libpq (``$1`` …) and
how many parameters it takes: the same for every connection."""


class _Direct:
    """What one libpq connection has: the statements prepared on it, and the adapters'
    transformer."""

    def __init__(self, connection: Any) -> None:
        raw = connection.connection
        self.raw = raw
        self.prepared: set[bytes] = set()
        cursor = raw.cursor()
        # As Django's create_cursor: the connection's time zone for timestamptz values.
        loader = raw.adapters.get_loader(TIMESTAMPTZ_OID, TEXT)
        if connection.timezone != loader.timezone:
            register_tzloader(connection.timezone, cursor)
        self.transformer = Transformer(cursor)
        cursor.close()


def _statement(sql: str) -> tuple[bytes, bytes, int]:
    """The name, libpq text and parameter count of ``sql``, worked out once."""
    known = _statements.get(sql)
    if known is None:
        count = 0

        def placeholder(match: re.Match[str]) -> str:
            nonlocal count
            if match[1] == "%":
                return "%"
            if match[1] != "s":
                raise ValueError(f"only %s placeholders can be prepared: {sql!r}")
            count += 1
            return f"${count}"

        text = PLACEHOLDER.sub(placeholder, sql).encode()
        name = f"tavolo_{next(_numbers)}".encode()
        known = _statements.setdefault(sql, (name, text, count))
    return known


def run_statement(connection: Any, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """The rows of ``sql`` (``%s`` placeholders) run with ``params`` on ``connection``
    (a Django database connection), prepared on PostgreSQL (see the module)."""
    if connection.vendor != "postgresql" or not settings.TAVOLO_DB_PREPARED:
        return _through_cursor(connection, sql, params)
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    connection.validate_no_broken_transaction()
    raw = connection.connection
    if not raw.autocommit and raw.pgconn.transaction_status == IDLE:
        return _through_cursor(connection, sql, params)  # psycopg opens the transaction
    run: Any = partial(_run, connection)
    if connection.queries_logged:
        run = partial(_logged, connection, run)
    for wrapper in reversed(connection.execute_wrappers):
        run = partial(wrapper, run)
    context = {"connection": connection, "cursor": None}
    rows: list[tuple[Any, ...]] = run(sql, params, False, context)
    return rows


def _through_cursor(connection: Any, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall()) if cursor.description is not None else []


def _run(
    connection: Any, sql: str, params: list[Any], _many: bool, _context: Any
) -> list[tuple[Any, ...]]:
    name, text, count = _statement(sql)
    if len(params) != count:
        raise ValueError(f"{count} parameters expected, {len(params)} given: {sql!r}")
    direct = getattr(connection, "_tavolo_direct", None)
    if direct is None or direct.raw is not connection.connection:
        direct = connection._tavolo_direct = _Direct(connection)
    raw = direct.raw
    with connection.wrap_database_errors, raw.lock:
        outside = raw.pgconn.transaction_status == IDLE
        try:
            return _execute(direct, name, text, params)
        except errors.InvalidSqlStatementName:
            direct.prepared.discard(name)  # deallocated behind our back (DISCARD ALL …)
            if not outside:
                raise
            return _execute(direct, name, text, params)


def _execute(direct: _Direct, name: bytes, text: bytes, params: list[Any]) -> Any:
    raw, pgconn, transformer = direct.raw, direct.raw.pgconn, direct.transformer
    if name not in direct.prepared:
        pgconn.send_prepare(name, text)
        _result(raw, raw.wait(execute_generator(pgconn)))
        direct.prepared.add(name)
    values = transformer.dump_sequence(params, [PyFormat.TEXT] * len(params))
    pgconn.send_query_prepared(name, values, result_format=TEXT)
    result = _result(raw, raw.wait(execute_generator(pgconn)))
    if result.status != pq.ExecStatus.TUPLES_OK:
        return []
    transformer.set_pgresult(result)
    return transformer.load_rows(0, result.ntuples, tuple)


def _result(raw: Any, results: list[Any]) -> Any:
    """The last result, or the error it carries."""
    result = results[-1]
    if result.status not in (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK):
        raise errors.error_from_result(result, encoding=raw.info.encoding)
    return result


def _logged(
    connection: Any, run: Any, sql: str, params: list[Any], many: bool, context: Any
) -> Any:
    """As Django's debug cursor: the statement, with its parameters, in the queries'
    log and the ``django.db.backends`` logger."""
    start = time.monotonic()
    try:
        return run(sql, params, many, context)
    finally:
        duration = time.monotonic() - start
        shown = connection.ops.compose_sql(sql, params)
        connection.queries_log.append({"sql": shown, "time": f"{duration:.3f}"})
        logger.debug(
            "(%.3f) %s; args=%s; alias=%s",
            duration,
            shown,
            params,
            connection.alias,
            extra={"duration": duration, "sql": shown, "params": params, "alias": connection.alias},
        )
