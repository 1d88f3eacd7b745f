"""The site's WSGI handler: Django's, with the two requests of a move answered lean.

``POST /api/games/<id>/events`` (no query) and ``GET /api/games/<id>/legal?seat=N``
skip Django's URL resolver (every pattern of the site, tried in turn), the
middleware's wrappers and DRF's dispatch: :mod:`tavolo.lean.stack` runs the
middleware's hooks, :mod:`tavolo.lean.endpoints` DRF's steps. Every other request,
and a lean one an endpoint hands back (:class:`~tavolo.lean.endpoints.Delegate`:
refused before any service ran), goes through Django as it came, body included.

The lean path is used only while it can answer as the usual one would: at start-up
the two paths must resolve to the two views, the site's middleware must be the list
:mod:`tavolo.lean.stack` was written for, and the views may have no throttle; if
not, everything goes the usual way (and the warning says why).
"""

from __future__ import annotations

import io
import logging
import re
import uuid
from collections import Counter
from typing import Any

from django.conf import settings
from django.core.handlers.exception import response_for_exception
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve, set_urlconf
from django.utils.log import log_response

from tavolo.lean.endpoints import Delegate, Endpoints, Spec
from tavolo.lean.stack import Hooks
from tournaments.api.play.views import EventsView, LegalView

logger = logging.getLogger(__name__)

UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"  # Django's <uuid:>
LEAN_PATH = re.compile(rf"/api/games/({UUID})/(events|legal)\Z")
ROUTES = {("POST", "events"): EventsView, ("GET", "legal"): LegalView}
"""(method, the path's last part) → the view whose answers the lean path gives."""
SAMPLE_GAME = "00000000-0000-0000-0000-000000000000"


class LeanHandler(WSGIHandler):
    """Django's WSGI handler (signals, the request, the response's headers and its
    closing are Django's), with :meth:`get_response` answering the lean requests."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hooks = Hooks()
        self.endpoints = Endpoints()
        self.enabled = self._usable()
        self.counts: Counter[str] = Counter()
        """How many requests were answered lean ("lean") and why others were handed
        to the usual path (for tests and a look at a running process)."""

    @staticmethod
    def _usable() -> bool:
        if not settings.TAVOLO_LEAN_PATH:
            return False  # turned off (TAVOLO_LEAN_PATH=0)
        reasons = []
        if not Hooks.in_use():
            reasons.append("settings.MIDDLEWARE is not the list tavolo/lean/stack.py knows")
        for (_method, last), view_class in ROUTES.items():
            try:
                match = resolve(f"/api/games/{SAMPLE_GAME}/{last}")
            except Resolver404:
                match = None
            if match is None or getattr(match.func, "view_class", None) is not view_class:
                reasons.append(f"/api/games/<id>/{last} is not {view_class.__name__}")
            if not Spec.servable(view_class):
                reasons.append(f"{view_class.__name__} has throttles, versioning or renderers")
        for reason in reasons:
            logger.warning("the lean move path is off: %s", reason)
        return not reasons

    def get_response(self, request: HttpRequest) -> HttpResponse:
        match = LEAN_PATH.match(request.path_info) if self.enabled else None
        route = ROUTES.get((request.method or "", match[2])) if match else None
        if match is None or route is None:
            return super().get_response(request)
        environ = dict(request.environ)  # as it came, for the usual path if need be
        set_urlconf(settings.ROOT_URLCONF)
        guard = FirstQuery.instead_of_health_check()
        try:
            if guard is None:
                response = self._lean(request, match[2], uuid.UUID(match[1]))
            else:
                with guard.connection.execute_wrapper(guard):
                    response = self._lean(request, match[2], uuid.UUID(match[1]))
        except Delegate as why:
            self.counts[f"delegated: {why}"] += 1
            if guard is not None and guard.lost:
                guard.connection.close()  # the usual path connects afresh
            return super().get_response(_fresh(request, environ))
        self.counts["lean"] += 1
        response._resource_closers.append(request.close)
        if response.status_code >= 400:
            log_response(
                "%s: %s", response.reason_phrase, request.path, response=response, request=request
            )
        return response

    def _lean(self, request: HttpRequest, last: str, game_id: uuid.UUID) -> HttpResponse:
        """The answer, through the middleware's hooks; ``Delegate`` before anything
        is written when the usual path must answer."""
        try:
            if not self.hooks.enter(request, {"game_id": game_id}):
                raise Delegate("a middleware answers")
        except Delegate:
            raise
        except Exception as exc:  # a Host not allowed …: the usual path says so
            raise Delegate(type(exc).__name__) from exc
        try:
            with self.hooks.card_style(request):
                if last == "events":
                    response = self.endpoints.post_event(request, game_id)
                else:
                    response = self.endpoints.get_legal(request, game_id)
        except Delegate:
            raise
        except Exception as exc:  # as Django's innermost exception layer
            response = response_for_exception(request, exc)
        try:
            return self.hooks.leave(request, response)
        except Exception as exc:  # as the layer around a middleware that raised
            return response_for_exception(request, exc)


class FirstQuery:
    """Django's health check (``SELECT 1`` before a request's first query on a kept
    connection) replaced, on a lean request, by watching the first query itself: if it
    fails because the connection is gone (a PostgreSQL restart, a failover,
    ``pg_terminate_backend``), nothing has been written yet, so the connection is
    closed and the usual path answers the request from the start on a new one. A
    round trip per request saved; the same answers when the database blinks."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.done = False
        self.lost = False

    @classmethod
    def instead_of_health_check(cls) -> FirstQuery | None:
        """The guard for this request, the health check marked done; ``None`` when
        Django would not check (checks off, no kept connection, checked already)."""
        connection = connections[DEFAULT_DB_ALIAS]
        if (
            connection.connection is None
            or not connection.health_check_enabled
            or connection.health_check_done
            or connection.in_atomic_block
        ):
            return None
        connection.health_check_done = True
        return cls(connection)

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if self.done:
            return execute(sql, params, many, context)
        self.done = True
        try:
            return execute(sql, params, many, context)
        except DatabaseError:
            if self.connection.in_atomic_block or self.connection.is_usable():
                raise
            self.lost = True
            raise Delegate("the database connection was lost") from None


def _fresh(request: HttpRequest, environ: dict[str, Any]) -> WSGIRequest:
    """The request again, as it came: a new one on the same environ, its body (if the
    lean path read it) to be read again."""
    body = getattr(request, "_body", None)
    if body is not None:
        environ["wsgi.input"] = io.BytesIO(body)
    return WSGIRequest(environ)
