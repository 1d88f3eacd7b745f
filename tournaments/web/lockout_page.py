"""The answer to a locked-out log-in (``AXES_LOCKOUT_CALLABLE``), and to any other
door that refuses because of too many failed attempts (tournaments.services.lockouts).

A page: the plain "Too many attempts" page in the reader's language. The API: JSON
``{"detail": …}`` in English, as every API error. Both 429 with ``Retry-After``."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation

from tournaments.services import lockouts


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def refusal(request: HttpRequest, message: str | None = None) -> HttpResponse:
    """429 with ``Retry-After``: JSON under /api/, else the plain page."""
    if is_api(request):
        with translation.override("en"):
            text = message or lockouts.message(request)
        response: HttpResponse = JsonResponse({"detail": text}, status=429)
    else:
        response = render(
            request,
            "registration/too_many.html",
            {"message": message or lockouts.message(request)},
            status=429,
        )
    response["Retry-After"] = str(lockouts.retry_after(request))
    return response


def locked_out(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    """``AXES_LOCKOUT_CALLABLE``: axes calls this for a log-in it refused."""
    return refusal(request)


class LockedOutMiddleware:
    """A page whose door raised ``lockouts.LockedOut`` (a locked-out address asking
    for a score sheet by its code …) answers with :func:`refusal`."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)  # type: ignore[no-any-return]

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        if isinstance(exception, lockouts.LockedOut):
            return refusal(request, str(exception))
        return None
