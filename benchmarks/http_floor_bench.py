"""What gunicorn alone costs a request: the floor under the server's CPU per move.

    python -m benchmarks.http_floor_bench [--clients 8] [--seconds 6] [--workers 2]
                                          [--threads 8]

gunicorn serves :mod:`benchmarks.floor_app` (it reads the body and answers a fixed
JSON body of a move's answer's size: no Django, no database) with the production
configuration's worker class, workers and threads (``deploy/gunicorn.conf.py``: 2
gthread workers of 8 threads; ``--threads 1`` is the sync worker, as in ``api_bench``).
``--clients`` processes send, one at a time over a kept-alive HTTP/1.1 connection, the
requests of ``api_bench``'s players: a ``POST`` with a move's JSON body, then a ``GET``
with a query, over and over, with the same headers (token, ``Accept``).

Printed: requests a second, and gunicorn's CPU time (master and workers, from /proc)
per request, beside the **anchor** measured in the same run: the same application
called in this process with a WSGI ``environ`` (no HTTP), per call. The difference is
what the HTTP server itself spends per request (parsing, the thread pool, the
sockets' system calls); ``api_bench`` makes about two requests per move, so twice this
floor is what any move path costs under this server before it does anything.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.api_server import HOST, Server, free_port, gunicorn_executable, launch
from benchmarks.cpu_meter import CpuMeter
from benchmarks.http_client import Client, wsgi_environ

MOVE = json.dumps(
    {
        "event": {"type": "play", "seat": 1, "card": "QH"},
        "event_id": "5f0e9f5e-8f3c-4b8e-9a57-1d7a3c2b9e10",
        "expected_version": 41,
    }
).encode()
PATH = "/api/games/5f0e9f5e-8f3c-4b8e-9a57-1d7a3c2b9e10"


def start(workers: int, threads: int) -> Server:
    port = free_port()
    command = [gunicorn_executable(), "benchmarks.floor_app", "--backlog", "256"]
    command += ["--workers", str(workers), "--threads", str(threads)]
    command += ["--worker-class", "gthread" if threads > 1 else "sync"]
    command += ["--bind", f"{HOST}:{port}", "--log-level", "warning"]
    return launch(command, port, None, "gunicorn", "/")


def client(port: int, seconds: float, barrier: Any, results: Any) -> None:
    seat = Client(port, token="0123456789abcdef0123456789abcdef01234567")
    post_headers = dict(seat.headers, **{"Content-Type": "application/json"})
    barrier.wait()
    count, deadline = 0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        seat.conn.request("POST", f"{PATH}/events", body=MOVE, headers=post_headers)
        seat.conn.getresponse().read()
        seat.conn.request("GET", f"{PATH}/legal?seat=2", headers=seat.headers)
        seat.conn.getresponse().read()
        count += 2
    results.put(count)


def over_http(port: int, server_pid: int, clients: int, seconds: float) -> tuple[int, float]:
    """(requests answered, gunicorn's CPU seconds) while ``clients`` send for ``seconds``."""
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(clients), context.Queue()
    processes = [
        context.Process(target=client, args=(port, seconds, barrier, results))
        for _ in range(clients)
    ]
    meter = CpuMeter(server_pid, database="(none)")
    meter.start()
    for process in processes:
        process.start()
    answered = sum(results.get(timeout=seconds + 60) for _ in processes)
    cpu = meter.stop()["server"]
    for process in processes:
        process.join(timeout=10)
    return answered, cpu


def in_process(calls: int) -> float:
    """CPU seconds per call of the floor application without HTTP (the anchor)."""
    from benchmarks.floor_app import application

    def start_response(status: str, headers: list[tuple[str, str]]) -> None:
        pass

    token = "0123456789abcdef0123456789abcdef01234567"
    started = time.process_time()
    for _ in range(calls // 2):
        post = wsgi_environ("POST", f"{PATH}/events", token, MOVE)
        post["CONTENT_LENGTH"] = str(len(MOVE))
        b"".join(application(post, start_response))
        get = wsgi_environ("GET", f"{PATH}/legal?seat=2", token, None)
        b"".join(application(get, start_response))
    return (time.process_time() - started) / calls


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.http_floor_bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--clients", type=int, default=8, help="client processes (default 8)")
    parser.add_argument("--seconds", type=float, default=6.0, help="run time (default 6)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument(
        "--threads", type=int, default=8, help="threads per worker, gthread if > 1 (default 8)"
    )
    args = parser.parse_args(argv)
    if min(args.clients, args.workers, args.threads) < 1 or args.seconds <= 0:
        parser.error("--clients, --seconds, --workers and --threads must be positive")
    load = os.getloadavg()[0]
    anchor = in_process(20_000)
    server = start(args.workers, args.threads)
    try:
        answered, cpu = over_http(server.port, server.process.pid, args.clients, args.seconds)
    finally:
        server.stop()
    per_request = cpu / max(answered, 1)
    kind = f"gthread {args.workers}x{args.threads}" if args.threads > 1 else "sync"
    print(
        f"http_floor_bench: gunicorn {kind}, {args.clients} clients, {args.seconds:g} s; "
        f"load {load:.1f} before, {os.getloadavg()[0]:.1f} after ({os.cpu_count()} CPUs)"
    )
    print(
        f"answered {answered} requests = {answered / args.seconds:.0f}/s; gunicorn CPU per "
        f"request {per_request * 1000:.3f} ms; the same application in-process "
        f"{anchor * 1000:.4f} ms a call (anchor): {per_request / anchor:.0f}x"
    )
    print(
        f"the floor for two requests a move: {2 * per_request * 1000:.2f} ms of server CPU "
        "before the site does anything (issue 17's aim for the whole move: 1.5 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
