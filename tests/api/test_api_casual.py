"""The casual-game API: POST /api/games/casual, the invitation links
(…/invitations, /api/games/join/{token}); the same service as the web pages."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.support.factories import make_user
from tournaments.models import Game, GameInvitation


def api(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def create(user: Any, **body: Any) -> Any:
    data = {"game": "briscola", "players": 2, "seat": 1, **body}
    return api(user).post("/api/games/casual", data, format="json")


def test_creating_a_casual_game_gives_a_link_per_other_seat(db):
    olga = make_user("olga")
    response = create(olga, players=3, seat=1, options={"games": 2})
    assert response.status_code == 201, response.json()
    body = response.json()
    game = body["game"]
    assert (game["game"], game["players"], game["status"], game["mode"]) == (
        "briscola",
        3,
        "setup",
        "online",
    )
    assert game["options"]["games"] == 2
    assert [(s["seat"], s["username"]) for s in game["seats"]] == [(1, "olga")]
    assert [i["seat"] for i in body["invitations"]] == [0, 2]
    for invitation in body["invitations"]:
        assert invitation["url"] == f"http://testserver/games/join/{invitation['token']}/"
        assert len(invitation["token"]) >= 32


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"game": "poker"}, 400, "game"),
        ({"players": 5}, 400, "players"),
        ({"options": {"games": 0}}, 400, "games"),
        ({"options": {"colour": "red"}}, 400, "colour"),
        ({"seat": 2}, 400, "seat"),
        ({"seat": -1}, 400, None),
    ],
)
def test_bad_bodies_are_refused_with_the_field_and_create_nothing(db, body, status, field):
    response = create(make_user(), **body)
    assert response.status_code == status, response.json()
    if field is not None:
        assert response.json()["field"] == field
    assert Game.objects.count() == 0 and GameInvitation.objects.count() == 0


def test_anonymous_users_may_not_create(db):
    assert api().post("/api/games/casual", {}, format="json").status_code == 401


def test_taking_the_last_seat_starts_the_game(db):
    body = create(make_user("olga")).json()
    token = body["invitations"][0]["token"]
    info = api().get(f"/api/games/join/{token}")
    assert info.status_code == 200
    assert info.json() | {"game_id": None} == {
        "game_id": None,
        "game": "briscola",
        "title": "Briscola",
        "players": 2,
        "seat": 0,
        "usable": True,
        "problem": None,
    }
    assert api().post(f"/api/games/join/{token}").status_code == 401  # log in first
    taken = api(make_user("bruno")).post(f"/api/games/join/{token}")
    assert taken.status_code == 200
    game = taken.json()
    assert game["status"] == "active" and game["version"] > 0
    assert [(s["seat"], s["username"]) for s in game["seats"]] == [(0, "bruno"), (1, "olga")]
    again = api(make_user("chiara")).post(f"/api/games/join/{token}")
    assert again.status_code == 409 and "already been used" in again.json()["detail"]
    assert api().get(f"/api/games/join/{token}").json()["usable"] is False


def test_the_creator_lists_renews_and_withdraws_links(db):
    olga = make_user("olga")
    body = create(olga, game="scopa", players=4, seat=0).json()
    game_id = body["game"]["id"]
    listed = api(olga).get(f"/api/games/{game_id}/invitations").json()["invitations"]
    assert [i["seat"] for i in listed] == [1, 2, 3]

    renewed = api(olga).post(f"/api/games/{game_id}/invitations", {"seat": 2}, format="json")
    assert renewed.status_code == 201
    old = next(i for i in listed if i["seat"] == 2)["token"]
    assert renewed.json()["token"] != old
    assert api(make_user()).post(f"/api/games/join/{old}").status_code == 409  # withdrawn

    assert api(olga).delete(f"/api/games/{game_id}/invitations/3").status_code == 204
    assert api(olga).delete(f"/api/games/{game_id}/invitations/3").status_code == 404
    token3 = next(i for i in listed if i["seat"] == 3)["token"]
    refused = api(make_user()).post(f"/api/games/join/{token3}")
    assert refused.status_code == 409 and "withdrawn" in refused.json()["detail"]
    seats = [
        i["seat"] for i in api(olga).get(f"/api/games/{game_id}/invitations").json()["invitations"]
    ]
    assert seats == [1, 2]

    # The creator's own seat has no link; a stranger may not manage them.
    taken = api(olga).post(f"/api/games/{game_id}/invitations", {"seat": 0}, format="json")
    # Indices are 0-based; the message is for people and counts from 1.
    assert taken.status_code == 409 and "seat 1 is already taken" in taken.json()["detail"]
    stranger = api(make_user())
    assert stranger.get(f"/api/games/{game_id}/invitations").status_code == 403
    assert stranger.delete(f"/api/games/{game_id}/invitations/1").status_code == 403
    assert (
        stranger.post(f"/api/games/{game_id}/invitations", {"seat": 1}, format="json").status_code
        == 403
    )


def test_expired_and_forged_tokens_are_refused(db):
    body = create(make_user("olga")).json()
    token = body["invitations"][0]["token"]
    GameInvitation.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    expired = api(make_user()).post(f"/api/games/join/{token}")
    assert expired.status_code == 409 and "expired" in expired.json()["detail"]
    forged = api(make_user()).post(f"/api/games/join/{token[:-2]}zz")
    assert forged.status_code == 404
    assert Game.objects.get().seats.count() == 1


def test_the_schema_lists_the_endpoints_and_says_seats_are_0_based(client, db):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in (
        "/api/games/casual",
        "/api/games/{game_id}/invitations",
        "/api/games/{game_id}/invitations/{seat}",
        "/api/games/join/{token}",
    ):
        assert path in schema["paths"], path
    assert "Seat numbers are 0-based indices" in schema["info"]["description"]


# ---------------------------------------------------------------------- clocks (issue 16)


def test_a_casual_game_takes_a_time_control_and_its_detail_shows_the_clock(db):
    olga, bruno = make_user("olga"), make_user("bruno")
    control = {"kind": "bank", "seconds": 600, "increment": 5, "on_timeout": "forfeit_game"}
    response = create(olga, time_control=control)
    assert response.status_code == 201, response.json()
    body = response.json()
    game = Game.objects.get(pk=body["game"]["id"])
    assert game.time_control == control
    assert body["game"]["clock"] is None or body["game"]["clock"]["running"] == []
    token = body["invitations"][0]["token"]
    assert api(bruno).post(f"/api/games/join/{token}").status_code in (200, 201)
    detail = api(olga).get(f"/api/games/{game.pk}/").json()
    clock = detail["clock"]
    assert clock["control"] == control
    assert len(clock["running"]) == 1 and clock["deadline"] is not None
    assert all(0 < left <= 600_000 for left in clock["remaining_ms"])


def test_an_untimed_game_has_no_clock(db):
    body = create(make_user("olga")).json()
    assert body["game"]["clock"] is None
    assert Game.objects.get(pk=body["game"]["id"]).time_control is None


@pytest.mark.parametrize(
    ("control", "words"),
    [
        ({"kind": "move", "seconds": 1}, "seconds"),
        ({"kind": "sundial", "seconds": 30}, "kind"),
        ({"kind": "move", "seconds": 30, "colour": "red"}, "colour"),
        ({"kind": "move", "seconds": 30, "increment": 5}, "only a bank clock"),
        ({"kind": "move", "seconds": 30, "on_timeout": "forfeit_deal"}, "conced"),
        ("fast", "time_control"),
    ],
)
def test_a_bad_time_control_is_refused_in_words_and_creates_nothing(db, control, words):
    before = Game.objects.count()
    # Burraco: no conceding of a deal, so 'forfeit_deal' is refused for it.
    response = create(make_user("olga"), game="burraco", time_control=control)
    assert response.status_code == 400, response.json()
    assert words in response.json()["detail"]
    assert Game.objects.count() == before
