"""The club, tournament, round and director pages speak Italian to an Italian browser.

Each page is rendered with ``Accept-Language: it``; its visible text (the text between
tags, the ``<title>``, and the aria-label, title, alt and placeholder attributes, with
scripts, styles and the names people typed taken out) must hold some Italian words and
none of the English words of these pages. The reverse check on one page: an English
browser still reads English there."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from zoneinfo import ZoneInfo

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.support.factories import director_of, make_club, make_user, published
from tests.support.sheets import Setup, cid
from tournaments.models import Entry, Game, Player
from tournaments.services import clubs as club_service
from tournaments.services import sheets

pytestmark = pytest.mark.django_db

ENGLISH_WORDS = (
    "Standings",
    "Tournaments",
    "Tournament",
    "Log in",
    "Log out",
    "Round",
    "Rounds",
    "Players",
    "Score sheet",
    "Entries",
    "Entrants",
    "Pair",
    "Publish",
    "Check in",
    "Withdraw",
    "Table",
    "Tables",
    "Setup",
    "Clubs",
    "Save",
    "Remove",
    "Guests",
    "Teams",
    "Members",
    "Print",
    "Seat",
    "Bye",
    "Not found",
    "Sign up",
    "round",
    "table",
    "pairings",
    "entered",
    "seat",
    "bye",
    "playing",
    "disputed",
    "finished",
    "forfeit",
    "no-show",
    "here",
    "director",
    "withdrawn",
    "the",
)
"""Words of these pages' English interface (whole words, case as written)."""

ITALIAN_MONTHS = [
    "gen",
    "feb",
    "mar",
    "apr",
    "mag",
    "giu",
    "lug",
    "ago",
    "set",
    "ott",
    "nov",
    "dic",
]
READ_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
IW_B = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}


class VisibleText(HTMLParser):
    """The words a person reads on a page (or hears from a screen reader)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        self.parts.extend(value for name, value in attrs if name in READ_ATTRIBUTES and value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


NOT_THESE_PAGES = re.compile(r'<p class="small points-rule">.*?</p>', re.S)
"""The sentence on how games score comes from scoring.describe (the standings' part)."""


def visible_text(html: str, typed: list[str]) -> str:
    html = NOT_THESE_PAGES.sub("", html)
    parser = VisibleText()
    parser.feed(html)
    text = " ".join(" ".join(parser.parts).split())
    for name in sorted(typed, key=len, reverse=True):  # names people typed are not UI
        text = text.replace(name, " ")
    return text


def english_words_in(text: str) -> list[str]:
    return [w for w in ENGLISH_WORDS if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


@pytest.fixture
def evening() -> Setup:
    """Italian whist, nine players, round 1 published: table 1 waits for a
    confirmation, table 2 is disputed, table 3 is finished."""
    setup = published("italian_whist", 9, rounds_planned=3, mode="physical")
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0, 1), cid())
    sheets.submit(setup.table(2), 1, IW_A, setup.seat(0, 2), cid())
    sheets.submit(setup.table(2), 1, IW_B, setup.seat(1, 2), cid())
    Game.objects.filter(pk=setup.table(3).game_id).update(status=Game.Status.FINISHED)
    club_service.add_guest(setup.club, by=setup.director, name="Ospite Uno")
    return setup


def typed_names(setup: Setup) -> list[str]:
    cup = setup.round.tournament
    names = [setup.club.name, cup.name, setup.director.get_username()]
    names += [e.name for e in Entry.objects.filter(tournament=cup)]
    names += [p.name for p in Player.objects.filter(club=setup.club)]
    return names


def italian(client: Client, url: str, *, method: str = "get", status: int = 200) -> str:
    response = getattr(client, method)(url, HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == status, url
    html = response.content.decode()
    assert '<html lang="it">' in html, url
    return html


def director_pages(setup: Setup) -> dict[str, tuple[str, str, int]]:
    """name → (url, method, status) of the pages a director reads."""
    club, cup = setup.club.slug, setup.round.tournament.slug
    rnd = [club, cup, 1]
    return {
        "home": ("/", "get", 200),
        "club list": (reverse("clubs:list"), "get", 200),
        "new club": (reverse("clubs:new"), "get", 200),
        "club page": (reverse("clubs:page", args=[club]), "get", 200),
        "club manage": (reverse("clubs:manage", args=[club]), "get", 200),
        "tournament page": (reverse("tournaments:page", args=[club, cup]), "get", 200),
        "new tournament": (reverse("tournaments:new", args=[club]), "get", 200),
        "setup": (reverse("tournaments:setup", args=[club, cup]), "get", 200),
        "entries": (reverse("tournaments:entries", args=[club, cup]), "get", 200),
        "round control": (reverse("rounds:control", args=rnd), "get", 200),
        "public pairings": (reverse("rounds:public", args=rnd), "get", 200),
        # The table cards follow the club's language, not the browser's: see
        # test_italian_printing.py.
        "archive": (reverse("tournaments:archive", args=[club, cup]), "get", 200),
        "confirm pair": (reverse("rounds:pair", args=[club, cup]), "post", 409),
        "dashboard": (reverse("accounts:dashboard"), "get", 200),
        "404": ("/no/such/page/", "get", 404),
    }


def test_the_director_pages_speak_italian(client: Client, evening: Setup) -> None:
    client.force_login(evening.director)
    typed = typed_names(evening)
    problems = {}
    for name, (url, method, status) in director_pages(evening).items():
        text = visible_text(italian(client, url, method=method, status=status), typed)
        if left := english_words_in(text):
            problems[name] = left
    assert problems == {}


def test_the_draft_rounds_control_page_speaks_italian(client: Client, evening: Setup) -> None:
    client.force_login(evening.director)
    club, cup = evening.club.slug, evening.round.tournament.slug
    pair = reverse("rounds:pair", args=[club, cup])
    client.post(pair, {"confirm_unfinished": "1"}, HTTP_ACCEPT_LANGUAGE="it")
    text = visible_text(
        italian(client, reverse("rounds:control", args=[club, cup, 2])), typed_names(evening)
    )
    assert english_words_in(text) == []
    for word in (
        "Turno 2 abbinato",
        "Pubblica il turno 2",
        "Abbina di nuovo",
        "Tavolo 1",
        "Riposi",
    ):
        assert word in text


@pytest.mark.parametrize(
    ("page", "words"),
    [
        ("club page", ("Tornei", "Nuovo torneo", "Soci, ospiti e squadre", "turni")),
        ("club manage", ("Soci e ruoli", "Ospiti", "Squadre", "Aggiungi un ospite", "Salva")),
        ("tournament page", ("Turni", "Turno 1", "Classifica", "Cartellini dei tavoli")),
        ("entries", ("Iscrizioni", "presenti su", "Aggiungi un'iscrizione", "Elo")),
        ("round control", ("Turno 1", "Abbinamenti pubblici", "Chiudi il turno 1", "Correzioni")),
        ("public pairings", ("Turno 1", "Tavolo 1", "Classifica", "Segnapunti")),
        ("confirm pair", ("Abbinare il turno 2?", "Tavolo 1")),
        ("dashboard", ("Turno 1", "Tavolo 2", "direttore")),
        ("404", ("Pagina non trovata",)),
        ("home", ("Circoli e tornei", "Circoli", "Partite")),
    ],
)
def test_each_page_holds_its_italian_words(client, evening, page, words) -> None:
    client.force_login(evening.director)
    url, method, status = director_pages(evening)[page]
    text = visible_text(italian(client, url, method=method, status=status), [])
    for word in words:
        assert word in text, (page, word)


def test_a_visitor_reads_italian_and_is_asked_to_log_in(client: Client, evening: Setup) -> None:
    typed = typed_names(evening)
    club, cup = evening.club.slug, evening.round.tournament.slug
    for url in (
        "/",
        reverse("clubs:list"),
        reverse("clubs:page", args=[club]),
        reverse("tournaments:page", args=[club, cup]),
        reverse("rounds:public", args=[club, cup, 1]),
        reverse("accounts:login"),
        reverse("accounts:signup"),
    ):
        text = visible_text(italian(client, url), typed)
        assert english_words_in(text) == [], url
        assert "Accedi" in text, url
    assert "Registrati" in visible_text(italian(client, reverse("accounts:signup")), [])


def test_a_club_role_refusal_speaks_italian(client: Client, evening: Setup) -> None:
    client.force_login(make_user())
    club = evening.club.slug
    html = italian(client, reverse("clubs:manage", args=[club]), status=403)
    text = visible_text(html, typed_names(evening))
    assert "Non consentito" in text and "direttore" in text
    assert english_words_in(text) == []


def test_dates_follow_the_language(client: Client, evening: Setup) -> None:
    """The time round 1 was published, on the tournament page, on the club's clock:
    "24 nov, 21:30" in Italian, "24 Nov, 21:30" in English."""
    client.force_login(evening.director)
    url = director_pages(evening)["tournament page"][0]
    assert evening.round.published_at is not None
    when = evening.round.published_at.astimezone(ZoneInfo(evening.club.time_zone))
    months = {"en": when.strftime("%b"), "it": ITALIAN_MONTHS[when.month - 1]}
    english = client.get(url).content.decode()
    assert f"{when.day} {months['en']}, {when:%H:%M}" in english
    assert f"{when.day} {months['it']}, {when:%H:%M}" in italian(client, url)


def test_an_english_browser_still_reads_english(client: Client, evening: Setup) -> None:
    client.force_login(evening.director)
    url = director_pages(evening)["round control"][0]
    html = client.get(url).content.decode()
    assert '<html lang="en">' in html
    text = visible_text(html, typed_names(evening))
    for word in ("Round 1", "Public pairings", "Table cards", "Standings", "Corrections"):
        assert word in text
    assert "Turno" not in text and "Abbinamenti" not in text


def test_a_new_club_director_sees_the_form_in_italian(client: Client) -> None:
    client.force_login(director_of(make_club()))
    text = visible_text(italian(client, reverse("clubs:new")), [])
    for word in ("Crea un circolo", "Nome", "Descrizione", "(facoltativo)"):
        assert word in text
    assert english_words_in(text) == []


def test_a_player_reads_their_table_in_italian(client: Client, evening: Setup) -> None:
    client.force_login(evening.seated[1][0])
    club, cup = evening.club.slug, evening.round.tournament.slug
    text = visible_text(
        italian(client, reverse("tournaments:page", args=[club, cup])), typed_names(evening)
    )
    assert "Turno 1:" in text and "tavolo 1" in text and "posto 1, con" in text
    assert english_words_in(text) == []


def test_the_server_error_page_speaks_italian() -> None:
    with translation.override("it"):
        text = visible_text(render_to_string("500.html"), [])
    assert "Errore del server" in text and "Qualcosa è andato storto" in text
    assert english_words_in(text) == []
