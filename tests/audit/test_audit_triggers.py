"""Audit rows are append-only in the database itself (migration ``0018_audit_log``).

Raw SQL and the ORM alike: UPDATE and DELETE are refused on SQLite and PostgreSQL
(TRUNCATE on PostgreSQL: tests/games/test_event_store_triggers.py covers every
append-only table, this one included). Each refused statement runs in a savepoint;
the rows are checked unchanged afterwards.
"""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from tournaments.models import AuditEntry
from tournaments.services import audit

TABLE = "tournaments_auditentry"


@pytest.fixture
def logged(club, owner, director) -> list[AuditEntry]:
    with transaction.atomic():
        return [
            audit.record(
                actor=owner,
                club=club,
                action="member-role-changed",
                subject="Dora",
                before={"role": "scorer"},
                after={"role": "director"},
            ),
            audit.record(actor=director, club=club, action="member-removed", subject="Sam"),
        ]


def rows() -> list[tuple]:
    return list(
        AuditEntry.objects.order_by("pk").values_list("actor_id", "action", "subject", "after")
    )


def refused(sql: str, params: list | None = None) -> str:
    with (
        pytest.raises(DatabaseError) as raised,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params)
    message = str(raised.value)
    assert "audit entries are append-only" in message, message
    return message


def test_raw_update_and_delete_of_audit_rows_are_refused(logged):
    before = rows()
    refused(f"UPDATE {TABLE} SET action = 'nothing-happened'")
    refused(f"UPDATE {TABLE} SET actor_id = NULL WHERE id = %s", [logged[0].pk])
    refused(f"DELETE FROM {TABLE} WHERE id = %s", [logged[1].pk])
    refused(f"DELETE FROM {TABLE}")
    assert rows() == before


def test_orm_update_and_delete_of_audit_rows_are_refused(logged):
    before = rows()
    for change in (
        lambda: AuditEntry.objects.update(subject="someone else"),
        lambda: AuditEntry.objects.filter(pk=logged[0].pk).delete(),
        lambda: AuditEntry.objects.get(pk=logged[1].pk).delete(),
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            change()
    entry = AuditEntry.objects.get(pk=logged[0].pk)
    entry.after = {"role": "owner"}
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        entry.save()
    assert rows() == before


def test_new_audit_rows_are_still_written(logged, club, owner):
    audit.record(actor=owner, club=club, action="club-settings-changed", subject=club.name)
    assert [r[1] for r in rows()] == [
        "member-role-changed",
        "member-removed",
        "club-settings-changed",
    ]
