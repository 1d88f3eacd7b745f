"""The game pages in Italian: for each of the nine games, a game in progress seen
from a seat and by a spectator, with an Italian browser, shows Italian words and none
of the English words of the game pages; the same page asked in English stays English.

Only the text Tavolo writes is checked: players' names (seat names), card faces and
their names (another part of the site draws the cards) and attribute values other
than aria-label, title and alt are left out.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.support.factories import SEAT_NAMES, make_game
from tests.support.games import play, play_one
from tournaments.services.game_store import read_state

GAMES = [
    ("whist", 4, "Whist a coppie"),
    ("german_whist", 2, "Whist a due"),
    ("three_handed_whist", 3, "Whist a tre"),
    ("italian_whist", 3, "Whist all'italiana"),
    ("scopa", 2, "Scopa"),
    ("briscola", 2, "Briscola"),
    ("tresette", 4, "Tresette"),
    ("burraco", 4, "Burraco"),
    ("scala40", 2, "Scala Quaranta"),
]

ENGLISH = [
    "Your turn",
    "Play",
    "Pass",
    "Trick",
    "Hand",
    "Deal",
    "Score",
    "Waiting",
    "Dealer",
    "Trumps",
    "Stock",
    "Discard",
    "Meld",
    "Players",
    "Player",
    "Latest moves",
    "Fair deals",
    "seat",
    "you",
    "cards",
    "plays",
    "dealt",
    "Last deal",
    "whole table",
    "Nothing yet",
    "Team",
    "Points",
    "draws",
    "the table",
    "Taken",
    "Phase",
    "Game over",
]
"""English words of the game pages (whole words, case-sensitive)."""

ITALIAN = ["Giocatori", "Punteggio", "Ultime mosse"]

SKIPPED_TAGS = {"script", "style", "code"}
"""Tags whose text is not the page's words (the script, the fairness commitment)."""

CARD_CLASSES = {"card", "inline-card", "rank", "suit", "suit-big"}
"""Cards are drawn by another part of the site: their faces and names are left out."""


class VisibleText(HTMLParser):
    """The text a person reads or hears: text nodes, <title>, aria-label, title, alt
    (outside scripts and cards)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.stack: list[bool] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        skip = tag in SKIPPED_TAGS or bool(classes & CARD_CLASSES)
        if tag in {"input", "img", "br", "meta", "link", "hr"}:
            if not self.skipping and not skip:
                self._attributes(attrs)
            return
        self.stack.append(skip)
        self.skipping += skip
        if not self.skipping:
            self._attributes(attrs)

    def _attributes(self, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in {"aria-label", "title", "alt", "placeholder"} and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if self.stack:
            self.skipping -= self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    text = " ".join(parser.parts)
    for name in SEAT_NAMES:
        text = re.sub(rf"\b{name.title()}\b", " ", text)
    return re.sub(r"\s+", " ", text)


def english_left(text: str) -> list[str]:
    return [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]


@pytest.fixture
def organiser(db: None) -> Any:
    return get_user_model().objects.create_user("olga", password="pw")


def game_in_progress(game_type: str, players: int, organiser: Any) -> Any:
    """A started game a few moves in (the same moves every run)."""
    game, users = make_game(game_type, players, organiser)
    rng = random.Random(14)
    for _ in range(3):
        play_one(game.pk, rng)
    game.refresh_from_db()
    return game, users


def seat_to_act(game: Any) -> int:
    return read_state(game, lambda s: s.seats_to_act())[0]


@pytest.mark.parametrize(("game_type", "players", "title"), GAMES)
def test_a_game_in_progress_speaks_italian(client, organiser, game_type, players, title):
    game, users = game_in_progress(game_type, players, organiser)
    seat = seat_to_act(game)
    client.force_login(users[seat])
    seat_page = client.get(f"/games/{game.pk}/seat/{seat}/", HTTP_ACCEPT_LANGUAGE="it")
    spectator_page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="it")
    for response in (seat_page, spectator_page):
        assert response.status_code == 200
        text = visible_text(response.content.decode())
        assert title in text
        for word in ITALIAN:
            assert word in text, (word, text)
        assert english_left(text) == [], text
    seat_text = visible_text(seat_page.content.decode())
    assert "Tocca a te" in seat_text or "Cala o attacca carte" in seat_text


@pytest.mark.parametrize(("game_type", "players", "title"), GAMES[:1] + GAMES[4:5] + GAMES[7:8])
def test_the_same_pages_stay_english_for_an_english_browser(
    client, organiser, game_type, players, title
):
    game, users = game_in_progress(game_type, players, organiser)
    seat = seat_to_act(game)
    client.force_login(users[seat])
    text = visible_text(
        client.get(f"/games/{game.pk}/seat/{seat}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    # A rummy seat that has drawn is told its next step instead (as in Italian above).
    assert "Your turn" in text or "Meld or add cards" in text
    assert "Players" in text and "Latest moves" in text
    assert "Giocatori" not in text and "Tocca a te" not in text


def test_a_finished_game_and_a_seat_not_yours_speak_italian(client, organiser):
    game, users = make_game("briscola", 2, organiser)
    play(game.pk, random.Random(14))
    client.force_login(users[0])
    text = visible_text(
        client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    )
    assert "Partita finita" in text and "Finita" in text and "il seme è svelato" in text
    assert english_left(text) == [], text
    client.force_login(get_user_model().objects.create_user("zeno", password="pw"))
    response = client.get(f"/games/{game.pk}/seat/1/", HTTP_ACCEPT_LANGUAGE="it")
    text = visible_text(response.content.decode())
    assert "Non è il tuo posto" in text and "Guarda il tavolo di Briscola" in text
    assert english_left(text) == [], text


def test_the_new_game_page_and_the_list_name_the_games_in_italian(client, organiser):
    game, users = game_in_progress("italian_whist", 3, organiser)
    client.force_login(organiser)
    new_page = visible_text(client.get("/games/new", HTTP_ACCEPT_LANGUAGE="it").content.decode())
    for title in ("Whist a coppie", "Whist a due con pesca", "Whist a tre", "Whist all'italiana"):
        assert title in new_page
    assert "Partnership whist" not in new_page and "Italian Whist" not in new_page
    listing = visible_text(client.get("/games/", HTTP_ACCEPT_LANGUAGE="it").content.decode())
    assert "Whist all'italiana" in listing and "Italian Whist" not in listing


def test_the_home_page_lists_the_games_by_their_italian_names(client, db):
    text = visible_text(client.get("/", HTTP_ACCEPT_LANGUAGE="it").content.decode())
    for title in ("Whist a coppie", "Whist a due", "Whist a tre", "Whist all'italiana", "Scopa"):
        assert title in text
    assert "German whist" not in text and "Partnership whist" not in text


@pytest.mark.parametrize(
    ("game_type", "players", "words"),
    [
        ("italian_whist", 3, "Scegli le 9 carte della tua prima mano."),
        ("three_handed_whist", 3, "Tocca a te: tieni la tua mano o prendi quella di riserva."),
    ],
)
def test_a_whist_before_its_first_trick_speaks_italian(
    client, organiser, game_type, players, words
):
    """The split of Italian Whist and the exchange of three-handed whist."""
    game, users = make_game(game_type, players, organiser)
    seat = seat_to_act(game)
    client.force_login(users[seat])
    html = client.get(f"/games/{game.pk}/seat/{seat}/", HTTP_ACCEPT_LANGUAGE="it").content
    text = visible_text(html.decode())
    assert words in text
    assert english_left(text) == [], text
