"""The site's middleware, as the lean path runs it: the hooks of the same middleware
instances' classes that act on an API request, called in the order Django calls them.

Django wraps each of the 14 middleware in a layer of its own (``MiddlewareMixin``,
``convert_exception_to_response``) and resolves the URL through every pattern of the
site before the view; on the two lean requests those layers, not the hooks, were most
of the cost. What runs here, and what does not and why:

- request side: security (HTTPS redirect), session (the lazy session), locale (the
  language from the cookie or Accept-Language), common (the Host check, a ``www.``
  redirect), CSRF (the cookie read, a malformed one renewed), authentication (the
  lazy ``request.user``), CSP (the lazy nonce); then the ``process_view`` of club
  time and language (an API request: UTC, and the API's language);
- around the endpoint: the card style's cookie (as ``CardStyleMiddleware``);
- response side, inside out: axes' lockout answer, CSP (its two policies built once
  while nothing customises them), X-Frame-Options, CSRF's
  cookie, common (``Content-Length``), locale (``Content-Language``, ``Vary``),
  session (``Vary: Cookie``, a modified session saved), security (nosniff,
  Referrer-Policy, COOP, HSTS); the saved language and card style cookies of a user
  who just logged in (never on these requests: nothing here logs anyone in, but the
  check is the middleware's own);
- left out: the messages middleware (the API adds no message, and its response hook
  acts only on messages added), CSRF's ``process_view`` (DRF's views are
  ``csrf_exempt``: it returns at once; session requests get DRF's own CSRF check, in
  :mod:`tavolo.lean.endpoints`), the locked-out page's ``process_exception``
  (:class:`tournaments.services.lockouts.LockedOut` is a ``ServiceError``, which the
  API's exception handler answers before any middleware sees it).

``SITE_MIDDLEWARE`` is the settings' list as written when this was: the handler serves
nothing lean when ``settings.MIDDLEWARE`` differs (a new middleware must be looked at
here first), and ``tests/games/test_api_lean_path.py`` fails until it is.
"""

from __future__ import annotations

import functools
from dataclasses import asdict
from typing import Any

from axes.helpers import get_lockout_response
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware, PolicyParts
from csp.utils import build_policy
from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.common import CommonMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.middleware.locale import LocaleMiddleware
from django.middleware.security import SecurityMiddleware
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

from tournaments.web import card_style, cards, language
from tournaments.web.club_time import ClubTimeZoneMiddleware

SITE_MIDDLEWARE = (
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "tournaments.web.club_time.ClubTimeZoneMiddleware",
    "tournaments.web.language.LanguageMiddleware",
    "tournaments.web.card_style.CardStyleMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",
    "tournaments.web.lockout_page.LockedOutMiddleware",
)


CSP_RESPONSE_ATTRIBUTES = (
    *(f"_csp_{part}" for part in ("config", "update", "replace", "exempt")),
    *(f"_csp_{part}_ro" for part in ("config", "update", "replace", "exempt")),
)
"""What django-csp's decorators set on a response to change its policy."""


@functools.cache
def csp_policies() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Header → (policy, excluded path prefixes) for a response nothing customised:
    django-csp's own ``build_policy`` on its settings, once (again after a test changes
    them)."""
    policies = {}
    for header, setting, report_only in (
        (HEADER, "CONTENT_SECURITY_POLICY", False),
        (HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", True),
    ):
        policy = build_policy(**asdict(PolicyParts()), report_only=report_only)
        excluded = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
        policies[header] = (policy, tuple(excluded))
    return policies


@receiver(setting_changed)
def _forgetcsp_policies(setting: str, **kwargs: Any) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        csp_policies.cache_clear()
        _checked_header.cache_clear()


@functools.cache
def _checked_header(name: str, value: str) -> tuple[str, tuple[str, str]]:
    """A header as ``HttpResponse.headers`` stores it (its lower-case name → its name
    and value, both checked and encoded by Django's own ``__setitem__``), worked out
    once: the lean responses' constant headers skip the check on every response."""
    probe = HttpResponse()
    probe.headers[name] = value
    return name.lower(), probe.headers._store[name.lower()]


def _set_default(response: HttpResponse, header: tuple[str, tuple[str, str]]) -> None:
    """``response.headers.setdefault`` of a header from :func:`_checked_header`."""
    store = response.headers._store
    if header[0] not in store:
        store[header[0]] = header[1]


def _path_free_locale(request: HttpRequest) -> bool:
    """Whether the locale can depend on the path at all: not when the site's URLs have
    no language prefix (no ``i18n_patterns``; ``is_language_prefix_patterns_used`` is
    cached by Django) and no middleware set a ``urlconf`` of its own. Then the locale
    middleware's two looks for a language in the path (a regular expression and a
    search of the languages, each request) can only find none."""
    return getattr(request, "urlconf", None) is None and is_language_prefix_patterns_used(
        settings.ROOT_URLCONF
    ) == (False, False)


def _never(request: HttpRequest) -> HttpResponse:
    raise AssertionError("the lean path calls the middleware's hooks, never the chain")


class Hooks:
    """One instance of each middleware whose hooks the lean path calls."""

    def __init__(self) -> None:
        self.security = SecurityMiddleware(_never)
        self.session = SessionMiddleware(_never)
        self.locale = LocaleMiddleware(_never)
        self.common = CommonMiddleware(_never)
        self.csrf = CsrfViewMiddleware(_never)
        self.authentication = AuthenticationMiddleware(_never)
        self.club_time = ClubTimeZoneMiddleware(_never)
        self.language = language.LanguageMiddleware(_never)
        self.frame_options = XFrameOptionsMiddleware(_never)
        self.csp = CSPMiddleware(_never)
        self.security_headers = self._security_headers(self.security)

    @staticmethod
    def _security_headers(security: SecurityMiddleware) -> list[tuple[str, tuple[str, str]]]:
        """What ``SecurityMiddleware.process_response`` adds to a response over plain
        HTTP, from the same instance's settings, checked once: three constants."""
        headers = []
        if security.content_type_nosniff:
            headers.append(("X-Content-Type-Options", "nosniff"))
        policy = security.referrer_policy
        if policy:
            # A string is split and stripped; a list is taken as it is (as Django does).
            parts = (
                [part.strip() for part in policy.split(",")] if isinstance(policy, str) else policy
            )
            headers.append(("Referrer-Policy", ",".join(parts)))
        if security.cross_origin_opener_policy:
            headers.append(("Cross-Origin-Opener-Policy", security.cross_origin_opener_policy))
        return [_checked_header(name, value) for name, value in headers]

    @staticmethod
    def in_use() -> bool:
        """Whether the site's middleware is the list these hooks were written for."""
        return tuple(settings.MIDDLEWARE) == SITE_MIDDLEWARE

    def enter(self, request: HttpRequest, view_kwargs: dict[str, Any]) -> bool:
        """The request side, in Django's order. ``False`` when a middleware would
        answer by itself (an HTTPS or ``www.`` redirect): the usual path then does.
        Raises what the middleware raise (a Host not allowed)."""
        if self.security.process_request(request) is not None:
            return False
        self.session.process_request(request)
        if _path_free_locale(request):  # LocaleMiddleware.process_request, path aside
            translation.activate(translation.get_language_from_request(request))
            request.LANGUAGE_CODE = translation.get_language()
        else:
            self.locale.process_request(request)
        if self.common.process_request(request) is not None:
            return False
        self.csrf.process_request(request)
        self.authentication.process_request(request)
        self.csp.process_request(request)
        self.club_time.process_view(request, _never, (), view_kwargs)
        self.language.process_view(request, _never, (), view_kwargs)
        return True

    @staticmethod
    def card_style(request: HttpRequest) -> Any:
        """The card style of the request, held while the endpoint runs."""
        return cards.preferring(request.COOKIES.get(card_style.COOKIE, cards.ITALIAN))

    def _csp(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        """``CSPMiddleware.process_response``, with the policies built once: when no
        nonce was drawn and the response sets no policy of its own (never, on these
        two endpoints), django-csp's headers depend on the settings alone, and
        building them was a tenth of a lean move's CPU. Otherwise, the middleware."""
        customised = getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in CSP_RESPONSE_ATTRIBUTES
        )
        if customised:
            return self.csp.process_response(request, response)
        if response.status_code in (500, 404) and settings.DEBUG:
            return response  # django-csp leaves Django's debug pages alone
        for header, (policy, excluded) in csp_policies().items():
            if policy and not request.path_info.startswith(excluded):
                _set_default(response, _checked_header(header, policy))
        request.csp_nonce = CheckableLazyObject(self.csp._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response

    def leave(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        """The response side, innermost middleware first, as Django runs it."""
        if settings.AXES_ENABLED and getattr(request, "axes_locked_out", None):
            credentials = getattr(request, "axes_credentials", None)
            response = get_lockout_response(request, response, credentials)  # type: ignore[call-arg]
        response = self._csp(request, response)
        response = self.frame_options.process_response(request, response)
        saved_style = getattr(request, card_style.SAVED_ON_LOGIN, None)
        if saved_style:
            card_style.remember_cookie(response, saved_style)
        saved_language = getattr(request, language.SAVED_ON_LOGIN, None)
        if saved_language:
            language.remember_cookie(response, saved_language)
        timezone.deactivate()  # ClubTimeZoneMiddleware's ``finally``
        response = self.csrf.process_response(request, response)
        response = self.common.process_response(request, response)
        if _path_free_locale(request):  # LocaleMiddleware.process_response, path aside
            patch_vary_headers(response, ("Accept-Language",))
            response.headers.setdefault("Content-Language", translation.get_language())
        else:
            response = self.locale.process_response(request, response)
        response = self.session.process_response(request, response)
        if request.is_secure():  # HSTS: the middleware decides
            return self.security.process_response(request, response)
        for header in self.security_headers:
            _set_default(response, header)
        return response
