"""Password, link and code guessing, bounded per account, per address and per door
(settings ``AXES_*`` and ``TAVOLO_*_FAILURES``; docs/security.md, "Lock-outs").

Every place that checks a secret a person types or holds counts its failures here, in
*buckets* of its own *door*, each with its own limit:

========  ======================================  ==========================================
door      buckets (limit)                          where
========  ======================================  ==========================================
password  an account from one address               the log-in page, the admin's log-in,
          (``AXES_FAILURE_LIMIT``); an account      ``POST /api/auth/token``: one secret,
          from anywhere (``TAVOLO_ACCOUNT_…``);     one count
          one address (``TAVOLO_ADDRESS_…``)
reset     an account's link from one address        a password-reset link
          (``AXES_FAILURE_LIMIT``); one address
          (``TAVOLO_ADDRESS_FAILURES``)
code      one table's code from one address         a score sheet's code (``/s/<code>/``)
          (``CODE_FACTOR`` × the failure limit);
          one address (``CODE_FACTOR`` × the
          address limit)
========  ======================================  ==========================================

A bucket whose count has reached its limit within ``AXES_COOLOFF_TIME`` is *locked*:
its door refuses every try it covers with 429 and ``Retry-After`` (the right password
included) until the cool-off has passed since the bucket's last counted failure. Tries
while locked are not counted (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT =
False``), so a lock always ends; a password reset by e-mail lifts the account's locks.

The counts live in PostgreSQL (:mod:`tournaments.services.failure_counts`), never in
Redis: a door keeps answering while Redis is down and a lock outlives its restart.
Django's log-in form and the admin reach the password door through ``authenticate()``
(:class:`LockoutBackend` first, then the :class:`CountingHandler` that
``AXES_HANDLER`` names); the lockout page comes from ``axes.middleware.AxesMiddleware``.
"""

from __future__ import annotations

import math
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.handlers.base import AxesHandler
from axes.helpers import get_cool_off, get_credentials
from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import ngettext

from tournaments.services import failure_counts
from tournaments.services.errors import ServiceError
from tournaments.services.ratelimit import client_ip

PASSWORD, RESET, CODE = "password", "reset", "code"

CODE_FACTOR = 10
"""A score sheet's code is a link a whole club opens from one Wi-Fi address, and its
40-bit tag cannot be guessed in a few hundred tries: its door's limits are this many
times the password door's (per table and address, and per address)."""


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


def cool_off_seconds() -> int:
    cool_off = get_cool_off(None)
    return max(1, int(cool_off.total_seconds())) if cool_off else 3600


def _limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def buckets(door: str, request: Any, subject: object = None) -> list[tuple[str, int, str]]:
    """``(bucket, limit, username)`` of every bucket a try at ``door`` counts in:
    ``subject`` is the account's username (password), the link's account (reset) or
    the table's id (code); ``None`` when the try names none."""
    ip = client_ip(_http(request))
    one = int(settings.AXES_FAILURE_LIMIT)
    address = _limit("TAVOLO_ADDRESS_FAILURES", 10 * one)
    found: list[tuple[str, int, str]] = []
    if door == PASSWORD and subject:
        name = str(subject)
        kept = name[:150]  # the column's width; the bucket's hash takes the whole name
        found.append((failure_counts.bucket(door, "acct-ip", name, ip), one, kept))
        account = _limit("TAVOLO_ACCOUNT_FAILURES", 5 * one)
        found.append((failure_counts.bucket(door, "acct", name), account, kept))
    elif door == RESET and subject:
        found.append((failure_counts.bucket(door, "acct-ip", subject, ip), one, ""))
    elif door == CODE:
        if subject is not None:
            found.append(
                (failure_counts.bucket(door, "tbl-ip", subject, ip), CODE_FACTOR * one, "")
            )
        address *= CODE_FACTOR
    found.append((failure_counts.bucket(door, "ip", ip), address, ""))
    return found


def seconds_locked(door: str, request: Any, subject: object = None) -> int | None:
    """Seconds until the longest lock on this try ends (``None``: not locked). Marks
    the request, so that its 429 says how long to wait (:func:`retry_after`)."""
    chosen = buckets(door, request, subject)
    window = cool_off_seconds()
    counts = failure_counts.read([name for name, _l, _u in chosen], window, sliding=True)
    waits = [
        counts[name].ends(window, sliding=True)
        for name, limit, _u in chosen
        if name in counts and counts[name].failures >= limit
    ]
    if not waits:
        return None
    seconds = max(1, math.ceil((max(waits) - timezone.now()).total_seconds()))
    _http(request).tavolo_retry_after = seconds  # type: ignore[attr-defined]
    return seconds


def count_failure(door: str, request: Any, subject: object = None) -> bool:
    """Count one failed try (unless already locked: that try is not counted); ``True``
    when this try locked one of its buckets."""
    if seconds_locked(door, request, subject) is not None:
        return True
    window = cool_off_seconds()
    reached = False
    for name, limit, username in buckets(door, request, subject):
        failures = failure_counts.add(name, window, sliding=True, username=username)
        reached = reached or failures >= limit
    if reached:  # this very try answers 429 (axes.middleware.AxesMiddleware)
        http = _http(request)
        http.tavolo_retry_after = window  # type: ignore[attr-defined]
        http.axes_locked_out = True  # type: ignore[attr-defined]
    return reached


class CountingHandler(AxesHandler):
    """``AXES_HANDLER``: axes' signals and backend, counted at the password door."""

    def is_locked(self, request: Any, credentials: dict[str, Any] | None = None) -> bool:
        return seconds_locked(PASSWORD, request, _username(request, credentials)) is not None

    def get_failures(self, request: Any, credentials: dict[str, Any] | None = None) -> int:
        chosen = buckets(PASSWORD, request, _username(request, credentials))
        counts = failure_counts.read(
            [name for name, _l, _u in chosen], cool_off_seconds(), sliding=True
        )
        return max((count.failures for count in counts.values()), default=0)

    def user_login_failed(
        self, sender: Any, credentials: dict[str, Any], request: Any = None, **kwargs: Any
    ) -> None:
        if request is None:
            return
        if getattr(request, "axes_locked_out", False):  # refused while locked: not counted
            request.axes_credentials = credentials
            return
        if self.is_whitelisted(request, credentials):
            return
        if count_failure(PASSWORD, request, _username(request, credentials)):
            request.axes_locked_out = True
            request.axes_credentials = credentials

    def reset_attempts(
        self,
        *,
        ip_address: str | None = None,
        username: str | None = None,
        ip_or_username: bool = False,
    ) -> int:
        return failure_counts.forget(username=username) if username else 0


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


def retry_after(request: Any = None) -> int:
    """Seconds to wait before trying again: what is left of the lock that refused
    ``request``, else the whole cool-off (the lock ends that long after the last
    counted failure)."""
    marked = getattr(_http(request), "tavolo_retry_after", None) if request is not None else None
    return int(marked) if marked else cool_off_seconds()


def message(request: Any = None) -> str:
    minutes = max(1, math.ceil(retry_after(request) / 60))
    return ngettext(
        "Too many failed attempts from this address or for this account. Please wait "
        "%(minutes)d minute and try again.",
        "Too many failed attempts from this address or for this account. Please wait "
        "%(minutes)d minutes and try again.",
        minutes,
    ) % {"minutes": minutes}


# ---------------------------------------------------------------------- the doors


def is_locked(request: Any, username: str | None = None) -> bool:
    """Whether a password try for ``username`` from the request's address is refused."""
    return seconds_locked(PASSWORD, request, username) is not None


def failed(request: Any, username: str | None = None) -> None:
    """Count one wrong password for ``username`` from the request's address (through
    axes' signal, as ``authenticate()`` does)."""
    http = _http(request)
    user_login_failed.send(sender=__name__, credentials=get_credentials(username), request=http)


def link_locked(request: Any, account: str) -> bool:
    """Whether a password-reset link for ``account`` (its ``uidb64``) is refused."""
    return seconds_locked(RESET, request, account) is not None


def link_failed(request: Any, account: str) -> None:
    count_failure(RESET, request, account)


def refuse_code_if_locked(request: Any, table_id: int | None) -> None:
    """Raise :class:`LockedOut` when this address may not try a code of the table
    ``table_id`` names (``None``: a code naming no table)."""
    if seconds_locked(CODE, request, table_id) is not None:
        raise LockedOut(message(request))


def code_failed(request: Any, table_id: int | None) -> None:
    count_failure(CODE, request, table_id)


def forgive(username: str) -> None:
    """Lift the account's locks (its owner proved themselves, e.g. by a reset link)."""
    failure_counts.forget(username=username)
