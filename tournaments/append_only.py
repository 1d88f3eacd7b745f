"""Database triggers that make a table append-only (used by migrations).

PostgreSQL: the trigger function of migration 0002 (``tavolo_events_are_append_only``)
raises on UPDATE and DELETE (row triggers) and on TRUNCATE (statement trigger); since
migration 0012 its message starts with the words the trigger passes it (its first
argument, e.g. "score sheets"), so each table's refusal names that table.
SQLite: triggers abort UPDATE and DELETE (SQLite has no TRUNCATE), with the same words.
No role of the application can change a row of such a table; a correction is a new row.

:data:`APPEND_ONLY_TABLES` lists every such table: the deployment's grants
(``manage.py grant_app_role``, :mod:`tournaments.db_roles`) revoke UPDATE, DELETE and
TRUNCATE on each from the service's role, and the tests check each. A table added to the
append-only set is added here too.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

APPEND_ONLY_TABLES: tuple[str, ...] = (
    "tournaments_gameevent",  # game events (migration 0002)
    "tournaments_roundcorrection",  # round corrections (0004)
    "tournaments_sheetentry",  # score-sheet entries (0006)
    "tournaments_playerclaim",  # player claims (0007)
    # The audit log, added by another change: its grants are skipped while it is absent.
    "tournaments_auditentry",
)
"""Every append-only table, by name in the database."""


def append_only(table: str, prefix: str, what: str) -> migrations.RunPython:
    """A migration operation installing the triggers on ``table``.

    ``prefix`` names the triggers (``tavolo_<prefix>_…``); ``what`` (the table in words,
    e.g. "score sheets") starts the error message on both databases: SQLite's is written
    into the trigger, PostgreSQL's function reads it from the trigger's argument.
    """
    if "'" in what or "\\" in what:
        raise ValueError(f"the words of an append-only table are quoted in SQL: {what!r}")
    postgres_up = f"""
    CREATE TRIGGER tavolo_{prefix}_no_update_delete
        BEFORE UPDATE OR DELETE ON {table}
        FOR EACH ROW EXECUTE FUNCTION tavolo_events_are_append_only('{what}');
    CREATE TRIGGER tavolo_{prefix}_no_truncate
        BEFORE TRUNCATE ON {table}
        FOR EACH STATEMENT EXECUTE FUNCTION tavolo_events_are_append_only('{what}');
    """
    postgres_down = f"""
    DROP TRIGGER IF EXISTS tavolo_{prefix}_no_truncate ON {table};
    DROP TRIGGER IF EXISTS tavolo_{prefix}_no_update_delete ON {table};
    """
    sqlite_up = [
        f"""CREATE TRIGGER tavolo_{prefix}_no_{op.lower()} BEFORE {op} ON {table}
            BEGIN SELECT RAISE(ABORT, '{what} are append-only: {op} is not allowed'); END;"""
        for op in ("UPDATE", "DELETE")
    ]
    sqlite_down = [
        f"DROP TRIGGER IF EXISTS tavolo_{prefix}_no_{op};" for op in ("update", "delete")
    ]

    def install(apps: Any, schema_editor: Any) -> None:
        vendor = schema_editor.connection.vendor
        if vendor == "postgresql":
            # params=None: the SQL is run as written, with no placeholders.
            schema_editor.execute(postgres_up, params=None)
        elif vendor == "sqlite":
            for statement in sqlite_up:
                schema_editor.execute(statement)
        else:
            raise RuntimeError(f"append-only triggers are not written for {vendor}")

    def remove(apps: Any, schema_editor: Any) -> None:
        vendor = schema_editor.connection.vendor
        if vendor == "postgresql":
            schema_editor.execute(postgres_down, params=None)
        elif vendor == "sqlite":
            for statement in sqlite_down:
                schema_editor.execute(statement)

    return migrations.RunPython(install, remove)
