"""The event table is append-only in the database itself, not only through the ORM.

Every refused statement is sent as raw SQL through ``connection.cursor()`` (and
through the ORM too) inside ``transaction.atomic()``, so the failure rolls back to a
savepoint and the test goes on; afterwards the rows are checked to be unchanged.

The tests on the configured database run on SQLite by default and on PostgreSQL in
CI. The PostgreSQL-only ones (TRUNCATE, the installed triggers) are marked
``postgres``: skipped without DATABASE_URL, failures under TAVOLO_REQUIRE_SERVICES=1.
One more test migrates a fresh SQLite file in a subprocess, so the SQLite triggers
are proven in the PostgreSQL run as well.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from tournaments.models import Game, GameEvent
from tournaments.services.games import create_game

ROOT = Path(__file__).resolve().parents[2]
TABLE = "tournaments_gameevent"


@pytest.fixture
def game(db: None) -> Game:
    game = create_game(game_type="whist", players=4, mode=Game.Mode.PHYSICAL)
    for sequence, tricks in enumerate([[7, 6], [4, 9]]):
        GameEvent.objects.create(
            game=game,
            sequence=sequence,
            kind=GameEvent.Kind.TALLY,
            payload={"type": "tally", "tricks": tricks},
            event_id=uuid.uuid4(),
        )
    return game


def rows(game: Game) -> list[tuple[int, str, dict]]:
    return [
        (e.sequence, e.kind, e.payload) for e in GameEvent.objects.filter(game=game).order_by("pk")
    ]


def refused(sql: str, params: list | None = None) -> str:
    """Run ``sql`` in a savepoint; it must fail with the trigger's message."""
    with (
        pytest.raises(DatabaseError) as raised,
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params)
    message = str(raised.value)
    assert "append-only" in message, message
    return message


def insert_raw(game: Game, sequence: int) -> uuid.UUID:
    """INSERT one event row with plain SQL (the values adapted as the backend wants)."""
    event_id = uuid.uuid4()
    ops = connection.ops
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {TABLE} (game_id, sequence, kind, seat, payload, event_id, created_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            [
                game.pk.hex,
                sequence,
                "tally",
                None,
                json.dumps({"type": "tally", "tricks": [8, 5]}),
                event_id.hex,
                ops.adapt_datetimefield_value(timezone.now()),
            ],
        )
    return event_id


# ---------------------------------------------------------------- the configured database


def test_raw_update_of_an_event_is_refused(game):
    before = rows(game)
    refused(f"UPDATE {TABLE} SET kind = 'player' WHERE game_id = %s", [game.pk.hex])
    refused(f"UPDATE {TABLE} SET sequence = sequence + 100")
    refused(f"UPDATE {TABLE} SET payload = %s WHERE sequence = 0", ['{"type": "tally"}'])
    assert rows(game) == before


def test_raw_delete_of_an_event_is_refused(game):
    before = rows(game)
    refused(f"DELETE FROM {TABLE} WHERE game_id = %s AND sequence = 1", [game.pk.hex])
    refused(f"DELETE FROM {TABLE}")  # SQLite's stand-in for TRUNCATE
    assert rows(game) == before


def test_orm_update_and_delete_are_refused(game):
    before = rows(game)
    for change in (
        lambda: GameEvent.objects.filter(game=game).update(kind=GameEvent.Kind.PLAYER),
        lambda: GameEvent.objects.filter(game=game, sequence=0).delete(),
        lambda: GameEvent.objects.get(game=game, sequence=1).delete(),
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            change()
    event = GameEvent.objects.get(game=game, sequence=0)
    event.payload = {"type": "tally", "tricks": [13, 0]}
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        event.save()
    assert rows(game) == before


def test_inserting_still_works(game):
    event_id = insert_raw(game, 2)
    GameEvent.objects.create(
        game=game,
        sequence=3,
        kind=GameEvent.Kind.TALLY,
        payload={"type": "tally", "tricks": [6, 7]},
        event_id=uuid.uuid4(),
    )
    assert [seq for seq, _, _ in rows(game)] == [0, 1, 2, 3]
    assert GameEvent.objects.get(event_id=event_id).payload == {"type": "tally", "tricks": [8, 5]}


def test_the_refusal_leaves_other_tables_writable(game):
    # The triggers are on the event table only: the game row and snapshots change freely.
    refused(f"DELETE FROM {TABLE} WHERE game_id = %s", [game.pk.hex])
    Game.objects.filter(pk=game.pk).update(version=2)
    game.refresh_from_db()
    assert game.version == 2


# Every append-only table, its trigger prefix and the words its refusal starts with.
APPEND_ONLY_TABLES = [
    (TABLE, "events", "game events"),
    ("tournaments_roundcorrection", "corrections", "round corrections"),
    ("tournaments_sheetentry", "sheet", "score sheets"),
    ("tournaments_playerclaim", "claim", "player claims"),
    ("tournaments_auditentry", "audit", "audit entries"),
]


def test_the_event_tables_refusal_says_game_events(game):
    assert "game events are append-only" in refused(f"UPDATE {TABLE} SET seat = 1")
    assert "game events are append-only" in refused(f"DELETE FROM {TABLE}")


@pytest.mark.parametrize(("table", "prefix", "words"), APPEND_ONLY_TABLES)
def test_each_append_only_tables_triggers_name_that_table_in_words(db, table, prefix, words):
    """Migration 0012: the message is the table's own (PostgreSQL's trigger function used
    to say "game events" for every table). Read from the installed triggers, so no row
    of each table is needed."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT tgname, pg_get_triggerdef(oid) FROM pg_trigger "
                "WHERE tgrelid = %s::regclass AND NOT tgisinternal ORDER BY tgname",
                [table],
            )
            expected = f"tavolo_events_are_append_only('{words}')"
        else:
            cursor.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s"
                " ORDER BY name",
                [table],
            )
            expected = f"'{words} are append-only: "
        triggers = dict(cursor.fetchall())
    assert len(triggers) == 2 and all(name.startswith(f"tavolo_{prefix}_") for name in triggers)
    for name, definition in triggers.items():
        assert expected in definition, (name, definition)


# ---------------------------------------------------------------- PostgreSQL only


@pytest.mark.postgres
def test_postgres_truncate_is_refused(require_postgres, game):
    before = rows(game)
    # The rows were inserted in this (test) transaction: their deferred foreign-key
    # checks would make PostgreSQL refuse TRUNCATE before any trigger runs. Run the
    # checks now, so it is the append-only trigger that refuses.
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    message = refused(f"TRUNCATE {TABLE}")
    assert "TRUNCATE" in message
    refused(f"TRUNCATE TABLE {TABLE} RESTART IDENTITY CASCADE")
    refused(f"TRUNCATE {TABLE}, tournaments_gamesnapshot")
    assert rows(game) == before


@pytest.mark.postgres
def test_postgres_committed_events_survive_update_delete_and_truncate(committed_postgres):
    """Committed rows, each statement in its own autocommit transaction."""
    game = create_game(game_type="whist", players=4, mode=Game.Mode.PHYSICAL)
    GameEvent.objects.create(
        game=game,
        sequence=0,
        kind=GameEvent.Kind.TALLY,
        payload={"type": "tally", "tricks": [7, 6]},
        event_id=uuid.uuid4(),
    )
    assert connection.get_autocommit()
    for sql in (
        f"TRUNCATE {TABLE}",
        f"TRUNCATE {TABLE} CASCADE",
        f"DELETE FROM {TABLE} WHERE game_id = %s",
        f"UPDATE {TABLE} SET kind = 'player' WHERE game_id = %s",
    ):
        with pytest.raises(DatabaseError, match="append-only"), connection.cursor() as cursor:
            cursor.execute(sql, [game.pk] if "%s" in sql else None)
    assert rows(game) == [(0, "tally", {"type": "tally", "tricks": [7, 6]})]


@pytest.mark.postgres
def test_postgres_refusal_is_insufficient_privilege(require_postgres, game):
    import psycopg.errors

    for sql in (f"UPDATE {TABLE} SET seat = 1", f"DELETE FROM {TABLE}"):
        with (
            pytest.raises(DatabaseError) as raised,
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(sql)
        assert isinstance(raised.value.__cause__, psycopg.errors.InsufficientPrivilege)
    assert len(rows(game)) == 2


@pytest.mark.postgres
def test_postgres_triggers_are_installed_and_enabled(require_postgres):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgname, tgenabled FROM pg_trigger "
            "WHERE tgrelid = %s::regclass AND NOT tgisinternal ORDER BY tgname",
            [TABLE],
        )
        triggers = dict(cursor.fetchall())
    assert triggers == {
        "tavolo_events_no_truncate": "O",
        "tavolo_events_no_update_delete": "O",
    }


@pytest.mark.postgres
@pytest.mark.parametrize(
    ("table", "prefix"),
    [
        ("tournaments_roundcorrection", "corrections"),
        ("tournaments_sheetentry", "sheet"),
        ("tournaments_playerclaim", "claim"),
        ("tournaments_auditentry", "audit"),
    ],
)
def test_postgres_other_append_only_tables_refuse_update_delete_truncate(
    require_postgres, table, prefix
):
    """Round corrections, score-sheet lines and guest claims carry the same triggers
    (0004, 0006, 0008)."""
    # Deferred foreign-key checks would refuse TRUNCATE before the trigger; run them now.
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgname, tgenabled FROM pg_trigger "
            "WHERE tgrelid = %s::regclass AND NOT tgisinternal ORDER BY tgname",
            [table],
        )
        assert dict(cursor.fetchall()) == {
            f"tavolo_{prefix}_no_truncate": "O",
            f"tavolo_{prefix}_no_update_delete": "O",
        }
    # Row-level UPDATE and DELETE are refused in tests/sheets/test_sheet_triggers.py and
    # tests/clubs/test_rounds.py (claims: tests/accounts/test_claims.py), on whichever
    # database the suite runs against.
    assert "TRUNCATE" in refused(f"TRUNCATE {table}")


@pytest.mark.postgres
@pytest.mark.parametrize(("table", "prefix", "words"), APPEND_ONLY_TABLES)
def test_postgres_refusal_names_its_own_table(require_postgres, table, prefix, words):
    # TRUNCATE fires the statement trigger on an empty table too: no row is needed.
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    message = refused(f"TRUNCATE {table}")
    assert f"{words} are append-only: TRUNCATE on {table} is not allowed" in message
    if table != TABLE:
        assert "game events" not in message


# ---------------------------------------------------------------- SQLite, whatever is configured


# Slow (~8 s in CI): `manage.py migrate` into a new SQLite file, in a subprocess.
def test_sqlite_triggers_refuse_update_and_delete_in_a_freshly_migrated_file(tmp_path):
    """``manage.py migrate`` into a new SQLite file, then plain sqlite3 (no Django)."""
    database = tmp_path / "events.sqlite3"
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{database}", TAVOLO_TESTING="1")
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert migrate.returncode == 0, migrate.stderr

    db = sqlite3.connect(database)
    game_id = uuid.uuid4().hex
    db.execute(
        "INSERT INTO tournaments_game (id, game_type, options, players, first_dealer, mode,"
        " status, engine_version, version, seed, seed_commitment, imported, created_at)"
        " VALUES (?, 'whist', '{}', 4, 0, 'physical', 'active', '1', 0, ?, '', 0, "
        " '2026-01-01 00:00:00')",
        [game_id, bytes(32)],
    )
    db.execute(
        f"INSERT INTO {TABLE} (game_id, sequence, kind, payload, event_id, created_at)"
        ' VALUES (?, 0, \'tally\', \'{"type": "tally", "tricks": [7, 6]}\', ?,'
        " '2026-01-01 00:00:00')",
        [game_id, uuid.uuid4().hex],
    )
    db.commit()
    for sql in (
        f"UPDATE {TABLE} SET kind = 'player'",
        f"UPDATE {TABLE} SET payload = '{{}}' WHERE sequence = 0",
        f"DELETE FROM {TABLE} WHERE sequence = 0",
        f"DELETE FROM {TABLE}",
    ):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            db.execute(sql)
        db.rollback()
    assert db.execute(f"SELECT sequence, kind FROM {TABLE}").fetchall() == [(0, "tally")]
    db.close()
