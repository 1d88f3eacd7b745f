"""A backup restores and verifies (issue 34, deploy/README.md "Backup and restore"): a
played game and a tournament with standings are committed to a PostgreSQL database,
``pg_dump -Fc`` dumps it, ``createdb`` and ``pg_restore`` make a fresh database of it,
and ``manage.py verify_store`` run against the restored database (a process of its own,
``DATABASE_URL`` pointing there) finds everything in order.

The client tools must be of the server's major version: they are taken from
``/usr/lib/postgresql/<major>/bin`` (Debian's layout) or from ``PATH`` when theirs is the
same major version. Without them the test is skipped, or fails under
``TAVOLO_REQUIRE_SERVICES=1`` (``.ci/run`` installs ``postgresql-client``).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import service_unavailable
from tests.support.factories import started_game, threes_cup
from tests.support.games import play
from tournaments.models import Game

pytestmark = pytest.mark.postgres

ROOT = Path(settings.BASE_DIR)
TOOLS = ("pg_dump", "pg_restore", "createdb", "dropdb")
TIMEOUT = 120


def _major(version: str) -> int | None:
    """15 from ``pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)``."""
    found = re.search(r"\(PostgreSQL\)\s+(\d+)", version)
    return int(found.group(1)) if found else None


def client_tools(server_major: int) -> dict[str, str]:
    """Each tool's path, of the server's major version (skip/fail if one is missing)."""
    found = {}
    for tool in TOOLS:
        candidates = [f"/usr/lib/postgresql/{server_major}/bin/{tool}", shutil.which(tool)]
        for path in filter(None, candidates):
            if not os.access(path, os.X_OK):
                continue
            version = subprocess.run(
                [path, "--version"], capture_output=True, text=True, timeout=30
            ).stdout
            if _major(version) == server_major:
                found[tool] = path
                break
        else:
            service_unavailable(
                f"no {tool} of PostgreSQL {server_major} (the server's version): "
                f"apt-get install postgresql-client-{server_major}"
            )
    return found


def url_of(database: str) -> str:
    """The settings' server, database ``database``, as libpq reads it."""
    parts = urlsplit(str(settings.DATABASE_URL))
    return urlunsplit(parts._replace(scheme="postgresql", path="/" + database))


def _counts(url: str) -> tuple[int, ...]:
    """How many games, events and stored standings the database holds: the restored
    one must hold as many as the dumped one."""
    with psycopg.connect(url) as conn:
        return tuple(
            conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]  # type: ignore[index]
            for table in ("tournaments_game", "tournaments_gameevent", "scoring_roundstandings")
        )


def run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


# About 5 s: a dump, a restore of the whole schema (most of the time, in the server), and
# a Django process of its own running the command.
def test_a_dump_restored_into_a_fresh_database_verifies(
    committed_postgres: None, _committed_database: str, tmp_path: Path
) -> None:
    tools = client_tools(connection.pg_version // 10000)
    game = started_game("german_whist", 2)
    play(game.pk, random.Random(34))
    assert Game.objects.get(pk=game.pk).is_over
    _club, _director, cup, _entries = threes_cup(count=6, rounds=1)
    assert cup.round_standings.count() == 1

    source = _counts(url_of(_committed_database))
    dump = tmp_path / "tavolo.dump"
    run(tools["pg_dump"], "-Fc", "-f", str(dump), url_of(_committed_database))
    restored = f"test_restored_{uuid.uuid4().hex[:12]}"
    maintenance = f"--maintenance-db={url_of('postgres')}"
    run(tools["createdb"], maintenance, restored)
    try:
        # As the deploy guide restores it, but with no owner or grants of the dumping
        # site's roles (this server's test roles come and go).
        run(
            tools["pg_restore"], "--exit-on-error", "--no-owner", "--no-acl",
            "-d", url_of(restored), str(dump),
        )  # fmt: skip
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env.update(DATABASE_URL=url_of(restored), TAVOLO_DEBUG="1", TAVOLO_TESTING="1")
        # The game and the tournament made here (the database is shared with other
        # tests that commit, some of which write raw rows on purpose).
        verified = subprocess.run(
            [
                sys.executable, "manage.py", "verify_store", "--game", str(game.pk),
                "--tournament", str(cup.pk),
            ],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT,
        )  # fmt: skip
        said = verified.stdout + verified.stderr
        assert verified.returncode == 0, said
        assert "Everything checked is in order." in said and "PROBLEM" not in said
        assert "3 games checked" in said and "1 tournament checked: 1 rounds" in said
        assert _counts(url_of(restored)) == source
    finally:
        run(tools["dropdb"], maintenance, "--force", "--if-exists", restored)
