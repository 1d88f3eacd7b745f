"""Score-sheet lines are append-only in the database: UPDATE and DELETE are refused
in raw SQL (migration 0006), so a sheet's history cannot be rewritten."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from tests.support.factories import published
from tests.support.sheets import cid
from tournaments.models import SheetEntry
from tournaments.services import sheets

pytestmark = pytest.mark.django_db


@pytest.fixture
def line():
    s = published("german_whist", 2)
    return sheets.submit(s.table(), 1, {"tricks": [7, 6]}, s.seat(0), cid()).line


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE tournaments_sheetentry SET deal = 2 WHERE id = %s",
        "UPDATE tournaments_sheetentry SET payload = NULL WHERE id = %s",
        "DELETE FROM tournaments_sheetentry WHERE id = %s",
    ],
)
def test_raw_update_and_delete_are_refused(line, sql):
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, [line.pk])
    line_now = SheetEntry.objects.get(pk=line.pk)
    assert line_now.deal == 1 and line_now.payload == {"type": "tally", "tricks": [7, 6]}


def test_the_orm_cannot_change_a_line_either(line):
    with pytest.raises(DatabaseError), transaction.atomic():
        SheetEntry.objects.filter(pk=line.pk).update(deal=3)
    with pytest.raises(DatabaseError), transaction.atomic():
        SheetEntry.objects.filter(pk=line.pk).delete()
    assert SheetEntry.objects.filter(pk=line.pk).exists()
