"""tavolo/settings.py under different environments, each in a fresh interpreter."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, django
from django.conf import settings
django.setup()
from tavolo import celery_app
db = settings.DATABASES["default"]
print(json.dumps({
    "debug": settings.DEBUG,
    "db_engine": db["ENGINE"],
    "db_name": str(db["NAME"]),
    "db_host": db.get("HOST", ""),
    "db_options": db.get("OPTIONS", {}),
    "eager": settings.CELERY_TASK_ALWAYS_EAGER,
    "eager_propagates": settings.CELERY_TASK_EAGER_PROPAGATES,
    "broker": settings.CELERY_BROKER_URL,
    "result_backend": settings.CELERY_RESULT_BACKEND,
    "celery_eager": celery_app.conf.task_always_eager,
    "celery_broker": celery_app.conf.broker_url,
    "cache": settings.CACHES["default"]["BACKEND"],
    "cache_location": settings.CACHES["default"].get("LOCATION", ""),
    "allowed_hosts": settings.ALLOWED_HOSTS,
    "session_cookie_secure": settings.SESSION_COOKIE_SECURE,
    "csrf_cookie_secure": settings.CSRF_COOKIE_SECURE,
    "ssl_redirect": settings.SECURE_SSL_REDIRECT,
    "hsts": settings.SECURE_HSTS_SECONDS,
    "secret_key": settings.SECRET_KEY,
}))
"""


def run_python(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run Python with these arguments and only the given TAVOLO/DB/Redis variables."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("TAVOLO_") and k not in {"DATABASE_URL", "REDIS_URL"}
    }
    clean["DJANGO_SETTINGS_MODULE"] = "tavolo.settings"
    clean["PYTHONPATH"] = str(ROOT)
    clean.update(env)
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def probe(**env: str) -> dict:
    proc = run_python("-c", PROBE, **env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_no_environment_means_sqlite_eager_celery_and_local_cache():
    s = probe(TAVOLO_DEBUG="1")
    assert s["debug"] is True
    assert s["db_engine"] == "django.db.backends.sqlite3"
    assert s["db_name"] == str(ROOT / "db.sqlite3")
    assert s["eager"] is True and s["celery_eager"] is True
    assert s["eager_propagates"] is True
    assert s["cache"] == "django.core.cache.backends.locmem.LocMemCache"
    assert s["allowed_hosts"] == ["localhost", "127.0.0.1"]


def test_database_url_switches_to_postgresql():
    s = probe(TAVOLO_DEBUG="1", DATABASE_URL="postgres://postgres@db.example:5433/tavolo")
    assert s["db_engine"] == "django.db.backends.postgresql"
    assert s["db_name"] == "tavolo"
    assert s["db_host"] == "db.example"
    assert s["eager"] is True  # the database alone does not change Celery
    # psycopg binds parameters on the server and prepares what a connection runs often
    assert s["db_options"] == {"server_side_binding": True, "prepare_threshold": 5}


def test_prepared_statements_can_be_turned_off_for_a_pooler():
    url = "postgres://postgres@db.example:5433/tavolo"
    s = probe(TAVOLO_DEBUG="1", DATABASE_URL=url, TAVOLO_DB_PREPARED="0")
    assert s["db_engine"] == "django.db.backends.postgresql"
    assert s["db_options"] == {}  # Django's client-side binding, nothing prepared


def test_a_sqlite_database_url_gets_no_postgresql_options(tmp_path):
    s = probe(TAVOLO_DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3")
    assert s["db_engine"] == "django.db.backends.sqlite3"
    assert s["db_options"] == {}


def test_redis_url_turns_eager_off_and_uses_redis():
    url = "redis://127.0.0.1:6379/3"
    s = probe(TAVOLO_DEBUG="1", REDIS_URL=url)
    assert s["eager"] is False and s["celery_eager"] is False
    assert s["broker"] == url and s["celery_broker"] == url
    assert s["result_backend"] == url
    assert s["cache"] == "django.core.cache.backends.redis.RedisCache"
    assert s["cache_location"] == url
    assert s["db_engine"] == "django.db.backends.sqlite3"


def test_production_without_secret_key_is_refused_with_a_clear_message():
    proc = run_python("-c", "import django; django.setup()")
    assert proc.returncode != 0
    assert "django.core.exceptions.ImproperlyConfigured" in proc.stderr
    assert "TAVOLO_SECRET_KEY is not set" in proc.stderr


@pytest.mark.parametrize("testing", ["1", "true"])
def test_debug_off_never_uses_a_built_in_key_even_when_testing(testing: str) -> None:
    """TAVOLO_TESTING=1 once made DEBUG-off settings fall back to the key written in
    the repository (issue 15); now nothing but TAVOLO_SECRET_KEY gives a key."""
    proc = run_python("-c", "import django; django.setup()", TAVOLO_TESTING=testing)
    assert proc.returncode != 0
    assert "TAVOLO_SECRET_KEY is not set" in proc.stderr


def test_the_test_suite_has_a_random_key_of_its_own_and_passes_it_on() -> None:
    from django.conf import settings

    if settings.DEBUG:
        pytest.skip("TAVOLO_DEBUG=1: the development key is allowed")
    assert "django-insecure" not in settings.SECRET_KEY and len(settings.SECRET_KEY) >= 50
    # The processes the tests start (worker, live server) inherit it.
    assert os.environ["TAVOLO_SECRET_KEY"] == settings.SECRET_KEY


def test_production_with_secret_key():
    s = probe(TAVOLO_SECRET_KEY="k" * 60, TAVOLO_ALLOWED_HOSTS="tavolo.example.org, example.org")
    assert s["debug"] is False
    assert s["secret_key"] == "k" * 60
    assert s["allowed_hosts"] == ["tavolo.example.org", "example.org"]
    # Plain HTTP unless told otherwise: secure cookies would break logging in.
    assert s["session_cookie_secure"] is False
    assert s["csrf_cookie_secure"] is False
    assert s["ssl_redirect"] is False


def test_https_turns_on_secure_cookies_redirect_and_hsts():
    s = probe(TAVOLO_SECRET_KEY="k" * 60, TAVOLO_HTTPS="1")
    assert s["session_cookie_secure"] is True
    assert s["csrf_cookie_secure"] is True
    assert s["ssl_redirect"] is True
    assert s["hsts"] > 0


def test_debug_without_secret_key_uses_the_development_key():
    s = probe(TAVOLO_DEBUG="1")
    assert s["secret_key"].startswith("django-insecure-")


@pytest.mark.parametrize("flag", ["0", "", "no"])
def test_debug_is_off_unless_asked(flag):
    s = probe(TAVOLO_DEBUG=flag, TAVOLO_SECRET_KEY="k" * 60)
    assert s["debug"] is False


def test_production_without_redis_still_counts_lockouts_for_every_worker() -> None:
    """The lock-out counts are in PostgreSQL (issue 34), not in a per-process cache:
    django-axes has nothing to warn about (its W001: counts per process). That every
    worker sees the counts: tests/accounts/test_lockouts_redis.py."""
    proc = run_python("manage.py", "check", "--deploy", TAVOLO_SECRET_KEY="k" * 60)
    assert "axes.W001" not in proc.stdout + proc.stderr


def test_deploy_check_over_https_is_clean():
    """`manage.py check --deploy` finds nothing but the two site-policy HSTS options.

    W005 (HSTS for subdomains) and W021 (HSTS preload) depend on the domain a club
    deploys under, so they are left to the operator. Production has Redis (the
    push and the broker); the check does not connect to it.
    """
    proc = run_python(
        *("manage.py", "check", "--deploy", "--fail-level", "ERROR"),
        TAVOLO_SECRET_KEY="s3cr3t-" * 10,
        TAVOLO_HTTPS="1",
        TAVOLO_ALLOWED_HOSTS="tavolo.example.org",
        REDIS_URL="redis://127.0.0.1:6379/0",
    )
    assert proc.returncode == 0, proc.stderr
    output = proc.stdout + proc.stderr
    reported = set(re.findall(r"\(([\w.]+\.[EW]\d+)\)", output))
    assert reported <= {"security.W005", "security.W021"}, output
