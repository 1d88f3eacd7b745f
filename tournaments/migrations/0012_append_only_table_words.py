"""Each append-only table's refusal names that table in words.

PostgreSQL: the trigger function of migration 0002 said "game events are append-only"
whichever table it guarded (round corrections, score sheets and player claims share
it). It now starts its message with the trigger's first argument, and every table's
triggers are recreated passing their words (``tournaments/append_only.py``); a trigger
without an argument still says "game events". SQLite: each table's triggers already
carried their own words; they are recreated the same way, so both databases hold the
triggers ``append_only()`` writes today.
"""

from django.db import migrations

from tournaments.append_only import append_only

TABLES = (
    ("tournaments_gameevent", "events", "game events"),
    ("tournaments_roundcorrection", "corrections", "round corrections"),
    ("tournaments_sheetentry", "sheet", "score sheets"),
    ("tournaments_playerclaim", "claim", "player claims"),
)

FUNCTION = """
CREATE OR REPLACE FUNCTION tavolo_events_are_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '% are append-only: % on % is not allowed',
        COALESCE(TG_ARGV[0], 'game events'), TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
"""

# Migration 0002's function, put back when this migration is reversed.
FUNCTION_BEFORE = """
CREATE OR REPLACE FUNCTION tavolo_events_are_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'game events are append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
"""


def recreate_triggers(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        # params=None: the function body's RAISE uses '%' placeholders of its own.
        schema_editor.execute(FUNCTION, params=None)
    for table, prefix, words in TABLES:
        triggers = append_only(table, prefix, words)
        triggers.reverse_code(apps, schema_editor)  # drops them (IF EXISTS)
        triggers.code(apps, schema_editor)


def restore_function(apps, schema_editor):
    # The triggers may keep their argument: the function before this one ignores it.
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FUNCTION_BEFORE, params=None)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_director_tools")]

    operations = [migrations.RunPython(recreate_triggers, restore_function)]
