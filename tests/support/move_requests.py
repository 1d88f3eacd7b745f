"""A move's requests, as a client sends them to the site's WSGI application
(:mod:`tests.support.wsgi`): credentials, a legal event, the body."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.conf import settings
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
from django.test import Client
from django.utils.crypto import get_random_string
from rest_framework.authtoken.models import Token

from tournaments.models import Game
from tournaments.services.game_store import read_state


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
