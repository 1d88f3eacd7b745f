"""Shared fixtures: real services (PostgreSQL, Redis) and a real Celery worker.

Tests that need a service ask for it through a fixture. When the service is not
configured or does not answer, the test is skipped, except when
TAVOLO_REQUIRE_SERVICES=1 (as .ci/run sets): then it fails, so CI can never pass
by quietly skipping them.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.test import override_settings
from django.test.client import RequestFactory
from django.utils import timezone, translation

from tavolo import celery_app
from tavolo.caches import forget_all
from tests.support.celery_workers import Worker, database_url_for, running_worker

# Each test run sends its tasks to a queue of its own, so a worker someone else
# started on the same Redis (a developer's, a leftover) can never take them. The
# Celery app reads its configuration lazily: this takes effect before any task is
# sent (the worker fixture checks that it did).
TEST_QUEUE = f"tavolo-test-{uuid.uuid4().hex[:12]}"
celery_app.conf.task_default_queue = TEST_QUEUE


@pytest.fixture(autouse=True)
def _no_cache_left_behind() -> Iterator[None]:
    """Every test starts and ends with this process's in-process caches empty (game
    states, seats, tokens …: :func:`tavolo.caches.forget_all`, the one reset), so no
    test sees what another left. Redis keys are ``tests/support/caches.py``'s."""
    forget_all()
    yield
    forget_all()


@pytest.fixture(autouse=True)
def _no_language_left_behind() -> Iterator[None]:
    """A request activates its language for the whole thread (Django's middleware
    never deactivates it), and a page printed for the room its club's: each test
    starts from the site's default (English, on the site's clock), not the language
    or zone the previous test's last request left."""
    yield
    translation.deactivate()
    timezone.deactivate()


@pytest.fixture(autouse=True, scope="session")
def _an_english_browser() -> Iterator[None]:
    """Django's test client sends no ``Accept-Language``, a real browser always does.
    Without one a club's pages speak the club's language (Italian by default), so the
    test client is made an English browser unless a test says otherwise: it may pass
    its own ``Accept-Language`` header, an empty one to ask for none (tests/i18n)."""
    plain = RequestFactory._base_environ

    def with_language(self: RequestFactory, **request: Any) -> dict[str, Any]:
        environ = plain(self, **request)
        environ.setdefault("HTTP_ACCEPT_LANGUAGE", "en")
        return environ

    RequestFactory._base_environ = with_language  # type: ignore[method-assign]
    yield
    RequestFactory._base_environ = plain  # type: ignore[method-assign]


@pytest.fixture(scope="session", autouse=True)
def fast_passwords() -> Iterator[None]:
    """A cheap password hasher for every test: the tests make users by the hundred, and
    the production hasher is slow on purpose. (The live site of the browser tests and
    the subprocesses keep the real one.) Session-scoped, so once per xdist worker."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session", autouse=True)
def lenient_lockouts() -> Iterator[None]:
    """Failed log-ins are counted per account and per address (every test client is
    127.0.0.1), in the database, which a live-server test commits to: high limits keep
    one test's wrong passwords from locking out the next. The lockout tests
    (tests/accounts/test_lockouts*.py) set their own limits and addresses of their own."""
    with override_settings(
        AXES_FAILURE_LIMIT=10_000, TAVOLO_ACCOUNT_FAILURES=10_000, TAVOLO_ADDRESS_FAILURES=10_000
    ):
        yield


def services_required() -> bool:
    return os.environ.get("TAVOLO_REQUIRE_SERVICES") == "1"


def service_unavailable(reason: str) -> None:
    """Skip the test, or fail it when TAVOLO_REQUIRE_SERVICES=1."""
    if services_required():
        pytest.fail(f"{reason} (TAVOLO_REQUIRE_SERVICES=1, so this is a failure)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def redis_url() -> str:
    """REDIS_URL, checked to answer PING; skip/fail when unset or unreachable."""
    url = settings.REDIS_URL
    if not url:
        service_unavailable("REDIS_URL is not set")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        service_unavailable(f"Redis at {url} does not answer: {exc}")
    return url


def _check_postgres() -> None:
    if not settings.DATABASE_URL:
        service_unavailable("DATABASE_URL is not set")
    if connection.vendor != "postgresql":
        service_unavailable(f"DATABASE_URL is not PostgreSQL (vendor: {connection.vendor})")


@pytest.fixture
def require_postgres(db: None) -> None:
    """The test database is PostgreSQL; skip/fail when DATABASE_URL is not PostgreSQL."""
    _check_postgres()


@pytest.fixture
def postgres_server() -> str:
    """DATABASE_URL, when it is PostgreSQL (skip/fail otherwise), for tests that make
    databases of their own on that server; no database access through Django."""
    _check_postgres()
    return str(settings.DATABASE_URL)


# The database name from the settings, before pytest-django switches to the test database.
CONFIGURED_DATABASE_NAME = settings.DATABASES["default"]["NAME"]


def _on_maintenance_database(*statements: str) -> None:
    """Run ``statements`` in autocommit on the PostgreSQL server's ``postgres`` database."""
    import psycopg

    parts = urlsplit(str(settings.DATABASE_URL))
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)  # type: ignore[arg-type]


@contextlib.contextmanager
def _connected_to(name: str) -> Iterator[None]:
    """Point the default database alias at database ``name`` for a while. The settings
    dict is shared by the connections of every thread, so threads started meanwhile
    connect there too."""
    settings_dict = connection.settings_dict
    previous = settings_dict["NAME"]
    connection.close()
    settings_dict["NAME"] = name
    try:
        yield
    finally:
        connection.close()
        settings_dict["NAME"] = previous


@pytest.fixture(scope="session")
def _committed_database(django_db_blocker: Any) -> Iterator[str]:
    """A PostgreSQL database of their own for the tests whose writes are committed:
    created and migrated once per session, dropped at its end. The event table refuses
    DELETE and TRUNCATE, so what those tests write cannot be flushed; here it can never
    meet the other tests (which may count rows in the test database)."""
    _check_postgres()
    name = f"test_{CONFIGURED_DATABASE_NAME}_committed_{uuid.uuid4().hex[:8]}"
    _on_maintenance_database(f'CREATE DATABASE "{name}"')
    try:
        with _connected_to(name), django_db_blocker.unblock():
            call_command("migrate", verbosity=0, interactive=False)
        yield name
    finally:
        _on_maintenance_database(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def committed_postgres(_committed_database: str, django_db_blocker: Any) -> Iterator[None]:
    """Database access on PostgreSQL *without* the per-test transaction: what the test
    writes is committed and visible to other connections (threads each have their own,
    and must close it when they end).

    Skips/fails like ``require_postgres``. The test runs against a separate database
    shared only by the tests using this fixture (see ``_committed_database``), where
    nothing is ever deleted: make rows with unique names and never rely on counts.
    """
    _check_postgres()
    with _connected_to(_committed_database), django_db_blocker.unblock():
        yield


def _worker_database_url() -> str | None:
    """DATABASE_URL pointing at the test database, so tasks see the tests' data."""
    if not settings.DATABASE_URL or connection.vendor != "postgresql":
        return None
    return database_url_for(connection.settings_dict["NAME"])


@pytest.fixture(scope="session")
def celery_worker_process(redis_url: str, django_db_setup: None) -> Iterator[Worker]:
    """A real ``celery worker`` in its own process, on this run's queue.

    Started once per session; the fixture waits until the worker answers a ping,
    and stops it (warm shutdown, then kill) at the end.
    """
    assert not celery_app.conf.task_always_eager, "REDIS_URL is set, eager mode must be off"
    queue = celery_app.amqp.router.route({}, "scoring.tasks.health")["queue"].name
    assert queue == TEST_QUEUE, f"tasks would go to {queue!r}, not the test queue"
    with running_worker("test", redis_url, _worker_database_url(), queue) as worker:
        yield worker
