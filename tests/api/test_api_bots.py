"""POST /api/games/{id}/bots: the casual game's creator seats a bot (0-based seat);
the summary marks bot seats; refusals are 4xx in words, nothing written."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.support.factories import make_user
from tournaments.models import Player


def api(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def create(user: Any, players: int = 2) -> dict[str, Any]:
    body = {"game": "briscola", "players": players, "seat": 0}
    response = api(user).post("/api/games/casual", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["game"]


def test_the_creator_seats_a_bot_and_the_last_seat_starts_the_game(db):
    olga = make_user("olga")
    game = create(olga, players=3)
    response = api(olga).post(f"/api/games/{game['id']}/bots", {"seat": 2}, format="json")
    assert response.status_code == 201, response.json()
    summary = response.json()
    assert summary["status"] == "setup"
    assert [(s["seat"], s["bot"], s["username"]) for s in summary["seats"]] == [
        (0, False, "olga"),
        (2, True, None),
    ]
    invitations = api(olga).get(f"/api/games/{game['id']}/invitations").json()["invitations"]
    assert [i["seat"] for i in invitations] == [1]
    last = api(olga).post(f"/api/games/{game['id']}/bots", {"seat": 1}, format="json")
    assert last.status_code == 201 and last.json()["status"] == "active"


@pytest.mark.parametrize(
    ("body", "status"),
    [({"seat": 0}, 409), ({"seat": 5}, 400), ({"seat": "1"}, 400), ({}, 400), ({"x": 1}, 400)],
)
def test_bad_requests_are_refused_in_words_and_seat_no_bot(db, body, status):
    olga = make_user("olga")
    game = create(olga)
    response = api(olga).post(f"/api/games/{game['id']}/bots", body, format="json")
    assert response.status_code == status, response.json()
    assert response.json()["detail"]
    assert not Player.objects.filter(is_bot=True).exists()


def test_nobody_but_the_creator_seats_a_bot(db):
    olga = make_user("olga")
    game = create(olga)
    for client, status in ((api(make_user("ivo")), 403), (api(), 403)):
        response = client.post(f"/api/games/{game['id']}/bots", {"seat": 1}, format="json")
        assert response.status_code in (status, 401), response.content
    missing = api(olga).post(
        "/api/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/bots", {"seat": 1}, format="json"
    )
    assert missing.status_code == 404
    assert not Player.objects.filter(is_bot=True).exists()
