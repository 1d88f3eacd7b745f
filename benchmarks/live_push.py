"""How long a move takes to reach another seat's page by push (websockets).

    python -m benchmarks.live_push [--events 20] [--servers 2] [--layer pubsub|core]

Like :mod:`benchmarks.live_latency` (same set-up: a fresh SQLite file, a started
whist game, moves posted through the seat pages' forms at random moments), but the
server is daphne serving the ASGI app, and the observer is a websocket, as a page
with static/js/live.js: it waits for the push, then fetches the seat's board.

- ``--servers 2`` (the default): two daphne processes on two ports, sharing the
  database and the Redis channel layer: moves are posted to server A, the observer is
  connected to server B. Needs Redis (``REDIS_URL``, default
  ``redis://127.0.0.1:6379/0``).
- ``--servers 1``: one daphne; with ``--layer memory`` no Redis at all (the
  in-memory layer of development).
- ``--poster gunicorn`` (with two servers): server A is gunicorn (WSGI, no event
  loop), as the web processes of deploy/ are; B stays daphne.

For each move: latency = when the observer had the new board − when the actor
started posting the move; also when the push itself arrived. Prints p50 / p90 / max
and their ratio to the anchor measured in the same run (posting a move plus one
board fetch, each alone: the floor of a move reaching another page) and to 100 ms
(the target). Then the publishing cost in this process:
``announce_game()`` (the call a move makes after its commit) and until the message
is handed to Redis. Loopback only; every wait is bounded; the servers are stopped.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from benchmarks.live_latency import (
    REQUEST_TIMEOUT,
    VERSION_RE,
    configure,
    free_port,
    get,
    ms,
    percentile,
    play_moves,
    set_up_game,
    start_server,
    stop_server,
    wait_until_up,
)
from benchmarks.ws_client import Closed, WebSocket

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.100
"""The issue's target for the p50 latency (seconds)."""
LAYERS = {
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "core": "channels_redis.core.RedisChannelLayer",
    "memory": "",
}


@dataclass
class PushObserver:
    """A seat's page on server ``port``: waits for pushes, fetches the board on each."""

    port: int
    game: str
    session: str
    version: int
    pushed: list[tuple[float, int]] = field(default_factory=list)
    seen: list[tuple[float, int]] = field(default_factory=list)
    error: str = ""

    def run(self, ready: threading.Event, stop: threading.Event) -> None:
        try:
            socket = WebSocket(
                "127.0.0.1",
                self.port,
                f"/ws/games/{self.game}/",
                f"sessionid={self.session}",
                timeout=REQUEST_TIMEOUT,
            )
        except (OSError, Closed) as error:
            self.error = f"could not connect: {error}"
            ready.set()
            return
        try:
            socket.receive_json()  # the greeting: the version now
            ready.set()
            socket.sock.settimeout(0.5)
            while not stop.is_set():
                try:
                    message = socket.receive_json()
                except TimeoutError:
                    continue
                now = time.perf_counter()
                self.pushed.append((now, int(message["version"])))
                if message["version"] > self.version:
                    self._fetch()
        except (OSError, Closed) as error:
            if not stop.is_set():
                self.error = str(error)
        finally:
            ready.set()
            socket.close()

    def _fetch(self) -> None:
        base = f"http://127.0.0.1:{self.port}"
        query = urlencode({"v": self.version, "s": "active"})
        status, body = get(f"{base}/games/{self.game}/seat/0/board?{query}", self.session)
        match = VERSION_RE.search(body) if status == 200 else None
        if match:
            self.version = int(match.group(1))
            self.seen.append((time.perf_counter(), self.version))

    def first(self, events: list[tuple[float, int]], version: int) -> float | None:
        return next((t for t, v in events if v >= version), None)


def start_daphne(port: int, env: dict[str, str], log: Path) -> Any:
    import subprocess

    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    command += ["--verbosity", "0", "tavolo.asgi:application"]
    with log.open("wb") as out:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def publishing_cost(game_id: Any, rounds: int = 200) -> tuple[list[float], list[float]]:
    """The cost of ``announce_game`` in this process: the call, and until sent."""
    from tournaments.services import live

    first = live.announce_game(game_id)
    if first is None:
        raise SystemExit("announce_game() could not publish (no channel layer?)")
    first.result(timeout=REQUEST_TIMEOUT)  # the first opens the connection
    calls, sent = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        future = live.announce_game(game_id)
        calls.append(time.perf_counter() - started)
        if future is None:
            raise SystemExit("announce_game() could not publish")
        future.result(timeout=REQUEST_TIMEOUT)
        sent.append(time.perf_counter() - started)
    return calls, sent


def board_fetches(port: int, game: str, session: str, rounds: int = 20) -> list[float]:
    """Round trips of the seat's board on server ``port`` alone (a full render each):
    what a page does after a push, without the push."""
    query = urlencode({"v": 0, "s": "active"})
    took = []
    for _ in range(rounds):
        started = time.perf_counter()
        get(f"http://127.0.0.1:{port}/games/{game}/seat/0/board?{query}", session)
        took.append(time.perf_counter() - started)
    return took


def report(label: str, values: list[float], moves: int, anchor: float) -> None:
    if not values:
        print(f"{label:<28} nothing seen")
        return
    p50 = statistics.median(values)
    print(
        f"{label:<28} p50 {ms(p50):>7}  p90 {ms(percentile(values, 0.9)):>7}  "
        f"max {ms(max(values)):>7}  {len(values)}/{moves}  "
        f"p50/anchor = {p50 / anchor:.2f}  p50/100 ms = {p50 / TARGET:.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=20, help="moves to time (default 20)")
    parser.add_argument("--servers", type=int, choices=[1, 2], default=2)
    parser.add_argument("--layer", choices=sorted(LAYERS), default="pubsub")
    parser.add_argument("--poster", choices=["daphne", "gunicorn"], default="daphne")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 1 <= args.events <= 500:
        parser.error("--events must be 1..500")
    if args.layer == "memory" and args.servers == 2:
        parser.error("two servers need Redis: --layer pubsub or core")
    redis_url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"

    workdir = Path(tempfile.mkdtemp(prefix="tavolo-push-"))
    env = configure(f"sqlite:///{workdir / 'db.sqlite3'}")
    if args.layer != "memory":
        env.update(REDIS_URL=redis_url, TAVOLO_CHANNEL_LAYER=LAYERS[args.layer])
        os.environ.update(REDIS_URL=redis_url, TAVOLO_CHANNEL_LAYER=LAYERS[args.layer])
    servers: list[Any] = []
    try:
        game, sessions = set_up_game()
        ports = [free_port() for _ in range(args.servers)]
        for n, port in enumerate(ports):
            log = workdir / f"server{n}.log"
            if n == 0 and args.servers == 2 and args.poster == "gunicorn":
                servers.append(start_server("gunicorn", port, env, log))
            else:
                servers.append(start_daphne(port, env, log))
        for port, server in zip(ports, servers, strict=True):
            wait_until_up(f"http://127.0.0.1:{port}", server)
        observer = PushObserver(ports[-1], str(game.pk), sessions["seat0"], game.version)
        ready, stop = threading.Event(), threading.Event()
        thread = threading.Thread(target=observer.run, args=(ready, stop), daemon=True)
        thread.start()
        ready.wait(REQUEST_TIMEOUT)
        if observer.error:
            raise SystemExit(observer.error)
        base = f"http://127.0.0.1:{ports[0]}"
        moves = play_moves(base, game, sessions, args.events, random.Random(args.seed))
        settle = time.perf_counter() + 5
        while time.perf_counter() < settle and observer.first(observer.seen, moves[-1][1]) is None:
            time.sleep(0.02)
        stop.set()
        thread.join(timeout=REQUEST_TIMEOUT)
        fetches = board_fetches(ports[-1], str(game.pk), sessions["seat0"])
        calls, sent = publishing_cost(game.pk)
    finally:
        for server in servers:
            stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)

    where = (
        f"posted on server A ({args.poster}), watched on server B (daphne)"
        if args.servers == 2
        else "one server (daphne)"
    )
    print(
        f"live push: {len(moves)} whist moves, {where} ({args.layer} channel layer, "
        f"SQLite, loopback, Python {sys.version.split()[0]}, load {os.getloadavg()[0]:.2f})"
    )
    posts = [took for _, _, took in moves]
    # The anchor, measured in this run: posting a move plus fetching a board, each alone
    # (p50s): what a move reaching another page costs with nothing in between. Its ratio
    # is what the push itself adds on top, whatever the machine's speed.
    anchor = statistics.median(posts) + statistics.median(fetches)
    print(
        f"anchor (post + board fetch): {ms(anchor)} = {ms(statistics.median(posts))} + "
        f"{ms(statistics.median(fetches))} (p50s, n={len(posts)}, {len(fetches)})"
    )
    for label, events in (("push received", observer.pushed), ("board received", observer.seen)):
        latencies = [
            at - started
            for started, version, _ in moves
            if (at := observer.first(events, version)) is not None
        ]
        report(label, latencies, len(moves), anchor)
    print(
        f"announce_game() call:        p50 {ms(statistics.median(calls))}, "
        f"until sent p50 {ms(statistics.median(sent))}, n={len(calls)}"
    )
    if observer.error:
        print(f"observer: {observer.error}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
