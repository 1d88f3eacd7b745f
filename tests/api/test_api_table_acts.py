"""The table's acts through the API's events endpoint (resign, adjourn, resume; the
engine's events, 0-based seats) and coming back to a seat from another device."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from tests.support.api import api, session
from tests.support.factories import make_user
from tournaments.models import Game, GameEvent
from tournaments.services import casual

pytestmark = pytest.mark.django_db


def scopa() -> tuple[Any, Any, Any]:
    olga, bruno = make_user("olga"), make_user("bruno")
    game, _ = casual.new_casual_game(user=olga, game_type="scopa", players=2, options={}, seat=0)
    casual.take_seat(casual.live_invitations(game)[1].token, bruno)
    game.refresh_from_db()
    return game, olga, bruno


def post(client: Any, game: Any, event: dict[str, Any]) -> Any:
    version = Game.objects.get(pk=game.pk).version
    body = {"event_id": str(uuid.uuid4()), "event": event, "expected_version": version}
    return client.post(f"/api/games/{game.pk}/events", body, format="json")


def test_a_player_resigns_their_seat_through_the_events_endpoint_not_another(db):
    game, olga, bruno = scopa()
    refused = post(api(olga), game, {"type": "resign", "seat": 1})
    assert refused.status_code == 403 and refused.json()["detail"]
    done = post(api(bruno), game, {"type": "resign", "seat": 1})
    assert done.status_code == 201, done.json()
    assert done.json()["event"] == {"type": "resign", "seat": 1}
    view = api(olga).get(f"/api/games/{game.pk}/view?seat=0").json()
    assert view["resigned"] == 1 and view["over"]


def test_only_the_creator_adjourns_a_casual_game_and_the_log_says_so(db):
    game, olga, bruno = scopa()
    refused = post(api(bruno), game, {"type": "adjourn"})
    assert refused.status_code == 403
    assert "adjourn or resume" in refused.json()["detail"]
    assert GameEvent.objects.filter(game=game).count() == game.version
    paused = post(api(olga), game, {"type": "adjourn", "reason": "dinner"})
    assert paused.status_code == 201, paused.json()
    view = api(bruno).get(f"/api/games/{game.pk}/view?seat=1").json()
    assert view["adjourned"] is True
    assert api(bruno).get(f"/api/games/{game.pk}/legal?seat=1").json()["legal"] == []
    assert post(api(olga), game, {"type": "resume"}).status_code == 201


def test_a_player_back_from_another_device_has_the_same_seat_hand_and_turn(db):
    game, olga, bruno = scopa()
    first = session(bruno)
    before = first.get(f"/api/games/{game.pk}/view?seat=1").json()
    first.logout()
    assert first.get(f"/api/games/{game.pk}/view?seat=1").status_code in (401, 403)
    # Another device: a fresh login (a web session, then an API token).
    other = Client()
    other.force_login(bruno)
    page = other.get(f"/games/{game.pk}/seat/1/")
    assert page.status_code == 200
    after = api(bruno).get(f"/api/games/{game.pk}/view?seat=1").json()
    assert after["hand"] == before["hand"] and after["version"] == before["version"]
    legal = api(bruno).get(f"/api/games/{game.pk}/legal?seat=1").json()
    if legal["legal"]:  # the game goes on: bruno's move is taken
        moved = post(api(bruno), game, legal["legal"][0])
        assert moved.status_code == 201, moved.json()
