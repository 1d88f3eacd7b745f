"""Requests sent to a WSGI application as a server sends them (``environ`` in,
status, headers and body out), for the tests that drive the site's production entry
point, ``tavolo.wsgi.application``, as gunicorn does.

As Django's test client does, the database connection is not closed around the
request (``close_old_connections`` would end the test's transaction)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory


@dataclass(frozen=True)
class Answer:
    status: str
    headers: list[tuple[str, str]]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def code(self) -> int:
        return int(self.status.split()[0])


def call(
    application: Any,
    method: str,
    path: str,
    body: bytes | None = None,
    *,
    content_type: str = "application/json",
    headers: dict[str, str] | None = None,
    request_signals: bool = False,
) -> Answer:
    """``method path`` (with its query) with ``body`` and ``headers`` (``HTTP_…``
    names, as in ``environ``) through ``application``. ``request_signals``: with
    Django's connection handling around the request as under a real server (a kept
    connection marked due for its check, a broken one closed), for tests that run
    outside a test transaction."""
    environ = (
        RequestFactory()
        .generic(method, path, body or b"", content_type=content_type, **(headers or {}))
        .environ
    )
    started: dict[str, Any] = {}

    def start_response(status: str, response_headers: list[tuple[str, str]], *_: Any) -> None:
        started.update(status=status, headers=response_headers)

    if not request_signals:
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
    try:
        result = application(environ, start_response)
        try:
            content = b"".join(result)
        finally:
            result.close()
    finally:
        if not request_signals:
            request_started.connect(close_old_connections)
            request_finished.connect(close_old_connections)
    return Answer(started["status"], list(started["headers"]), content)
