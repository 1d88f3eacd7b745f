"""Celery through Redis to a real worker process (needs REDIS_URL)."""

import pytest

from scoring.tasks import health
from tavolo import celery_app

pytestmark = pytest.mark.worker


def test_health_task_runs_in_the_worker_process(celery_worker_process):
    assert celery_app.conf.task_always_eager is False

    result = health.delay()
    payload = result.get(timeout=30)

    assert payload == {"status": "ok", "worker": celery_worker_process.nodename, "eager": False}
    assert result.successful()


def test_worker_answers_ping(celery_worker_process):
    replies = celery_app.control.ping(destination=[celery_worker_process.nodename], timeout=5)
    assert replies == [{celery_worker_process.nodename: {"ok": "pong"}}]
