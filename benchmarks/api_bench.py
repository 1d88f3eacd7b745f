"""How many validated moves a second the HTTP API accepts, and how fast it answers.

    python -m benchmarks.api_bench [--clients 8] [--seconds 10] [--games 8]
                                   [--workers 2] [--threads 8] [--game whist]

Set-up (not timed): a fresh PostgreSQL database ``tavolo_bench`` on the server of
``DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/tavolo``) is dropped and
created, migrated, and given a user; gunicorn serves ``tavolo.wsgi`` from it on a free
port of 127.0.0.1 (DEBUG off, a random secret key); one user per seat gets a token
through ``POST /api/auth/token``; the first starts ``--games`` casual games through the
API (``POST /api/games/casual``), each other user takes the seat its invitation offers
(a seat is played only by its own player), and the last seat taken starts the game, so
each online game has its first deal.

The run: ``--clients`` client processes start together; each plays its own share of
the games (with each seat's token for that seat's moves) as players would, one request at a
time over HTTP/1.1 to 127.0.0.1:

- ``POST /api/games/{id}/events`` with a random legal action, a fresh ``event_id``
  and ``expected_version`` = the version the legal actions were read at. Its answer's
  ``next`` names who acts now, at which version, with the legal actions of the seats
  the requester may act as (their own: when the same player acts again, one request is
  one move);
- ``GET /api/games/{id}/legal?seat=S`` only when ``next`` did not give what it needs
  (the first move of a game, or after a conflict); when that seat has nothing to do,
  ``GET /api/games/{id}/view`` says who does.

A move is *accepted* when the POST answers 201. A game that ends is replaced by a new
one (created through the API, not timed). Each client stops after ``--seconds`` or
``--max-moves`` moves, whichever comes first. The figures: accepted moves a second
over the whole run, and latency percentiles of the POST alone and of a whole move
(the POST plus any GET it needed); and, from /proc, the CPU time used per
accepted move by gunicorn, by the PostgreSQL backends of the bench database and by the
clients, and how busy the whole machine was (other processes included: on a shared
machine, the figures depend on them). Nothing is asserted on timing.

``--profile N`` then plays N more moves in-process (Django's test client against the
same database) under cProfile and prints where the time goes, per request.

**Why 2 gunicorn workers of 8 threads (gthread) by default**, on this 2-core machine:
two processes can keep both cores busy with Python (one process cannot, because of the
GIL: 1x8 gave ~300 moves/s); the threads of a process overlap each other's waits on
PostgreSQL; gthread keeps HTTP connections alive (sync workers close each one); and a
kept-alive connection stays with the worker that accepted it, so a worker may hold
more of the 8 clients' connections than it has threads: with 8 threads none waits
for a free one. Measured 2026-11-22, same load, 10 s runs (moves/s; ±15% run to run):
gthread 2x8 540, 438, 455, 402; 2x4 412, 432, 401, 372, 391, 369; 2x2 457, 419;
3x2 430, 423; 3x4 392, 419; sync 2 410, 464; sync 4 392, 408; 1x8 308, 291. 2x8 led
2x4 in both interleaved pairs. ``--workers``/``--threads`` (1 thread: sync) try others.

Only loopback addresses are used; every loop is bounded in time and count; gunicorn is
stopped and the database dropped at the end (``--keep-db`` keeps it).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from benchmarks import pg_ceiling
from benchmarks.api_players import GAME_OPTIONS, create_game, get_tokens, percentiles, run_clients
from benchmarks.api_profile import profile_moves
from benchmarks.api_server import (
    BENCH_DATABASE,
    DEFAULT_DATABASE_URL,
    SERVERS,
    Server,
    bench_database_url,
    create_users,
    drop_database,
    manage,
    recreate_database,
    server_env,
    start_server,
)
from benchmarks.cpu_meter import CpuMeter
from benchmarks.http_client import HOST, Client

__all__ = [  # what the tests and other benches use from here
    "Client",
    "bench_database_url",
    "drop_database",
    "percentiles",
    "recreate_database",
    "server_env",
    "start_server",
]

AIM_MOVES_PER_SECOND = 1_000
AIM_SERVER_MS = 1.5
"""Issue 17: server CPU a move, at most."""


def report(figures: dict[str, Any], args: argparse.Namespace) -> None:
    def ms(values: dict[str, float]) -> str:
        return "  ".join(f"{k} {v * 1000:7.1f} ms" for k, v in values.items())

    print(
        f"api_bench: {args.game}, {args.clients} clients, {args.games} games, {args.server} "
        f"{args.workers} worker(s) x {args.threads} thread(s), {os.cpu_count()} CPUs, "
        f"database health checks {'off' if args.no_health_checks else 'on'}, "
        f"{'Redis' if args.redis else 'no Redis (in-memory channel layer)'}"
    )
    print(
        f"accepted moves: {figures['moves']} in {figures['seconds']:.1f} s = "
        f"{figures['moves_per_second']:.0f} moves/s (aim {AIM_MOVES_PER_SECOND:,}); "
        f"{figures['requests']} requests "
        f"({figures['requests'] / max(figures['seconds'], 1e-9):.0f}/s), "
        f"{figures['conflicts']} conflicts, {len(figures['errors'])} errors, "
        f"{figures['games_finished']} games finished"
    )
    ceiling = figures.get("postgres_ceiling")
    if ceiling:
        print(
            f"PostgreSQL ceiling (8 writers, 1 insert per commit, same run): {ceiling:.0f}/s; "
            f"accepted moves/s = {figures['moves_per_second'] / ceiling:.2f}x it (goal >= 0.6)"
        )
    print(f"POST /events latency:           {ms(figures['post'])}")
    print(f"whole move (GETs + POST) time:  {ms(figures['move'])}")
    cpu, moves = figures["cpu_seconds"], max(figures["moves"], 1)
    if cpu["machine"]:
        ours = cpu["server"] + cpu["database"] + cpu["clients"]
        others = max(cpu["machine"] - ours, 0.0)
        print(
            "CPU per accepted move: "
            f"{args.server} {cpu['server'] / moves * 1000:.2f} ms (aim {AIM_SERVER_MS}), "
            f"PostgreSQL {cpu['database'] / moves * 1000:.1f} ms, "
            f"clients {cpu['clients'] / moves * 1000:.1f} ms; the machine was busy "
            f"{cpu['machine'] / max(figures['seconds'], 1e-9):.2f} of {os.cpu_count()} CPUs "
            f"({others / max(figures['seconds'], 1e-9):.2f} of them with other processes)"
        )
    for error in figures["errors"][:5]:
        print(f"  error: {error}")
    if figures["reported"] < figures["clients"]:
        print(f"  only {figures['reported']} of {figures['clients']} clients reported")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.api_bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--clients", type=int, default=8, help="client processes (default 8)")
    parser.add_argument("--seconds", type=float, default=10.0, help="run time (default 10)")
    parser.add_argument("--games", type=int, default=8, help="games created up front (default 8)")
    parser.add_argument("--game", choices=sorted(GAME_OPTIONS), default="whist")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument(
        "--threads", type=int, default=8, help="threads per worker, gthread if > 1 (default 8)"
    )
    parser.add_argument(
        "--server",
        choices=SERVERS,
        default="gunicorn",
        help="HTTP server: gunicorn (production, default) or granian (an experiment: "
        "pip install granian; --threads is its blocking threads per worker)",
    )
    parser.add_argument(
        "--max-moves", type=int, default=100_000, help="moves per client at most (default 100000)"
    )
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="then profile N moves in-process (cProfile)",
    )
    parser.add_argument(
        "--profile-sort",
        default="cumulative",
        help="pstats sort keys, comma-separated (default cumulative)",
    )
    parser.add_argument("--profile-lines", type=int, default=40, help="profile lines to print")
    parser.add_argument(
        "--settings",
        help="DJANGO_SETTINGS_MODULE for gunicorn (to try a settings change)",
    )
    parser.add_argument(
        "--database",
        default=BENCH_DATABASE,
        help=f"database to (re)create (default {BENCH_DATABASE})",
    )
    parser.add_argument(
        "--no-health-checks",
        action="store_true",
        help="serve with TAVOLO_DB_HEALTH_CHECKS=0 (to measure what the check costs)",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="serve with this REDIS_URL (cache and pushes to watchers as in production; "
        "default: none, the in-memory channel layer)",
    )
    parser.add_argument("--keep-db", action="store_true", help="keep the database afterwards")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    if min(args.clients, args.games, args.workers, args.threads) < 1 or args.seconds <= 0:
        parser.error("--clients, --games, --seconds, --workers and --threads must be positive")
    args.games = max(args.games, args.clients)  # every client plays at least one game

    database_url = bench_database_url(
        os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL, args.database
    )
    secret_key = secrets.token_urlsafe(50)
    password = secrets.token_urlsafe(16)
    env = server_env(
        database_url,
        secret_key,
        health_checks=not args.no_health_checks,
        redis_url=args.redis,
    )
    if args.settings:
        env["DJANGO_SETTINGS_MODULE"] = args.settings

    print(f"api_bench: setting up {args.database} (drop, create, migrate) …", flush=True)
    recreate_database(database_url)
    server: Server | None = None
    figures: dict[str, Any] = {}
    try:
        manage(env, "migrate", "--noinput", "-v", "0")
        create_users(env, password)
        server = start_server(env, args.workers, args.threads, args.server)
        tokens = get_tokens(server.port, password)
        setup_seats = [Client(server.port, token) for token in tokens]
        game_ids = [create_game(setup_seats, args.game) for _ in range(args.games)]
        print(
            f"api_bench: {args.server} on {HOST}:{server.port}; {len(game_ids)} games; running …",
            flush=True,
        )
        meter = CpuMeter(server.process.pid, urlsplit(database_url).path.lstrip("/"))
        figures = run_clients(server.port, tokens, game_ids, args, meter)
        figures["postgres_ceiling"] = pg_ceiling.inserts_per_second(database_url)
        report(figures, args)
        if args.json:
            print(json.dumps(figures, indent=2))
        if args.profile:
            server.stop()
            sort = tuple(args.profile_sort.split(","))
            profile_moves(env, tokens, args.game, args.profile, sort, args.profile_lines)
    finally:
        if server is not None:
            server.stop()
            server.log.unlink(missing_ok=True)
        if not args.keep_db:
            drop_database(database_url)
    return 1 if figures["errors"] or figures["moves"] == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
