"""CI: check that PostgreSQL and Redis answer, and create the database if missing.

Reads DATABASE_URL and REDIS_URL (set by .ci/run). Waits a few seconds for each
service, then fails loudly with a non-zero exit.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

import psycopg
import redis
from psycopg import sql

WAIT_SECONDS = 15.0


def wait_for(name: str, check: Callable[[], object]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        try:
            check()
            return
        except Exception as exc:  # any failure to connect counts
            if time.monotonic() >= deadline:
                sys.exit(f"ci: {name} is not reachable: {exc}")
            time.sleep(1)


def ensure_database(url: str) -> None:
    """Connect to the server's maintenance database and CREATE DATABASE if needed."""
    parts = urlsplit(url)
    dbname = parts.path.lstrip("/")
    if not dbname:
        sys.exit(f"ci: DATABASE_URL has no database name: {url}")
    maintenance = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(maintenance, autocommit=True, connect_timeout=3) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [dbname]).fetchone()
        if not exists:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(dbname)))
            print(f"ci: created database {dbname}")
    with psycopg.connect(url, connect_timeout=3) as conn:
        version = conn.execute("SHOW server_version").fetchone()
    print(f"ci: PostgreSQL {version[0] if version else '?'} at {parts.hostname}:{parts.port}")


def check_redis(url: str) -> None:
    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    client.ping()
    print(f"ci: Redis {client.info('server')['redis_version']} at {url}")


def main() -> None:
    database_url = os.environ.get("DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        sys.exit(f"ci: DATABASE_URL must be a PostgreSQL URL, not {database_url!r}")
    if not redis_url.startswith(("redis://", "rediss://")):
        sys.exit(f"ci: REDIS_URL must be a Redis URL, not {redis_url!r}")
    wait_for("PostgreSQL", lambda: ensure_database(database_url))
    wait_for("Redis", lambda: check_redis(redis_url))


if __name__ == "__main__":
    main()
