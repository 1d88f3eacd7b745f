"""The CPU of a move's requests in one process: the lean path against Django's stack.

    python -m benchmarks.lean_path_bench [--moves 300] [--rounds 4] [--database NAME]

Set-up (not timed): a scratch PostgreSQL database (``tavolo_lean_bench`` on the server
of ``DATABASE_URL``) is dropped, created and migrated; four users with tokens start a
long whist game. The run: in one process, no HTTP server, WSGI ``environ`` in, bytes
out, the same requests a bench client makes per move (``POST /api/games/{id}/events``
with a random legal action, and ``GET …/legal?seat=N`` of the next seat when the
answer's ``next`` does not give it), ``--moves`` moves through the site's handler
(``tavolo.lean.handler.LeanHandler``: a token client's moves take its express lane),
then as many through the same handler with the express lane off (the lean path), then
through Django's own (``WSGIHandler``, the anchor), ``--rounds`` times in turn. It
prints the process CPU time per move of each (``time.process_time``: the database's
own work is not in it, the driver's is), which lane answered the site's requests, and
the ratios per round: with all measured in turn in the same process, the ratios move
far less with the machine's load than the figures.

The database is dropped at the end (``--keep-db`` keeps it). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
from collections.abc import Sequence

from benchmarks.api_server import (
    DEFAULT_DATABASE_URL,
    ROOT,
    bench_database_url,
    drop_database,
    manage,
    recreate_database,
    server_env,
)

DATABASE = "tavolo_lean_bench"


def run(moves: int, rounds: int, profile: int = 0, lean_only: bool = False) -> None:
    """In the bench's process, Django set up: the measurement itself."""
    import json
    import random
    import time
    import uuid

    from django.contrib.auth import get_user_model
    from django.core.handlers.wsgi import WSGIHandler
    from rest_framework.authtoken.models import Token

    from benchmarks.http_client import wsgi_environ
    from tavolo.lean.handler import LeanHandler
    from tournaments.models import Game, Player
    from tournaments.services.game_store import read_state
    from tournaments.services.games import create_game, start_game
    from tournaments.services.seats import seat_by_authority

    users = [get_user_model().objects.create_user(f"lean{n}") for n in range(4)]
    tokens = [Token.objects.create(user=user).key for user in users]
    players = [Player.objects.create(name=f"Lean {n}", user=user) for n, user in enumerate(users)]

    def new_game() -> Game:
        made = create_game(
            game_type="whist", players=4, options={"target": 100}, created_by=users[0]
        )
        for number, player in enumerate(players):
            seat_by_authority(made, number, player)
        start_game(made.pk)
        return made

    game = new_game()
    rng = random.Random(1)

    def request(app: object, method: str, query: str, body: bytes | None, seat: int) -> bytes:
        last = "events" if method == "POST" else "legal"
        target = f"/api/games/{game.pk}/{last}?{query}"
        environ = wsgi_environ(method, target, tokens[seat], body)
        status: list[str] = []
        result = app(environ, lambda line, headers, exc_info=None: status.append(line))  # type: ignore[operator]
        content = b"".join(result)
        result.close()
        if not status[0].startswith(("200", "201")):
            raise SystemExit(f"{method} {last} answered {status[0]}: {content[:300]!r}")
        return content

    def play(app: object, count: int) -> None:
        nonlocal game
        legal = None
        for _ in range(count):
            if legal is None:  # a new game, or a new round of moves
                seat = read_state(Game.objects.get(pk=game.pk), lambda state: state.to_act)
                legal = json.loads(request(app, "GET", f"seat={seat}", None, seat))
            event = {
                "event_id": str(uuid.uuid4()),
                "expected_version": legal["version"],
                "event": rng.choice(legal["legal"]),
            }
            following = json.loads(request(app, "POST", "", json.dumps(event).encode(), seat))
            after = following["next"]
            if following["over"]:
                game, legal = new_game(), None  # not timed apart: rare (a long game)
            elif after["legal"]:
                seat = after["legal"][0]["seat"]
                legal = {**after["legal"][0], "version": after["version"]}
            else:
                seat = after["to_act"]
                legal = json.loads(request(app, "GET", f"seat={seat}", None, seat))

    without_express = LeanHandler()
    without_express.express = None
    handlers = {"lean": LeanHandler(), "no express": without_express, "usual": WSGIHandler()}
    if lean_only:
        handlers = {"lean": handlers["lean"]}
    if profile:
        import cProfile
        import pstats

        play(handlers["lean"], 20)
        profiler = cProfile.Profile(time.process_time)
        profiler.runcall(play, handlers["lean"], profile)
        stats = pstats.Stats(profiler, stream=sys.stdout)
        for order in ("tottime", "cumulative"):
            stats.sort_stats(order).print_stats(45)
        return
    for app in handlers.values():
        play(app, 20)  # warm: imports, caches, the connection
    cpu: dict[str, list[float]] = {name: [] for name in handlers}
    for _ in range(rounds):
        for name, app in handlers.items():
            started = time.process_time()
            play(app, moves)
            cpu[name].append((time.process_time() - started) / moves * 1000)
    ratios = [lean / usual for lean, usual in zip(cpu["lean"], cpu.get("usual", []), strict=False)]
    print(f"lean_path_bench: {rounds} rounds of {moves} moves per path, one process, no HTTP")
    for name, figures in cpu.items():
        shown = ", ".join(f"{value:.2f}" for value in figures)
        print(f"CPU per move, {name:10}: median {statistics.median(figures):.2f} ms ({shown})")
    answered = ", ".join(f"{why} {count}" for why, count in handlers["lean"].counts.most_common())
    print(f"the site's handler answered: {answered}")
    if not ratios:
        return
    shown = ", ".join(f"{value:.2f}" for value in ratios)
    print(f"lean / usual, per round: median {statistics.median(ratios):.2f}x ({shown})")
    express = [lean / lane for lean, lane in zip(cpu["lean"], cpu["no express"], strict=True)]
    shown = ", ".join(f"{value:.2f}" for value in express)
    print(f"lean / no express, per round: median {statistics.median(express):.2f}x ({shown})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.lean_path_bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--moves", type=int, default=300, help="moves per path per round")
    parser.add_argument("--rounds", type=int, default=4, help="rounds (default 4)")
    parser.add_argument("--database", default=DATABASE, help=f"scratch database ({DATABASE})")
    parser.add_argument("--keep-db", action="store_true", help="keep the database afterwards")
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="instead: N moves through the lean path under cProfile (process CPU clock)",
    )
    parser.add_argument(
        "--lean-only",
        action="store_true",
        help="time the lean path alone (no anchor): for callgrind, or comparing two trees",
    )
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inner:
        import django

        django.setup()
        run(args.moves, args.rounds, args.profile, args.lean_only)
        return 0
    url = bench_database_url(os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL, args.database)
    env = dict(server_env(url, secrets.token_urlsafe(50)), DJANGO_SETTINGS_MODULE="tavolo.settings")
    recreate_database(url)
    try:
        manage(env, "migrate", "--noinput", "-v", "0")
        command = [sys.executable, "-m", "benchmarks.lean_path_bench", "--inner"]
        command += ["--moves", str(args.moves), "--rounds", str(args.rounds)]
        command += ["--profile", str(args.profile)] + ["--lean-only"] * args.lean_only
        return subprocess.run(command, cwd=ROOT, env=env, timeout=1800).returncode
    finally:
        if not args.keep_db:
            drop_database(url)


if __name__ == "__main__":
    sys.exit(main())
