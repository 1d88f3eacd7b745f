"""Closing a round: directors only (service, API, the control page's button); a
draft cannot be closed; closing twice changes nothing; the sheet says it is closed."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.factories import published
from tests.support.sheets import cid
from tournaments.models import Round
from tournaments.services import round_closing, rounds, sheets
from tournaments.services.errors import Conflict, Forbidden

pytestmark = pytest.mark.django_db


def logged(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_only_a_director_closes_a_published_round_once():
    s = published("german_whist", 2)
    with pytest.raises(Forbidden):
        round_closing.close_round(s.round, by=s.seat(0))
    assert not Round.objects.get(pk=s.round.pk).is_closed
    closed = round_closing.close_round(s.round, by=s.director)
    at = closed.closed_at
    assert closed.is_closed and closed.closed_by == s.director
    assert round_closing.close_round(s.round, by=s.director).closed_at == at
    draft = rounds.pair_next_round(s.round.tournament, by=s.director, confirm_unfinished=True)
    with pytest.raises(Conflict, match="draft"):
        round_closing.close_round(draft, by=s.director)
    state = sheets.sheet_state(s.table(), s.seat(0))
    assert state["closed"] is True
    with pytest.raises(Conflict, match="closed"):
        sheets.submit(s.table(), 1, {"tricks": [7, 6]}, s.seat(0), cid())
    # A director still rules (here: enters, which counts at once).
    sheets.submit(s.table(), 1, {"tricks": [7, 6]}, s.director, cid())


def test_the_api_closes_a_round():
    s = published("german_whist", 2)
    cup = s.round.tournament
    url = f"/api/clubs/{s.club.slug}/tournaments/{cup.slug}/rounds/1/close"
    assert logged(s.seat(0)).post(url).status_code == 403
    answer = logged(s.director).post(url)
    assert answer.status_code == 200 and answer.json()["closed_at"]
    listed = Client().get(f"/api/clubs/{s.club.slug}/tournaments/{cup.slug}/rounds/").json()
    assert listed[0]["closed_at"]
    sheet = logged(s.seat(0)).get(
        f"/api/clubs/{s.club.slug}/tournaments/{cup.slug}/rounds/1/tables/1/sheet"
    )
    assert sheet.json()["closed"] is True
    refused = logged(s.seat(0)).post(
        f"/api/clubs/{s.club.slug}/tournaments/{cup.slug}/rounds/1/tables/1/sheet/entries",
        {"deal": 1, "tally": {"type": "tally", "tricks": [7, 6]}, "client_id": str(cid())},
        content_type="application/json",
    )
    assert refused.status_code == 409 and "closed" in refused.json()["detail"]


def test_the_control_page_has_a_close_button():
    s = published("german_whist", 2)
    cup = s.round.tournament
    control = f"/clubs/{s.club.slug}/t/{cup.slug}/rounds/1/control"
    director = logged(s.director)
    assert "Close round 1" in director.get(control).content.decode()
    assert logged(s.seat(0)).post(control.replace("control", "close")).status_code in (302, 403)
    assert not Round.objects.get(pk=s.round.pk).is_closed
    answer = director.post(control.replace("control", "close"), follow=True)
    page = answer.content.decode()
    assert "Round 1 is closed" in page and "Close round 1" not in page
    assert Round.objects.get(pk=s.round.pk).is_closed
