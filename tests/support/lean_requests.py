"""Requests of a move for the tests that compare the site's handler (its express lane
and lean path, :mod:`tavolo.lean`) with Django's own, byte for byte."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.db import transaction
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
from django.test import Client
from django.utils.crypto import get_random_string
from rest_framework.authtoken.models import Token

from tavolo.lean.handler import LeanHandler
from tests.support.wsgi import Answer, call
from tournaments.models import Game
from tournaments.services.game_store import read_state


def answered_lean(handler: LeanHandler) -> int:
    """Requests the site's handler answered itself (express lane or lean path)."""
    return handler.counts["lean"] + handler.counts["express"]


def token(user: Any) -> dict[str, str]:
    key, _ = Token.objects.get_or_create(user=user)
    return {"HTTP_AUTHORIZATION": f"Token {key.key}"}


def session(user: Any, *, csrf: bool = True) -> dict[str, str]:
    """A logged-in browser's cookies, with the CSRF header its page would send."""
    client = Client()
    client.force_login(user)
    secret = get_random_string(CSRF_SECRET_LENGTH, allowed_chars=CSRF_ALLOWED_CHARS)
    cookies = (
        f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}; "
        f"{settings.CSRF_COOKIE_NAME}={secret}"
    )
    headers = {"HTTP_COOKIE": cookies}
    if csrf:
        headers["HTTP_X_CSRFTOKEN"] = secret
    return headers


def to_act(game: Game) -> int:
    return int(read_state(Game.objects.get(pk=game.pk), lambda state: state.to_act))


def legal_event(game: Game, seat: int, index: int = 0) -> dict[str, Any]:
    fresh = Game.objects.get(pk=game.pk)
    return read_state(fresh, lambda state: state.legal_actions(seat)[index].to_event())


def move(game: Game, event: Any, version: int | None = None, event_id: str | None = None) -> bytes:
    return json.dumps(
        {
            "event_id": event_id or str(uuid.uuid4()),
            "expected_version": Game.objects.get(pk=game.pk).version
            if version is None
            else version,
            "event": event,
        }
    ).encode()


def events(game: Game) -> str:
    return f"/api/games/{game.pk}/events"


def both(usual: WSGIHandler, lean: LeanHandler, method: str, path: str, body: bytes | None = None,
         *, lean_answers: bool, **kwargs: Any) -> Answer:  # fmt: skip
    """The request through both handlers: the same answer; ``lean_answers`` says
    which path the site's handler must have taken."""
    with transaction.atomic():
        expected = call(usual, method, path, body, **kwargs)
        transaction.set_rollback(True)  # the usual path's writes go: the same state again
    answered = answered_lean(lean)
    got = call(lean, method, path, body, **kwargs)
    assert got.status == expected.status
    assert got.body == expected.body
    assert got.headers == expected.headers
    assert answered_lean(lean) == answered + (1 if lean_answers else 0), lean.counts
    return got
