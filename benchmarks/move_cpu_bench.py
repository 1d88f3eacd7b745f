"""The server's CPU per move of each game, in-process, the games interleaved.

    python -m benchmarks.move_cpu_bench [--games whist,burraco,scala40] [--moves 200]
                                        [--rounds 3]   # needs PostgreSQL (DATABASE_URL)

Set-up (not timed), as ``api_bench``'s: a scratch database (``--database``, default
``tavolo_bench_cpu``) is dropped, created and migrated, with one user per seat; then
one process serves the site's WSGI application (``tavolo.wsgi``: Django's handler, DEBUG
off) to itself, without HTTP or gunicorn, and plays one
casual game of each of ``--games`` as ``api_bench``'s clients do: a ``POST …/events``
with a random legal action, its answer's ``next`` for the same player's next move,
``GET …/legal`` (and ``GET …/view`` when that seat has nothing to do) otherwise.

What is measured: the process's CPU time (``time.process_time``: waits on PostgreSQL
excluded) inside the application's calls, per accepted move, with the POST's and the
GETs' shares and the requests per move; and each game's ratio to the first game
(whist by default). The games take turns, ``--moves`` accepted moves each per round,
for ``--rounds`` rounds, so that the machine's other load falls on all of them alike;
the spread over the rounds is printed beside the mean. Nothing is asserted on timing.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import secrets
import statistics
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.api_players import GAME_OPTIONS, next_seat
from benchmarks.api_server import (
    DEFAULT_DATABASE_URL,
    ROOT,
    USERNAMES,
    bench_database_url,
    create_users,
    drop_database,
    manage,
    recreate_database,
    server_env,
)
from benchmarks.http_client import wsgi_environ

KINDS = ("post", "legal", "view")

App = Callable[[str, str, str, Any], tuple[int, Any, float]]


def wsgi_caller(application: Any) -> App:
    """``call(method, path_and_query, token, body)`` → (status, JSON, CPU seconds spent
    inside the application)."""

    def call(method: str, target: str, token: str, body: Any = None) -> tuple[int, Any, float]:
        data = json.dumps(body).encode() if body is not None else None
        environ = wsgi_environ(method, target, token, data)
        statuses: list[str] = []
        started = time.process_time()
        chunks = application(environ, lambda status, headers, exc=None: statuses.append(status))
        content = b"".join(chunks)
        if hasattr(chunks, "close"):
            chunks.close()
        spent = time.process_time() - started
        return int(statuses[0].split()[0]), json.loads(content or b"null"), spent

    return call


class Player:
    """One game's seats, played as ``api_players.run_client`` plays them."""

    def __init__(self, call: App, tokens: list[str], game_type: str, rng: random.Random):
        self.call, self.tokens, self.game_type, self.rng = call, tokens, game_type, rng
        self.players = GAME_OPTIONS[game_type][0]
        self.cpu = dict.fromkeys(KINDS, 0.0)
        self.requests = 0
        self.new_game()

    def new_game(self) -> None:
        players, options = GAME_OPTIONS[self.game_type]
        body = {"game": self.game_type, "players": players, "options": options, "seat": 0}
        status, answer, _ = self.call("POST", "/api/games/casual", self.tokens[0], body)
        assert status == 201, answer
        for invitation in answer["invitations"]:
            path = f"/api/games/join/{invitation['token']}"
            self.call("POST", path, self.tokens[invitation["seat"]], None)
        self.game, self.seat, self.legal = str(answer["game"]["id"]), 0, None

    def get(self, kind: str, target: str, seat: int) -> Any:
        status, answer, spent = self.call("GET", target, self.tokens[seat], None)
        assert status == 200, answer
        self.cpu[kind] += spent
        self.requests += 1
        return answer

    def move(self) -> None:
        """Play until one move is accepted (a game that ends is replaced, untimed)."""
        while True:
            base = f"/api/games/{self.game}"
            legal = self.legal or self.get("legal", f"{base}/legal?seat={self.seat}", self.seat)
            self.legal = None
            if legal["status"] != "active":
                self.new_game()
                continue
            if legal["count"] == 0:
                to_act = self.get("view", f"{base}/view", 0)["to_act"]
                self.seat = to_act[0] if isinstance(to_act, list) else (to_act or 0)
                continue
            seat = legal["seat"]
            choice = self.rng.choice(legal["legal"])
            # A long list comes as a hint; Burraco's and Scala 40's hint still lists the
            # draws and discards as events (their melds left out), which serve here.
            assert "choose" not in choice, "a game whose hint is not an event"
            body = {
                "event_id": str(uuid.uuid4()),
                "expected_version": legal["version"],
                "event": choice,
            }
            status, answer, spent = self.call("POST", f"{base}/events", self.tokens[seat], body)
            assert status == 201, answer
            self.cpu["post"] += spent
            self.requests += 1
            following = answer["next"]
            self.seat = next_seat(following, seat, self.players)
            if answer["over"]:
                self.new_game()
            elif following["legal"]:
                first = following["legal"][0]
                self.seat = first["seat"]
                self.legal = {**first, "version": following["version"], "status": "active"}
            return


def inner(
    games: Sequence[str], moves: int, rounds: int, password: str, profile: str | None = None
) -> dict[str, Any]:
    """In the serving process: play the games in turn and return the figures."""
    import django

    django.setup()
    from tavolo.wsgi import application

    call = wsgi_caller(application)
    tokens = []
    for name in USERNAMES:
        body = {"username": name, "password": password}
        status, answer, _ = call("POST", "/api/auth/token", "", body)
        assert status == 200, answer
        tokens.append(str(answer["token"]))
    players = {game: Player(call, tokens, game, random.Random(n)) for n, game in enumerate(games)}
    for player in players.values():  # warm-up: imports, caches, the first deal
        for _ in range(30):
            player.move()
    per_round: dict[str, list[dict[str, float]]] = {game: [] for game in games}
    profiler = cProfile.Profile(time.process_time) if profile else None
    for _ in range(rounds):
        for game, player in players.items():
            player.cpu, player.requests = dict.fromkeys(KINDS, 0.0), 0
            watched = profiler is not None and game == profile
            for _ in range(moves):
                if watched:
                    profiler.runcall(player.move)
                else:
                    player.move()
            per_round[game].append(
                {
                    **{k: v / moves for k, v in player.cpu.items()},
                    "requests": player.requests / moves,
                }
            )
    if profiler is not None:  # to stderr: stdout carries the figures
        stats = pstats.Stats(profiler, stream=sys.stderr)
        stats.sort_stats("tottime").print_stats(35)
        stats.sort_stats("cumulative").print_stats(50)
    return {"games": list(games), "moves": moves, "rounds": rounds, "per_round": per_round}


def report(figures: dict[str, Any], load: Sequence[float]) -> None:
    games, per_round = figures["games"], figures["per_round"]
    print(
        f"move_cpu_bench: {figures['rounds']} rounds x {figures['moves']} accepted moves per "
        f"game, in turn; one process, the site's WSGI app, no HTTP; load {load[0]:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after ({os.cpu_count()} CPUs)"
    )
    totals = {game: [sum(r[k] for k in KINDS) for r in per_round[game]] for game in games}
    anchor = statistics.mean(totals[games[0]])
    for game in games:
        rounds = per_round[game]
        total = statistics.mean(totals[game])
        parts = ", ".join(f"{k} {statistics.mean(r[k] for r in rounds) * 1000:.2f}" for k in KINDS)
        print(
            f"  {game:<9} CPU per move {total * 1000:5.2f} ms "
            f"(rounds {min(totals[game]) * 1000:.2f}-{max(totals[game]) * 1000:.2f}; {parts}); "
            f"{statistics.mean(r['requests'] for r in rounds):.2f} requests a move; "
            f"{total / anchor:.2f}x {games[0]}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.move_cpu_bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--games", default="whist,burraco,scala40", help="comma-separated")
    parser.add_argument("--moves", type=int, default=200, help="moves per game per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--database", default="tavolo_bench_cpu", help="scratch database")
    parser.add_argument(
        "--profile",
        metavar="GAME",
        help="profile that game's timed moves (cProfile, to stderr; its figures then "
        "include the profiler's overhead)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inner:  # the serving process (its environment names the scratch database)
        options = json.loads(args.inner)
        password = os.environ["MOVE_CPU_BENCH_PASSWORD"]
        figures = inner(
            options["games"], options["moves"], options["rounds"], password, options["profile"]
        )
        print(json.dumps(figures))
        return 0
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in GAME_OPTIONS]
    if unknown or not games or args.moves < 1 or args.rounds < 1:
        parser.error(f"--games from {sorted(GAME_OPTIONS)}; --moves and --rounds positive")
    database_url = bench_database_url(
        os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL, args.database
    )
    password = secrets.token_urlsafe(16)
    env = dict(server_env(database_url, secrets.token_urlsafe(50)))
    env.update(DJANGO_SETTINGS_MODULE="tavolo.settings", MOVE_CPU_BENCH_PASSWORD=password)
    load = os.getloadavg()
    print(f"move_cpu_bench: setting up {args.database} (drop, create, migrate) …", flush=True)
    recreate_database(database_url)
    try:
        manage(env, "migrate", "--noinput", "-v", "0")
        create_users(env, password)
        options = {
            "games": games,
            "moves": args.moves,
            "rounds": args.rounds,
            "profile": args.profile,
        }
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.move_cpu_bench", "--inner", json.dumps(options)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
            timeout=1800,
        )
        if done.returncode != 0:
            print(done.stdout[-2000:])
            return 1
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        report(figures, load)
        if args.json:
            print(json.dumps(figures, indent=2))
    finally:
        drop_database(database_url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
