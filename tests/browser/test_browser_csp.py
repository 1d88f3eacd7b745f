"""In Chromium, which enforces the Content-Security-Policy (issue 15): the pages
raise no violation and still work — htmx, the site's scripts, the score sheet's
styles, the API docs (Swagger UI) and the admin. (Every browser test also fails on a
violation: tests/browser/conftest.py collects them on every page.)"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MAKE_DIRECTOR = """
from django.contrib.auth import get_user_model
get_user_model().objects.create_user("NAME", password="tavolo-demo", is_staff=True,
                                     is_superuser=True)
"""


def visit(page: Any, path: str) -> None:
    answer = page.goto(path)
    assert answer is not None and answer.status < 400, (path, answer and answer.status)
    header = answer.headers.get("content-security-policy", "")
    assert "script-src 'self'" in header and "object-src 'none'" in header, path
    page.wait_for_load_state("load")


def test_the_public_pages_raise_no_violation(page: Any) -> None:
    for path in ("/", "/clubs/", "/games/", "/accounts/login/", "/accounts/signup/"):
        visit(page, path)
    # The site's scripts ran (a policy refusing them would leave no gettext).
    assert page.evaluate("typeof window.gettext === 'function' && typeof window.htmx")
    assert page.csp_violations == []


def test_a_violation_would_be_seen(page: Any) -> None:
    """The check is real: an inline script added to a page is refused and reported."""
    visit(page, "/")
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.ran = 1'; document.body.appendChild(s); }"
    )
    page.wait_for_function("() => true")
    assert page.evaluate("window.ran") is None
    expect(page.locator("body")).to_be_visible()
    page.wait_for_timeout(200)  # the console message arrives asynchronously
    assert any("script-src" in v for v in page.csp_violations)
    page.csp_violations.clear()


def test_the_api_docs_work_under_the_policy(page: Any) -> None:
    visit(page, "/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Tavolo API")
    expect(page.locator(".opblock").first).to_be_visible()
    assert page.csp_violations == []


def test_the_admin_works_under_the_policy(page: Any, live_site: Any, log_in: Any) -> None:
    name = f"admin-{uuid.uuid4().hex[:6]}"
    live_site.shell(MAKE_DIRECTOR.replace("NAME", name))
    visit(page, "/admin/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", "tavolo-demo")
    page.click("input[type=submit]")
    expect(page.locator("#site-name")).to_be_visible()
    visit(page, "/admin/auth/user/")
    expect(page.locator("#result_list")).to_be_visible()
    assert page.csp_violations == []
