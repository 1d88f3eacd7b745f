"""What the benchmarks that go through Django and a database share: the settings of a
standalone run, Django set up on a database (a fresh SQLite file, or the migrated
database ``--database-url`` names), a finished tournament built in bulk, and the
timing helpers.

Used by :mod:`benchmarks.standings_page_bench`, :mod:`benchmarks.player_page_bench`
and :mod:`benchmarks.round_bench`. Importing it does not set Django up: the settings
must be in the environment first (:func:`django_on`).
"""

from __future__ import annotations

import os
import platform
import random
import secrets
import shutil
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def sizes(text: str) -> list[int]:
    """``--entries 250,1000,4000``: the sizes of a comma-separated argument."""
    return [int(part) for part in text.split(",") if part.strip()]


def environment(database_url: str | None) -> str | None:
    """Settings for a standalone run; returns a temporary directory to remove (the
    SQLite file's) when no ``database_url`` is given."""
    tmp = None
    if database_url is None:
        tmp = tempfile.mkdtemp(prefix="tavolo-bench-")
        database_url = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ["DATABASE_URL"] = database_url
    os.environ.pop("REDIS_URL", None)  # tasks in-process; the cache in memory
    os.environ.setdefault("TAVOLO_DEBUG", "0")
    os.environ.setdefault("TAVOLO_SECRET_KEY", secrets.token_urlsafe(40))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tavolo.settings")
    return tmp


@contextmanager
def django_on(database_url: str | None) -> Iterator[str]:
    """Django set up on ``database_url`` (migrated there beforehand), or on a fresh
    SQLite file, migrated here and removed afterwards. Yields what the run is measured
    on, for the first line of its output: the database, Python, the machine."""
    tmp = environment(database_url)
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection

        if tmp is not None:
            call_command("migrate", verbosity=0)
        yield f"{connection.vendor}, Python {platform.python_version()}, {platform.machine()}"
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def build(entries: int, rounds: int, seed: int = 1) -> Any:
    """A finished tournament of ``entries`` individual entries (German whist, tables of
    two) over ``rounds`` published rounds, every table finished with its final score
    cached and a few forfeits, in bulk inserts (no signals: nothing is recomputed)."""
    from django.db import transaction

    from scoring.models import GameScore
    from tournaments.models import (
        Club,
        Entry,
        Forfeit,
        Game,
        Player,
        Round,
        Table,
        TableEntry,
        Tournament,
    )

    rng = random.Random(seed)
    tag = uuid.uuid4().hex[:8]
    with transaction.atomic():
        club = Club.objects.create(name=f"Bench club {tag}", slug=f"bench-{tag}")
        t = Tournament.objects.create(
            club=club,
            name=f"Bench cup {tag}",
            slug="cup",
            game_type="german_whist",
            table_sizes=[2],
            rounds_planned=rounds,
            seed=seed,
            status=Tournament.Status.FINISHED,
        )
        players = Player.objects.bulk_create(
            Player(name=f"Player {n:04d}", club=club) for n in range(entries)
        )
        rows = Entry.objects.bulk_create(
            Entry(tournament=t, number=n + 1, player=p, status=Entry.Status.CHECKED_IN)
            for n, p in enumerate(players)
        )
        ids = [e.pk for e in rows]
        made = Round.objects.bulk_create(
            Round(tournament=t, number=n, method="swiss", status=Round.Status.PUBLISHED)
            for n in range(1, rounds + 1)
        )
        for rnd in made:
            order = ids[:]
            rng.shuffle(order)
            pairs = [order[k : k + 2] for k in range(0, len(order) - 1, 2)]
            games = Game.objects.bulk_create(
                Game(
                    game_type="german_whist",
                    players=2,
                    mode=Game.Mode.PHYSICAL,
                    status=Game.Status.FINISHED,
                    engine_version="bench",
                    version=1,
                    seed=b"\0" * 32,
                    seed_commitment="0" * 64,
                )
                for _ in pairs
            )
            tables = Table.objects.bulk_create(
                Table(round=rnd, number=k + 1, game=g) for k, g in enumerate(games)
            )
            TableEntry.objects.bulk_create(
                TableEntry(round=rnd, table=table, position=pos, entry_id=e)
                for table, pair in zip(tables, pairs, strict=True)
                for pos, e in enumerate(pair)
            )
            scores = []
            for g in games:
                tricks = rng.randint(0, 13)
                scores.append(
                    GameScore(game=g, version=1, scores=[tricks, 13 - tricks], side_of=[0, 1])
                )
            GameScore.objects.bulk_create(scores)
            Forfeit.objects.bulk_create(  # a few no-shows
                Forfeit(table=table, entry_id=pair[1], kind=Forfeit.Kind.NO_SHOW)
                for table, pair in list(zip(tables, pairs, strict=True))[:3]
            )
    analyze()
    return t


def analyze() -> None:
    """Refresh PostgreSQL's statistics after bulk inserts, as autovacuum soon would in
    a real database. Without this, the planner sizes the tables as they were when
    last analyzed: just after a build of a few thousand rows into tables it believes
    nearly empty, it hashes whole tables where an index finds a handful of rows (a
    player page's tables and opponents took 4 ms instead of 0.4), and the figures
    depend on when autovacuum last passed. No-op elsewhere."""
    from django.apps import apps
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    tables = [
        connection.ops.quote_name(model._meta.db_table)
        for app in ("tournaments", "scoring")
        for model in apps.get_app_config(app).get_models()
    ]
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {', '.join(tables)}")


def best(fn: Callable[[], Any], repeat: int, setup: Callable[[], Any] | None = None) -> float:
    """The shortest of ``repeat`` runs of ``fn``, each after ``setup`` (not timed)."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return min(times)


def rate(client: Any, path: str, n: int, expect: int) -> tuple[float, int]:
    """Requests/s of ``n`` GETs of ``path`` (each answering ``expect``), and the size
    of the answer in bytes."""
    size = 0
    started = time.perf_counter()
    for _ in range(n):
        answer = client.get(path)
        assert answer.status_code == expect, (path, answer.status_code)
        size = len(answer.content)
    return n / (time.perf_counter() - started), size
