"""The rows of one SQL statement, through Django's own cursor.

On PostgreSQL the database's ``OPTIONS`` (tavolo/settings.py: ``server_side_binding``
and ``prepare_threshold``, unless ``TAVOLO_DB_PREPARED=0``) have psycopg bind the
parameters on the server and prepare a statement once a connection has run it a few
times; what a Django cursor does around an execution (query logging, the
``execute_wrapper`` hooks, error translation, a broken transaction refused) it does
here too, being one.
"""

from __future__ import annotations

from typing import Any


def run_statement(connection: Any, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """The rows of ``sql`` (``%s`` placeholders) run with ``params`` on ``connection``
    (a Django database connection); none for a statement that returns no rows."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [tuple(row) for row in cursor.fetchall()] if cursor.description is not None else []
