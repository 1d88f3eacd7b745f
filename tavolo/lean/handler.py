"""The site's WSGI handler: Django's, with the two requests of a move answered lean.

``POST /api/games/<id>/events`` (no query) and ``GET /api/games/<id>/legal?seat=N``
skip Django's URL resolver (every pattern of the site, tried in turn), the
middleware's wrappers and DRF's dispatch: :mod:`tavolo.lean.stack` runs the
middleware's hooks, :mod:`tavolo.lean.endpoints` DRF's steps. Every other request,
and a lean one an endpoint hands back (:class:`~tavolo.lean.endpoints.Delegate`:
refused before any service ran), goes through Django as it came, body included.

In front of both, the express lane (:mod:`tavolo.lean.express`) answers those two
requests from a token client without cookies at the WSGI level, with the same
services and the same bytes; whatever it does not answer goes on as above.

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
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve, set_urlconf
from django.utils.log import log_response

from tavolo.lean.endpoints import Delegate, Endpoints, Spec
from tavolo.lean.express import Express
from tavolo.lean.first_query import FirstQuery
from tavolo.lean.stack import Hooks
from tournaments.api.play.views import EventsView, LegalView

logger = logging.getLogger(__name__)

UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"  # Django's <uuid:>
LEAN_PATH = re.compile(rf"/api/games/({UUID})/(events|legal)\Z")
ROUTES: dict[tuple[str | None, str], type] = {
    ("POST", "events"): EventsView,
    ("GET", "legal"): LegalView,
}
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
        self.express = self._express()
        self.counts: Counter[str] = Counter()
        """How many requests were answered by the express lane ("express"), lean
        ("lean"), and why others were handed on (for tests and a look at a running
        process)."""

    def _express(self) -> Express | None:
        if not self.enabled or not settings.TAVOLO_EXPRESS_LANE:
            return None
        reasons = Express.reasons(self.endpoints)
        for reason in reasons:
            logger.warning("the express lane is off: %s", reason)
        return None if reasons else Express(type(self), self.endpoints, self.hooks)

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        """The express lane's answer when it gives one, else Django's handler."""
        if self.enabled and self.express is not None:
            match = LEAN_PATH.match(environ.get("PATH_INFO", ""))
            if match is not None and (environ.get("REQUEST_METHOD"), match[2]) in ROUTES:
                try:
                    answered = self.express.answer(environ, match[2], uuid.UUID(match[1]))
                except Delegate as why:
                    self.counts[f"express handed on: {why}"] += 1
                    answered = None
                if answered is not None:
                    self.counts["express"] += 1
                    status, headers, body = answered
                    start_response(status, headers)
                    return body
        return super().__call__(environ, start_response)

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
        route = ROUTES.get((request.method, match[2])) if match else None
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


def _fresh(request: HttpRequest, environ: dict[str, Any]) -> WSGIRequest:
    """The request again, as it came: a new one on the same environ, its body (if the
    lean path read it) to be read again."""
    body = getattr(request, "_body", None)
    if body is not None:
        environ["wsgi.input"] = io.BytesIO(body)
    return WSGIRequest(environ)
