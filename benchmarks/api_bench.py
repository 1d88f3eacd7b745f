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
import http.client
import json
import multiprocessing
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from benchmarks import pg_ceiling

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
BENCH_DATABASE = "tavolo_bench"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/tavolo"
AIM_MOVES_PER_SECOND = 1_000
USERNAME = "bench"
SEATS = 4  # the most players any game of GAME_OPTIONS seats
USERNAMES = [USERNAME] + [f"{USERNAME}{n}" for n in range(1, SEATS)]
"""One account per seat: a seat is played only by its own player (issue 15), so each
seat of a bench game is taken by its own user, who plays it with their own token."""
GAME_OPTIONS: dict[str, tuple[int, dict[str, Any]]] = {
    # Long games, so that few end during a run (a new one is created when one does).
    "whist": (4, {"target": 100}),
    "german_whist": (2, {"deals": 30}),
    "three_handed_whist": (3, {"deals": 30}),
    "italian_whist": (3, {"score_limit": 100}),
    "burraco": (4, {}),
    "scala40": (4, {}),
}
REQUEST_TIMEOUT = 30.0
SERVER_START_TIMEOUT = 60.0


# ---------------------------------------------------------------------- the database


def bench_database_url(base_url: str, name: str = BENCH_DATABASE) -> str:
    """``base_url`` pointed at database ``name`` (PostgreSQL on this machine only)."""
    if not name.replace("_", "").isalnum():
        raise SystemExit(f"the bench database name must be letters, digits and _, not {name!r}")
    parts = urlsplit(base_url)
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        raise SystemExit(f"api_bench needs PostgreSQL; DATABASE_URL is {base_url!r}")
    if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"api_bench only uses a database on this machine, not {parts.hostname}")
    return urlunsplit(parts._replace(path="/" + name))


def _admin(database_url: str, *statements: str) -> None:
    """Run ``statements`` in autocommit on the server's maintenance database."""
    import psycopg

    parts = urlsplit(database_url)
    admin = urlunsplit(parts._replace(path="/postgres", scheme="postgresql"))
    with psycopg.connect(admin, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)  # type: ignore[arg-type]


def recreate_database(database_url: str) -> None:
    """DROP and CREATE the bench database."""
    name = urlsplit(database_url).path.lstrip("/")
    _admin(
        database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'
    )


def drop_database(database_url: str) -> None:
    name = urlsplit(database_url).path.lstrip("/")
    _admin(database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(database_url: str, secret_key: str, health_checks: bool = True) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_")}
    env.pop("REDIS_URL", None)  # the moves need no broker or cache; keep the run self-contained
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update(
        DATABASE_URL=database_url,
        TAVOLO_SECRET_KEY=secret_key,
        TAVOLO_ALLOWED_HOSTS=f"{HOST},localhost",
        TAVOLO_DB_HEALTH_CHECKS="1" if health_checks else "0",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def create_users(env: dict[str, str], password: str) -> None:
    code = (
        "from django.contrib.auth import get_user_model; "
        f"[get_user_model().objects.create_user(name, password={password!r}) "
        f"for name in {USERNAMES!r}]"
    )
    manage(env, "shell", "-c", code)


# ---------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # graceful: workers finish requests
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def start_server(env: dict[str, str], workers: int, threads: int) -> Server:
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="api-bench-gunicorn-", suffix=".log")[1])
    gunicorn = Path(sys.executable).with_name("gunicorn")
    # The production configuration (preloaded, warmed workers); only the address, the
    # pool's size and the logging are the benchmark's own.
    command = [
        str(gunicorn) if gunicorn.exists() else "gunicorn",
        "--config",
        str(ROOT / "deploy" / "gunicorn.conf.py"),
        "tavolo.wsgi",
        "--workers",
        str(workers),
        "--bind",
        f"{HOST}:{port}",
        "--worker-class",
        "gthread" if threads > 1 else "sync",
        "--threads",
        str(threads),
        "--log-level",
        "warning",
    ]
    env = dict(env, TAVOLO_ACCESS_LOG="")
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = Server(process, port, log)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"gunicorn exited with {process.returncode}:\n{log.read_text()}")
        try:
            status, _ = Client(port).request("GET", "/healthz")
            if status == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    server.stop()
    raise SystemExit(
        f"gunicorn did not answer within {SERVER_START_TIMEOUT:g}s:\n{log.read_text()}"
    )


# ---------------------------------------------------------------------- a client


class Client:
    """JSON over one HTTP/1.1 connection to 127.0.0.1 (reopened when the server closes it)."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.headers = {"Accept": "application/json"}
        if token:
            self.headers["Authorization"] = f"Token {token}"
        self.conn = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = dict(self.headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # A kept-alive connection the server had closed: reconnect once.
                self.conn.close()
                if attempt == 2:
                    raise
        if response.will_close:
            self.conn.close()
        content = json.loads(raw) if raw and raw[:1] in (b"{", b"[") else raw
        return response.status, content

    def expect(self, method: str, path: str, body: Any = None, status: int = 200) -> Any:
        got, content = self.request(method, path, body)
        if got != status:
            raise RuntimeError(f"{method} {path} answered {got}, not {status}: {content!r}")
        return content


def get_tokens(port: int, password: str) -> list[str]:
    """A token of each seat's user, seat 0 first."""
    client = Client(port)
    return [
        str(
            client.expect("POST", "/api/auth/token", {"username": name, "password": password})[
                "token"
            ]
        )
        for name in USERNAMES
    ]


def create_game(seats: list[Client], game_type: str) -> str:
    """Seat 0's user starts a casual game in seat 0; each other seat's user takes the
    seat its invitation offers (a seat is taken only by its own player); the last one
    taken starts the game."""
    players, options = GAME_OPTIONS[game_type]
    answer = seats[0].expect(
        "POST",
        "/api/games/casual",
        {"game": game_type, "players": players, "options": options, "seat": 0},
        status=201,
    )
    for invitation in answer["invitations"]:
        seats[invitation["seat"]].expect("POST", f"/api/games/join/{invitation['token']}")
    return str(answer["game"]["id"])


@dataclass
class ClientResult:
    moves: int = 0
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    requests: int = 0
    games_finished: int = 0
    post_latencies: list[float] = field(default_factory=list)
    move_latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0


def choose_event(
    client: Client,
    game_id: str,
    seat: int,
    legal: dict[str, Any],
    rng: random.Random,
    result: ClientResult,
) -> dict[str, Any]:
    choice: dict[str, Any] = rng.choice(legal["legal"])
    if legal["complete"] and "choose" not in choice:
        return choice
    # A hint, not an event (Italian Whist's split: choose N of the hand's cards).
    view = client.expect("GET", f"/api/games/{game_id}/view?seat={seat}")
    result.requests += 1
    hand = view.get("hand") or []
    return {"type": choice["type"], "seat": seat, "first": rng.sample(hand, choice["choose"])}


def run_client(
    number: int,
    port: int,
    tokens: list[str],
    game_ids: list[str],
    game_type: str,
    seconds: float,
    max_moves: int,
    barrier: Any,
    results: Any,
) -> None:
    """One client process: plays its games in turn until time or moves run out."""
    result = ClientResult()
    try:
        seats = [Client(port, token) for token in tokens]
        rng = random.Random(number)
        players = GAME_OPTIONS[game_type][0]
        games = [{"id": game_id, "seat": 0} for game_id in game_ids]
        barrier.wait(timeout=120)
        started = time.perf_counter()
        cpu_started = time.process_time()
        deadline = started + seconds
        turn = 0
        while result.moves < max_moves and time.perf_counter() < deadline:
            game = games[turn % len(games)]
            turn += 1
            begun = time.perf_counter()
            legal = game.pop("legal", None)  # from the last POST's "next", if it gave one
            if legal is None:
                legal = seats[game["seat"]].expect(
                    "GET", f"/api/games/{game['id']}/legal?seat={game['seat']}"
                )
                result.requests += 1
            if legal["status"] != "active":
                result.games_finished += 1
                game.update(id=create_game(seats, game_type), seat=0)
                continue
            if legal["count"] == 0:  # not this seat's turn: ask who is to act
                view = seats[0].expect("GET", f"/api/games/{game['id']}/view")
                result.requests += 1
                to_act = view["to_act"]
                game["seat"] = to_act[0] if isinstance(to_act, list) else (to_act or 0)
                legal = seats[game["seat"]].expect(
                    "GET", f"/api/games/{game['id']}/legal?seat={game['seat']}"
                )
                result.requests += 1
                if legal["count"] == 0:
                    continue
            seat = legal["seat"]
            client = seats[seat]
            event = choose_event(client, game["id"], seat, legal, rng, result)
            body = {
                "event_id": str(uuid.uuid4()),
                "expected_version": legal["version"],
                "event": event,
            }
            posted = time.perf_counter()
            status, answer = client.request("POST", f"/api/games/{game['id']}/events", body)
            done = time.perf_counter()
            result.requests += 1
            if status == 201:
                result.moves += 1
                result.post_latencies.append(done - posted)
                result.move_latencies.append(done - begun)
                game["seat"] = (seat + 1) % players
                game_next = answer.get("next") or {}
                if answer.get("over"):
                    game["legal"] = {"status": "finished"}
                elif game_next.get("legal"):
                    # The answer names the next legal actions when the same player acts
                    # again: no GET /legal for that move.
                    first = game_next["legal"][0]
                    game["seat"] = first["seat"]
                    game["legal"] = {**first, "version": game_next["version"], "status": "active"}
            elif status == 409:
                result.conflicts += 1
            else:
                result.errors.append(f"POST events answered {status}: {answer!r}"[:300])
                if len(result.errors) > 20:
                    break
        result.seconds = time.perf_counter() - started
        result.cpu_seconds = time.process_time() - cpu_started
    except Exception as error:  # noqa: BLE001 - reported by the parent
        result.errors.append(f"client {number} stopped: {error!r}"[:500])
    results.put((number, result))


# ---------------------------------------------------------------------- the run


def percentiles(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)
    cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else []

    def at(p: int) -> float:
        return cuts[p - 1] if cuts else ordered[0]

    return {"p50": at(50), "p90": at(90), "p99": at(99), "max": ordered[-1]}


# ---------------------------------------------------------------------- CPU accounting (Linux)

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _process_cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used, 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def _processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, command line) of every process."""
    found = []
    for entry in Path("/proc").iterdir() if Path("/proc").is_dir() else []:
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        found.append((int(entry.name), int(stat[1]), cmdline))
    return found


def _machine_busy() -> float:
    """CPU seconds all CPUs have spent busy since boot (everything but idle and iowait)."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    return (sum(values) - values[3] - values[4]) / TICK


@dataclass
class CpuMeter:
    """CPU used by gunicorn (master and workers), by the PostgreSQL backends serving
    the bench database, and by the whole machine, between start() and stop()."""

    server_pid: int
    database: str
    start_server: float = 0.0
    start_database: float = 0.0
    start_machine: float = 0.0
    database_pids: set[int] = field(default_factory=set)

    def _server(self) -> float:
        pids = [pid for pid, ppid, _ in _processes() if ppid == self.server_pid]
        return sum(_process_cpu(pid) for pid in [self.server_pid, *pids])

    def _database(self) -> float:
        marker = f" {self.database} "
        self.database_pids |= {
            pid for pid, _, cmd in _processes() if cmd.startswith("postgres:") and marker in cmd
        }
        return sum(_process_cpu(pid) for pid in self.database_pids)

    def start(self) -> None:
        self.start_server = self._server()
        self.start_database = self._database()
        self.start_machine = _machine_busy()

    def stop(self) -> dict[str, float]:
        return {
            "server": self._server() - self.start_server,
            "database": self._database() - self.start_database,
            "machine": _machine_busy() - self.start_machine,
        }


def run_clients(
    port: int, tokens: list[str], game_ids: list[str], args: argparse.Namespace, meter: CpuMeter
) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(args.clients)
    results = context.Queue()
    shares = [game_ids[n :: args.clients] for n in range(args.clients)]
    processes = [
        context.Process(
            target=run_client,
            args=(
                n,
                port,
                tokens,
                shares[n],
                args.game,
                args.seconds,
                args.max_moves,
                barrier,
                results,
            ),
        )
        for n in range(args.clients)
    ]
    meter.start()
    for process in processes:
        process.start()
    collected: dict[int, ClientResult] = {}
    deadline = time.monotonic() + args.seconds + 180
    while len(collected) < len(processes) and time.monotonic() < deadline:
        try:
            number, result = results.get(timeout=5)
            collected[number] = result
        except Exception:  # noqa: BLE001 - queue.Empty: check the processes are alive
            if all(p.exitcode is not None for p in processes) and results.empty():
                break
    cpu = meter.stop()
    for process in processes:
        process.join(timeout=10)
        if process.is_alive():
            process.kill()
    all_results = list(collected.values())
    cpu["clients"] = sum(r.cpu_seconds for r in all_results)
    wall = max((r.seconds for r in all_results), default=0.0)
    moves = sum(r.moves for r in all_results)
    return {
        "clients": args.clients,
        "reported": len(all_results),
        "seconds": wall,
        "moves": moves,
        "moves_per_second": moves / wall if wall else 0.0,
        "requests": sum(r.requests for r in all_results),
        "conflicts": sum(r.conflicts for r in all_results),
        "games_finished": sum(r.games_finished for r in all_results),
        "errors": [e for r in all_results for e in r.errors],
        "post": percentiles([x for r in all_results for x in r.post_latencies]),
        "move": percentiles([x for r in all_results for x in r.move_latencies]),
        "cpu_seconds": cpu,
    }


def report(figures: dict[str, Any], args: argparse.Namespace) -> None:
    def ms(values: dict[str, float]) -> str:
        return "  ".join(f"{k} {v * 1000:7.1f} ms" for k, v in values.items())

    print(
        f"api_bench: {args.game}, {args.clients} clients, {args.games} games, gunicorn "
        f"{args.workers} worker(s) x {args.threads} thread(s), {os.cpu_count()} CPUs, "
        f"database health checks {'off' if args.no_health_checks else 'on'}"
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
            f"gunicorn {cpu['server'] / moves * 1000:.1f} ms, "
            f"PostgreSQL {cpu['database'] / moves * 1000:.1f} ms, "
            f"clients {cpu['clients'] / moves * 1000:.1f} ms; the machine was busy "
            f"{cpu['machine'] / max(figures['seconds'], 1e-9):.2f} of {os.cpu_count()} CPUs "
            f"({others / max(figures['seconds'], 1e-9):.2f} of them with other processes)"
        )
    for error in figures["errors"][:5]:
        print(f"  error: {error}")
    if figures["reported"] < figures["clients"]:
        print(f"  only {figures['reported']} of {figures['clients']} clients reported")


def profile_moves(
    env: dict[str, str],
    tokens: list[str],
    game_type: str,
    moves: int,
    sort: Sequence[str] = ("cumulative",),
    lines: int = 40,
) -> None:
    """Play ``moves`` moves in-process under cProfile (Django's test client)."""
    code = f"""
import cProfile, io, json, pstats, random, time, uuid
import django
django.setup()
from django.test import Client
seats = [Client(HTTP_AUTHORIZATION=f"Token {{token}}", SERVER_NAME="127.0.0.1")
         for token in {tokens!r}]
players, options = {GAME_OPTIONS[game_type]!r}
answer = seats[0].post("/api/games/casual", {{"game": {game_type!r}, "players": players,
                       "options": options, "seat": 0}}, content_type="application/json").json()
game = answer["game"]
for invitation in answer["invitations"]:
    seats[invitation["seat"]].post(f"/api/games/join/{{invitation['token']}}")
rng = random.Random(1)
pending = []
def play(n):
    seat, timings = 0, {{"legal": 0.0, "post": 0.0, "view": 0.0}}
    for _ in range(n):
        t = time.perf_counter()
        legal = pending.pop() if pending else seats[seat].get(
            f"/api/games/{{game['id']}}/legal?seat={{seat}}").json()
        timings["legal"] += time.perf_counter() - t
        if legal["count"] == 0:
            t = time.perf_counter()
            to_act = seats[0].get(f"/api/games/{{game['id']}}/view").json()["to_act"]
            timings["view"] += time.perf_counter() - t
            seat = to_act[0] if isinstance(to_act, list) else to_act
            legal = seats[seat].get(f"/api/games/{{game['id']}}/legal?seat={{seat}}").json()
        body = {{"event_id": str(uuid.uuid4()), "expected_version": legal["version"],
                "event": rng.choice(legal["legal"])}}
        t = time.perf_counter()
        answer = seats[seat].post(f"/api/games/{{game['id']}}/events", body,
                                  content_type="application/json")
        timings["post"] += time.perf_counter() - t
        assert answer.status_code == 201, answer.content
        seat = (seat + 1) % players
        following = answer.json()["next"]
        if following["legal"]:
            seat = following["legal"][0]["seat"]
            pending.append({{**following["legal"][0], "version": following["version"]}})
    return timings
play(20)  # warm up
from django.db import connection
from django.test.utils import CaptureQueriesContext
with CaptureQueriesContext(connection) as queries:
    play(10)
print(f"SQL queries per move (POST + any GET it needed), over 10 moves: "
      f"{{len(queries) / 10:.1f}}")
for query in queries.captured_queries[:14]:
    print("   ", query["sql"][:150])
profiler = cProfile.Profile()
start = time.perf_counter()
timings = profiler.runcall(play, {moves})
elapsed = time.perf_counter() - start
print(f"in-process, one thread, no HTTP: {moves} moves in {{elapsed:.2f}} s = "
      f"{{{moves} / elapsed:.0f}} moves/s (profiled); per move: " + ", ".join(
      f"{{k}} {{v / {moves} * 1000:.2f}} ms" for k, v in timings.items()))
out = io.StringIO()
pstats.Stats(profiler, stream=out).sort_stats(*{sort!r}).print_stats({lines})
print(out.getvalue())
"""
    env = dict(env, DJANGO_SETTINGS_MODULE="tavolo.settings")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, timeout=600)


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
    env = server_env(database_url, secret_key, health_checks=not args.no_health_checks)
    if args.settings:
        env["DJANGO_SETTINGS_MODULE"] = args.settings

    print(f"api_bench: setting up {args.database} (drop, create, migrate) …", flush=True)
    recreate_database(database_url)
    server: Server | None = None
    figures: dict[str, Any] = {}
    try:
        manage(env, "migrate", "--noinput", "-v", "0")
        create_users(env, password)
        server = start_server(env, args.workers, args.threads)
        tokens = get_tokens(server.port, password)
        setup_seats = [Client(server.port, token) for token in tokens]
        game_ids = [create_game(setup_seats, args.game) for _ in range(args.games)]
        print(
            f"api_bench: gunicorn on {HOST}:{server.port}; {len(game_ids)} games; running …",
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
