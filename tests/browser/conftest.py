"""Browser tests: the real site, served in a process of its own, driven in Chromium.

Fixtures
--------
``live_site`` (session)
    The site running under ``manage.py runserver --noreload`` on a free port of
    127.0.0.1, with DEBUG on (so it serves the static files: CSS, htmx) and its own
    freshly migrated database: on PostgreSQL (when DATABASE_URL is PostgreSQL, as in
    CI) a uniquely named database created and dropped on the server, otherwise a
    temporary SQLite file. Not the test database: pytest-django's ``live_server``
    and ``transactional_db`` flush the tables, which the append-only event table
    refuses. Nothing is ever deleted there, so tests share its data: make what you
    need with unique names, or use ``load_demo``'s fixed games, and never count rows.
    Redis is left out (tasks run in-process, the cache is local memory).

    E-mail the site sends is written as files to the directory
    ``live_site.env["TAVOLO_EMAIL_FILE_PATH"]`` (a temporary one).

    ``live_site.url`` is the base URL. Setup data goes in through the same settings
    and database, in a subprocess: ``live_site.manage("load_demo")`` runs a
    management command, ``live_site.shell(code)`` runs Python in ``manage.py shell``
    and returns what it printed. A subprocess, not a second Django connection in
    this process, so the setup code runs exactly as the server would run it and
    nothing here holds a connection or SQLite lock the server waits on.

``browser`` (module), ``page``, ``phone_page``
    Headless Chromium: Debian's (``TAVOLO_CHROMIUM``, else ``chromium`` on PATH,
    else /usr/bin/chromium), launched by Playwright's sync API; Playwright's own
    browser downloads are never used. ``page`` is a 1280x800 desktop page,
    ``phone_page`` a 360x740 touch phone, each in a fresh context (no cookies)
    whose ``base_url`` is the site: ``page.goto("/games/")``.

``log_in``
    ``log_in(page, "alice")`` logs in through the login page (password
    ``tavolo-demo`` unless given).

``snap``
    ``snap(page, "after-move")`` saves a full-page screenshot to
    ``test-artifacts/screenshots/<module>--<test>--after-move.png`` and returns its path. A
    page whose test fails is saved as ``<test>--FAILED.png``. The run's summary
    lists where they went.

Chromium missing: the tests skip, except with TAVOLO_REQUIRE_SERVICES=1 (CI) where
they fail (like the service tests in tests/conftest.py).

Playwright's sync API runs an asyncio event loop in this thread while it is started,
and Django refuses database calls while a loop is running (SynchronousOnlyOperation).
So: browser tests never use ``db`` or the ORM in this process (setup goes through
``live_site``), and Playwright lives only as long as one test module (``browser`` is
module-scoped), so later tests in the same run never see its loop.
DJANGO_ALLOW_ASYNC_UNSAFE is therefore not needed, and not set.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
DEMO_PASSWORD = "tavolo-demo"
SERVER_START_TIMEOUT = 60.0
COMMAND_TIMEOUT = 300.0
PHONE = {"width": 360, "height": 740}

_saved_screenshots: list[Path] = []


def _unavailable(reason: str) -> None:
    """Skip, or fail when TAVOLO_REQUIRE_SERVICES=1 (as ``service_unavailable`` in
    tests/conftest.py)."""
    if os.environ.get("TAVOLO_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (TAVOLO_REQUIRE_SERVICES=1, so this is a failure)")
    pytest.skip(reason)


def chromium_path() -> str | None:
    """Debian's Chromium: $TAVOLO_CHROMIUM, ``chromium`` on PATH, or /usr/bin/chromium."""
    configured = os.environ.get("TAVOLO_CHROMIUM", "").strip()
    if configured:
        return configured if os.access(configured, os.X_OK) else None
    found = shutil.which("chromium")
    if found:
        return found
    return "/usr/bin/chromium" if os.access("/usr/bin/chromium", os.X_OK) else None


# ---------------------------------------------------------------------- the live site


@dataclass
class LiveSite:
    url: str  # e.g. http://127.0.0.1:41234 (no trailing slash)
    env: dict[str, str]  # the server's environment: settings and its DATABASE_URL
    log: Path  # the server's output
    process: subprocess.Popen[bytes] = field(repr=False)

    def manage(self, *args: str, timeout: float = COMMAND_TIMEOUT) -> str:
        """Run ``manage.py ARGS`` against the site's database; return its stdout.
        A non-zero exit fails the test with the command's output."""
        return _manage(self.env, *args, timeout=timeout)

    def shell(self, code: str, timeout: float = COMMAND_TIMEOUT) -> str:
        """Run Python ``code`` in ``manage.py shell`` (Django set up, the site's
        database); return what it printed, e.g. ``print(json.dumps(...))``."""
        return self.manage("shell", "--no-imports", "-c", code, timeout=timeout)

    def server_log(self) -> str:
        return self.log.read_text(errors="replace")


def _manage(env: dict[str, str], *args: str, timeout: float = COMMAND_TIMEOUT) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if result.returncode != 0:
        pytest.fail(
            f"manage.py {' '.join(args)} exited with {result.returncode}:\n"
            f"{result.stdout}\n{result.stderr}"
        )
    return result.stdout


def _is_postgres() -> bool:
    return bool(settings.DATABASE_URL) and "postgresql" in settings.DATABASES["default"]["ENGINE"]


def _with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + name))


def _on_maintenance_database(statement: str) -> None:
    """Run ``statement`` in autocommit on the PostgreSQL server's ``postgres`` database."""
    import psycopg

    url = _with_database(str(settings.DATABASE_URL), "postgres")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(statement)  # type: ignore[arg-type]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def _site_database() -> Iterator[str]:
    """A DATABASE_URL for a new, empty database of the site's own; removed afterwards."""
    if _is_postgres():
        name = f"test_tavolo_browser_{uuid.uuid4().hex[:8]}"
        _on_maintenance_database(f'CREATE DATABASE "{name}"')
        try:
            yield _with_database(str(settings.DATABASE_URL), name)
        finally:
            _on_maintenance_database(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        with tempfile.TemporaryDirectory(prefix="tavolo-browser-") as directory:
            yield f"sqlite:///{directory}/site.sqlite3"


def _wait_until_serving(site: LiveSite) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if site.process.poll() is not None:
            pytest.fail(
                f"the site's server exited with {site.process.returncode}:\n{site.server_log()}"
            )
        try:
            with urllib.request.urlopen(f"{site.url}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    pytest.fail(
        f"the site did not answer /healthz within {SERVER_START_TIMEOUT:g}s:\n" + site.server_log()
    )


@pytest.fixture(scope="session")
def live_site() -> Iterator[LiveSite]:
    """The real site in a process of its own, on its own migrated database (see the
    module docstring)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (
        _site_database() as database_url,
        tempfile.TemporaryDirectory(prefix="tavolo-browser-mail-") as mail_dir,
    ):
        env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "TAVOLO_HTTPS"}}
        env.update(
            DATABASE_URL=database_url,
            # The site's e-mail is written here as files (tests read the links in it).
            TAVOLO_EMAIL_FILE_PATH=mail_dir,
            TAVOLO_DEBUG="1",
            TAVOLO_TESTING="1",
            # Every browser logs in from 127.0.0.1: tests that type a wrong password on
            # purpose must not lock the next ones out (tests/accounts/test_lockouts.py
            # tests the lockouts).
            TAVOLO_LOGIN_FAILURES="1000",
            TAVOLO_ACCOUNT_FAILURES="1000",
            TAVOLO_ADDRESS_FAILURES="1000",
            DJANGO_SETTINGS_MODULE="tavolo.settings",
            PYTHONUNBUFFERED="1",
            PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        )
        _manage(env, "migrate", "--no-input", "-v", "0")
        port = _free_port()
        log = ARTIFACTS / "browser-server.log"
        with log.open("wb") as log_file:
            process = subprocess.Popen(
                [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
                cwd=ROOT,
                env=env,
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )
        site = LiveSite(url=f"http://127.0.0.1:{port}", env=env, log=log, process=process)
        try:
            _wait_until_serving(site)
            yield site
        finally:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=5)


# ---------------------------------------------------------------------- Chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium under Playwright, for one test module (see the module
    docstring for why not the whole session)."""
    executable = chromium_path()
    if executable is None:
        _unavailable("Chromium not found (apt-get install chromium, or set TAVOLO_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (the dev extras)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item, so ``page`` can tell that it failed."""
    report = yield
    setattr(item, f"_report_{report.when}", report)
    return report


def _screenshot_name(node: pytest.Item, name: str) -> Path:
    test = re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{node.path.stem}--{node.name}").strip("-")
    return SCREENSHOTS / f"{test}--{name}.png"


def _save(page: Any, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    _saved_screenshots.append(path)
    print(f"screenshot: {path}")
    return path


@contextlib.contextmanager
def _page_in_new_context(
    browser: Any, live_site: LiveSite, request: pytest.FixtureRequest, **options: Any
) -> Iterator[Any]:
    # An English browser unless the test asks otherwise (locale="it-IT"): a club's pages
    # speak the club's language (Italian) to a browser that asks for none.
    options.setdefault("locale", "en-US")
    context = browser.new_context(base_url=live_site.url, **options)
    context.set_default_timeout(10_000)
    # Every page of every browser test lives with the Content-Security-Policy: what the
    # browser refused (a `securitypolicyviolation` event, or Chromium's "Refused to …"
    # console error) is collected in page.csp_violations and fails the test at its end.
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    violations: list[str] = []
    page.csp_violations = violations
    page.on("console", lambda message: _note_violation(violations, message.text))
    try:
        yield page
        report = getattr(request.node, "_report_call", None)
        if report is not None and report.failed:
            with contextlib.suppress(Exception):
                _save(page, _screenshot_name(request.node, "FAILED"))
        elif report is not None:
            assert violations == [], "the Content-Security-Policy refused:\n" + "\n".join(
                sorted(set(violations))
            )
    finally:
        context.close()


CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", function (event) {
  console.error("CSP violation: " + event.violatedDirective + " " + event.blockedURI +
    " " + event.sourceFile + ":" + event.lineNumber + ":" + event.columnNumber +
    " on " + location.pathname + " " + (event.sample || ""));
});
"""


def _note_violation(violations: list[str], text: str) -> None:
    if text.startswith("CSP violation") or "Content Security Policy" in text:
        violations.append(text)


@pytest.fixture
def page(browser: Any, live_site: LiveSite, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A desktop-sized (1280x800) page on the live site, in a fresh browser context."""
    with _page_in_new_context(
        browser, live_site, request, viewport={"width": 1280, "height": 800}
    ) as new_page:
        yield new_page


@pytest.fixture
def phone_page(browser: Any, live_site: LiveSite, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A phone-sized (360x740, touch, mobile) page on the live site, fresh context."""
    with _page_in_new_context(
        browser,
        live_site,
        request,
        viewport=PHONE,
        screen=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    ) as new_page:
        yield new_page


@pytest.fixture
def snap(request: pytest.FixtureRequest) -> Callable[[Any, str], Path]:
    """``snap(page, name)``: a full-page screenshot in test-artifacts/screenshots/."""

    def take(page: Any, name: str) -> Path:
        return _save(page, _screenshot_name(request.node, name))

    return take


@pytest.fixture
def log_in() -> Callable[..., None]:
    """``log_in(page, username, password="tavolo-demo")`` through the login page."""

    def log_in_as(page: Any, username: str, password: str = DEMO_PASSWORD) -> None:
        page.goto("/accounts/login/")
        page.get_by_label("User name", exact=True).fill(username)
        page.get_by_label("Password", exact=True).fill(password)
        with page.expect_navigation():
            page.get_by_role("button", name="Log in", exact=True).click()
        if "/accounts/login/" in page.url:
            pytest.fail(f"logging in as {username!r} failed: still on {page.url}")

    return log_in_as


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _saved_screenshots:
        terminalreporter.write_line(
            f"browser tests: {len(_saved_screenshots)} screenshot(s) in {SCREENSHOTS}"
        )
