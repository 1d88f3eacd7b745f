"""Counting attempts in a time window, in PostgreSQL
(:mod:`tournaments.services.failure_counts`: every worker sees the same count, and
a door keeps answering while Redis is down), to bound abuse of sign-up, password
reset and claim codes.

A limit is ``(attempts, seconds)``: the first attempt opens a window of ``seconds``;
once ``attempts`` were made in it, :func:`hit` refuses until the window closes. The
limits live in ``settings.TAVOLO_RATE_LIMITS`` so tests and operators can change them.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext as _

from tournaments.services import failure_counts
from tournaments.services.errors import ServiceError

DEFAULT_LIMITS: dict[str, tuple[int, int]] = {
    "signup": (10, 3600),
    "password-reset": (5, 3600),
    "verify-mail": (5, 3600),
    "claim": (10, 3600),
}


class TooManyAttempts(ServiceError):
    """Too many attempts from one address (or one user) in a short time."""

    status = 429


def limit_of(scope: str) -> tuple[int, int]:
    configured = getattr(settings, "TAVOLO_RATE_LIMITS", {}) or {}
    return tuple(configured.get(scope, DEFAULT_LIMITS[scope]))  # type: ignore[return-value]


def client_ip(request: HttpRequest) -> str:
    """The address the request came from. Behind ``TAVOLO_PROXY_COUNT`` reverse proxies
    (nginx in front of gunicorn: 1) it is the entry that many places from the end of
    ``X-Forwarded-For`` (the address the outermost proxy saw; what the client wrote
    itself comes before it and is not trusted); otherwise ``REMOTE_ADDR``."""
    proxies = int(getattr(settings, "TAVOLO_PROXY_COUNT", 0) or 0)
    if proxies > 0:
        forwarded = [
            part.strip()
            for part in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")
            if part.strip()
        ]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def _bucket(scope: str, who: str) -> str:
    return failure_counts.bucket("rate", scope, who)


def exhausted(scope: str, who: str) -> bool:
    """Whether ``who`` has used up ``scope``'s attempts (without counting one)."""
    attempts, seconds = limit_of(scope)
    name = _bucket(scope, who)
    count = failure_counts.read([name], seconds, sliding=False).get(name)
    return count is not None and count.failures >= attempts


def hit(scope: str, who: str) -> bool:
    """Count one attempt of ``who``; ``False`` when it is over the limit."""
    attempts, seconds = limit_of(scope)
    return failure_counts.add(_bucket(scope, who), seconds, sliding=False) <= attempts


def refusal() -> TooManyAttempts:
    return TooManyAttempts(
        _("too many attempts in a short time; please wait an hour and try again")
    )


def check(scope: str, who: str) -> None:
    """Count one attempt; raise :class:`TooManyAttempts` when it is over the limit."""
    if not hit(scope, who):
        raise refusal()
