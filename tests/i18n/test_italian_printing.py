"""What is printed for a club's room speaks the club's language and reads the club's
clock, whatever the browser of whoever prints it asks for: the table cards page, the
score sheets, standings, crosstable and report PDFs. Pages outside any club show
times on the clubs' default zone (Europe/Rome), never UTC; the API stays in UTC."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext

from tests.standings.test_standings_printing import pdf_text
from tests.support.factories import published
from tournaments.web.club_time import for_the_room

pytestmark = pytest.mark.django_db

EVENING = dt.datetime(2026, 11, 24, 20, 30, tzinfo=dt.UTC)  # 21:30 in Rome


def cards_page(setup, browser: str) -> str:
    client = Client()
    client.force_login(setup.director)
    club, cup = setup.club.slug, setup.round.tournament.slug
    response = client.get(
        reverse("rounds:cards", args=[club, cup, 1]), HTTP_ACCEPT_LANGUAGE=browser
    )
    assert response.status_code == 200
    return response.content.decode()


def test_an_italian_clubs_table_cards_are_italian_for_an_english_browser() -> None:
    setup = published("german_whist", 4, language="it")
    html = cards_page(setup, "en")
    assert '<html lang="it">' in html
    for words in ("Cartellini dei tavoli, turno 1", "Tavolo 1", "Turno 1", "Posto 1", "Stampa"):
        assert words in html
    for words in ("Table cards", "Seat 1", "Print<"):
        assert words not in html


def test_an_english_clubs_table_cards_are_english_for_an_italian_browser() -> None:
    setup = published("german_whist", 4, language="en")
    html = cards_page(setup, "it")
    assert '<html lang="en">' in html
    for words in ("Table cards, round 1", "Table 1", "Seat 1", "Print"):
        assert words in html
    assert "Cartellini" not in html and "Posto 1" not in html


@pytest.mark.parametrize(
    ("language", "zone", "printed"),
    [
        ("it", "Europe/Rome", "24 nov 2026, 21:30"),
        ("en", "Europe/London", "2026-11-24 20:30"),
        ("en", "America/New_York", "2026-11-24 15:30"),
    ],
)
def test_a_printed_time_is_on_the_clubs_clock_in_its_language(language, zone, printed) -> None:
    setup = published("german_whist", 4, language=language)
    setup.club.time_zone = zone
    with timezone.override(dt.UTC), for_the_room(setup.club):
        assert timezone.get_current_timezone() == ZoneInfo(zone)
        shown = formats.date_format(timezone.localtime(EVENING), gettext("Y-m-d H:i"))
    assert shown == printed


@pytest.mark.parametrize(
    ("pdf", "italian", "english"),
    [
        ("standings:pdf", "Stampato il", "Printed"),
        ("standings:crosstable-pdf", "Stampato il", "Printed"),
        ("standings:report-pdf", "Stampato il", "Printed"),
    ],
)
def test_the_standings_pdfs_print_the_clubs_time_in_its_language(pdf, italian, english) -> None:
    setup = published("german_whist", 4, language="it")
    url = reverse(pdf, args=[setup.club.slug, setup.round.tournament.slug])
    before = timezone.localtime(timezone.now(), ZoneInfo("Europe/Rome"))
    text = pdf_text(Client().get(url, HTTP_ACCEPT_LANGUAGE="en").content)
    after = timezone.localtime(timezone.now(), ZoneInfo("Europe/Rome"))
    assert italian in text and english not in text
    when = re.search(r"Stampato il (\d{1,2} \w{3} \d{4}), (\d\d:\d\d)", text)
    assert when is not None, text
    # Rome's clock (either side of a minute turning while it printed), not UTC's.
    assert when.group(2) in {before.strftime("%H:%M"), after.strftime("%H:%M")}


def test_the_score_sheets_pdf_is_in_the_clubs_language() -> None:
    setup = published("german_whist", 4, language="it", mode="physical")
    client = Client()
    client.force_login(setup.director)
    url = reverse("sheets:round-pdf", args=[setup.club.slug, setup.round.tournament.slug, 1])
    text = pdf_text(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content)
    assert "Tavolo 1" in text and "Table 1" not in text


def test_a_page_of_no_club_reads_rome_and_the_api_utc() -> None:
    """The middleware's choice of zone, for a casual game's page and for the API."""
    from django.test import RequestFactory

    from tournaments.web.club_time import ClubTimeZoneMiddleware

    middleware = ClubTimeZoneMiddleware(lambda request: None)
    seen = {}
    for path in ("/games/", "/api/games/"):
        middleware.process_view(RequestFactory().get(path), lambda r: None, (), {})
        seen[path] = str(timezone.get_current_timezone())
        timezone.deactivate()
    assert seen == {"/games/": "Europe/Rome", "/api/games/": "UTC"}
