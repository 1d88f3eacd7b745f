"""Prepared statements on PostgreSQL as psycopg and Django offer them: the database's
``OPTIONS`` (tavolo/settings.py: ``server_side_binding``, ``prepare_threshold``) have
psycopg prepare a statement once a connection has run it ``PREPARE_THRESHOLD`` times;
``TAVOLO_DB_PREPARED=0`` (no ``prepare_threshold``) prepares nothing."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection, connections

pytestmark = pytest.mark.postgres


@pytest.fixture
def own_connection(require_postgres):
    """A second connection to the test database, in autocommit (outside the test's
    transaction), for what only happens there."""
    other = connections.create_connection("default")
    yield other
    other.close()


def _run(on, sql: str, params: list) -> list[tuple]:
    """The rows of ``sql`` through a Django cursor of ``on``."""
    with on.cursor() as cursor:
        cursor.execute(sql, params)
        return [tuple(row) for row in cursor.fetchall()] if cursor.description else []


def _through_django(sql: str, params: list) -> list[tuple]:
    return _run(connection, sql, params)


def _prepared(on=connection) -> dict[str, int]:
    with on.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
        return dict(cursor.fetchall())


def test_the_database_options_prepare_on_postgresql(require_postgres):
    options = connection.settings_dict["OPTIONS"]
    assert options["server_side_binding"] is True
    assert options["prepare_threshold"] == settings.PREPARE_THRESHOLD
    assert connection.features.uses_server_side_binding


@pytest.mark.django_db
def test_on_postgresql_a_statement_is_prepared_once_per_connection(own_connection):
    run, sql = own_connection, "SELECT %s::int * 3 AS tripled_once"
    runs = settings.PREPARE_THRESHOLD + 1  # psycopg prepares it on the run after those
    assert [_run(run, sql, [n])[0][0] for n in range(runs)] == [3 * n for n in range(runs)]
    before = {s: n for s, n in _prepared(run).items() if "tripled_once" in s}
    assert list(before.values()) == [1], before  # prepared and run once
    assert [_run(run, sql, [n])[0][0] for n in (3, 4)] == [9, 12]
    after = {s: n for s, n in _prepared(run).items() if "tripled_once" in s}
    assert after.keys() == before.keys() and list(after.values()) == [3]


@pytest.mark.django_db
def test_without_preparing_the_statement_gives_the_same(own_connection):
    """``TAVOLO_DB_PREPARED=0``: psycopg prepares nothing on the connection."""
    run, sql = own_connection, "SELECT %s::int + 40 AS never_prepared, %s::text"
    run.ensure_connection()
    run.connection.prepare_threshold = None
    for _ in range(settings.PREPARE_THRESHOLD + 1):
        assert _run(run, sql, [2, "a"]) == [(42, "a")] == _through_django(sql, [2, "a"])
    assert not [s for s in _prepared(run) if "never_prepared" in s]


@pytest.mark.django_db
def test_statements_in_an_atomic_block_are_rolled_back_with_it(own_connection):
    run = own_connection
    with run.cursor() as cursor:
        cursor.execute("CREATE TEMP TABLE prepared_atomic (n int)")
    insert = "INSERT INTO prepared_atomic (n) VALUES (%s)"
    for n in range(settings.PREPARE_THRESHOLD + 1):  # prepared from here on
        _run(run, insert, [n + 10])
    run.set_autocommit(False)  # as an outermost atomic block does
    _run(run, insert, [1])
    _run(run, insert, [2])
    run.rollback()
    run.set_autocommit(True)
    _run(run, insert, [3])  # autocommit again: its own transaction
    _run(run, "DELETE FROM prepared_atomic WHERE n >= 10", [])
    assert _run(run, "SELECT n FROM prepared_atomic", []) == [(3,)]


@pytest.mark.django_db
def test_a_statement_deallocated_behind_its_back_is_prepared_again(own_connection):
    run = own_connection
    sql = "SELECT %s::int + 1 AS deallocated_probe"
    for n in range(settings.PREPARE_THRESHOLD + 1):
        assert _run(run, sql, [n]) == [(n + 1,)]
    with run.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")  # as a pooler's DISCARD ALL would
    for n in range(settings.PREPARE_THRESHOLD + 1):
        assert _run(run, sql, [n]) == [(n + 1,)]
    assert [s for s in _prepared(run) if "deallocated_probe" in s]
