"""The phone page of a table's sheet (/s/<code>/) at each state, its short codes,
and the round's printable PDF (one page per table, the QR link on each)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from engine import new_game
from tests.support.factories import director_of, make_club, make_user, published
from tests.support.sheets import cid
from tournaments.services import sheets
from tournaments.web.sheet_pages import sheet_path, table_code, table_from_code
from tournaments.web.sheet_pdf import schedule

pytestmark = pytest.mark.django_db

IW = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
IW_OTHER = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}


def browser(user=None):
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def form(deal, action="enter", **counts):
    return {"action": action, "deal": deal, "client_id": str(uuid.uuid4()), **counts}


def iw_counts(t):
    return {
        f"{h}_{s}": t["tricks"][s][i] for s in range(3) for i, h in enumerate(("first", "second"))
    }


def test_codes_are_short_checked_and_unguessable():
    s = published("german_whist", 2)
    table = s.table()
    code = table_code(table.pk)
    assert len(code) <= 12 and re.fullmatch(r"[a-z2-7]+", code)
    assert table_from_code(code).pk == table.pk
    forged = code[:-1] + ("a" if code[-1] != "a" else "b")
    assert browser(s.seat(0)).get(f"/s/{forged}/").status_code == 404
    assert browser(s.seat(0)).get("/s/x/").status_code == 404


def test_the_page_at_each_state():
    s = published("italian_whist", 3)
    table = s.table()
    path = sheet_path(table)
    a, b, d = browser(s.seat(0)), browser(s.seat(1)), browser(s.director)
    anonymous = browser().get(path)
    assert anonymous.status_code == 200 and b"Log in" in anonymous.content
    assert b"Who are you?" in anonymous.content  # a guest says which seat they are
    empty = a.get(path).content.decode()
    assert "No deal entered yet" in empty and "Enter deal 1" in empty
    assert 'name="viewport"' in empty and "sheet.js" in empty
    # Entered: pending; the other side gets a confirm button, the entering side none.
    response = a.post(path + "act", form(1, **iw_counts(IW)))
    assert response.status_code == 302
    assert "Confirm deal 1" not in a.get(path).content.decode()
    pending = b.get(path).content.decode()
    assert 'data-status="pending"' in pending and "Confirm deal 1" in pending
    # A differing entry: disputed, with the fields.
    b.post(path + "act", form(1, **iw_counts(IW_OTHER)))
    disputed = a.get(path).content.decode()
    assert 'data-status="disputed"' in disputed and "tricks[" not in disputed
    assert "Player 2&#x27;s first-hand tricks: 2 or 3" in disputed
    assert "Enter deal 1" not in disputed and "Enter deal 2" not in disputed
    director_view = d.get(path).content.decode()
    assert "Rule on deal 1" in director_view and "Sheet history" in director_view
    chosen = sheets.SheetEntry.objects.filter(table=table, kind="entry").first()
    d.post(path + "act", {**form(1, action="resolve"), "chose": chosen.pk, "confirmed": "1"})
    counted = a.get(path).content.decode()
    assert 'data-status="counted"' in counted and "Enter deal 2" in counted
    assert "4 / -2 / -2" in counted
    # The page script's JSON answer, for the offline queue: an illegal tally's reason.
    bad = a.post(
        path + "act",
        form(2, **iw_counts({"tricks": [[9, 0], [9, 0], [0, 9]]})),
        HTTP_X_TAVOLO_QUEUE="1",
    )
    assert bad.status_code == 400 and "add up to 9" in bad.json()["message"]
    same = form(2, **iw_counts(IW))
    first = a.post(path + "act", same, HTTP_X_TAVOLO_QUEUE="1")
    again = a.post(path + "act", same, HTTP_X_TAVOLO_QUEUE="1")
    assert first.status_code == 201 and again.status_code == 200
    assert sheets.SheetEntry.objects.filter(table=table, deal=2).count() == 1


def test_the_public_pairings_mark_a_disputed_table_until_a_director_rules():
    s = published("italian_whist", 6)
    disputed, other = s.table(1), s.table(2)
    a, b = browser(s.seat(0)), browser(s.seat(1))
    pairings = reverse(
        "rounds:public",
        args=[s.round.tournament.club.slug, s.round.tournament.slug, s.round.number],
    )

    def statuses():
        page = browser().get(pairings).content.decode()
        return re.findall(r"table-status--(\w+)", page)

    assert statuses() == ["playing", "playing"]
    a.post(sheet_path(disputed) + "act", form(1, **iw_counts(IW)))
    assert statuses() == ["playing", "playing"]  # one entry, waiting: not a dispute
    b.post(sheet_path(disputed) + "act", form(1, **iw_counts(IW_OTHER)))
    assert statuses() == ["disputed", "playing"]
    assert sheets.disputed_tables([disputed.pk, other.pk]) == {disputed.pk}
    cup = s.round.tournament
    api = browser().get(f"/api/clubs/{cup.club.slug}/tournaments/{cup.slug}/rounds/1/").json()
    assert [t["disputed"] for t in api["tables"]] == [True, False]
    chosen = sheets.SheetEntry.objects.filter(table=disputed, kind="entry").first()
    browser(s.director).post(
        sheet_path(disputed) + "act",
        {**form(1, action="resolve"), "chose": chosen.pk, "confirmed": "1"},
    )
    assert statuses() == ["playing", "playing"]


def test_other_tables_and_other_clubs_hold_the_link_as_guests():
    # A login with no part at this table is a guest of it, like anyone holding its
    # link: asked which seat they are, refused until they say, and never an official.
    s = published("german_whist", 4)
    path = sheet_path(s.table(1))
    for user in (s.seat(0, table=2), director_of(make_club()), make_user()):
        page = browser(user).get(path)
        assert page.status_code == 200 and b"Who are you?" in page.content
    refused = browser(s.seat(0, table=2)).post(
        path + "act", form(1, tricks_0=7, tricks_1=6), HTTP_X_TAVOLO_QUEUE="1"
    )
    assert refused.status_code == 403 and "seat" in refused.json()["message"]
    assert not sheets.SheetEntry.objects.exists()


def test_the_game_page_tally_form_still_works():
    # tally_fields / tally_from_form serve the game pages too.
    s = published("german_whist", 2)
    game = s.table().game
    response = browser(s.seat(0)).get(f"/games/{game.pk}/seat/0/")
    assert response.status_code == 200 and b"tricks_0" in response.content


def test_the_pdf_has_one_page_per_table_and_the_qr_links():
    s = published("german_whist", 6)
    t = s.round.tournament
    pdf_url = f"/clubs/{s.club.slug}/t/{t.slug}/rounds/1/sheets.pdf"
    assert browser(s.seat(0)).get(pdf_url).status_code == 403
    assert browser().get(pdf_url).status_code == 302
    response = browser(s.director).get(pdf_url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pdf = response.content
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert len(re.findall(rb"/Type /Page\b", pdf)) == 3
    for table in s.tables:
        assert f"/s/{table_code(table.pk)}/".encode() in pdf
    assert browser(s.director).get(pdf_url.replace("/1/", "/2/")).status_code == 404


def test_italian_whist_schedule_follows_the_engine():
    rows = schedule("italian_whist", 3, 1, {}, 12)
    game = new_game("italian_whist", 3, {"score_limit": 10}, 1)
    for row in rows:
        view = game.view(None)
        assert row["dealer"] == game.dealer
        assert row["passing"] == view["passing"]
        assert row["trumps"] == ("spades" if view["trump"] == "S" else "none")
        game.apply({"type": "tally", "tricks": [[3, 3], [3, 3], [3, 3]]})
    assert [r["passing"] for r in rows[:3]] == ["left", "right", "keep"]
    assert [r["trumps"] for r in rows[:6]] == ["none"] * 3 + ["spades"] * 3


def test_other_games_schedule_the_dealer():
    game = new_game("whist", 4, {}, 2)
    for row in schedule("whist", 4, 2, {}, 6):
        assert row["dealer"] == game.dealer and "trumps" not in row
        game.apply({"type": "tally", "tricks": [7, 6]}) if not game.over else None
        if game.over:
            break


def test_client_ids_are_fresh_per_page():
    s = published("german_whist", 2)
    a = browser(s.seat(0))
    ids = {
        re.search(
            r'name="client_id" value="([^"]+)"', a.get(sheet_path(s.table())).content.decode()
        ).group(1)
        for _ in range(2)
    }  # noqa: E501
    assert len(ids) == 2
    assert cid() not in ids


@pytest.mark.parametrize(("points", "says"), [([70, 50], "Winner: "), ([60, 60], "A draw: ")])
def test_the_page_names_the_winner_or_the_sides_of_a_draw(points, says):
    s = published("briscola", 2, table_sizes=[2])
    sheets.submit(s.table(), 1, {"points": points}, s.director, cid())
    page = browser(s.seat(0)).get(sheet_path(s.table())).content.decode()
    sides = sheets.sheet_state(s.table(), s.seat(0))["sides"]
    expected = sides[0] if points[0] > points[1] else " and ".join(sides)
    assert f"{says}{expected}" in page
