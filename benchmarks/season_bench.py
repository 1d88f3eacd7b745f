"""How fast a season table is computed from stored standings, and served.

    python -m benchmarks.season_bench [--tournaments 40] [--players 60] [--entrants 40]
                                      [--requests 50] [--database-url URL]

Builds a club whose ``--players`` players played ``--tournaments`` finished
tournaments of ``--entrants`` each (drawn at random), with each tournament's final
stored standings written directly in the database (a :class:`RoundStandings` row and
its :class:`StandingsState`, as the standings worker leaves them), in a fresh SQLite
file in a temporary directory unless ``--database-url`` names a migrated database.
Then, for a season counting every tournament (best 10 of them), it measures:

- **the anchor**: reading the counted tournaments' final standings rows once (one
  query), the least any computation of the table must do;
- **a cold table**: :func:`scoring.season_table.season_table` with an empty cache
  (reading the standings, the entries and the players, the formula), best of
  ``--repeat``, and its ratio to the anchor;
- **a cached table**: the same call with the table in the cache (what every read
  costs until a counted tournament's standings change);
- **the season page**, its CSV and PDF: requests/s through Django's test client in
  this process (one thread, no server), the table cached.

These figures are why the table is computed on read with a cache keyed by the counted
tournaments' standings, not by a Celery task (docs/seasons.md). Asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import os
import platform
import random
import secrets
import shutil
import tempfile
from typing import Any

from benchmarks.standings_page_bench import best, rate


def _environment(database_url: str | None) -> str | None:
    """Settings for a standalone run; returns a temporary directory to remove."""
    tmp = None
    if database_url is None:
        tmp = tempfile.mkdtemp(prefix="tavolo-season-bench-")
        database_url = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ["DATABASE_URL"] = database_url
    os.environ.pop("REDIS_URL", None)  # the cache in memory
    os.environ.setdefault("TAVOLO_DEBUG", "0")
    os.environ.setdefault("TAVOLO_ALLOWED_HOSTS", "testserver,localhost")  # the test client
    os.environ.setdefault("TAVOLO_SECRET_KEY", secrets.token_urlsafe(40))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tavolo.settings")
    return tmp


def build(tournaments: int, players: int, entrants: int, seed: int = 1) -> Any:
    """The club, its tournaments with their final standings stored, and a season."""
    from django.db import transaction
    from django.utils import timezone

    from scoring.models import RoundStandings, StandingsState
    from tournaments.models import Club, Entry, Player, Round, Season, Tournament

    rng = random.Random(seed)
    tag = secrets.token_hex(4)
    start = dt.date(2026, 1, 1)
    with transaction.atomic():
        club = Club.objects.create(name=f"Season bench {tag}", slug=f"season-{tag}")
        people = Player.objects.bulk_create(
            Player(name=f"Player {n:03d}", club=club) for n in range(players)
        )
        for k in range(tournaments):
            t = Tournament.objects.create(
                club=club,
                name=f"Evening {k + 1}",
                slug=f"evening-{k + 1}",
                game_type="german_whist",
                table_sizes=[2],
                rounds_planned=5,
                seed=k,
                status=Tournament.Status.FINISHED,
                starts_on=start + dt.timedelta(days=7 * k),
            )
            field = rng.sample(people, entrants)
            entries = Entry.objects.bulk_create(
                Entry(tournament=t, number=n + 1, player=p) for n, p in enumerate(field)
            )
            Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
            points = sorted((rng.randint(0, 10) for _ in entries), reverse=True)
            rows = [
                {"rank": n + 1, "entry": e.pk, "name": e.player.name, "points": pts, "played": 5}
                for n, (e, pts) in enumerate(zip(entries, points, strict=True))
            ]
            print_ = hashlib.sha256(repr(rows).encode()).hexdigest()
            now = timezone.now()
            RoundStandings.objects.create(
                tournament=t, round=1, rows=rows, fingerprint=print_, computed_at=now
            )
            StandingsState.objects.create(
                tournament=t, dirty=False, version=1, fingerprint=print_, computed_at=now
            )
        season = Season.objects.create(
            club=club,
            name="Bench season",
            slug="bench",
            starts_on=start,
            ends_on=start + dt.timedelta(days=7 * tournaments),
            formula="best",
            best_of=10,
        )
    return season


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=40)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--entrants", type=int, default=40)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args(argv)

    tmp = _environment(args.database_url)
    try:
        import django

        django.setup()
        from django.core.cache import cache
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client

        from scoring import season_table
        from scoring.models import RoundStandings
        from tournaments.services import seasons

        if tmp is not None:
            call_command("migrate", verbosity=0)
        print(
            f"season table: {args.tournaments} tournaments of {args.entrants} entrants, "
            f"{args.players} players ({connection.vendor}, Python "
            f"{platform.python_version()}, {platform.machine()})"
        )
        season = build(args.tournaments, args.players, args.entrants)
        ids = [t.pk for t in seasons.counted_tournaments(season)]

        def anchor() -> None:
            list(RoundStandings.objects.filter(tournament_id__in=ids).values_list("rows"))

        read_once = best(anchor, args.repeat)
        cold = best(lambda: season_table.season_table(season), args.repeat, cache.clear)
        season_table.season_table(season)
        warm = best(lambda: season_table.season_table(season), args.repeat)
        print(f"  anchor, reading the standings rows once: {read_once * 1000:8.2f} ms")
        print(
            f"  the table, cold (empty cache):          {cold * 1000:8.2f} ms "
            f"({cold / read_once:.1f} x the anchor)"
        )
        print(
            f"  the table, cached:                      {warm * 1000:8.2f} ms "
            f"({warm / read_once:.1f} x the anchor)"
        )
        client = Client()
        base = f"/clubs/{season.club.slug}/seasons/{season.slug}/"
        for label, path in (("page", ""), ("CSV", "table.csv"), ("PDF", "table.pdf")):
            per_second, size = rate(client, base + path, args.requests, 200)
            print(f"  the season {label:4}: {per_second:7.1f} requests/s ({size:,} bytes)")
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
