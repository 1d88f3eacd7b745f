"""The raw PostgreSQL ceiling the HTTP benchmark's moves are compared with.

``writers`` processes, each with its own connection to the bench database, insert one
row per commit (autocommit) into a scratch table for ``seconds``; the figure is commits
per second in all. A move needs at least one such commit, so accepted moves/s divided
by this is how close the whole HTTP stack comes to what the database allows (the goal:
≥ 0.6). It grows with the cores and the disk's fsync rate, not with the data.
"""

from __future__ import annotations

import multiprocessing
import time
from typing import Any

TABLE = "bench_ceiling"


def _writer(url: str, seconds: float, barrier: Any, results: Any) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        barrier.wait()
        count, deadline = 0, time.monotonic() + seconds
        while time.monotonic() < deadline:
            conn.execute(f"INSERT INTO {TABLE} (payload) VALUES (%s)", ['{"type": "play"}'])
            count += 1
    results.put(count)


def inserts_per_second(database_url: str, writers: int = 8, seconds: float = 3.0) -> float:
    """Single-row inserts committed per second by ``writers`` concurrent connections."""
    import psycopg

    url = database_url.replace("postgres://", "postgresql://", 1)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP TABLE IF EXISTS {TABLE}")
        conn.execute(f"CREATE TABLE {TABLE} (id bigserial PRIMARY KEY, payload jsonb NOT NULL)")
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(writers), context.Queue()
    processes = [
        context.Process(target=_writer, args=(url, seconds, barrier, results))
        for _ in range(writers)
    ]
    for process in processes:
        process.start()
    total = sum(results.get(timeout=seconds + 60) for _ in processes)
    for process in processes:
        process.join(timeout=10)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP TABLE {TABLE}")
    return total / seconds
