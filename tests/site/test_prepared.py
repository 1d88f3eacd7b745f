"""tavolo.prepared.run_statement: a statement's rows, behaving as a Django cursor does
(values, errors, transactions, hooks, the log). psycopg's preparing of statements
(the database's OPTIONS): test_prepared_statements.py."""

from __future__ import annotations

import datetime
import decimal
import uuid

import pytest
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


def _through_django(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [tuple(row) for row in cursor.fetchall()]


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
def test_errors_are_djangos_and_a_savepoint_keeps_the_transaction(require_postgres):
    with connection.cursor() as cursor:
        cursor.execute("CREATE TEMP TABLE prepared_probe (n int PRIMARY KEY)")
    insert = "INSERT INTO prepared_probe (n) VALUES (%s) RETURNING n"
    assert run_statement(connection, insert, [1]) == [(1,)]
    with pytest.raises(IntegrityError), transaction.atomic():
        run_statement(connection, insert, [1])
    assert run_statement(connection, "SELECT count(*) FROM prepared_probe", []) == [(1,)]


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
