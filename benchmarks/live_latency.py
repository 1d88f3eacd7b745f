"""How long a move takes to reach another seat's page.

    python -m benchmarks.live_latency [--events 20] [--intervals 1,0.25] [--server gunicorn]

Starts a real server on loopback (gunicorn with 2 sync workers, or ``manage.py
runserver --noreload``) over a fresh SQLite database in a temporary directory
(``DATABASE_URL=sqlite:////tmp/…``, migrated first), and sets up a partnership whist
game. Then, at once:

- an **observer** per polling interval (default 1 s, as the pages poll, and 250 ms)
  logged in as seat 0 asks ``/games/<id>/seat/0/board?v=<version>`` on a fixed
  schedule, exactly as the page's ``hx-trigger="every 1s"`` does: 204 while nothing
  changed, the re-rendered board (with its new ``data-version``) otherwise;
- an **actor** plays ``--events`` moves through the seat pages' own forms, each as the
  player of the seat to act (a seat is played only by its own player): it loads the
  page of the seat to act,
  picks a playable card and posts the form (event id + version) as htmx does, at
  random moments, so the moves fall at random points of the polling cycle.

For each move, latency = when the observer first received a board at or past the
move's version − when the actor started posting it. Prints p50 / p90 / max per
interval, and what the polls themselves cost (204 and 200 round trips). Loopback
only; every loop is bounded; the server is stopped at the end.

The pages are pushed to over a websocket now and poll only while it is down:
:mod:`benchmarks.live_push` measures that path (one or two daphne processes, the
observer a websocket) with this module's set-up and actor.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
QUIET_WAIT = 10.0
"""Seconds at most to wait, after the last move is seen, for each observer's quiet poll."""
START_TIMEOUT = 30.0
REQUEST_TIMEOUT = 10.0
CSRF_TOKEN = "benchmarkcsrftoken0123456789abcd"  # 32 characters, as Django's cookie holds
VERSION_RE = re.compile(r'data-version="(\d+)"')


@dataclass
class Observer:
    """Polls a board on a fixed schedule; remembers when each version was first seen."""

    base: str
    path: str
    session: str
    interval: float
    seen: list[tuple[float, int]] = field(default_factory=list)
    poll_204: list[float] = field(default_factory=list)
    poll_200: list[float] = field(default_factory=list)
    errors: int = 0

    def run(self, version: int, stop: threading.Event, deadline: float) -> None:
        tick = time.perf_counter()
        while not stop.is_set() and time.perf_counter() < deadline:
            started = time.perf_counter()
            query = urlencode({"v": version, "s": "active"})
            try:
                status, body = get(f"{self.base}{self.path}?{query}", self.session)
            except OSError:
                self.errors += 1
                status, body = 0, ""
            now = time.perf_counter()
            if status == 204:
                self.poll_204.append(now - started)
            elif status == 200:
                self.poll_200.append(now - started)
                match = VERSION_RE.search(body)
                if match:
                    version = int(match.group(1))
                    self.seen.append((now, version))
            else:
                self.errors += 1
            tick += self.interval
            while tick < time.perf_counter():  # a slow answer: skip the missed ticks
                tick += self.interval
            stop.wait(max(0.0, tick - time.perf_counter()))

    def first_seen(self, version: int) -> float | None:
        return next((t for t, v in self.seen if v >= version), None)


def get(url: str, session: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Cookie": f"sessionid={session}"})
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def post(url: str, session: str, form: dict[str, Any]) -> tuple[int, str]:
    data = urlencode(form).encode()
    request = urllib.request.Request(
        url,
        data=data,
        headers={
            "Cookie": f"sessionid={session}; csrftoken={CSRF_TOKEN}",
            "X-CSRFToken": CSRF_TOKEN,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


# ---------------------------------------------------------------------- set-up


def configure(database_url: str) -> dict[str, str]:
    """The environment of this process and of the server: a fresh, self-contained
    production-like configuration (DEBUG off, no Redis: a local-memory cache)."""
    env = dict(os.environ)
    for name in ("REDIS_URL", "TAVOLO_DEBUG", "TAVOLO_HTTPS"):
        env.pop(name, None)
    env.update(
        {
            "DATABASE_URL": database_url,
            "TAVOLO_SECRET_KEY": secrets.token_urlsafe(40),
            "TAVOLO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_SETTINGS_MODULE": "tavolo.settings",
            "TAVOLO_LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT),
        }
    )
    os.environ.clear()
    os.environ.update(env)
    return env


def set_up_game() -> tuple[Any, dict[str, str]]:
    """Migrate, then create a started whist game: an organiser (not seated) and four
    players. Returns the game and a session key per user."""
    import django

    django.setup()
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from django.db import connection

    from tournaments.models import Player
    from tournaments.services.games import create_game, start_game
    from tournaments.services.seats import seat_by_authority

    call_command("migrate", verbosity=0)
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:  # readers do not block the writer
            cursor.execute("PRAGMA journal_mode=WAL")
    users = get_user_model().objects
    tag = uuid.uuid4().hex[:8]
    organiser = users.create_user(f"organiser-{tag}")
    game = create_game(game_type="whist", players=4, created_by=organiser)
    sessions: dict[str, str] = {}
    for seat in range(4):
        user = users.create_user(f"seat{seat}-{tag}")
        seat_by_authority(game, seat, Player.objects.create(name=f"Player {seat}", user=user))
        sessions[f"seat{seat}"] = _session(
            user, SessionStore, SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
        )
    start_game(game.pk)
    game.refresh_from_db()
    return game, sessions


def _session(user: Any, store: Any, key: str, backend: str, hash_key: str) -> str:
    session = store()
    session[key] = str(user.pk)
    session[backend] = "django.contrib.auth.backends.ModelBackend"
    session[hash_key] = user.get_session_auth_hash()
    session.save()
    return str(session.session_key)


def start_server(kind: str, port: int, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    if kind == "gunicorn":
        command = [
            sys.executable, "-m", "gunicorn", "tavolo.wsgi:application",
            "--bind", f"127.0.0.1:{port}", "--workers", "2", "--log-level", "warning",
        ]  # fmt: skip
    else:
        command = [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    with log.open("wb") as out:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def wait_until_up(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with status {server.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not answer within {START_TIMEOUT:.0f} s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


# ---------------------------------------------------------------------- the run


def play_moves(
    base: str, game: Any, sessions: dict[str, str], events: int, rng: random.Random
) -> list[tuple[float, int, float]]:
    """Play ``events`` moves through the seat pages; return, per move, when its post
    started, the version it produced and how long the post took."""
    from tournaments.models import Game
    from tournaments.services.games import seat_view

    moves = []
    card_re = re.compile(r'<button type="submit" name="card" value="(\w\w)"([^>]*)>')
    for _ in range(events):
        time.sleep(rng.uniform(0.3, 1.3))
        current = Game.objects.get(pk=game.pk)
        seat = seat_view(current, None)["to_act"]
        status, page = get(f"{base}/games/{game.pk}/seat/{seat}/", sessions[f"seat{seat}"])
        if status != 200:
            raise SystemExit(f"seat page answered {status}")
        playable = [code for code, rest in card_re.findall(page) if " disabled" not in rest]
        event_id = re.search(r'name="event_id" value="([0-9a-f-]+)"', page)
        version = re.search(r'name="version" value="(\d+)"', page)
        if not playable or event_id is None or version is None:
            raise SystemExit("the seat page offered no card to play")
        form = {
            "action": "play",
            "card": rng.choice(playable),
            "event_id": event_id.group(1),
            "version": version.group(1),
        }
        started = time.perf_counter()
        status, board = post(
            f"{base}/games/{game.pk}/seat/{seat}/act", sessions[f"seat{seat}"], form
        )
        took = time.perf_counter() - started
        match = VERSION_RE.search(board)
        if status != 200 or match is None:
            raise SystemExit(f"the move was refused ({status}): {board[:300]}")
        moves.append((started, int(match.group(1)), took))
    return moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=20, help="moves to time (default 20)")
    parser.add_argument(
        "--intervals", default="1,0.25", help="polling intervals in seconds (default 1,0.25)"
    )
    parser.add_argument("--server", choices=["gunicorn", "runserver"], default="gunicorn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    intervals = [float(x) for x in args.intervals.split(",") if x.strip()]
    if not 1 <= args.events <= 500 or not intervals or min(intervals) <= 0:
        parser.error("--events must be 1..500 and intervals positive")

    workdir = Path(tempfile.mkdtemp(prefix="tavolo-live-"))
    env = configure(f"sqlite:///{workdir / 'db.sqlite3'}")
    server = None
    try:
        game, sessions = set_up_game()
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(args.server, port, env, workdir / "server.log")
        wait_until_up(base, server)

        stop = threading.Event()
        deadline = time.perf_counter() + args.events * 2.0 + 60
        observers = [
            Observer(base, f"/games/{game.pk}/seat/0/board", sessions["seat0"], interval)
            for interval in intervals
        ]
        threads = [
            threading.Thread(target=o.run, args=(game.version, stop, deadline), daemon=True)
            for o in observers
        ]
        for thread in threads:
            thread.start()
        moves = play_moves(base, game, sessions, args.events, random.Random(args.seed))
        last_version = moves[-1][1]
        settle = time.perf_counter() + 2 * max(intervals) + 2
        while time.perf_counter() < settle and not all(
            o.first_seen(last_version) is not None for o in observers
        ):
            time.sleep(0.05)
        # Then one more poll each with nothing new, so the 204 answer is always measured
        # too (on a loaded machine every poll during the moves may have seen a change).
        quiet = time.perf_counter() + 2 * max(intervals) + QUIET_WAIT
        before = [len(o.poll_204) for o in observers]
        while time.perf_counter() < quiet and any(
            len(o.poll_204) == n for o, n in zip(observers, before, strict=True)
        ):
            time.sleep(0.05)
        stop.set()
        for thread in threads:
            thread.join(timeout=REQUEST_TIMEOUT + 1)
    finally:
        if server is not None:
            stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)

    workers = "gunicorn, 2 sync workers" if args.server == "gunicorn" else "runserver"
    print(
        f"live updates: {len(moves)} whist moves posted by one seat page, seen by another "
        f"polling its board ({workers}, SQLite, loopback, Python {sys.version.split()[0]})"
    )
    print(f"{'poll every':>12}  {'p50':>8}  {'p90':>8}  {'max':>8}  events seen")
    for observer in observers:
        latencies = [
            seen - started
            for started, version, _ in moves
            if (seen := observer.first_seen(version)) is not None
        ]
        if not latencies:
            print(f"{observer.interval:>10.2f} s  nothing seen ({observer.errors} errors)")
            continue
        print(
            f"{observer.interval:>10.2f} s  {ms(statistics.median(latencies)):>8}  "
            f"{ms(percentile(latencies, 0.9)):>8}  {ms(max(latencies)):>8}  "
            f"{len(latencies)}/{len(moves)}"
            + (f"  ({observer.errors} poll errors)" if observer.errors else "")
        )
    polls_204 = [t for o in observers for t in o.poll_204]
    polls_200 = [t for o in observers for t in o.poll_200]
    posts = [took for _, _, took in moves]
    if polls_204:
        print(
            f"a 204 poll (nothing new): p50 {ms(statistics.median(polls_204))}, n={len(polls_204)}"
        )
    if polls_200:
        print(
            f"a 200 poll (new board):   p50 {ms(statistics.median(polls_200))}, n={len(polls_200)}"
        )
    print(f"posting a move:           p50 {ms(statistics.median(posts))}, n={len(posts)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
