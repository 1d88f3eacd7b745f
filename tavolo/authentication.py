"""Token authentication with a short-lived in-process cache.

DRF's ``TokenAuthentication`` reads the token and its user from the database on
every request (one query joining ``authtoken_token`` and ``auth_user``). Here a valid
token's user is kept in process for ``TOKEN_TTL`` seconds, keyed by the token:

- a token that is deleted (logged out, rotated) or a user who is deactivated stops
  working within ``TOKEN_TTL`` seconds in every gunicorn worker, and at once in the
  process that deleted it or saved the user (signals drop the entries);
- an unknown or inactive token is never cached: it costs the query every time, as
  before;
- each request gets its own copy of the cached user object, so no request sees
  another's changes to it.

Permissions are not cached: they are worked out from the user on every request.
"""

from __future__ import annotations

import time
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save
from rest_framework import HTTP_HEADER_ENCODING
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from tavolo.bounded import BoundedMap
from tavolo.copies import model_copy

TOKEN_TTL = 5.0
"""Seconds a valid token's user is kept in process (how long a deleted token may
still work in another worker)."""
TOKEN_CACHE_SIZE = 4096

_tokens: BoundedMap[str, tuple[float, Any, Any]] = BoundedMap(TOKEN_CACHE_SIZE)


class CachedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``, as DRF's, with the user cached for a few seconds."""

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        """DRF's answer. A well-formed ``Token <key>`` header is read from ``META``:
        DRF reads it through ``request.headers``, which Django builds from every
        ``META`` key on first use (a few percent of an API move's CPU, for one header).
        Anything else (no header, another scheme, a malformed one) is DRF's own to
        answer, with its words."""
        key = self.key_of(request.META.get("HTTP_AUTHORIZATION"))
        if key is None:
            return super().authenticate(request)
        return self.authenticate_credentials(key)

    @classmethod
    def key_of(cls, header: str | None) -> str | None:
        """The key of a well-formed ``Token <key>`` header, as DRF reads it; ``None``
        for anything else (no header, another scheme, a malformed one)."""
        try:
            parts = header.encode(HTTP_HEADER_ENCODING).split()  # type: ignore[union-attr]
            if len(parts) == 2 and parts[0].lower() == cls.keyword.lower().encode():
                return parts[1].decode()
        except (AttributeError, UnicodeError):  # none, or not what DRF reads either
            pass
        return None

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        now = time.monotonic()
        hit = _tokens.get(key)
        if hit is not None and hit[0] > now:
            return model_copy(hit[1]), hit[2]
        user, token = super().authenticate_credentials(key)  # raises if unknown/inactive
        _tokens.put(key, (now + TOKEN_TTL, user, token))
        return model_copy(user), token


def forget_tokens() -> None:
    """Drop every cached token (this process)."""
    _tokens.forget()


def _token_deleted(sender: Any, instance: Token, **kwargs: Any) -> None:
    _tokens.forget(instance.key)


def _user_changed(sender: Any, instance: Any, **kwargs: Any) -> None:
    forget_tokens()


post_delete.connect(_token_deleted, sender=Token, dispatch_uid="tavolo-token-deleted")
post_save.connect(_user_changed, sender=get_user_model(), dispatch_uid="tavolo-user-saved")
post_delete.connect(_user_changed, sender=get_user_model(), dispatch_uid="tavolo-user-deleted")
