"""Score sheets of Burraco and Scala 40: each game's tally through the phone page
(entered, refused with the engine's reason, confirmed by the other side) and its
columns and dealers in the printable PDF."""

from __future__ import annotations

import re

import pytest

from tests.sheets.test_sheet_italian import browser, form
from tests.support.factories import published
from tournaments.web.sheet_pages import sheet_path

pytestmark = pytest.mark.django_db

# game: (players, good form, bad form, the engine's reason, deal scores, words on the page)
CASES = {
    "burraco": (
        2,
        {"melded_0": 300, "clean_0": 1, "dirty_0": 0, "hand_0": 0, "pozzetto_0": "1",
         "melded_1": 100, "clean_1": 0, "dirty_1": 0, "hand_1": 40, "closed": 0},
        {"melded_0": 300, "clean_0": 1, "dirty_0": 0, "hand_0": 0, "pozzetto_0": "1",
         "melded_1": 100, "clean_1": 0, "dirty_1": 0, "hand_1": 40, "closed": 1},
        "closed without a burraco",
        "600 / -40",
        "300 melded, 1 clean, 0 dirty, 0 in hand, pozzetto",
    ),
    "scala40": (
        2,
        {"hand_0": 0, "hand_1": 35, "closed": 0},
        {"hand_0": 5, "hand_1": 35, "closed": 0},
        "(seat 1)) has 0 hand points",  # the engine's seat 0, named and counted from 1
        "0 / 35",
        "35 in hand",
    ),
}  # fmt: skip


@pytest.mark.parametrize("game_type", sorted(CASES))
def test_a_deal_is_entered_refused_and_confirmed_on_the_phone_page(game_type):
    players, good, bad, reason, scores, words = CASES[game_type]
    s = published(game_type, players)
    path = sheet_path(s.table())
    first, other = browser(s.seat(0)), browser(s.seat(1))
    empty = first.get(path).content.decode()
    assert "Enter deal 1" in empty
    for name in good:
        assert f'name="{name}"' in empty
    if game_type == "burraco":
        assert 'type="checkbox" name="pozzetto_0"' in empty

    refused = first.post(path + "act", form(1, **bad), HTTP_X_TAVOLO_QUEUE="1")
    assert refused.status_code == 400 and reason in refused.json()["message"]
    answer = first.post(path + "act", form(1, **bad))  # no script: the page again
    shown = answer.content.decode()
    assert answer.status_code == 400 and "No deal entered yet" in shown
    assert reason.replace("'", "&#x27;") in shown.split('class="sheet-error"')[1]

    assert first.post(path + "act", form(1, **good)).status_code == 302
    pending = other.get(path).content.decode()
    assert "Confirm deal 1" in pending and words in pending
    other.post(path + "act", form(1, action="confirm"))
    counted = first.get(path).content.decode()
    assert 'data-status="counted"' in counted and scores in counted


@pytest.mark.parametrize("game_type", sorted(CASES))
def test_the_pdf_has_the_games_columns_and_dealers(game_type):
    players = CASES[game_type][0]
    s = published(game_type, players * 2)
    t = s.round.tournament
    response = browser(s.director).get(f"/clubs/{s.club.slug}/t/{t.slug}/rounds/1/sheets.pdf")
    assert response.status_code == 200
    text = response.content
    assert len(re.findall(rb"/Type /Page\b", text)) == 2
    headings = {
        "burraco": [b"Closed by", b"melded", b"clean", b"dirty", b"in hand", b"pozzetto"],
        "scala40": [b"Closed by", b"in hand", b"next player still in"],
    }[game_type]
    for heading in headings:
        assert heading in text, heading
    first = s.table().game
    names = {seat.number: seat.player.name for seat in first.seats.all()}
    assert f"({names[first.first_dealer]})".encode() in text  # deal 1's dealer
    second = names[(first.first_dealer + 1) % first.players]
    assert f"({second})".encode() in text  # deal 2's
