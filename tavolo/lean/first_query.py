"""The first query of a lean request watched instead of Django's health check."""

from __future__ import annotations

from typing import Any

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

from tavolo.lean.endpoints import Delegate


class FirstQuery:
    """Django's health check (``SELECT 1`` before a request's first query on a kept
    connection) replaced, on a lean request, by watching the first query itself: if it
    fails because the connection is gone (a PostgreSQL restart, a failover,
    ``pg_terminate_backend``), nothing has been written yet, so the connection is
    closed and the usual path answers the request from the start on a new one. A
    round trip per request saved; the same answers when the database blinks."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.done = False
        self.lost = False

    @classmethod
    def instead_of_health_check(cls) -> FirstQuery | None:
        """The guard for this request, the health check marked done; ``None`` when
        Django would not check (checks off, no kept connection, checked already)."""
        connection = connections[DEFAULT_DB_ALIAS]
        if (
            connection.connection is None
            or not connection.health_check_enabled
            or connection.health_check_done
            or connection.in_atomic_block
        ):
            return None
        connection.health_check_done = True
        return cls(connection)

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if self.done:
            return execute(sql, params, many, context)
        self.done = True
        try:
            return execute(sql, params, many, context)
        except DatabaseError:
            if self.connection.in_atomic_block or self.connection.is_usable():
                raise
            self.lost = True
            raise Delegate("the database connection was lost") from None
