"""The database blinks, the site does not fail (issue 15). Needs PostgreSQL.

A real gunicorn (started as the HTTP benchmark starts it) serves the session's committed
test database; its kept connections are cut with ``pg_terminate_backend``, as a
PostgreSQL restart or a failover would cut them; the next requests must all answer.
With ``TAVOLO_DB_HEALTH_CHECKS=0`` (the old setting) the first one fails with a 500:
that run shows the test can tell.
"""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from benchmarks import api_bench

pytestmark = pytest.mark.postgres

REQUESTS_AFTER = 40
PAGE = "/clubs/"  # a public page that reads the database (no try/except of its own)


@pytest.fixture
def blink_database(postgres_server: str, _committed_database: str) -> str:
    """The session's committed database (migrated once; this test writes nothing)."""
    return urlunsplit(urlsplit(postgres_server)._replace(path="/" + _committed_database))


def cut_connections(database_url: str) -> int:
    """``pg_terminate_backend`` on every connection to the database but this one."""
    name = urlsplit(database_url).path.lstrip("/")
    admin = urlunsplit(urlsplit(database_url)._replace(path="/postgres", scheme="postgresql"))
    with psycopg.connect(admin, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            [name],
        ).fetchall()
    return sum(1 for (done,) in rows if done)


def statuses_across_a_blink(database_url: str, health_checks: bool) -> tuple[int, list[int]]:
    """Serve (1 sync worker: every request on the one kept connection), warm up, cut
    the server's connections, then GET the page REQUESTS_AFTER times."""
    env = api_bench.server_env(database_url, secrets.token_urlsafe(50), health_checks)
    server = api_bench.start_server(env, workers=1, threads=1)
    try:
        client = api_bench.Client(server.port)
        for _ in range(3):
            assert client.request("GET", PAGE)[0] == 200
        cut = cut_connections(database_url)
        return cut, [client.request("GET", PAGE)[0] for _ in range(REQUESTS_AFTER)]
    finally:
        server.stop()
        server.log.unlink(missing_ok=True)


# Slow (~10 s in CI): starts gunicorn twice (and the session's committed database
# is migrated once, if no test did it before).
def test_no_request_fails_when_the_servers_connections_are_cut(blink_database):
    cut, statuses = statuses_across_a_blink(blink_database, health_checks=True)
    assert cut >= 1, "the server held no connection to cut"
    assert statuses == [200] * REQUESTS_AFTER

    # The control: without the health check the kept, dead connection fails a request.
    cut, statuses = statuses_across_a_blink(blink_database, health_checks=False)
    assert cut >= 1
    assert 500 in statuses[:1] and statuses[1:] == [200] * (REQUESTS_AFTER - 1)
