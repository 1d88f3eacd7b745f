"""Score sheets, standings and their PDFs in Italian.

Each page of the area is read by an Italian browser (``Accept-Language: it``): the
Italian words are there and none of the English UI words of the area is left in what a
person reads (text, the page's title, aria-label, title and alt attributes; the names
people typed are the tests' own and contain none of the words). The PDFs speak the
club's language whatever the browser asks for, with Italian numbers (``0,5``), and
Helvetica prints the Italian accents (read back with pdftotext).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import uuid
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client

from scoring import store
from tests.support.factories import german_whist_cup, published
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import SheetEntry
from tournaments.web.sheet_pages import sheet_path

pytestmark = pytest.mark.django_db

ITALIAN = {"HTTP_ACCEPT_LANGUAGE": "it"}
ENGLISH_WORDS = (
    "Standings",
    "Score sheet",
    "score sheet",
    "Deal",
    "deal",
    "Points",
    "Tiebreak",
    "Tiebreaks",
    "Round",
    "round",
    "Confirm",
    "Table",
    "Seat",
    "Enter",
    "Status",
    "Totals",
    "cards",
    "coins",
    "choose",
    "Who took",
    "add up",
    "counted",
    "pending",
    "disputed",
    "Crosstable",
    "Opponents",
    "Result",
    "provisional",
    "win",
    "bye",
)
"""English words of the sheets and standings that must not reach an Italian reader."""
HALF_POINT_SCORING = {
    "scoring": {"method": "win_draw_loss", "win": 1, "draw": 0.5, "loss": 0, "bye_points": 0.5}
}
"""Win 1, a bye ½: five players, so somebody has half a point after round 1."""
SCOPA_DEAL = {
    "cards_0": 22, "coins_0": 6, "scope_0": 1, "primiera_0": 78,
    "cards_1": 18, "coins_1": 4, "scope_1": 0, "primiera_1": 70, "settebello": 0,
}  # fmt: skip


class _Visible(HTMLParser):
    """What a person reads: text outside scripts and styles, and the attributes read
    aloud or shown on hover."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.parts.append(data.strip())


def visible(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return "\n".join(parser.parts)


def english_left(text: str) -> list[str]:
    return [w for w in ENGLISH_WORDS if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def read(client: Client, path: str, **headers: str) -> str:
    answer = client.get(path, **headers)
    assert answer.status_code == 200, path
    return visible(answer.content.decode())


def assert_italian(text: str, *words: str) -> None:
    missing = [w for w in words if w not in text]
    assert not missing, f"Italian words missing: {missing}\n{text}"
    left = english_left(text)
    assert not left, f"English words left: {left}\n{text}"


def form(deal: int, action: str = "enter", **counts: object) -> dict[str, object]:
    return {"action": action, "deal": deal, "client_id": str(uuid.uuid4()), **counts}


def logged_in(user: object) -> Client:
    client = Client()
    client.force_login(user)
    return client


def pdf_text(body: bytes) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "printed.pdf"
        path.write_bytes(body)
        done = subprocess.run(
            ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
        )
    return done.stdout


needs_pdftotext = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed"
)


# ---------------------------------------------------------------------- score sheets


@pytest.fixture
def scopa_sheet():
    """A Scopa table whose deal 1 the two sides entered differently (disputed)."""
    s = published("scopa", 2, language="it")
    path = sheet_path(s.table())
    first, second = logged_in(s.seat(0)), logged_in(s.seat(1))
    assert first.post(path + "act", form(1, **SCOPA_DEAL)).status_code == 302
    other = {**SCOPA_DEAL, "cards_0": 21, "cards_1": 19}
    assert second.post(path + "act", form(1, **other)).status_code == 302
    return s, path


def test_a_guest_reads_the_sheet_in_italian():
    s = published("scopa", 2, language="it")
    path = sheet_path(s.table())
    phone = Client()
    who = read(phone, path, **ITALIAN)
    assert_italian(who, "segnapunti", "Tavolo 1", "Chi sei?", "Posto 1")
    assert phone.post(path + "seat", {"seat": 0}, **ITALIAN).status_code == 302
    sheet = read(phone, path, **ITALIAN)
    assert_italian(
        sheet,
        "segnapunti",
        "Smazzata 1",
        "Registra la smazzata 1",
        "Chi ha preso il settebello (7 di denari)?",
        "denari",
        "carte",
        "scegli…",
        # The primiera's worths name the Italian deck's court cards: Fante, Cavallo, Re.
        "F C R = 10",
        "Le carte fanno 40 in tutto, i denari 10.",
    )


def test_a_refused_tally_and_a_pending_deal_in_italian():
    s = published("scopa", 2, language="it")
    path = sheet_path(s.table())
    first, second = logged_in(s.seat(0)), logged_in(s.seat(1))
    answer = first.post(path + "act", form(1, **{**SCOPA_DEAL, "settebello": ""}), **ITALIAN)
    assert answer.status_code == 400
    assert "Indicate chi ha preso il settebello (7 di denari)." in visible(answer.content.decode())
    first.post(path + "act", form(1, **SCOPA_DEAL))
    pending = read(second, path, **ITALIAN)
    assert_italian(
        pending,
        "Conferma la smazzata 1",
        "22 carte, 6 denari, 1 scopa, 78 primiera",
        "0 scope",
        "settebello: Player 1",
        "da confermare",
    )


def test_the_directors_sheet_and_ruling_page_in_italian(scopa_sheet):
    s, path = scopa_sheet
    director = logged_in(s.director)
    sheet = read(director, path, **ITALIAN)
    assert_italian(
        sheet,
        "contestata",
        "carte di Player 1: 22 o 21",
        "Decisione sulla smazzata 1",
        "Punteggio",
        "Totali",
        "Stato",
        "Storico del segnapunti",
    )
    chosen = (
        SheetEntry.objects.filter(table=s.table(), kind=SheetEntry.Kind.ENTRY)
        .order_by("pk")
        .first()
    )
    assert chosen is not None
    ruling = read(director, path + f"rule?deal=1&chose={chosen.pk}", **ITALIAN)
    assert_italian(ruling, "Decisione sulla smazzata 1", "carte di Player 1", "Sì, vale questo")


def test_the_sheet_stays_english_for_an_english_browser(scopa_sheet):
    s, path = scopa_sheet
    sheet = read(logged_in(s.director), path, HTTP_ACCEPT_LANGUAGE="en")
    for words in (
        "Table 1 · score sheet",
        "Deal 1: the entries differ.",
        "cards of",
        "Primiera: add each suit's best card (7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, "
        "3 = 13, 2 = 12, J Q K = 10). Cards add up to 40, coins to 10.",
        "Who took the settebello (7",  # then the denari icon: Scopa's cards are Italian
        "22 cards, 6 coins, 1 scopa, 78 primiera",
        "disputed",
    ):
        if words == "cards of":
            assert "Player 1's cards: 22 or 21" in sheet
        else:
            assert words in sheet, words
    raw = logged_in(s.director).get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(
        r'settebello \(7<svg class="suit-icon suit-denari"[^>]*>.*?</svg>'
        r'<span class="visually-hidden">coins</span>\)\?',
        raw,
    )


@needs_pdftotext
def test_the_printed_score_sheets_speak_the_clubs_language():
    s = published("scopa", 4, language="it")
    t = s.round.tournament
    # An English browser prints them: the sheets are the club's, in Italian.
    answer = logged_in(s.director).get(
        f"/clubs/{s.club.slug}/t/{t.slug}/rounds/1/sheets.pdf", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert answer.status_code == 200
    text = pdf_text(answer.content)
    for words in ("Tavolo 1", "Turno 1", "Posto 1", "Mazziere", "Settebello", "Sigla", "denari"):
        assert words in text, words
    assert "F C R = 10" in text and "la carta migliore" in text
    assert "si è pari" in text  # an accented letter, printed in Helvetica's Latin-1
    assert not english_left(text), english_left(text)


# ---------------------------------------------------------------------- standings


@pytest.fixture
def half_points():
    """Five players (a bye each round, worth ½), round 2 still playing at one table."""
    club, director, t, entries = german_whist_cup(5, HALF_POINT_SCORING, language="it")
    for table, _ in tables_of(play_round(t, director)):
        finish(table, director, (8, 5))
    finish(tables_of(play_round(t, director))[0][0], director, (4, 9))
    store.recompute(t.pk)
    return club, t, entries


def url(club, t, tail: str) -> str:
    return f"/clubs/{club.slug}/t/{t.slug}/{tail}"


def test_the_standings_pages_in_italian(half_points):
    club, t, entries = half_points
    client = Client()
    standings = read(client, url(club, t, "standings/"), **ITALIAN)
    assert_italian(
        standings,
        "Classifica",
        "Dopo il turno 2",
        "Punti",
        "Spareggi, in ordine:",
        "Buchholz ridotto",
        "0,5",
        "Punti: vittoria 1, pareggio 0,5, sconfitta 0; un riposo 0,5",
        "Riposi, partite a tavolino e assenze annunciate sono turni non giocati",
    )
    assert not re.search(r"\b0\.5\b", standings)  # an Italian number, not an English one
    player = read(client, url(club, t, f"players/{entries[0].pk}/"), **ITALIAN)
    assert_italian(player, "Turno", "Tavolo", "Avversari", "Risultato", "Punteggio progressivo")
    cross = read(client, url(club, t, "crosstable/"), **ITALIAN)
    assert_italian(cross, "Tabellone", "Turno 1", "riposo", "0,5")
    report = read(client, url(club, t, "report/"), **ITALIAN)
    assert_italian(report, "Verbale finale", "Classifica finale", "0,5")


def test_the_standings_stay_english_for_an_english_browser(half_points):
    club, t, _ = half_points
    standings = read(Client(), url(club, t, "standings/"), HTTP_ACCEPT_LANGUAGE="en")
    for words in ("Standings", "After round 2", "Buchholz cut-1", "0.5", "Points: win 1"):
        assert words in standings, words
    assert "0,5" not in standings


@needs_pdftotext
@pytest.mark.parametrize(
    ("tail", "words"),
    [
        (
            "standings.pdf",
            ("Classifica dopo il turno 2", "Buchholz ridotto", "più", "1 tavolo su 2"),
        ),
        ("crosstable.pdf", ("Tabellone dopo il turno 2", "Turno 1", "riposo")),
        ("report.pdf", ("Verbale finale", "Classifica finale", "Punti")),
    ],
)
def test_the_printed_standings_speak_the_clubs_language(half_points, tail, words):
    club, t, _ = half_points
    answer = Client().get(url(club, t, tail), HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    text = pdf_text(answer.content)
    for word in words:
        assert word in text, word
    assert "0,5" in text and not re.search(r"\b0\.5\b", text)
    assert "Stampato il" in text  # the date as Italians write it: "24 nov 2026, 21:30"
    assert re.search(r"Stampato il \d{1,2} [a-z]{3} \d{4}, \d\d:\d\d", text)
    assert not english_left(text), english_left(text)
