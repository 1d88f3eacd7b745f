"""Every page of the site speaks the reader's language (issue 14, the whole-site check).

One world (tests/support/whole_site.py: the demo club in its third round with a
disputed table, a team tournament open for entries, a finished cup, a game of each
of the nine games and a finished one, a game waiting for its invited players) is
built once for the module. Every named URL of the site outside the API, the admin
and the machine-readable addresses is visited (:data:`VISITS`) as the people who
read it (a visitor, a seated player, the director, the scorer, a guest through the
sheet's link, a stranger refused), with ``Accept-Language: it`` and then ``en``;
what a person reads there (text, the title, aria-label, alt and placeholder, the
value of a button; not the names people typed, not the cards' faces) must hold
none of the other language's interface words. A POST-only address is sent the
form a person would send (or a wrong one, to read the refusal) and the page it
leads to is read. A named URL neither visited nor in :data:`EXEMPT` (with its
reason) fails :func:`test_every_named_page_is_visited_or_exempt`. The PDFs speak
their club's language whatever the browser asks (tests/i18n/test_italian_sheets.py
reads them with pdftotext; here each club's PDFs are read in its language).

Slow on purpose: the world takes ~6 s to build (once per module and xdist worker) and
the ~300 pages ~40 s on one core; each page is one parametrised test so that a
failure names its page. That is the price of "no page can escape".
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import translation

from tests.support.caches import forget_this_workers_keys
from tests.support.every_page import (
    ENGLISH,
    EXEMPT,
    ITALIAN,
    SEAT_USERS,
    VISITS,
    Visit,
    cup,
    pdf_urls,
    seat_to_act,
)
from tests.support.whole_site import NINE_GAMES, World, build_world, visible_text

pytestmark = pytest.mark.django_db

LANGUAGES = {"it": ENGLISH, "en": ITALIAN}
"""The reader's language → the words of the other language that must not reach them."""


@pytest.fixture(scope="module")
def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
    """Built once for the module inside a transaction rolled back at its end; each
    test's own changes (the POSTs) are rolled back after it by ``db``."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


def _named(patterns: list[Any], prefix: str = "", space: str = "") -> Iterator[str]:
    for p in patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            if not route.startswith(("admin/", "api/")):  # Django's own, and the API's
                yield from _named(p.url_patterns, route, p.namespace or space)
        elif isinstance(p, URLPattern) and p.name:
            yield f"{space}:{p.name}" if space else p.name


def test_every_named_page_is_visited_or_exempt() -> None:
    named = set(_named(get_resolver().url_patterns))
    assert not set(VISITS) & set(EXEMPT), "a page is either visited or exempt"
    assert named - set(VISITS) - set(EXEMPT) == set(), "pages nobody reads in Italian"
    assert (set(VISITS) | set(EXEMPT)) - named == set(), "names the site no longer has"


def _client(world: World, who: str) -> Client:
    client = Client()
    if who == "guest":  # a phone at a table of guests, through the sheet's link
        answer = client.post(f"/s/{world.guest_code}/seat", {"seat": 0})
        assert answer.status_code == 302, answer.content[:300]
    elif who.startswith("seat-of:"):  # the player whose turn it is in that game
        game_type = who.partition(":")[2]
        client.force_login(world.user(SEAT_USERS[seat_to_act(world, game_type)]))
    elif who != "anonymous":
        client.force_login(world.user(who))
    return client


def _word(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")


def left_over(text: str, words: tuple[str, ...]) -> list[str]:
    return [w for w in words if _word(w).search(text)]


def in_context(text: str, words: list[str]) -> list[str]:
    """Where each word left over stands: a few words either side."""
    found = (_word(w).search(text) for w in words)
    return [f"{m[0]!r} in …{text[max(0, m.start() - 50) : m.end() + 50]}…" for m in found if m]


def read(world: World, visit: Visit, language: str) -> tuple[int, str]:
    client = _client(world, visit.who)
    url = visit.url(world)
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    if visit.htmx:
        headers["HTTP_HX_REQUEST"] = "true"
    if visit.data is None:
        answer = client.get(url, **headers)
    else:
        # Each visit reads its page as a first try would: the quotas of sign-ups, reset
        # and confirmation e-mails and claim codes (counted in the cache, Redis in CI)
        # are not carried from the other language's visit.
        forget_this_workers_keys()
        data = {k: language if v == "{language}" else v for k, v in visit.data(world).items()}
        answer = client.post(url, data, follow=True, **headers)
    html = answer.content.decode()
    assert answer.status_code in visit.status, (url, answer.status_code, html[:2000])
    return answer.status_code, visible_text(html, world.typed)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(VISITS))
def test_every_page_speaks_the_readers_language(world: World, name: str, language: str) -> None:
    problems = {}
    for visit in VISITS[name]:
        _status, text = read(world, visit, language)
        if left := left_over(text, LANGUAGES[language]):
            problems[f"{visit.who} {visit.url(world)}"] = in_context(text, left)
        if language == "it" and visit.italian:
            missing = [w for w in visit.italian if w not in text]
            assert not missing, (visit.url(world), missing, text)
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())


def test_all_nine_games_are_visited_at_a_seat_and_by_a_spectator() -> None:
    urls = [v.label for v in VISITS["games:seat"]] + [v.label for v in VISITS["games:spectate"]]
    for game_type, _players in NINE_GAMES:
        assert urls.count(game_type) == 2, game_type


PDFTOTEXT = shutil.which("pdftotext")


def pdf_text(body: bytes) -> str:
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "page.pdf"
        pdf.write_bytes(body)
        run = subprocess.run([PDFTOTEXT or "pdftotext", str(pdf), "-"], capture_output=True)
        return " ".join(run.stdout.decode().split())


PDFS = ["standings:pdf", "standings:crosstable-pdf", "standings:report-pdf", "sheets:round-pdf"]


@pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("name", PDFS)
def test_the_pdfs_speak_their_clubs_language(world: World, name: str) -> None:
    """The Italian club's PDFs hold no English word, the English club's no Italian one,
    whatever the browser asks for (they are printed for the club)."""
    for url, language in pdf_urls(world, name):
        client = _client(world, world.director.get_username())
        for browser in ("it", "en"):
            answer = client.get(url, HTTP_ACCEPT_LANGUAGE=browser)
            assert answer.status_code == 200, url
            assert answer["Content-Type"] == "application/pdf"
            text = pdf_text(answer.content)
            for typed in world.typed:
                text = text.replace(typed, " ")
            assert left_over(text, LANGUAGES[language]) == [], (url, text)


def test_the_table_cards_speak_their_clubs_language(world: World) -> None:
    """The table cards are printed for the room: the Italian club's read Italian to an
    English browser as to an Italian one."""
    url = cup("rounds/3/cards")(world)
    language = world.thursday.club.language
    for browser in ("it", "en"):
        answer = _client(world, world.director.get_username()).get(
            url, HTTP_ACCEPT_LANGUAGE=browser
        )
        assert answer.status_code == 200, url
        text = visible_text(answer.content.decode(), world.typed)
        assert left_over(text, LANGUAGES[language]) == [], (browser, in_context(text, []))


def _handlers() -> dict[str, Callable[[Any], HttpResponse]]:
    from django.core.exceptions import PermissionDenied, SuspiciousOperation
    from django.http import Http404
    from django.views import csrf, defaults

    from tournaments.web.accounts import too_many

    return {
        "400": lambda r: defaults.bad_request(r, SuspiciousOperation("bad")),
        "403": lambda r: defaults.permission_denied(r, PermissionDenied()),
        "403 csrf": lambda r: csrf.csrf_failure(r, reason="no token"),
        "404": lambda r: defaults.page_not_found(r, Http404()),
        "429": too_many,
        "500": defaults.server_error,
    }


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("error", ["400", "403", "403 csrf", "404", "429", "500"])
def test_the_error_pages_speak_the_readers_language(error: str, language: str) -> None:
    """The handlers Django calls for errors (and the 429 of too many attempts)."""
    request = RequestFactory().get("/somewhere/", HTTP_ACCEPT_LANGUAGE=language)
    request.user = AnonymousUser()
    with translation.override(language):
        answer = _handlers()[error](request)
    assert answer.status_code == int(error[:3])
    text = visible_text(answer.content.decode(), [])
    assert f'<html lang="{language}">' in answer.content.decode()
    assert left_over(text, LANGUAGES[language]) == [], text
    assert len(text) > 20, text


def test_an_address_nobody_made_is_a_404_in_the_readers_language(client: Client) -> None:
    for language, words in {"it": "Pagina non trovata", "en": "Not found"}.items():
        answer = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE=language)
        assert answer.status_code == 404
        text = visible_text(answer.content.decode(), [])
        assert words in text and left_over(text, LANGUAGES[language]) == [], text
