"""The score-sheet API: sheet, entries, confirmation, rulings, corrections, history,
forfeits; errors are clear 4xx, never 500; every endpoint is in the schema."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.support.factories import director_of, make_club, published
from tests.support.sheets import cid

pytestmark = pytest.mark.django_db

TALLY = {"type": "tally", "tricks": [7, 6]}


def url(setup, table=1, tail=""):
    t = setup.round.tournament
    return f"/api/clubs/{setup.club.slug}/tournaments/{t.slug}/rounds/1/tables/{table}/{tail}"


def client(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_enter_confirm_and_read_the_sheet():
    s = published("german_whist", 2, options={"deals": 2})
    a, b = client(s.seat(0)), client(s.seat(1))
    body = {"deal": 1, "tally": TALLY, "client_id": str(cid())}
    first = a.post(url(s, tail="sheet/entries"), body, format="json")
    assert first.status_code == 201, first.json()
    assert first.json()["sheet"]["deals"][0]["status"] == "pending"
    assert a.post(url(s, tail="sheet/entries"), body, format="json").status_code == 200
    again = dict(body, tally={"tricks": [6, 7]})
    conflict = a.post(url(s, tail="sheet/entries"), again, format="json")
    assert conflict.status_code == 409 and "already used" in conflict.json()["detail"]
    own = a.post(url(s, tail="sheet/confirm"), {"deal": 1, "client_id": str(cid())}, format="json")
    assert own.status_code == 403 and "another side" in own.json()["detail"]
    ok = b.post(url(s, tail="sheet/confirm"), {"deal": 1, "client_id": str(cid())}, format="json")
    assert ok.status_code == 201 and ok.json()["counted"] == [1]
    sheet = b.get(url(s, tail="sheet")).json()
    assert sheet["deals"][0]["status"] == "counted" and sheet["totals"] == [7, 6]


def test_bad_input_is_a_clear_4xx():
    s = published("german_whist", 2)
    a = client(s.seat(0))
    bad = a.post(
        url(s, tail="sheet/entries"),
        {"deal": 1, "tally": {"tricks": [7, 7]}, "client_id": str(cid())},
        format="json",
    )
    assert bad.status_code == 400 and "add up to 13" in bad.json()["detail"]
    garbled = a.post(url(s, tail="sheet/entries"), {"deal": "x", "tally": 3}, format="json")
    assert garbled.status_code == 400 and garbled.json()["detail"]
    not_obj = a.post(
        url(s, tail="sheet/entries"), {"deal": 1, "tally": [1], "client_id": str(cid())},
        format="json",
    )  # fmt: skip
    assert not_obj.status_code == 400
    assert a.get(url(s, table=9, tail="sheet")).status_code == 404
    assert a.get(url(s, table=10**9, tail="sheet")).status_code == 404
    assert APIClient().get(url(s, tail="sheet")).status_code in (401, 403)


def test_dispute_resolve_correct_history_and_forfeit_for_directors():
    s = published("german_whist", 2, options={"deals": 3})
    a, b, d = client(s.seat(0)), client(s.seat(1)), client(s.director)
    first = a.post(
        url(s, tail="sheet/entries"),
        {"deal": 1, "tally": TALLY, "client_id": str(cid())},
        format="json",
    ).json()["line"]["id"]
    b.post(
        url(s, tail="sheet/entries"),
        {"deal": 1, "tally": {"tricks": [6, 7]}, "client_id": str(cid())},
        format="json",
    )
    sheet = a.get(url(s, tail="sheet")).json()
    assert sheet["deals"][0]["status"] == "disputed"
    assert sheet["deals"][0]["differs"] == ["tricks[0]", "tricks[1]"]
    resolve = {"deal": 1, "entry": first, "client_id": str(cid())}
    assert a.post(url(s, tail="sheet/resolve"), resolve, format="json").status_code == 403
    ruled = d.post(url(s, tail="sheet/resolve"), resolve, format="json")
    assert ruled.status_code == 201 and ruled.json()["counted"] == [1]
    fix = {"deal": 1, "tally": {"tricks": [8, 5]}, "reason": "recount", "client_id": str(cid())}
    assert b.post(url(s, tail="sheet/correct"), fix, format="json").status_code == 403
    fixed = d.post(url(s, tail="sheet/correct"), fix, format="json")
    assert fixed.status_code == 201 and fixed.json()["sheet"]["totals"] == [8, 5]
    assert a.get(url(s, tail="sheet/history")).status_code == 403
    history = d.get(url(s, tail="sheet/history")).json()
    assert [h["kind"] for h in history] == ["entry", "entry", "resolve", "correct"]
    assert all(h["client_id"] and h["at"] for h in history)
    entry = s.table().places.first().entry_id
    forfeit = {"entry": entry, "kind": "no_show", "note": "ill"}
    assert a.post(url(s, tail="forfeits"), forfeit, format="json").status_code == 403
    made = d.post(url(s, tail="forfeits"), forfeit, format="json")
    assert made.status_code == 201 and made.json()["kind"] == "no_show"
    assert d.post(url(s, tail="forfeits"), forfeit, format="json").status_code == 409
    wrong = d.post(url(s, tail="forfeits"), dict(forfeit, kind="late"), format="json")
    assert wrong.status_code == 400


def test_another_clubs_director_is_refused():
    s = published("german_whist", 2)
    stranger = client(director_of(make_club()))
    assert stranger.get(url(s, tail="sheet")).status_code == 403
    post = {"deal": 1, "tally": TALLY, "client_id": str(cid())}
    assert stranger.post(url(s, tail="sheet/entries"), post, format="json").status_code == 403


def test_the_endpoints_are_in_the_schema():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = [p for p in schema["paths"] if "/tables/{table}/" in p]
    for tail in ("sheet", "sheet/entries", "sheet/confirm", "sheet/resolve", "sheet/correct",
                 "sheet/history", "forfeits"):  # fmt: skip
        assert any(p.endswith("/tables/{table}/" + tail) for p in paths), tail
