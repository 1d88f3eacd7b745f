"""Password and code guessing, bounded with django-axes (settings ``AXES_*``).

Every place that checks a secret a person types or holds (a password at the log-in
page, the admin's log-in, ``POST /api/auth/token``; a password-reset link; a score
sheet's table code) counts its failures here, per client address and, when a username
is known, per account. Past ``AXES_FAILURE_LIMIT`` failures within
``AXES_COOLOFF_TIME`` the address or account is *locked*: every further try is refused
with 429 and ``Retry-After``, the right password included, until the cool-off has
passed since the last counted failure. Tries while locked are not counted
(``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False``), so a lock always ends:
an account's owner is never locked out for good by someone guessing, and a
password reset by e-mail lifts the account's lock at once.

The counts live in Django's cache (Redis in production), so they hold across every
gunicorn worker. Django's own log-in form and the admin reach axes through
``authenticate()`` (``axes.backends.AxesStandaloneBackend``) and the lockout page
comes from ``axes.middleware.AxesMiddleware``; the other doors call :func:`refuse_if_locked`
and :func:`failed` themselves.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off, get_credentials
from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.http import HttpRequest
from django.utils.translation import ngettext

from tournaments.services.errors import ServiceError


class LockedOut(ServiceError):
    """Too many failed attempts from this address or for this account (HTTP 429)."""

    status = 429


def _http(request: Any) -> HttpRequest:
    """The Django request under a DRF ``Request`` (axes marks attributes on it)."""
    return getattr(request, "_request", request)  # type: ignore[no-any-return]


def _username(request_or_attempt: Any, credentials: dict[str, Any] | None) -> str | None:
    if credentials is not None:
        value = credentials.get("username")
    else:
        value = getattr(request_or_attempt, "username", None)
        if value is None and isinstance(request_or_attempt, HttpRequest):
            value = request_or_attempt.POST.get("username")
    return str(value) if value else None


class LockoutBackend(AxesStandaloneBackend):
    """The first of ``AUTHENTICATION_BACKENDS``: refuses a locked-out address or
    account before the password is checked. Every door from outside passes its
    request to ``authenticate()`` (the log-in pages, the admin, the API token; tests
    check each); a call without one (Django's test client ``login()``, a management
    command) is no request from outside and is let through to the password check."""

    def authenticate(self, request: Any, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)  # type: ignore[no-any-return]


def lockout_parameters(
    request_or_attempt: Any, credentials: dict[str, Any] | None = None
) -> list[str]:
    """``AXES_LOCKOUT_PARAMETERS``: per address always, per account when one is named
    (a failure without a username, such as a wrong sheet code, must not count against
    one bucket shared by everybody)."""
    if _username(request_or_attempt, credentials):
        return ["ip_address", "username"]
    return ["ip_address"]


def retry_after(request: Any = None) -> int:
    """Seconds to wait before trying again: at most the cool-off (the lock ends that
    long after the last counted failure)."""
    cool_off = get_cool_off(_http(request) if request is not None else None)
    return max(1, int(cool_off.total_seconds())) if cool_off else 3600


def message() -> str:
    minutes = max(1, retry_after() // 60)
    return ngettext(
        "Too many failed attempts from this address or for this account. Please wait "
        "%(minutes)d minute and try again.",
        "Too many failed attempts from this address or for this account. Please wait "
        "%(minutes)d minutes and try again.",
        minutes,
    ) % {"minutes": minutes}


CODE_FACTOR = 10
"""A score sheet's code is a link a whole club opens from one Wi-Fi address, and its
40-bit tag cannot be guessed in a few hundred tries: its door locks an address only at
this many times the failure limit (the failures count toward the log-in's limit as
usual)."""


def code_limit() -> int:
    return int(settings.AXES_FAILURE_LIMIT) * CODE_FACTOR


def is_locked(request: Any, username: str | None = None, *, code: bool = False) -> bool:
    """Whether the request's address, or the account ``username``, is locked out
    (``code``: at a score sheet's door, with its higher limit)."""
    if code:
        return AxesProxyHandler.get_failures(_http(request), get_credentials(None)) >= code_limit()
    return not AxesProxyHandler.is_allowed(_http(request), get_credentials(username))


def refuse_if_locked(request: Any, username: str | None = None, *, code: bool = False) -> None:
    """Raise :class:`LockedOut` when :func:`is_locked`."""
    if is_locked(request, username, code=code):
        raise LockedOut(message())


def failed(request: Any, username: str | None = None, *, code: bool = False) -> None:
    """Count one failed attempt of the request's address (and of ``username``)."""
    http = _http(request)
    user_login_failed.send(sender=__name__, credentials=get_credentials(username), request=http)
    if code and getattr(http, "axes_locked_out", False) and not is_locked(http, code=True):
        http.axes_locked_out = False  # below the code door's own limit: no lockout page


def forgive(username: str) -> None:
    """Lift the account's lock (its owner proved themselves, e.g. by a reset link)."""
    AxesProxyHandler.reset_attempts(username=username)
