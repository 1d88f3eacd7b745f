"""Score sheets of Scopa, Briscola and Tresette: each game's tally through the phone
page (entered, refused with the engine's reason, confirmed by the other side) and
its columns and dealer schedule in the printable PDF."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from engine import new_game
from tests.support.factories import published
from tournaments.web.sheet_pages import sheet_path
from tournaments.web.sheet_pdf import rows_for, schedule

pytestmark = pytest.mark.django_db

# game: (players, good form, bad form, the engine's reason, deal scores, words on the page)
CASES = {
    "scopa": (
        2,
        {"cards_0": 22, "coins_0": 6, "scope_0": 1, "primiera_0": 78,
         "cards_1": 18, "coins_1": 4, "scope_1": 0, "primiera_1": 70, "settebello": 0},
        {"cards_0": 22, "coins_0": 0, "scope_0": 1, "primiera_0": 78,
         "cards_1": 18, "coins_1": 10, "scope_1": 0, "primiera_1": 70, "settebello": 0},
        "took the settebello (a coin) but has no coins",
        "5 / 0",
        "22 cards, 6 coins, 1 scopa, 78 primiera",
    ),
    "briscola": (
        2,
        {"points_0": 61, "points_1": 59},
        {"points_0": 60, "points_1": 61},
        "must add up to 120",
        "61 / 59",
        "61 points",
    ),
    "tresette": (
        4,
        {"thirds_0": 20, "thirds_1": 12, "last_trick": 1, "declared_0": 3, "declared_1": 0},
        {"thirds_0": 20, "thirds_1": 13, "last_trick": 1, "declared_0": 3, "declared_1": 0},
        "must add up to 32",
        "9 / 5",
        "20 thirds, 3 declared",
    ),
}  # fmt: skip
OPTIONS = {"briscola": {"games": 3}}
SETTINGS = {"tresette": {"pairing_method": "whist_drive"}}  # partners: the movement


def browser(user=None):
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def form(deal, action="enter", **counts):
    return {"action": action, "deal": deal, "client_id": str(uuid.uuid4()), **counts}


@pytest.mark.parametrize("game_type", sorted(CASES))
def test_a_deal_is_entered_refused_and_confirmed_on_the_phone_page(game_type):
    players, good, bad, reason, scores, words = CASES[game_type]
    s = published(game_type, players, OPTIONS.get(game_type), **SETTINGS.get(game_type, {}))
    table = s.table()
    path = sheet_path(table)
    first, other = browser(s.seat(0)), browser(s.seat(1))  # seats 0 and 1: two sides
    empty = first.get(path).content.decode()
    assert "Enter deal 1" in empty
    for name in good:
        assert f'name="{name}"' in empty

    refused = first.post(path + "act", form(1, **bad), HTTP_X_TAVOLO_QUEUE="1")
    assert refused.status_code == 400 and reason in refused.json()["message"]
    # Without the page's script: the page again, the reason next to the form, as an
    # error, and what was typed kept.
    answer = first.post(path + "act", form(1, **bad))
    shown = answer.content.decode()
    assert answer.status_code == 400 and "No deal entered yet" in shown
    assert re.search(
        r'class="sheet-error"[^>]*role="alert"[^>]*>[^<]*'
        + re.escape(reason.replace("'", "&#x27;")),
        shown,
    )
    for name, value in bad.items():
        if name not in ("settebello", "last_trick"):
            assert re.search(f'name="{name}"[^>]*value="{value}"', shown), name

    assert first.post(path + "act", form(1, **good)).status_code == 302
    pending = other.get(path).content.decode()
    assert "Confirm deal 1" in pending and words in pending
    other.post(path + "act", form(1, action="confirm"))
    counted = first.get(path).content.decode()
    assert 'data-status="counted"' in counted and scores in counted
    assert "Enter deal 2" in counted


@pytest.mark.parametrize("game_type", sorted(CASES))
def test_the_pdf_has_the_games_columns_and_dealers(game_type):
    players = CASES[game_type][0]
    s = published(game_type, players * 2, OPTIONS.get(game_type), **SETTINGS.get(game_type, {}))
    t = s.round.tournament
    response = browser(s.director).get(f"/clubs/{s.club.slug}/t/{t.slug}/rounds/1/sheets.pdf")
    assert response.status_code == 200
    pdf = response.content
    assert len(re.findall(rb"/Type /Page\b", pdf)) == 2
    text = pdf  # pageCompression=0: the page's strings are in the file as they are
    headings = {
        "scopa": [b"Settebello", b"cards", b"coins", b"scope", b"primiera"],
        "briscola": [b"points"],
        "tresette": [b"Last trick", b"thirds", b"declared"],
    }[game_type]
    for heading in headings:
        assert heading in text, heading
    first = s.table().game
    names = {seat.number: seat.player.name for seat in first.seats.all()}
    assert f"({names[first.first_dealer]})".encode() in text  # deal 1's dealer


@pytest.mark.parametrize(("game_type", "players"), [("scopa", 3), ("briscola", 4), ("tresette", 4)])
def test_the_schedule_follows_the_engines_dealer(game_type, players):
    tally = {
        "scopa": {"type": "tally", "cards": [14, 13, 13], "coins": [4, 3, 3],
                  "scope": [0, 0, 0], "settebello": 0, "primiera": [60, 55, 55]},
        "briscola": {"type": "tally", "points": [60, 60]},
        "tresette": {"type": "tally", "thirds": [16, 16], "last_trick": 0, "declared": [0, 0]},
    }[game_type]  # fmt: skip
    options = {"games": 5} if game_type == "briscola" else {}
    game = new_game(game_type, players, options, 1)
    rows = schedule(game_type, players, 1, options, rows_for(game_type, options, game.options))
    assert len(rows) == (5 if game_type == "briscola" else len(rows))
    for row in rows:
        if game.over:
            break
        assert row["dealer"] == game.dealer
        game.apply(tally)
