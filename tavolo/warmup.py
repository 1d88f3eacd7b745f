"""Warm a WSGI process before it serves: everything a first request would import.

Without it, the first request to each view in each gunicorn worker imported that view's
modules (DRF, the serializers, the engine's games, the templates' tags …) while holding
the GIL: 3–9 s of latency under load for whoever came first. :func:`warm_up` does that
work once, before any request is accepted: with gunicorn's ``preload_app`` in the master
(the workers inherit it by fork), else in each worker (``post_worker_init``); see
``deploy/gunicorn.conf.py``.
"""

from __future__ import annotations

import importlib
import io
import sys
from typing import Any

WARM_PATHS = (
    ("GET", "/healthz"),
    # An anonymous move: refused (401/403) before any game is read, but it goes through
    # the API's parsers, authentication, the events view and the JSON renderer.
    ("POST", "/api/games/00000000-0000-0000-0000-000000000000/events"),
    ("GET", "/api/games/00000000-0000-0000-0000-000000000000/legal"),
    # A seat's legal actions: the game is read (a 404, no such game).
    ("GET", "/api/games/00000000-0000-0000-0000-000000000000/legal?seat=0"),
)


def _import_views(patterns: Any) -> None:
    """Walk the URL configuration: resolving it imports every urls and views module."""
    for pattern in patterns:
        nested = getattr(pattern, "url_patterns", None)
        if nested is not None:
            _import_views(nested)
        else:
            callback = getattr(pattern, "callback", None)
            module = getattr(callback, "__module__", None)
            if module:
                importlib.import_module(module)


def _import_games() -> None:
    """Import every game's rules module (the engine imports them on first use)."""
    from engine import available_games, game_class

    for name in available_games():
        game_class(name)


def _import_task_sending() -> None:
    """Import what sending the first Celery task imports, without connecting to anything.

    A move or result that ends a game sends the ratings (and a tournament's standings)
    task. The first such send in a worker finalized the Celery app and imported the
    broker's transport, the result backend and the cache backend: about 20 ms of CPU
    under the GIL, which under load made that one request take 250–330 ms. Only
    classes are loaded here: connections and pools made in the master would be shared
    by every forked worker."""
    from urllib.parse import urlsplit

    from celery.app.backends import by_url
    from django.conf import settings
    from django.utils.module_loading import import_string
    from kombu.transport import resolve_transport

    from tavolo.celery import app

    app.finalize(auto=True)
    broker = app.conf.broker_write_url or app.conf.broker_url
    resolve_transport(urlsplit(broker).scheme)
    by_url(app.conf.result_backend, app.loader)
    import_string(settings.CACHES["default"]["BACKEND"])
    app.events.Dispatcher  # noqa: B018 - the property imports celery.events


def _request(application: Any, method: str, path: str) -> None:
    path, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "HTTP_HOST": "localhost",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": "2",
        "wsgi.input": io.BytesIO(b"{}"),
        "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    result = application(environ, lambda status, headers, exc_info=None: None)
    try:
        for _ in result:
            pass
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()


def warm_up(application: Any) -> None:
    """Import every view and game module and what sending a task needs, send a few
    requests through the stack, then close the database connections (a forked worker
    must open its own)."""
    from django.db import connections
    from django.urls import get_resolver

    _import_views(get_resolver().url_patterns)
    _import_games()
    _import_task_sending()
    try:
        for method, path in WARM_PATHS:
            _request(application, method, path)
    finally:
        connections.close_all()
