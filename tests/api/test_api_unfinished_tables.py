"""The rounds API: each table's state, and pairing past unfinished tables refused
with a 409 listing them unless ``confirm_unfinished`` is sent."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import api, check, cup_url
from tests.support.factories import member, published
from tests.support.sheets import cid
from tournaments.models import Game, Role
from tournaments.services import sheets

pytestmark = pytest.mark.django_db

IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
IW_B = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}


@pytest.fixture
def evening() -> Any:
    setup = published("italian_whist", 9, rounds_planned=3)
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0, 1), cid())
    sheets.submit(setup.table(2), 1, IW_A, setup.seat(0, 2), cid())
    sheets.submit(setup.table(2), 1, IW_B, setup.seat(1, 2), cid())
    Game.objects.filter(pk=setup.table(3).game_id).update(status=Game.Status.FINISHED)
    return setup


def test_the_round_says_each_tables_state(evening: Any) -> None:
    shown = check(api().get(cup_url(evening.round.tournament) + "rounds/1/"), 200)
    assert [(t["number"], t["state"]) for t in shown["tables"]] == [
        (1, "waiting"),
        (2, "disputed"),
        (3, "done"),
    ]
    assert shown["tables"][0]["state_label"] == "waiting for confirmation"


def test_pairing_past_unfinished_tables_is_a_409_listing_them(evening: Any) -> None:
    url = cup_url(evening.round.tournament) + "rounds/"
    client = api(evening.director)
    refused = check(client.post(url), 409)
    assert refused["round"] == 1
    assert [(t["table"], t["state"]) for t in refused["unfinished"]] == [
        (1, "waiting"),
        (2, "disputed"),
    ]
    assert len(refused["unfinished"][1]["players"]) == 3
    assert "unfinished tables" in refused["detail"]
    assert check(client.post(url, {"confirm_unfinished": False}, format="json"), 409)
    bad = check(client.post(url, {"confirm_unfinished": "yes"}, format="json"), 400)
    assert "confirm_unfinished" in bad["errors"]
    assert check(client.get(url), 200)[-1]["number"] == 1  # nothing paired
    paired = check(client.post(url, {"confirm_unfinished": True}, format="json"), 201)
    assert paired["number"] == 2 and paired["status"] == "draft"
    assert all(t["state"] is None for t in paired["tables"])


def test_a_scorer_cannot_pair_with_the_confirmation(evening: Any) -> None:
    url = cup_url(evening.round.tournament) + "rounds/"
    scorer = member(evening.club, Role.SCORER)
    check(api(scorer).post(url, {"confirm_unfinished": True}, format="json"), 403)
