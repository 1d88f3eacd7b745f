"""Which language a page speaks, and the switch on every page.

Precedence (docs/translations.md says why):

1. the language cookie, set by the switch (``set_language``) and, when a user logs
   in, from the choice they saved: for a logged-in user the cookie *is* their saved
   choice, in every browser they log in from;
2. the browser's ``Accept-Language`` (Django's ``LocaleMiddleware`` does 1 and 2);
3. on a club's pages (its tournaments, rounds, standings, score sheets), the club's
   :attr:`~tournaments.models.Club.language`, when the browser asked for no language
   Tavolo speaks;
4. the site's ``LANGUAGE_CODE`` (English).

The saved choice is not read from the database on every request: a board poll that
answers "unchanged" costs one query and must stay so (no session, no user). The
API always answers in English (clients translate from the codes it returns).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views import i18n
from django.views.decorators.http import require_POST

from tournaments.services import languages
from tournaments.web.club_time import club_of

API_LANGUAGE = "en"
"""The language of every API answer."""

SAVED_ON_LOGIN = "tavolo_saved_language"
"""The request attribute by which a log-in hands the user's saved choice to the
middleware, which turns it into the browser's cookie."""


def asked_language(request: HttpRequest) -> str | None:
    """The language the browser asked for (cookie, then Accept-Language), if Tavolo
    speaks it; ``None`` when it asked for none of them."""
    for code in [request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")] + [
        code for code, _quality in parse_accept_lang_header(
            request.headers.get("Accept-Language", "")
        )
    ]:  # fmt: skip
        if code and code != "*":
            try:
                return translation.get_supported_language_variant(code)
            except LookupError:
                continue
    return None


def _use(request: HttpRequest, code: str) -> None:
    translation.activate(code)
    request.LANGUAGE_CODE = code  # type: ignore[attr-defined]


def remember_cookie(response: HttpResponse, code: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class LanguageMiddleware:
    """After ``LocaleMiddleware`` and authentication: the club's default, the API in
    English, and the saved choice of a user who just logged in as the cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        saved = getattr(request, SAVED_ON_LOGIN, None)
        if saved:
            remember_cookie(response, saved)
        return response

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> None:
        if request.path_info.startswith("/api/"):
            _use(request, API_LANGUAGE)
        elif asked_language(request) is None:
            club = club_of(request, view_kwargs)
            if club is not None and club.language in languages.language_codes():
                _use(request, club.language)


@receiver(user_logged_in)
def _saved_choice_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any):
    """The user's saved language becomes this browser's cookie (see the middleware)."""
    saved = languages.saved_language(user)
    if request is not None and saved:
        # Only handed on: a log-in answers with a redirect, and force_login (tests, the
        # shell) must not switch the whole thread's language.
        setattr(request, SAVED_ON_LOGIN, saved)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (sets the cookie, goes back to ``next``), and for a
    logged-in user the choice saved too."""
    response = i18n.set_language(request)
    code = request.POST.get(i18n.LANGUAGE_QUERY_PARAMETER, "")
    if code not in languages.language_codes():
        # Django accepts any language it has a catalogue of (de, fr …): not Tavolo.
        response.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    elif request.user.is_authenticated:
        languages.save_language(request.user, code)
    return response
