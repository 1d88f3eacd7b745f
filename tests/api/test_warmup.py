"""The workers' warm-up (deploy/gunicorn.conf.py's ``when_ready``)."""

import gc
import json
import os
import runpy
import subprocess
import sys
from pathlib import Path

from django.db import connection

from tavolo import celery_app, warmup
from tavolo.wsgi import application

ROOT = Path(__file__).resolve().parents[2]


def test_warm_up_sends_each_request_through_the_stack_and_leaves_no_connection(
    committed_postgres,
):
    """Closing the connections needs no per-test transaction around it: committed_postgres."""
    answered = []  # through tavolo.wsgi's application, which gunicorn warms

    def recording(environ, start_response):
        def start(status, headers, exc_info=None):
            query = environ["QUERY_STRING"]
            path = environ["PATH_INFO"] + (f"?{query}" if query else "")
            answered.append((environ["REQUEST_METHOD"], path, status))
            return start_response(status, headers, exc_info)

        return application(environ, start)

    celery_app._pool = None  # (an earlier test of this process may have sent a task)
    warmup.warm_up(recording)
    # gunicorn forks its workers from this process: a pool of broker connections made
    # here would be shared by all of them (Celery forgets its pools only after
    # multiprocessing's forks), so the warm-up loads classes and connects to nothing.
    assert celery_app._pool is None
    assert [(method, path) for method, path, _ in answered] == list(warmup.WARM_PATHS)
    assert answered[-1][2].startswith("404")  # a seat's legal actions: the game was read
    statuses = [status for _, _, status in answered]
    assert statuses[0].startswith("200"), statuses  # the health check reached the database
    assert not any(status.startswith("5") for status in statuses), statuses
    assert connection.connection is None  # closed: a forked worker opens its own


def test_the_production_config_preloads_and_warms():
    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    assert config["preload_app"] is True
    assert config["worker_class"] == "gthread"
    assert callable(config["when_ready"])


def test_the_master_freezes_what_it_made_before_the_workers_fork(monkeypatch):
    """After the warm-up the objects made so far leave the collector's generations."""
    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    monkeypatch.setattr(warmup, "warm_up", lambda application: None)
    gc.unfreeze()
    try:
        config["when_ready"](None)
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()


TASK_SENDING_PROBE = """
import json, sys
import django
django.setup()
from celery.app.backends import BACKEND_ALIASES
from django.conf import settings
from kombu.transport import TRANSPORT_ALIASES
from tavolo.celery import app
from tavolo.warmup import _import_task_sending
modules = {  # named, not imported: the aliases are "module:Class" strings
    TRANSPORT_ALIASES["redis"].split(":")[0],
    BACKEND_ALIASES["redis"].split(":")[0],
    settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[0],
}
loaded_before = sorted(m for m in modules if m in sys.modules)
_import_task_sending()
print(json.dumps({
    "finalized": app.finalized,
    "loaded_before": loaded_before,
    "missing_after": sorted(m for m in modules if m not in sys.modules),
}))
"""


def test_the_warm_up_imports_what_the_first_task_sent_would(redis_url):
    """In a fresh process with the site's Redis (a subprocess: this one imported them
    long ago): the broker's transport, the result backend and the cache backend are
    loaded and the Celery app finalized, so a worker's first game to end does not."""
    env = dict(os.environ, REDIS_URL=redis_url, DJANGO_SETTINGS_MODULE="tavolo.settings")
    env.setdefault("TAVOLO_DEBUG", "1")
    done = subprocess.run(
        [sys.executable, "-c", TASK_SENDING_PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["finalized"] is True
    assert found["loaded_before"] == []  # so the call loaded them
    assert found["missing_after"] == []
