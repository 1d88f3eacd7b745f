"""The Content-Security-Policy (issue 15): every kind of page sends it, and no
template needs what it forbids (inline scripts, inline event handlers, inline
styles), so the pages live with it. (The browser tests check that Chromium reports
no violation on real pages: tests/browser/test_browser_csp.py.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.support.accounts import logged_in
from tests.support.factories import published
from tournaments.web.sheet_pages import sheet_path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
SCRIPTS = ROOT / "static" / "js"

REQUIRED = {
    "script-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
    "style-src": "'self'",
}


def directives(response: Any) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    parts = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts}


def assert_policy(response: Any) -> None:
    policy = directives(response)
    for name, value in REQUIRED.items():
        assert policy.get(name) == value, f"{name}: {policy.get(name)!r}"
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]


@pytest.mark.django_db
def test_every_kind_of_page_sends_the_policy() -> None:
    s = published("german_whist", 2)
    cup = s.round.tournament
    director = logged_in(s.director)
    anyone = Client()
    pages = {
        "home": (anyone, "/"),
        "log-in": (anyone, "/accounts/login/"),
        "sign-up": (anyone, "/accounts/signup/"),
        "club": (anyone, f"/clubs/{s.club.slug}/"),
        "tournament": (director, f"/clubs/{s.club.slug}/t/{cup.slug}/"),
        "score sheet": (anyone, sheet_path(s.table())),
        "dashboard": (director, "/dashboard/"),
        "admin log-in": (anyone, "/admin/login/"),
        "API docs": (anyone, "/api/docs/"),
        "API docs script": (anyone, "/api/docs/?script="),
        "API JSON": (anyone, "/api/clubs/"),
        "not found": (anyone, "/no/such/page/"),
        "script words": (anyone, "/jsi18n/"),
    }
    for what, (client, path) in pages.items():
        answer = client.get(path)
        assert answer.status_code < 500, (what, answer.status_code)
        assert "Content-Security-Policy" in answer, what
        assert_policy(answer)


def test_the_api_docs_load_their_script_from_a_file() -> None:
    page = Client().get("/api/docs/").content.decode()
    assert "<style" not in page
    assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page) is None
    assert '<script src="/api/docs/?script=' in page


# ---------------------------------------------------------------------- the templates

INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
HANDLER = re.compile(r"""\s(on[a-z]+)\s*=\s*["'{]""", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"""\sstyle\s*=\s*["'{]""", re.IGNORECASE)
STYLE_ELEMENT = re.compile(r"<style\b", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"""(href|action|src)\s*=\s*["']\s*javascript:""", re.IGNORECASE)


def problems_in(text: str) -> list[str]:
    found = []
    for name, pattern in [
        ("inline <script>", INLINE_SCRIPT),
        ("inline event handler", HANDLER),
        ("style attribute", STYLE_ATTRIBUTE),
        ("<style> element", STYLE_ELEMENT),
        ("javascript: URL", JAVASCRIPT_URL),
    ]:
        found += [f"{name}: {m.group(0).strip()}" for m in pattern.finditer(text)]
    return found


def test_no_template_has_inline_scripts_handlers_or_styles() -> None:
    templates = sorted(TEMPLATES.rglob("*.html"))
    assert len(templates) > 50
    bad = {
        str(path.relative_to(ROOT)): problems
        for path in templates
        if (problems := problems_in(path.read_text()))
    }
    assert bad == {}


def test_the_template_check_finds_each_kind_of_problem() -> None:
    assert problems_in('<script>alert(1)</script><script src="/x.js"></script>') == [
        "inline <script>: <script>"
    ]
    assert len(problems_in('<button onclick="go()">')) == 1
    assert len(problems_in("<form onsubmit='return confirm(1)'>")) == 1
    assert len(problems_in('<p style="color: red">')) == 1
    assert len(problems_in("<style>p {}</style>")) == 1
    assert len(problems_in('<a href="javascript:go()">')) == 1
    assert problems_in('<p data-confirm="Sure?" class="on">') == []


def test_the_scripts_use_no_eval() -> None:
    for path in SCRIPTS.glob("*.js"):
        text = path.read_text()
        assert not re.search(
            r"\beval\s*\(|new\s+Function\s*\(|setAttribute\(\s*[\"']style", text
        ), path.name
