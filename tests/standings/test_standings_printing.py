"""Standings people understand, and printing: the results columns and legend on the
page, the standings / crosstable / final-report PDFs, the crosstable page."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from django.db.models import F
from django.test import Client

from scoring import store
from scoring.models import RoundStandings, StandingsState
from tests.support.factories import enter_guests, german_whist_cup, threes_cup
from tests.support.standings import finish, play_round, tables_of

pytestmark = pytest.mark.django_db


def url(club, t, tail=""):
    return f"/clubs/{club.slug}/t/{t.slug}/{tail}"


def pdf_pages(body: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", body))


def pdf_text(body: bytes, page: int | None = None) -> str:
    """The PDF's text: pdftotext when installed, else the (uncompressed) content
    streams' strings."""
    if shutil.which("pdftotext"):
        span = ["-f", str(page), "-l", str(page)] if page else []
        done = subprocess.run(
            ["pdftotext", "-layout", *span, "-", "-"], input=body, capture_output=True, check=True
        )
        return done.stdout.decode()
    assert page is None, "per-page text needs pdftotext"
    return " ".join(m.decode("latin-1") for m in re.findall(rb"\((.*?)\) Tj", body))


@pytest.fixture
def threes():
    return threes_cup(6, rounds=2)


def test_tables_of_three_show_places_not_won_drawn_lost(threes):
    club, _, t, _ = threes
    html = Client().get(url(club, t, "standings/")).content.decode()
    table = html.split('<table class="standings">')[1].split("</table>")[0]
    assert "W-D-L" not in table
    for heading in ("1st", "2nd", "3rd"):
        assert f">{heading}</abbr>" in table
    # The legend under the table: every abbreviation, its name and a sentence.
    legend = html.split('class="legend"')[1]
    assert "Bh-1" in legend and "Buchholz cut-1" in legend
    assert "without your weakest opponent" in legend
    assert "1st … 3rd" in legend and "finished 1st, 2nd" in legend


def test_a_head_to_head_tournament_keeps_won_drawn_lost():
    club, director, t, _ = german_whist_cup(4)
    for table, _ in tables_of(play_round(t, director)):
        finish(table, director, (8, 5))
    store.recompute(t.pk)
    html = Client().get(url(club, t, "standings/")).content.decode()
    assert ">W-D-L</abbr>" in html and ">1-0-0<" in html and ">2nd</abbr>" not in html


def test_the_standings_pdf_of_any_round(threes):
    club, _, t, entries = threes
    answer = Client().get(url(club, t, "standings.pdf?round=1"))
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    body = answer.content
    assert body.startswith(b"%PDF-") and pdf_pages(body) == 1
    text = pdf_text(body)
    assert t.name in text and "Standings after round 1" in text
    assert all(e.name in text for e in entries)
    assert "What the columns mean" in text and "Sonneborn-Berger" in text
    assert "Page 1 of 1" in text
    latest = pdf_text(Client().get(url(club, t, "standings.pdf")).content)
    assert "Standings after round 2" in latest


def test_the_crosstable_pdf_shows_each_round_table_and_place(threes):
    club, _, t, entries = threes
    answer = Client().get(url(club, t, "crosstable.pdf"))
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    body = answer.content
    assert body.startswith(b"%PDF-")
    # A4 landscape.
    assert re.search(rb"/MediaBox \[ 0 0 841\.8898 595\.2756 \]", body)
    text = pdf_text(body)
    assert "Round 1" in text and "Round 2" in text and "Round 0" not in text
    assert "T1" in text and "T2" in text and "T0" not in text
    assert "1st" in text and "3rd" in text
    assert all(e.name in text for e in entries)


def test_a_long_crosstable_repeats_its_headings_on_every_page():
    club, director, t, entries = german_whist_cup(36)
    for table, _ in tables_of(play_round(t, director)):
        finish(table, director, (8, 5))
    store.recompute(t.pk)
    body = Client().get(url(club, t, "crosstable.pdf")).content
    pages = pdf_pages(body)
    assert pages >= 2
    if shutil.which("pdftotext"):
        for page in range(1, pages + 1):
            text = pdf_text(body, page)
            assert "Round 1" in text and "Name" in text, page
            assert f"Page {page} of {pages}" in text
        assert " W " in pdf_text(body) or "W\n" in pdf_text(body)


def test_the_crosstable_page(threes):
    club, _, t, entries = threes
    html = Client().get(url(club, t, "crosstable/")).content.decode()
    assert "Round 1" in html and "Round 2" in html
    assert "T1" in html and "1st" in html and "vs #" in html
    assert all(e.name in html for e in entries)


def test_no_round_yet_still_prints():
    club, director, t, _ = german_whist_cup(2)
    for tail in ("standings.pdf", "crosstable.pdf", "report.pdf"):
        body = Client().get(url(club, t, tail)).content
        assert body.startswith(b"%PDF-") and "No round has been published yet" in pdf_text(body)


def test_late_entries_and_byes_print_as_such():
    club, director, t, _ = german_whist_cup(3)  # odd: one bye per round
    for table, _ in tables_of(play_round(t, director)):
        finish(table, director, (8, 5))
    enter_guests(t, director, 1)
    store.recompute(t.pk)
    text = pdf_text(Client().get(url(club, t, "crosstable.pdf")).content)
    assert "bye" in text


def test_the_player_page_says_the_place_at_a_table_of_three(threes):
    club, _, t, entries = threes
    html = Client().get(url(club, t, f"players/{entries[0].pk}/")).content.decode()
    assert 'data-label="Result"' in html  # the phone layout labels every cell
    assert re.search(r"<strong>(1st|2nd|3rd)</strong> · \d", html)


def test_rows_stored_before_places_were_counted_show_a_dash_and_are_recomputed(threes):
    club, _, t, _ = threes
    stored = RoundStandings.objects.get(tournament=t, round=2)
    stored.rows = [{k: v for k, v in row.items() if k != "places"} for row in stored.rows]
    stored.fingerprint = "an older form of the rows"  # ROWS_FORMAT is in every new one
    stored.save()
    StandingsState.objects.filter(pk=t.pk).update(version=F("version") + 1, dirty=False)
    html = Client().get(url(club, t, "standings/")).content.decode()
    assert "<td>–</td>" in html
    assert StandingsState.objects.get(pk=t.pk).dirty  # owed: the new rows carry places
    store.recompute(t.pk)
    html = Client().get(url(club, t, "standings/")).content.decode()
    assert "<td>–</td>" not in html
