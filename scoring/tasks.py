"""Celery tasks of the scoring app."""

from __future__ import annotations

import socket
from typing import Any

from celery import shared_task


@shared_task(bind=True, name="scoring.tasks.health")
def health(self: Any) -> dict[str, Any]:
    """Prove the task pipeline works: report who ran the task and how.

    ``worker`` is the Celery node name (``name@host``) when a worker ran it, or this
    machine's host name when it ran in-process; ``eager`` tells which.
    """
    eager = bool(self.request.is_eager)
    worker = self.request.hostname if not eager else None
    return {"status": "ok", "worker": worker or socket.gethostname(), "eager": eager}
