"""The express lane: a move's two requests from a token client, answered at the WSGI
level.

A playing client with an API token and no cookies (the usual shape of a phone app or
a bot) sends ``POST /api/games/<id>/events`` and ``GET …/legal?seat=N`` over and over.
For those requests the whole of Django's request and response machinery — the
``WSGIRequest``, the middleware's hooks, DRF's ``Request``, the ``HttpResponse`` and
its header checks — decides nothing that changes from one request to the next: with
no cookie there is no session, no CSRF cookie, no language or card-style cookie; the
API speaks :data:`~tournaments.web.language.API_LANGUAGE` on UTC; the response's
headers depend only on the settings and on how the request reached the site (its
Host and scheme). So here:

- the request is admitted only in that shape (else :meth:`Express.answer` returns
  ``None`` before reading anything, and the lean path answers it as before);
- how the request reached the site is judged once per shape (:class:`Shape`) by the
  middleware's own hooks on a real request (an HTTPS redirect, a Host not allowed,
  a ``www.`` redirect: not admitted), and the headers a success gets are taken from
  the same hooks' answer to that request, only ``Content-Length`` filled in per
  answer;
- the token's user comes from the site's authenticator, the permission from the
  view's classes, the body from the view's parser and the hand check of a usual move;
- the same services answer (``moves.submit_move``; ``check_seat`` and
  ``legal_answer``), in the API's language, on UTC, the card style a request without
  cookie gets;
- anything else — a credential the authenticator refuses, a body that is not a
  usual move, a service's refusal — goes to the lean path with the request as it
  came (body put back). A refusal writes nothing, so asking the service again there
  is safe; it costs one more service call on a refused move, which is rare.

Django's ``request_started`` and ``request_finished`` signals are sent as its handler
sends them (the connection's age and health, the caches, the URL conf; their receivers
looked up once, :class:`~tavolo.lean.signals.Sending`), and the first query is watched
as on the lean path (:class:`~tavolo.lean.first_query.FirstQuery`).
Sameness with Django's own answers is tested byte for byte
(``tests/games/test_api_express.py``).
"""

from __future__ import annotations

import io
import threading
import uuid
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest, get_script_name
from django.core.signals import request_finished, request_started, setting_changed
from django.dispatch import receiver
from django.urls import set_script_prefix, set_urlconf
from django.utils import timezone, translation
from rest_framework import exceptions, permissions

from tavolo.authentication import CachedTokenAuthentication
from tavolo.lean.endpoints import (
    JSON,
    RENDERER,
    Delegate,
    Endpoints,
    accepts_json,
    json_body_length,
    response_for,
    seat_of_query,
)
from tavolo.lean.first_query import FirstQuery
from tavolo.lean.signals import Sending
from tavolo.lean.stack import Hooks, csp_policies
from tournaments.api.play.views import (
    check_seat,
    legal_answer,
    move_answer,
    move_status,
    well_formed_move,
)
from tournaments.api.shared.parsers import BoundedJSONParser
from tournaments.api.shared.views import GameAPIView
from tournaments.services import moves
from tournaments.web import cards
from tournaments.web.language import API_LANGUAGE

KNOWN_PERMISSIONS = (
    permissions.AllowAny,
    permissions.IsAuthenticated,
    permissions.IsAuthenticatedOrReadOnly,
)
"""Permission classes that read only the request's method and user."""

SHAPE_KEYS = (
    "HTTP_HOST",
    "SERVER_NAME",
    "SERVER_PORT",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PORT",
    "HTTP_X_FORWARDED_PROTO",
    "wsgi.url_scheme",
    "SCRIPT_NAME",
)
"""What of a request's ``environ`` decides its Host, scheme and prefix, and so whether
the middleware would answer it by itself and which headers a success gets (plus the
proxy's SSL header when ``SECURE_PROXY_SSL_HEADER`` names another)."""
MAX_SHAPES = 64
PARSER = BoundedJSONParser()


@dataclass(frozen=True)
class Shape:
    """How requests of one shape are answered: ``admitted`` (else the lean path
    answers them), and a success's headers around its ``Content-Length``."""

    admitted: bool
    before_length: tuple[tuple[str, str], ...] = ()
    after_length: tuple[tuple[str, str], ...] = ()


class Answer:
    """The WSGI body: one chunk; its ``close`` ends the request as Django's response
    does (``request_finished``)."""

    def __init__(self, body: bytes, finished: Sending) -> None:
        self.body, self.finished = body, finished

    def __iter__(self) -> Iterator[bytes]:
        yield self.body

    def close(self) -> None:
        self.finished.send()


class Express:
    """The express lane of one handler (``sender``: its class, for the signals)."""

    def __init__(self, sender: type, endpoints: Endpoints, hooks: Hooks) -> None:
        self.sender, self.endpoints, self.hooks = sender, endpoints, hooks
        self.started = Sending(request_started, sender)
        self.finished = Sending(request_finished, sender)
        self.authenticator = endpoints.events.authenticators[0]
        self.shapes: dict[tuple[Any, ...], Shape] = {}
        self.lock = threading.Lock()
        _live.add(self)

    @staticmethod
    def reasons(endpoints: Endpoints) -> list[str]:
        """Why the express lane cannot answer as the views would (none: it can)."""
        reasons = []
        for spec in (endpoints.events, endpoints.legal):
            first = spec.authenticators[0] if spec.authenticators else None
            if not isinstance(first, CachedTokenAuthentication):
                reasons.append(f"{type(spec.view).__name__} tries another authenticator first")
            if any(type(permission) not in KNOWN_PERMISSIONS for permission in spec.permissions):
                reasons.append(f"{type(spec.view).__name__} has a permission it does not know")
        return reasons

    # ------------------------------------------------------------------ the answer

    def answer(
        self,
        environ: dict[str, Any],
        last: str,
        game_id: uuid.UUID,
    ) -> tuple[str, list[tuple[str, str]], Answer] | None:
        """Status, headers and body, or ``None`` when the lean path must answer
        (nothing written; a body read is put back into ``environ``). Raises
        ``Delegate`` when the connection proved lost at the first query (it is
        closed: the next path connects afresh)."""
        if environ.get("HTTP_COOKIE") or not accepts_json(environ):
            return None
        key = CachedTokenAuthentication.key_of(environ.get("HTTP_AUTHORIZATION"))
        if key is None:
            return None
        seat, length = 0, 0
        try:
            if last == "events":
                if environ.get("QUERY_STRING"):
                    return None
                length = json_body_length(environ)
            else:
                seat = seat_of_query(environ.get("QUERY_STRING", ""))
        except Delegate:
            return None
        shape = self._shape(environ, last, game_id)
        if not shape.admitted:
            return None
        set_script_prefix(get_script_name(environ))
        self.started.send(environ=environ)
        set_urlconf(settings.ROOT_URLCONF)
        guard = FirstQuery.instead_of_health_check()
        try:
            if guard is None:
                answered = self._served(environ, last, game_id, key, length, seat)
            else:
                with guard.connection.execute_wrapper(guard):
                    answered = self._served(environ, last, game_id, key, length, seat)
        except Delegate:
            if guard is not None and guard.lost:
                guard.connection.close()
            raise
        if answered is None:
            return None
        data, status = answered
        body = RENDERER.render(data, JSON, {})
        headers = [*shape.before_length, ("Content-Length", str(len(body))), *shape.after_length]
        return f"{status} {HTTPStatus(status).phrase}", headers, Answer(body, self.finished)

    def _served(
        self,
        environ: dict[str, Any],
        last: str,
        game_id: uuid.UUID,
        key: str,
        length: int,
        seat: int,
    ) -> tuple[Any, int] | None:
        """The user, the permission, the body, then the service's answer (``None``
        at the first step that refuses)."""
        try:
            user, _token = self.authenticator.authenticate_credentials(key)
        except exceptions.APIException:
            return None
        if last == "events":
            spec, asking = self.endpoints.events, _Asking("POST", user)
        else:
            spec, asking = self.endpoints.legal, _Asking("GET", user)
        if not all(check.has_permission(asking, spec.view) for check in spec.permissions):
            return None
        if last == "legal":
            return self._serve(lambda: _legal(game_id, user, seat))
        raw = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(raw)  # for the lean path, if need be
        move = _move(raw)
        if move is None:
            return None
        return self._serve(lambda: _submit(game_id, move, user))

    @staticmethod
    def _serve(service: Callable[[], tuple[Any, int]]) -> tuple[Any, int] | None:
        """The service's answer in the API's language, on UTC, with the card style a
        request without cookies gets; ``None`` for a refusal (the lean path asks
        again and answers it with the API's words)."""
        translation.activate(API_LANGUAGE)
        timezone.deactivate()
        try:
            with cards.preferring(cards.ITALIAN):
                return service()
        except Delegate:
            raise
        except Exception:  # noqa: BLE001 - a refusal (or a fault): the lean path answers
            return None
        finally:
            timezone.deactivate()

    # ------------------------------------------------------------------ shapes

    def _shape(self, environ: dict[str, Any], last: str, game_id: uuid.UUID) -> Shape:
        proxy = settings.SECURE_PROXY_SSL_HEADER
        path = environ.get("PATH_INFO", "")
        key = (
            last,
            *(environ.get(name) for name in SHAPE_KEYS),
            environ.get(proxy[0]) if proxy else None,
            tuple(path.startswith(excluded) for _policy, excluded in csp_policies().values()),
        )
        shape = self.shapes.get(key)
        if shape is None:
            shape = self._judge(environ, last, game_id)
            with self.lock:
                if len(self.shapes) >= MAX_SHAPES:
                    self.shapes.clear()
                self.shapes[key] = shape
        return shape

    def _judge(self, environ: dict[str, Any], last: str, game_id: uuid.UUID) -> Shape:
        """The shape of this request, by the middleware's hooks on a request of the
        same shape (no body, no credential, no cookie): whether they would answer it
        themselves, and the headers they give a service's answer."""
        probe = {name: environ[name] for name in SHAPE_KEYS if name in environ}
        proxy = settings.SECURE_PROXY_SSL_HEADER
        if proxy and proxy[0] in environ:
            probe[proxy[0]] = environ[proxy[0]]
        probe.update(
            REQUEST_METHOD="POST" if last == "events" else "GET",
            PATH_INFO=environ.get("PATH_INFO", ""),
            QUERY_STRING="",
            CONTENT_LENGTH="0",
            **{"wsgi.input": io.BytesIO()},
        )
        probe.setdefault("wsgi.url_scheme", "http")
        request = WSGIRequest(probe)
        language = translation.get_language()
        try:
            if not self.hooks.enter(request, {"game_id": game_id}):
                return Shape(admitted=False)
            spec = self.endpoints.events if last == "events" else self.endpoints.legal
            response = self.hooks.leave(request, response_for(b"", 200, spec))
        except Exception:  # noqa: BLE001 - a Host not allowed …: the lean path says so
            return Shape(admitted=False)
        finally:
            if language:
                translation.activate(language)
            else:
                translation.deactivate()
            timezone.deactivate()
        headers = list(response.items())
        names = [name for name, _value in headers]
        if response.cookies or names.count("Content-Length") != 1:
            return Shape(admitted=False)
        at = names.index("Content-Length")
        return Shape(True, tuple(headers[:at]), tuple(headers[at + 1 :]))

    def forget_shapes(self) -> None:
        with self.lock:
            self.shapes.clear()


class _Asking:
    """What the known permission classes read of a request."""

    __slots__ = ("method", "user")

    def __init__(self, method: str, user: Any) -> None:
        self.method, self.user = method, user


def _move(raw: bytes) -> dict[str, Any] | None:
    """The body through the view's parser and the hand check (``None``: the lean
    path answers, with the parser's or the serializer's words)."""
    try:
        data = PARSER.parse(io.BytesIO(raw), JSON, {"encoding": settings.DEFAULT_CHARSET})
    except exceptions.APIException:
        return None
    return well_formed_move(data)


def _submit(game_id: uuid.UUID, move: dict[str, Any], user: Any) -> tuple[Any, int]:
    moved = moves.submit_move(
        game_id,
        move["event"],
        user=user,
        event_id=move["event_id"],
        expected_version=move["expected_version"],
    )
    return move_answer(moved), move_status(moved)


def _legal(game_id: uuid.UUID, user: Any, seat: int) -> tuple[Any, int]:
    game = GameAPIView.game(game_id)
    check_seat(user, game, seat)
    return legal_answer(game, seat), 200


_live: weakref.WeakSet[Express] = weakref.WeakSet()


@receiver(setting_changed)
def _forget_shapes(setting: str, **kwargs: Any) -> None:
    for express in list(_live):
        express.forget_shapes()
