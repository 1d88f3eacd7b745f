"""tavolo.prepared.run_statement and the database's OPTIONS: statements bound and, once
run often enough on a connection, prepared by psycopg on PostgreSQL, behaving as a
Django cursor does (values, errors, transactions, hooks, the log)."""

from __future__ import annotations

import datetime
import decimal
import uuid

import pytest
from django.conf import settings
from django.db import IntegrityError, connection, connections, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from tavolo.prepared import run_statement

TYPED = "SELECT %s::uuid, %s::int, %s::text, %s::jsonb, %s::timestamptz, %s::bool, %s::numeric"
VALUES = [
    uuid.UUID("12345678-1234-5678-1234-567812345678"),
    42,
    "café, 100%",
    '{"a": [1, 2]}',
    datetime.datetime(2026, 11, 25, 9, 30, tzinfo=datetime.UTC),
    True,
    decimal.Decimal("1.50"),
]


@pytest.fixture
def own_connection(require_postgres):
    """A second connection to the test database, in autocommit (outside the test's
    transaction), for what only happens there."""
    other = connections.create_connection("default")
    yield other
    other.close()


def _through_django(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [tuple(row) for row in cursor.fetchall()]


def _prepared(on=connection) -> dict[str, int]:
    with on.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
        return dict(cursor.fetchall())


@pytest.mark.django_db
def test_a_literal_percent_stays():
    assert run_statement(connection, "SELECT %s, '100%%', %s", [1, 2]) == [(1, "100%", 2)]


@pytest.mark.django_db
def test_values_and_nulls_come_back_as_a_django_cursor_gives_them(require_postgres):
    assert run_statement(connection, TYPED, VALUES) == _through_django(TYPED, VALUES)
    nulls = [None] * len(VALUES)
    assert run_statement(connection, TYPED, nulls) == [(None,) * len(VALUES)]
    assert run_statement(connection, "SELECT 1 WHERE %s::int = 2", [1]) == []
    with pytest.raises(Exception, match="placeholders|parameters"):
        run_statement(connection, "SELECT %s::int + %s::int", [1])


@pytest.mark.django_db
def test_on_postgresql_a_statement_is_prepared_once_per_connection(own_connection):
    run, sql = own_connection, "SELECT %s::int * 3 AS tripled_once"
    runs = settings.PREPARE_THRESHOLD + 1  # psycopg prepares it on the run after those
    assert [run_statement(run, sql, [n])[0][0] for n in range(runs)] == [3 * n for n in range(runs)]
    before = {s: n for s, n in _prepared(run).items() if "tripled_once" in s}
    assert list(before.values()) == [1], before  # prepared and run once
    assert [run_statement(run, sql, [n])[0][0] for n in (3, 4)] == [9, 12]
    after = {s: n for s, n in _prepared(run).items() if "tripled_once" in s}
    assert after.keys() == before.keys() and list(after.values()) == [3]


@pytest.mark.django_db
def test_without_preparing_the_statement_gives_the_same(own_connection):
    """``TAVOLO_DB_PREPARED=0``: psycopg prepares nothing on the connection."""
    run, sql = own_connection, "SELECT %s::int + 40 AS never_prepared, %s::text"
    run.ensure_connection()
    run.connection.prepare_threshold = None
    for _ in range(settings.PREPARE_THRESHOLD + 1):
        assert run_statement(run, sql, [2, "a"]) == [(42, "a")] == _through_django(sql, [2, "a"])
    assert not [s for s in _prepared(run) if "never_prepared" in s]


@pytest.mark.django_db
def test_errors_are_djangos_and_a_savepoint_keeps_the_transaction(require_postgres):
    with connection.cursor() as cursor:
        cursor.execute("CREATE TEMP TABLE prepared_probe (n int PRIMARY KEY)")
    insert = "INSERT INTO prepared_probe (n) VALUES (%s) RETURNING n"
    assert run_statement(connection, insert, [1]) == [(1,)]
    with pytest.raises(IntegrityError), transaction.atomic():
        run_statement(connection, insert, [1])
    assert run_statement(connection, "SELECT count(*) FROM prepared_probe", []) == [(1,)]


@pytest.mark.django_db
def test_statements_in_an_atomic_block_are_rolled_back_with_it(own_connection):
    run = own_connection
    with run.cursor() as cursor:
        cursor.execute("CREATE TEMP TABLE prepared_atomic (n int)")
    insert = "INSERT INTO prepared_atomic (n) VALUES (%s)"
    for n in range(settings.PREPARE_THRESHOLD + 1):  # prepared from here on
        run_statement(run, insert, [n + 10])
    run.set_autocommit(False)  # as an outermost atomic block does
    run_statement(run, insert, [1])
    run_statement(run, insert, [2])
    run.rollback()
    run.set_autocommit(True)
    run_statement(run, insert, [3])  # autocommit again: its own transaction
    run_statement(run, "DELETE FROM prepared_atomic WHERE n >= 10", [])
    assert run_statement(run, "SELECT n FROM prepared_atomic", []) == [(3,)]


@pytest.mark.django_db
def test_a_statement_deallocated_behind_its_back_is_prepared_again(own_connection):
    run = own_connection
    sql = "SELECT %s::int + 1 AS deallocated_probe"
    for n in range(settings.PREPARE_THRESHOLD + 1):
        assert run_statement(run, sql, [n]) == [(n + 1,)]
    with run.cursor() as cursor:
        cursor.execute("DEALLOCATE ALL")  # as a pooler's DISCARD ALL would
    for n in range(settings.PREPARE_THRESHOLD + 1):
        assert run_statement(run, sql, [n]) == [(n + 1,)]
    assert [s for s in _prepared(run) if "deallocated_probe" in s]


@pytest.mark.django_db
def test_a_broken_transaction_is_refused_as_django_refuses_it(require_postgres):
    with transaction.atomic():
        connection.needs_rollback = True
        with pytest.raises(TransactionManagementError):
            run_statement(connection, "SELECT %s::int", [1])
        connection.needs_rollback = False


@pytest.mark.django_db
def test_execute_wrappers_see_the_statement_and_the_log_has_its_values():
    seen = []

    def wrapper(execute, sql, params, many, context):
        seen.append((sql, list(params), many, context["connection"] is connections["default"]))
        return execute(sql, params, many, context)

    default = connections["default"]
    with default.execute_wrapper(wrapper), CaptureQueriesContext(default) as queries:
        assert run_statement(default, "SELECT %s + 40 AS logged", [2]) == [(42,)]
    assert seen == [("SELECT %s + 40 AS logged", [2], False, True)]
    assert [q["sql"] for q in queries] == ["SELECT 2 + 40 AS logged"]
