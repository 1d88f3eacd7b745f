"""The workers' warm-up (deploy/gunicorn.conf.py's ``when_ready``)."""

import gc
import runpy
from pathlib import Path

from django.db import connection

from tavolo import warmup
from tavolo.lean.handler import LeanHandler

ROOT = Path(__file__).resolve().parents[2]


def test_warm_up_sends_each_request_through_the_stack_and_leaves_no_connection(
    committed_postgres,
):
    """Closing the connections needs no per-test transaction around it: committed_postgres."""
    application = LeanHandler()  # tavolo.wsgi's, which gunicorn warms
    answered = []

    def recording(environ, start_response):
        def start(status, headers, exc_info=None):
            query = environ["QUERY_STRING"]
            path = environ["PATH_INFO"] + (f"?{query}" if query else "")
            answered.append((environ["REQUEST_METHOD"], path, status))
            return start_response(status, headers, exc_info)

        return application(environ, start)

    warmup.warm_up(recording)
    assert [(method, path) for method, path, _ in answered] == list(warmup.WARM_PATHS)
    assert application.counts["lean"] == 1  # the lean path's read is warmed too
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
