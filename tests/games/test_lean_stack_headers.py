"""The lean path's security headers (tavolo.lean.stack), checked once per process: the
same as SecurityMiddleware's whatever its settings say (the sameness tests in
test_api_lean_path.py cover the site's own settings, the locale and CSP)."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.middleware.security import SecurityMiddleware
from django.test import RequestFactory, override_settings

from tavolo.lean.stack import Hooks, _never, _set_default

SETTINGS = [
    {},
    {"SECURE_REFERRER_POLICY": ["no-referrer", " strict-origin "]},
    {"SECURE_REFERRER_POLICY": " same-origin , origin", "SECURE_CONTENT_TYPE_NOSNIFF": False},
    {"SECURE_REFERRER_POLICY": None, "SECURE_CROSS_ORIGIN_OPENER_POLICY": None},
    {"SECURE_CROSS_ORIGIN_OPENER_POLICY": "same-origin-allow-popups"},
]


@pytest.mark.parametrize("changed", SETTINGS)
@pytest.mark.parametrize("preset", [None, "x-content-type-options", "Referrer-Policy"])
def test_the_security_headers_are_the_middlewares(changed, preset):
    with override_settings(**changed):
        hooks = Hooks()
        request = RequestFactory().get("/api/games/x/legal")
        lean, usual = HttpResponse(), HttpResponse()
        if preset:  # a header already set is kept, as by setdefault
            lean[preset] = usual[preset] = "kept"
        for header in hooks.security_headers:
            _set_default(lean, header)
        SecurityMiddleware(_never).process_response(request, usual)
    assert list(lean.headers.items()) == list(usual.headers.items())
