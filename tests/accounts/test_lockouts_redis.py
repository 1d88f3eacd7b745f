"""The lockout counts hold across processes (issue 15): failures recorded by one
process (another gunicorn worker) lock the address in this one, through PostgreSQL
(issue 34: no longer Redis). Needs PostgreSQL (DATABASE_URL); required in CI."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

from django.db import connection
from django.test import RequestFactory

from tests.support.celery_workers import database_url_for
from tournaments.services import lockouts

LIMIT = 3

FAIL_FROM_ANOTHER_PROCESS = """
import django
django.setup()
from django.test import RequestFactory
from tournaments.services import lockouts
request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="IP")
for _ in range(LIMIT):
    lockouts.failed(request, "USER")
print("done")
"""


def test_failures_in_another_process_lock_the_address_here(
    committed_postgres: None, settings: Any
) -> None:
    """Starts one Python process (a few seconds). The account-wide limit is the
    failure limit here, so that one address's failures lock the account too."""
    settings.AXES_FAILURE_LIMIT = LIMIT
    settings.TAVOLO_ACCOUNT_FAILURES = LIMIT
    ip, user = f"10.250.{os.getpid() % 250}.7", f"redis-{os.getpid()}"
    here = RequestFactory().get("/", REMOTE_ADDR=ip)
    assert not lockouts.is_locked(here, user)
    code = (
        FAIL_FROM_ANOTHER_PROCESS.replace("IP", ip)
        .replace("USER", user)
        .replace("LIMIT", str(LIMIT))
    )
    env = dict(
        os.environ,
        DATABASE_URL=database_url_for(connection.settings_dict["NAME"]),
        TAVOLO_LOGIN_FAILURES=str(LIMIT),
        TAVOLO_ACCOUNT_FAILURES=str(LIMIT),
    )
    env.setdefault("DJANGO_SETTINGS_MODULE", "tavolo.settings")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and "done" in done.stdout, done.stderr
    assert lockouts.is_locked(here, user)  # the address …
    assert lockouts.is_locked(
        RequestFactory().get("/", REMOTE_ADDR="10.251.0.1"), user
    )  # … and the account
    lockouts.forgive(user)
    assert not lockouts.is_locked(RequestFactory().get("/", REMOTE_ADDR="10.251.0.1"), user)
