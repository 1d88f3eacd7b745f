"""The two lean endpoints: what DRF's dispatch does for ``EventsView.post`` and
``LegalView.get`` (:mod:`tournaments.api.play.views`), step by step, with DRF's own
pieces where they decide anything a client sees:

- the view class's authenticators (token, then session with DRF's CSRF check), run
  by DRF's ``Request``; its permission classes;
- the body through the view's ``BoundedJSONParser`` and the hand check
  ``well_formed_move``;
- the same services (``moves.submit_move``; ``check_seat`` and ``legal_answer``);
- a refusal through the API's exception handler (``api_settings.EXCEPTION_HANDLER``);
- the answer rendered by DRF's JSON renderer, with the view's ``Allow`` and ``Vary:
  Accept`` (a refusal as a DRF ``Response``; an answer as the ``HttpResponse`` that
  ``Response`` renders to, built directly).

Anything a step refuses before a service runs (no or a bad credential, a failed CSRF
check, a permission, a body that is not a usual move, a query or an ``Accept`` the
usual path would answer otherwise) raises :class:`Delegate`: nothing has been written,
and the handler lets the usual path answer the request from the start, with its own
words. Only what the services answer is answered here.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from rest_framework import exceptions
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from tournaments.api.play.views import (
    EventsView,
    LegalView,
    check_seat,
    legal_answer,
    move_answer,
    move_status,
    well_formed_move,
)
from tournaments.api.shared.fields import MAX_SEAT_INDEX
from tournaments.api.shared.parsers import BoundedJSONParser
from tournaments.api.shared.views import GameAPIView
from tournaments.services import moves

JSON = "application/json"
JSON_BODIES = frozenset((JSON, "application/json; charset=utf-8"))
"""The request Content-Types answered here (DRF reads both as UTF-8 JSON)."""
JSON_ACCEPTS = frozenset(("*/*", JSON))
"""The ``Accept`` headers for which DRF's negotiation picks its JSON renderer with the
media type ``application/json`` (no ``indent``, no browsable page). No header counts
as ``*/*`` (:func:`accepts_json`); an empty one is answered 406 by DRF."""


def accepts_json(meta: Any) -> bool:
    """Whether the request's ``Accept`` (``META`` or ``environ``) is in
    :data:`JSON_ACCEPTS`, a missing header being ``*/*`` as DRF reads it."""
    return meta.get("HTTP_ACCEPT", "*/*") in JSON_ACCEPTS


SEAT_QUERY = re.compile(r"seat=(0|[1-9][0-9]?)\Z")


class Delegate(Exception):
    """The usual path must answer this request; nothing has been written."""


@dataclass(frozen=True)
class Spec:
    """What the view class decides for its requests, read once."""

    view: APIView
    parsers: Sequence[Any]
    authenticators: Sequence[Any]
    permissions: Sequence[Any]
    allow: str
    vary: bool

    @classmethod
    def of(cls, view_class: type[APIView]) -> Spec:
        view = view_class()
        view.setup(HttpRequest())  # as as_view() does: a GET view also answers HEAD
        headers = view.default_response_headers
        return cls(
            view=view,
            parsers=view.get_parsers(),
            authenticators=view.get_authenticators(),
            permissions=view.get_permissions(),
            allow=headers["Allow"],
            vary="Vary" in headers,
        )

    @staticmethod
    def servable(view_class: type[APIView]) -> bool:
        """Whether the lean path answers as this view would: no throttles, no API
        versioning, JSON and the browsable page as the renderers (the view's answers
        then differ only by ``Accept``, checked per request)."""
        view = view_class()
        return (
            not view.get_throttles()
            and view.versioning_class is None
            and list(view.renderer_classes) == list(api_settings.DEFAULT_RENDERER_CLASSES)
            and view.renderer_classes[0] is JSONRenderer
            and list(view.parser_classes) == [BoundedJSONParser]
        )


RENDERER = JSONRenderer()
NEGOTIATOR = DefaultContentNegotiation()


class Endpoints:
    def __init__(self) -> None:
        self.events = Spec.of(EventsView)
        self.legal = Spec.of(LegalView)

    # ------------------------------------------------------------------ the endpoints

    def post_event(self, request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
        if request.META.get("QUERY_STRING"):
            raise Delegate("a query")
        _read_body(request)
        drf = self._authorized(request, self.events)
        move = _move(drf)
        # From here on the service may write: the answer is this path's, whatever it is.
        try:
            moved = moves.submit_move(
                game_id,
                move["event"],
                user=drf.user,
                event_id=move["event_id"],
                expected_version=move["expected_version"],
            )
            answer, status = move_answer(moved), move_status(moved)
        except Exception as exc:  # noqa: BLE001 - as APIView.handle_exception
            return self._finished(self._refused(exc, drf, self.events), drf, self.events)
        return self._answer(answer, status, drf, self.events)

    def get_legal(self, request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
        seat = seat_of_query(request.META.get("QUERY_STRING", ""))
        drf = self._authorized(request, self.legal)
        try:
            game = GameAPIView.game(game_id)
            check_seat(drf.user, game, seat)
            answer = legal_answer(game, seat)
        except Exception as exc:  # noqa: BLE001 - as APIView.handle_exception
            return self._finished(self._refused(exc, drf, self.legal), drf, self.legal)
        return self._answer(answer, 200, drf, self.legal)

    # ------------------------------------------------------------------ DRF's steps

    @staticmethod
    def _authorized(request: HttpRequest, spec: Spec) -> Request:
        """DRF's request, authenticated by the view's authenticators and let through
        by its permissions (``Delegate`` otherwise: the usual path then answers 401 or
        403 with its words)."""
        if not accepts_json(request.META):
            raise Delegate("Accept")
        drf = Request(
            request,
            parsers=spec.parsers,
            authenticators=spec.authenticators,
            negotiator=NEGOTIATOR,
            parser_context={"view": spec.view, "args": (), "kwargs": {}},
        )
        try:
            drf.user  # noqa: B018 - runs the authenticators, as APIView.initial does
        except exceptions.APIException:
            raise Delegate("authentication") from None
        for permission in spec.permissions:
            if not permission.has_permission(drf, spec.view):
                raise Delegate("permission")
        return drf

    @staticmethod
    def _refused(exc: Exception, drf: Request, spec: Spec) -> Response:
        """APIView.handle_exception: the API's exception handler's answer, or the
        exception raised on (a 500)."""
        if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
            header = (
                spec.authenticators[0].authenticate_header(drf) if spec.authenticators else None
            )
            if header:
                exc.auth_header = header  # type: ignore[attr-defined]
            else:
                exc.status_code = 403
        context = {"view": spec.view, "args": (), "kwargs": {}, "request": drf}
        response = api_settings.EXCEPTION_HANDLER(exc, context)
        if response is None:
            if settings.DEBUG:
                drf.force_plaintext_errors(True)
            raise exc
        response.exception = True
        return response

    @staticmethod
    def _answer(data: Any, status: int, drf: Request, spec: Spec) -> HttpResponse:
        """A service's answer as DRF's ``Response`` would be rendered by
        :meth:`_finished` (the body by DRF's JSON renderer, ``Content-Type`` first,
        then ``Vary`` and ``Allow``), built as a plain ``HttpResponse``: a ``Response``
        is a template response, whose building and rendering cost more than the JSON.
        A refusal (its headers are the exception handler's) still takes
        :meth:`_finished`."""
        context = {"view": spec.view, "args": (), "kwargs": {}, "request": drf}
        return response_for(RENDERER.render(data, JSON, context), status, spec)

    @staticmethod
    def _finished(response: Response, drf: Request, spec: Spec) -> HttpResponse:
        """APIView.finalize_response and the rendering Django's handler does."""
        response.accepted_renderer = RENDERER
        response.accepted_media_type = JSON
        response.renderer_context = {"view": spec.view, "args": (), "kwargs": {}, "request": drf}
        if spec.vary:
            patch_vary_headers(response, ("Accept",))
        response["Allow"] = spec.allow
        return response.render()  # type: ignore[return-value]


def response_for(body: bytes, status: int, spec: Spec) -> HttpResponse:
    """The ``HttpResponse`` a DRF ``Response`` of the view renders to, ``body`` being
    its rendered JSON: ``Content-Type``, then ``Vary`` and ``Allow``."""
    response = HttpResponse(body, status=status, content_type=JSON)
    if spec.vary:
        patch_vary_headers(response, ("Accept",))
    response["Allow"] = spec.allow
    return response


def json_body_length(meta: Any) -> int:
    """The length of a JSON body of a size the usual path reads, from the request's
    ``META`` (or ``environ``); ``Delegate`` otherwise, before anything is read."""
    if meta.get("CONTENT_TYPE") not in JSON_BODIES:
        raise Delegate("Content-Type")
    try:
        length = int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise Delegate("Content-Length") from None
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if length <= 0 or (limit is not None and length > limit):
        raise Delegate("body size")
    return length


def _read_body(request: HttpRequest) -> None:
    """Read a JSON body of a size the usual path reads (else ``Delegate``, before
    reading anything), so that DRF's request parses it from memory."""
    json_body_length(request.META)
    request.body  # noqa: B018 - read into memory (and kept for the usual path)


def _move(drf: Request) -> dict[str, Any]:
    """The body, parsed by the view's parser, when it is a usual move (else
    ``Delegate``: the parser and the serializer say what is wrong, as always)."""
    try:
        data = drf.data
    except exceptions.APIException:
        raise Delegate("the body") from None
    move = well_formed_move(data)
    if move is None:
        raise Delegate("not a usual move")
    return move


def seat_of_query(query: str) -> int:
    """``?seat=N``, as RequiredSeatQuerySerializer reads it (else ``Delegate``)."""
    match = SEAT_QUERY.match(query)
    if match is None or int(match[1]) > MAX_SEAT_INDEX:
        raise Delegate("query")
    return int(match[1])
