"""A game's seed and its published commitment never change once the game is stored.

The commitment (SHA-256 of the seed) is shown from the moment a game is created, and the
seed revealed at its end proves the deals were not chosen: rewriting both together
would forge that proof, and the service's database role may UPDATE the game row (its
status and version change with every move). So a trigger, for every role, refuses an
UPDATE that changes either column; an UPDATE writing the same values (a plain
``save()``) passes.

PostgreSQL: a row trigger on UPDATE OF seed, seed_commitment. SQLite: the same, with
a WHEN clause. (Issue 15; the lead renumbers this migration at merge: it was written as
0015_seed_immutable after 0014_card_style, and follows 0015_verbose_names here.)
"""

from django.db import migrations

TABLE = "tournaments_game"
MESSAGE = "a game's seed and seed commitment never change"

POSTGRES_UP = f"""
CREATE OR REPLACE FUNCTION tavolo_game_seed_is_immutable() RETURNS trigger AS $$
BEGIN
    IF NEW.seed IS DISTINCT FROM OLD.seed
       OR NEW.seed_commitment IS DISTINCT FROM OLD.seed_commitment THEN
        RAISE EXCEPTION '{MESSAGE.replace("'", "''")}: % on % is not allowed', TG_OP, TG_TABLE_NAME
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tavolo_game_seed_immutable
    BEFORE UPDATE OF seed, seed_commitment ON {TABLE}
    FOR EACH ROW EXECUTE FUNCTION tavolo_game_seed_is_immutable();
"""

POSTGRES_DOWN = f"""
DROP TRIGGER IF EXISTS tavolo_game_seed_immutable ON {TABLE};
DROP FUNCTION IF EXISTS tavolo_game_seed_is_immutable();
"""

SQLITE_UP = f"""
CREATE TRIGGER tavolo_game_seed_immutable BEFORE UPDATE OF seed, seed_commitment ON {TABLE}
    WHEN NEW.seed IS NOT OLD.seed OR NEW.seed_commitment IS NOT OLD.seed_commitment
    BEGIN SELECT RAISE(ABORT, '{MESSAGE.replace("'", "''")}: UPDATE is not allowed'); END;
"""

SQLITE_DOWN = "DROP TRIGGER IF EXISTS tavolo_game_seed_immutable;"


def install(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        # params=None: the function body's RAISE uses '%' placeholders of its own.
        schema_editor.execute(POSTGRES_UP, params=None)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE_UP)
    else:
        raise RuntimeError(f"the seed trigger is not written for {vendor}")


def remove(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(POSTGRES_DOWN, params=None)
    elif vendor == "sqlite":
        schema_editor.execute(SQLITE_DOWN)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0015_verbose_names")]

    operations = [migrations.RunPython(install, remove)]
