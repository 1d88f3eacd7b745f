"""Make the event table append-only in the database itself.

PostgreSQL: a trigger function raises on UPDATE and DELETE (row triggers) and on
TRUNCATE (statement trigger). SQLite: triggers abort UPDATE and DELETE (SQLite has
no TRUNCATE; ``DELETE FROM`` without a WHERE is a DELETE and is refused too).
No role of the application can change an event; a correction is a new event.
"""

from django.db import migrations

TABLE = "tournaments_gameevent"

POSTGRES_UP = f"""
CREATE OR REPLACE FUNCTION tavolo_events_are_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'game events are append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tavolo_events_no_update_delete
    BEFORE UPDATE OR DELETE ON {TABLE}
    FOR EACH ROW EXECUTE FUNCTION tavolo_events_are_append_only();

CREATE TRIGGER tavolo_events_no_truncate
    BEFORE TRUNCATE ON {TABLE}
    FOR EACH STATEMENT EXECUTE FUNCTION tavolo_events_are_append_only();
"""

POSTGRES_DOWN = f"""
DROP TRIGGER IF EXISTS tavolo_events_no_truncate ON {TABLE};
DROP TRIGGER IF EXISTS tavolo_events_no_update_delete ON {TABLE};
DROP FUNCTION IF EXISTS tavolo_events_are_append_only();
"""

SQLITE_UP = [
    f"""CREATE TRIGGER tavolo_events_no_update BEFORE UPDATE ON {TABLE}
        BEGIN SELECT RAISE(ABORT, 'game events are append-only: UPDATE is not allowed'); END;""",
    f"""CREATE TRIGGER tavolo_events_no_delete BEFORE DELETE ON {TABLE}
        BEGIN SELECT RAISE(ABORT, 'game events are append-only: DELETE is not allowed'); END;""",
]

SQLITE_DOWN = [
    "DROP TRIGGER IF EXISTS tavolo_events_no_update;",
    "DROP TRIGGER IF EXISTS tavolo_events_no_delete;",
]


def install(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        # params=None: the function body's RAISE uses '%' placeholders of its own, which
        # psycopg would otherwise take for query parameters.
        schema_editor.execute(POSTGRES_UP, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_UP:
            schema_editor.execute(statement)
    else:
        raise RuntimeError(f"append-only triggers are not written for {vendor}")


def remove(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_DOWN, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_DOWN:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [migrations.RunPython(install, remove)]
