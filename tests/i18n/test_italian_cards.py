"""Italian cards: Scopa, Briscola and Tresette draw the Italian deck (denari, coppe,
spade, bastoni; Asso … Fante, Cavallo, Re) unless the viewer chose French cards; a
French-deck game is unchanged; card codes (pages' data-card, the API) never change."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.support.factories import make_game, published
from tournaments.models import Preferences
from tournaments.services.game_store import read_state
from tournaments.web import card_style
from tournaments.web.sheet_pages import sheet_path

FRENCH_GLYPHS = ("\u2666", "\u2665", "\u2660", "\u2663")
ITALIAN_SUITS = ("denari", "coppe", "spade", "bastoni")


class _Labels(HTMLParser):
    """Every card's aria-label and every sprite reference of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.card_labels: list[str] = []
        self.uses: set[str] = set()
        self.symbols: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("data-card") and a.get("aria-label"):
            self.card_labels.append(a["aria-label"] or "")
        if tag == "use":
            self.uses.add(a.get("href") or "")
        if tag == "symbol":
            self.symbols.add(a.get("id") or "")


def parsed(html: str) -> _Labels:
    labels = _Labels()
    labels.feed(html)
    return labels


@pytest.fixture
def organiser(db: None) -> Any:
    return get_user_model().objects.create_user("olga", password="pw")


def hand_of(game: Any, seat: int) -> list[str]:
    return read_state(game, lambda s: [c.code for c in s.hand(seat)])


def seat_page(client: Any, game: Any, user: Any, seat: int = 0, **headers: Any) -> str:
    client.force_login(user)
    response = client.get(f"/games/{game.pk}/seat/{seat}/", **headers)
    assert response.status_code == 200
    return response.content.decode()


def test_scopa_shows_italian_suits_and_ranks_by_default(client, organiser):
    game, users = make_game("scopa", 2, organiser)
    html = seat_page(client, game, users[0], HTTP_ACCEPT_LANGUAGE="it")
    page = parsed(html)
    # The sprite once, and the cards drawn from it.
    assert {f"suit-{s}" for s in ITALIAN_SUITS} <= page.symbols
    assert html.count('class="suit-sprite"') == 1
    assert page.uses and page.uses <= {f"#suit-{s}" for s in ITALIAN_SUITS}
    assert not any(glyph in html for glyph in FRENCH_GLYPHS)
    # Every card drawn speaks Italian: "Asso di denari", "7 di coppe", "Re di bastoni".
    rank = r"(Asso|[2-7]|Fante|Cavallo|Re)"
    assert page.card_labels
    for label in page.card_labels:
        assert re.search(rf"\b{rank} di ({'|'.join(ITALIAN_SUITS)})\b", label), label
    # Codes unchanged: the hand is still written 7D, KC …
    for code in hand_of(game, 0):
        assert f'data-card="{code}"' in html
    assert "Mostra le carte francesi" in html


def test_scopa_card_names_in_english(client, organiser):
    game, users = make_game("scopa", 2, organiser)
    html = seat_page(client, game, users[0])
    labels = " ".join(parsed(html).card_labels)
    assert re.search(r"\b(ace|two|three|four|five|six|seven|jack|knight|king) of "
                     r"(coins|cups|swords|batons)\b", labels)  # fmt: skip
    assert not re.search(r"\bof (diamonds|hearts|spades|clubs)\b", labels)
    assert not any(glyph in html for glyph in FRENCH_GLYPHS)
    assert "Show French cards" in html


@pytest.mark.parametrize("game_type", ["briscola", "tresette"])
def test_briscola_and_tresette_are_italian_too(client, organiser, game_type):
    game, users = make_game(game_type, 4 if game_type == "tresette" else 2, organiser)
    html = seat_page(client, game, users[0])
    assert 'href="#suit-' in html
    assert not any(glyph in html for glyph in FRENCH_GLYPHS)


def test_the_french_choice_shows_french_suits(client, organiser):
    game, users = make_game("scopa", 2, organiser)
    client.cookies[card_style.COOKIE] = "french"
    html = seat_page(client, game, users[0])
    assert any(glyph in html for glyph in FRENCH_GLYPHS)
    assert "suit-sprite" not in html and 'href="#suit-' not in html
    labels = " ".join(parsed(html).card_labels)
    assert re.search(r" of (diamonds|hearts|spades|clubs)\b", labels)
    assert "Show Italian cards" in html


def test_the_switch_sets_the_cookie_saves_the_choice_and_goes_back(client, organiser):
    game, users = make_game("scopa", 2, organiser)
    back = f"/games/{game.pk}/seat/0/"
    client.force_login(users[0])
    response = client.post("/cards/style/", {"style": "french", "next": back})
    assert response.status_code == 302 and response["Location"] == back
    assert response.cookies[card_style.COOKIE].value == "french"
    assert Preferences.objects.get(user=users[0]).card_style == "french"
    assert (
        "\u2666" in client.get(back).content.decode()
        or "\u2663" in client.get(back).content.decode()
    )
    # Logging in from another browser brings the saved choice with it.
    other = type(client)()
    other.post("/accounts/login/", {"username": users[0].username, "password": "pw"})
    assert other.cookies[card_style.COOKIE].value == "french"
    # Anything else is refused (no cookie), and a foreign "next" is not followed.
    response = client.post("/cards/style/", {"style": "tarot", "next": "https://evil.example/"})
    assert response["Location"] == "/" and card_style.COOKIE not in response.cookies


def test_anonymous_choice_is_a_cookie(client, organiser):
    game, _users = make_game("scopa", 2, organiser)
    response = client.post("/cards/style/", {"style": "french", "next": f"/games/{game.pk}/"})
    assert response.cookies[card_style.COOKIE].value == "french"
    assert not Preferences.objects.exists()
    spectator = client.get(f"/games/{game.pk}/").content.decode()
    assert any(glyph in spectator for glyph in FRENCH_GLYPHS)


def test_a_french_deck_game_is_unchanged(client, organiser):
    game, users = make_game("whist", 4, organiser)
    html = seat_page(client, game, users[0])
    assert any(glyph in html for glyph in FRENCH_GLYPHS)
    assert "suit-sprite" not in html and "Show French cards" not in html
    labels = parsed(html).card_labels
    assert labels and all(
        re.fullmatch(r"(Play the |The )?(\w+) of (diamonds|hearts|spades|clubs)\b.*", label)
        for label in labels
    ), labels


def test_card_codes_in_the_api_do_not_change(organiser):
    game, users = make_game("scopa", 2, organiser)
    api = APIClient()
    api.force_authenticate(users[0])
    api.cookies[card_style.COOKIE] = "italian"
    view = api.get(f"/api/games/{game.pk}/view", {"seat": 0}).json()
    assert view["hand"] == hand_of(game, 0)
    assert all(re.fullmatch(r"[A2-7JQK][SHDC]", code) for code in view["hand"] + view["table"])


def _sheet_labels(html: str) -> str:
    """The text of the tally form's labels (the legends are players' names)."""
    return " ".join(re.findall(r'<label class="sheet-count">(.*?)<(?:input|select)', html))


def test_the_scopa_sheet_draws_the_denari_symbol(client, db):
    s = published("scopa", 2)
    client.force_login(s.seat(0))
    html = client.get(sheet_path(s.table())).content.decode()
    labels = _sheet_labels(html)
    assert 'href="#suit-denari"' in labels and "\u2666" not in labels
    assert html.count('class="suit-sprite"') == 1
    client.cookies[card_style.COOKIE] = "french"
    french = client.get(sheet_path(s.table())).content.decode()
    assert "\u2666" in _sheet_labels(french) and "suit-sprite" not in french


def test_a_french_deck_sheet_is_unchanged(client, db):
    s = published("german_whist", 2)
    client.force_login(s.seat(0))
    html = client.get(sheet_path(s.table())).content.decode()
    assert "suit-sprite" not in html and "suit-icon" not in html
