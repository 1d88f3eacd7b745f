"""The deployment's SQL for the database roles is generated from the one list of
append-only tables (tournaments/append_only.py), which names every table whose rows the
database refuses to change; deploy/*.sql are that generator's output."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from tournaments import db_roles
from tournaments.append_only import APPEND_ONLY_TABLES

ROOT = Path(__file__).resolve().parents[2]


def tables_with_append_only_triggers() -> set[str]:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT DISTINCT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                " JOIN pg_proc p ON p.oid = t.tgfoid"
                " WHERE p.proname = 'tavolo_events_are_append_only'"
            )
        else:
            cursor.execute(
                "SELECT DISTINCT tbl_name FROM sqlite_master"
                " WHERE type = 'trigger' AND sql LIKE '%are append-only%'"
            )
        return {name for (name,) in cursor.fetchall()}


@pytest.mark.django_db
def test_the_list_names_every_table_the_triggers_guard():
    guarded = tables_with_append_only_triggers()
    assert "tournaments_gameevent" in guarded
    assert guarded <= set(APPEND_ONLY_TABLES), guarded - set(APPEND_ONLY_TABLES)
    assert "tournaments_auditentry" in APPEND_ONLY_TABLES  # guarded while it is absent


def test_the_grants_revoke_every_change_on_every_append_only_table():
    statements = db_roles.grant_statements("tavolo_app")
    for table in APPEND_ONLY_TABLES:
        revoke = [s for s in statements if f"REVOKE UPDATE, DELETE, TRUNCATE ON {table} " in s]
        assert len(revoke) == 1 and f"to_regclass('public.{table}')" in revoke[0]
    # The revokes follow the grants they take back.
    assert statements[1].startswith("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES")
    assert all("REVOKE" in s for s in statements[3:])


def test_names_are_checked_before_they_are_written_into_sql():
    for bad in ("tavolo-app", 'x"; DROP TABLE y', "Tavolo", ""):
        with pytest.raises(ValueError):
            db_roles.grant_statements(bad)


@pytest.mark.parametrize(
    ("path", "option"),
    [("deploy/roles-setup.sql", "--print-setup"), ("deploy/app-grants.sql", "--print")],
)
def test_the_deploy_sql_files_are_the_generators_output(path, option, capsys):
    """Regenerate with: python manage.py grant_app_role OPTION > PATH"""
    call_command("grant_app_role", option)
    assert (ROOT / path).read_text() == capsys.readouterr().out
