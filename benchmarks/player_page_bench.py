"""How fast a player's public page is served, and how its cost grows.

    python -m benchmarks.player_page_bench [--entries 1000] [--rounds 9] [--requests 200]
                                           [--repeat 3] [--database-url URL]
    python -m benchmarks.player_page_bench --entries 250,1000,4000 --rounds 5,9

For each size (every ``--entries`` × ``--rounds`` pair) builds a finished tournament
with the builder of :mod:`benchmarks.tournament_db` (bulk inserts, then PostgreSQL's
statistics refreshed; a fresh SQLite file in a temporary directory unless
``--database-url`` names a migrated database, where the rows are left), stores its
standings (:func:`scoring.store.recompute`), then measures through Django's test
client in this process (one thread, no server or network: the application's own
cost), ``--repeat`` passes of each figure one after the other (the best pass of each
is printed, so a burst of load on a shared machine moves them less):

- **the player page** ``GET /clubs/<club>/t/<t>/players/<entry>/``, a different entry
  each request (``--requests`` of them), requests/s and database queries per request:
  first each entry's first view (the cache emptied: its rounds table built from its
  rows), then the same pages again (the table from the cache, as until the standings
  next change);
- **the anchor**, measured in the same run: the standings' live poll answered 204
  (the site's cheapest page: the club, the tournament and the standings' version, each
  an indexed read); the player page's figure is also given as a ratio to it;
- what storing each entry's rows costs the recomputation: writing every round's
  per-entry rows from scratch (on PostgreSQL one statement taking them from the rounds'
  stored JSON rows; elsewhere a bulk insert), the part of
  :func:`scoring.store.recompute` this page adds, beside a whole recomputation from
  scratch (nothing stored).

The page reads only that player's rows (the rounds with its byes and standings rows,
its tables with their games, final scores and forfeits), so its cost should be flat in
entrants and grow with rounds. Aim: 200 requests/s for a 1,000-entry, 9-round tournament.
Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from typing import Any

from benchmarks.tournament_db import analyze, build, django_on, rate, sizes

AIM_PER_SECOND = 200


@dataclass
class Pages:
    """One pass over the entries' pages."""

    per_second: float
    queries: float
    """Database queries a request."""
    cpu_ms: float
    """This process's CPU time a request (the database server's not included): moves
    far less than requests/s with the load of other processes."""


def player_pages(client: Any, base: str, entry_ids: list[int]) -> Pages:
    """One page of each entry in turn."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        started, cpu = time.perf_counter(), time.process_time()
        for entry_id in entry_ids:
            answer = client.get(f"{base}players/{entry_id}/")
            assert answer.status_code == 200, answer.status_code
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    n = len(entry_ids)
    return Pages(n / elapsed, len(queries) / n, cpu * 1000 / n)


def best_of(passes: list[Pages]) -> Pages:
    return Pages(
        max(p.per_second for p in passes), passes[-1].queries, min(p.cpu_ms for p in passes)
    )


def storing_entry_rows(t: Any) -> float:
    """Seconds to write every round's per-entry rows from scratch (none stored), as a
    recomputation does after storing the rounds' rows (:mod:`scoring.store`)."""
    from django.db import transaction

    from scoring import store
    from scoring.collector import collector_paused
    from scoring.models import EntryRoundStanding
    from scoring.results import compute, gather

    with collector_paused():
        computed = compute(gather(t))
    EntryRoundStanding.objects.filter(tournament=t).delete()
    started = time.perf_counter()
    with transaction.atomic():
        store._store_entry_rows(t.pk, computed)
    return time.perf_counter() - started


def measure(entries: int, rounds: int, requests: int, repeat: int) -> None:
    from django.core.cache import cache
    from django.test import Client

    from scoring import store
    from scoring.models import EntryRoundStanding, RoundStandings, StandingsState

    started = time.perf_counter()
    t = build(entries, rounds)
    store.recompute(t.pk)
    analyze()  # the stored standings' rows too
    built = time.perf_counter() - started
    version = StandingsState.objects.get(pk=t.pk).version
    base = f"/clubs/{t.club.slug}/t/{t.slug}/"
    poll = base + f"standings/live?round={rounds}&v={version}"
    client = Client(HTTP_HOST="127.0.0.1")
    ids = list(t.entries.order_by("?").values_list("pk", flat=True)[: requests + 1])
    client.get(f"{base}players/{ids.pop()}/")  # warm up (templates, connections)
    anchor, firsts, agains = 0.0, [], []
    for _ in range(repeat):
        cache.clear()  # every rounds table built again
        firsts.append(player_pages(client, base, ids))  # each entry's first view
        agains.append(player_pages(client, base, ids))  # its table from the cache
        anchor = max(anchor, rate(client, poll, requests, 204)[0])
    first, again = best_of(firsts), best_of(agains)
    write = storing_entry_rows(t)
    RoundStandings.objects.filter(tournament=t).delete()
    EntryRoundStanding.objects.filter(tournament=t).delete()
    started = time.perf_counter()
    store.recompute(t.pk)
    whole = time.perf_counter() - started
    verdict = "at or over" if again.per_second >= AIM_PER_SECOND else "UNDER"
    print(
        f"  {entries} entries x {rounds} rounds (built and stored in {built:.1f} s), "
        f"best of {repeat} passes:\n"
        f"    player page: {again.per_second:.0f} requests/s, {again.queries:.0f} queries and "
        f"{again.cpu_ms:.2f} ms CPU a request ({verdict} the {AIM_PER_SECOND}/s aim); "
        f"{again.per_second / anchor:.2f} x the anchor\n"
        f"    player page, each entry's first view: {first.per_second:.0f} requests/s, "
        f"{first.queries:.0f} queries and {first.cpu_ms:.2f} ms CPU a request; "
        f"{first.per_second / anchor:.2f} x the anchor\n"
        f"    anchor, live poll unchanged (204): {anchor:.0f} requests/s\n"
        f"    storing every round's per-entry rows: {write * 1000:.0f} ms "
        f"({write * 1000 / rounds:.1f} ms a round) of a {whole * 1000:.0f} ms recomputation "
        f"from scratch"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=sizes, default=[1000], help="e.g. 250,1000,4000")
    parser.add_argument("--rounds", type=sizes, default=[9], help="e.g. 5,9")
    parser.add_argument("--requests", type=int, default=200, help="distinct entries")
    parser.add_argument("--repeat", type=int, default=3, help="passes of each figure")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args(argv)

    with django_on(args.database_url) as where:
        print(f"player page through Django's test client, in-process, one thread ({where})")
        for entries in args.entries:
            for rounds in args.rounds:
                measure(entries, rounds, args.requests, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
