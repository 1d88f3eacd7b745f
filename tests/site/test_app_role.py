"""The service's database role, made as the deployment makes it, cannot rewrite the log
(issue 15). Needs PostgreSQL.

The role is created with the deploy SQL's statements (tournaments/db_roles.py) and
given its rights by ``manage.py grant_app_role``, on the session's committed database
(whose tables the superuser owns, as the owner role owns them in production). Then
Django connects as that role: a tournament round is published and played through the
services (inserts into the event table and the rest work), and every way of changing
an append-only row, of disabling a trigger, or of rewriting a game's seed fails.
"""

from __future__ import annotations

import contextlib
import io
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from scoring import tasks
from scoring.models import RoundStandings
from tavolo import celery_app
from tests.support.factories import german_whist_cup
from tests.support.standings import finish, play_round, tables_of
from tournaments import db_roles
from tournaments.append_only import APPEND_ONLY_TABLES
from tournaments.models import GameEvent

pytestmark = pytest.mark.postgres


def _as_superuser(postgres_server: str, database: str, *statements: str) -> None:
    url = urlunsplit(urlsplit(postgres_server)._replace(path="/" + database, scheme="postgresql"))
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)  # type: ignore[arg-type]


@contextlib.contextmanager
def _connected_as(role: str) -> Iterator[None]:
    settings_dict = connection.settings_dict
    previous = settings_dict["USER"], settings_dict["PASSWORD"]
    connection.close()
    settings_dict["USER"], settings_dict["PASSWORD"] = role, ""
    try:
        yield
    finally:
        connection.close()
        settings_dict["USER"], settings_dict["PASSWORD"] = previous


@pytest.fixture
def app_role(
    postgres_server: str, _committed_database: str, committed_postgres: None, monkeypatch
) -> Iterator[str]:
    """A role made as deploy/roles-setup.sql makes one, granted by grant_app_role;
    Django connected as it. Tasks run in-process (as this role too), even with Redis."""
    monkeypatch.setattr(tasks, "KEY_PREFIX", f"test-app-role-{uuid.uuid4().hex}")
    eager = celery_app.conf.task_always_eager  # (a dynamic setting: not monkeypatch's)
    celery_app.conf.task_always_eager = True
    role = f"tavolo_app_{uuid.uuid4().hex[:8]}"
    _as_superuser(postgres_server, "postgres", *db_roles.role_statements(role))
    try:
        call_command("grant_app_role", role, stdout=io.StringIO())
        with _connected_as(role):
            yield role
    finally:
        _as_superuser(postgres_server, _committed_database, f"DROP OWNED BY {role}")
        _as_superuser(postgres_server, "postgres", f"DROP ROLE {role}")
        celery_app.conf.task_always_eager = eager


def refused(statement: str, params: list | None = None) -> str:
    with pytest.raises(DatabaseError) as caught, transaction.atomic(), connection.cursor() as c:
        c.execute(statement, params)
    return str(caught.value)


def present(table: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [f"public.{table}"])
        return bool(cursor.fetchone()[0])


# Slow (~5 s in CI): publishes and plays a round through the services as the new role.
def test_the_app_role_writes_the_log_but_cannot_rewrite_it(app_role):
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user")
        assert cursor.fetchone()[0] == app_role

    # The service works as this role: inserts (events among them) and ordinary updates.
    _, director, t, _ = german_whist_cup(4)
    r1 = play_round(t, director)
    (first, _), (second, _) = tables_of(r1)
    finish(first, director, (10, 3))
    finish(second, director, (3, 10))
    assert GameEvent.objects.filter(game_id=first.game_id).count() >= 1
    assert RoundStandings.objects.filter(tournament=t, round=1, provisional=False).exists()

    # No append-only row can be changed, deleted or truncated: not even a privilege to try.
    tables = [table for table in APPEND_ONLY_TABLES if present(table)]
    assert {"tournaments_gameevent", "tournaments_sheetentry"} <= set(tables)
    for table in tables:
        for statement in (
            f"UPDATE {table} SET id = id",
            f"DELETE FROM {table}",
            f"TRUNCATE {table}",
        ):
            assert "permission denied" in refused(statement), statement

    # No trigger can be turned off: only the owner may ALTER the table, only a
    # superuser may set session_replication_role (which skips triggers).
    for table in [*tables, "tournaments_game"]:
        assert "must be owner" in refused(f"ALTER TABLE {table} DISABLE TRIGGER ALL")
    assert "permission denied" in refused("SET session_replication_role = replica")
    assert "permission denied" in refused("CREATE TABLE tavolo_intruder (id int)")

    # The game row is writable, but its seed and commitment are not.
    game = first.game_id.hex
    with connection.cursor() as cursor:
        cursor.execute("UPDATE tournaments_game SET version = version WHERE id = %s", [game])
        assert cursor.rowcount == 1
    for column, value in (("seed", b"\x00" * 32), ("seed_commitment", "0" * 64)):
        message = refused(f"UPDATE tournaments_game SET {column} = %s WHERE id = %s", [value, game])
        assert "seed and seed commitment never change" in message
