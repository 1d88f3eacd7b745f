"""The game REST API (/api/games/…), through DRF's test client.

Each user logs in with their own token (or session), as real clients would: a full
online game is played to the end seat by seat, its record exported and its deals
verified; permissions, bad input (4xx, and nothing changes), idempotent retries,
hidden information (a property over every engine game) and record import are
checked at the HTTP level.
"""

from __future__ import annotations

import json
import random
import re
import uuid
from collections import Counter
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
from engine import Game as EngineGame
from engine import InvalidOption, MustFollowSuit
from engine.messages import message
from tavolo.api import exception_handler
from tests.support.factories import make_user
from tournaments.models import Game, GameEvent, Player
from tournaments.services import state_cache
from tournaments.services.errors import Conflict, Forbidden, RecordRejected, ServiceError
from tournaments.services.players import player_of_user
from tournaments.services.seats import seat_by_authority

pytestmark = pytest.mark.django_db

GAMES = "/api/games/"

SHORT_OPTIONS: dict[str, dict[str, Any]] = {
    "whist": {"target": 1},
    "german_whist": {"deals": 1},
    "three_handed_whist": {"deals": 3},
    "italian_whist": {"score_limit": 1},
    "scopa": {"target": 1},
    "tresette": {"target": 1},
    # Out at 30 penalty points, not 101: about 2 deals of random play instead of 5 (a
    # sweep of a default game took 20-40 s), still with new deals, a reshuffle now
    # and then and players going out.
    "scala40": {"limit": 30},
}
"""Options that make a whole game one deal or a few."""


# ---------------------------------------------------------------------- clients


def token_client(user: User) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def session_client(user: User) -> APIClient:
    client = APIClient()
    assert client.login(username=user.username, password="pw-" + user.username)
    return client


@pytest.fixture
def director() -> User:
    return make_user("director")


@pytest.fixture
def players() -> list[User]:
    return [make_user(name) for name in ("alice", "bob", "carol", "dave")]


@pytest.fixture
def outsider() -> User:
    return make_user("mallory")


def body(response: Any) -> Any:
    return json.loads(response.content)


def create(client: APIClient, game: str = "whist", **fields: Any) -> dict[str, Any]:
    fields.setdefault("options", SHORT_OPTIONS.get(game, {}))
    response = client.post(GAMES, {"game": game, **fields}, format="json")
    assert response.status_code == 201, response.content
    return body(response)


def seat(client: APIClient, game_id: str, number: int, **who: Any) -> Any:
    return client.put(f"{GAMES}{game_id}/seats/{number}", who, format="json")


def set_up(
    manager: APIClient,
    usernames: list[str],
    game: str = "whist",
    start: bool = True,
    **fields: Any,
) -> str:
    """A game made by ``manager`` with ``usernames`` in seats 0, 1, …; started.

    The players are seated as a tournament's director seats a round (the trusted
    path, :func:`seat_by_authority`): the API seats only the requester (see the
    consent tests in tests/games/test_seat_consent.py). The game is made for as many
    players as there are usernames: a game played by several counts (Scopa: 2, 3, 4
    or 6) is refused unless told how many play."""
    fields.setdefault("players", len(usernames))
    game_id = create(manager, game, **fields)["id"]
    game_row = Game.objects.get(pk=game_id)
    for number, username in enumerate(usernames):
        seat_by_authority(game_row, number, player_of_user(username))
    if start:
        response = manager.post(f"{GAMES}{game_id}/start")
        assert response.status_code == 200, response.content
    return game_id


def submit(
    client: APIClient,
    game_id: str,
    event: Any,
    expected_version: int | None = None,
    event_id: str | None = None,
) -> Any:
    if expected_version is None:
        expected_version = body(client.get(f"{GAMES}{game_id}/version"))["version"]
    payload = {
        "event_id": event_id or str(uuid.uuid4()),
        "expected_version": expected_version,
        "event": event,
    }
    return client.post(f"{GAMES}{game_id}/events", payload, format="json")


def stored(game_id: str) -> tuple[int, int, str]:
    """What must not change when a request is refused: version, event rows, status."""
    game = Game.objects.get(pk=game_id)
    return game.version, GameEvent.objects.filter(game=game).count(), game.status


def truth(game_id: str) -> EngineGame:
    """The game's state by a full replay (independent of the API and the cache)."""
    return state_cache.full_replay(Game.objects.get(pk=game_id))


def first_legal(client: APIClient, game_id: str, seat_number: int) -> dict[str, Any]:
    response = client.get(f"{GAMES}{game_id}/legal", {"seat": seat_number})
    assert response.status_code == 200, response.content
    legal = body(response)["legal"]
    assert legal
    return legal[0]


def to_act(game_id: str) -> int:
    acting = body(APIClient().get(f"{GAMES}{game_id}/view"))["to_act"]
    assert isinstance(acting, int)
    return acting


class Table:
    """The players of a game's seats, each with their own client. A request goes out
    as the player of the seat it names (``?seat=`` or the event's ``seat``; seat 0's
    player when it names none or a seat the table does not have), so a test of bad
    input or of a retry reads as one client while every request is a real player's
    own: nobody acts for another seat (issue 15)."""

    def __init__(self, users: list[User]) -> None:
        self.clients = [token_client(u) for u in users]

    def _of(self, seat: Any) -> APIClient:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.clients):
            return self.clients[seat]
        return self.clients[0]

    def get(self, path: str, query: Any = None, **extra: Any) -> Any:
        seat = (query or {}).get("seat")
        return self._of(seat).get(path, query, **extra)

    def post(self, path: str, data: Any = None, **extra: Any) -> Any:
        event = data.get("event") if isinstance(data, dict) else None
        seat = event.get("seat") if isinstance(event, dict) else None
        return self._of(seat).post(path, data, **extra)

    def generic(self, *args: Any, **extra: Any) -> Any:
        return self.clients[0].generic(*args, **extra)


# ---------------------------------------------------------------------- a whole game


def test_a_whole_online_whist_game_through_the_api(director, players):
    manager = token_client(director)
    clients = [token_client(u) for u in players[:3]] + [session_client(players[3])]
    game_id = set_up(manager, [u.username for u in players], options={"target": 1})

    started = body(APIClient().get(f"{GAMES}{game_id}/"))
    assert started["status"] == "active"
    assert started["version"] == 1  # the server's deal
    assert [s["username"] for s in started["seats"]] == [u.username for u in players]
    assert started["options"] == {"target": 1}
    commitment = started["seed_commitment"]
    assert body(APIClient().get(f"{GAMES}{game_id}/fairness"))["seed"] is None

    rng = random.Random(7)
    moves = 0
    while True:
        state = body(APIClient().get(f"{GAMES}{game_id}/version"))
        if state["status"] != "active":
            break
        # Every seat polls its own view; only the seat to act moves.
        for number, client in enumerate(clients):
            view = body(client.get(f"{GAMES}{game_id}/view", {"seat": number}))
            assert view["seat"] == number and view["version"] == state["version"]
            assert len(view["hand"]) == view["hand_sizes"][number]
            if view["to_act"] != number:
                continue
            legal = body(client.get(f"{GAMES}{game_id}/legal", {"seat": number}))["legal"]
            assert legal == view["legal"]
            response = submit(client, game_id, rng.choice(legal), state["version"])
            assert response.status_code == 201, response.content
            result = body(response)
            assert result["sequence"] == state["version"]
            moves += 1
            break
        else:
            pytest.fail("no seat could act")
    assert moves == 52  # one deal of 13 tricks ends a game to 1 point

    final = body(APIClient().get(f"{GAMES}{game_id}/"))
    assert final["status"] == "finished" and final["over"] is True
    assert final["finished_at"] is not None
    assert final["winner"] in (0, 1)
    assert max(final["scores"]) >= 1
    assert result["over"] is True

    record = body(clients[0].get(f"{GAMES}{game_id}/record"))
    assert record["game"] == "whist" and len(record["events"]) == 53
    assert record["seed_commitment"] == commitment
    replayed = engine.replay("whist", 4, record["events"], record["options"])
    assert replayed.over and replayed.scores == final["scores"]

    fairness = body(APIClient().get(f"{GAMES}{game_id}/fairness"))
    assert fairness["commitment"] == commitment and fairness["seed"] == record["seed"]
    verified = APIClient().post(f"{GAMES}{game_id}/fairness/verify")
    assert verified.status_code == 200
    assert body(verified) == {"verified": True, "deals": 1}

    # The whole log is public once the game is over: the deal included.
    log = body(APIClient().get(f"{GAMES}{game_id}/events"))["events"]
    assert len(log) == 53 and log[0]["event"]["type"] == "deal" and "deck" in log[0]["event"]


def test_the_catalog_lists_every_engine_game_with_its_options():
    response = APIClient().get(f"{GAMES}catalog")
    assert response.status_code == 200
    catalog = {entry["name"]: entry for entry in body(response)}
    assert set(catalog) == set(engine.available_games())
    whist = catalog["whist"]
    assert whist["player_counts"] == [4]
    target = {o["name"]: o for o in whist["options"]}["target"]
    assert target["kind"] == "int" and target["default"] == 5
    assert target["minimum"] == 1 and target["maximum"] == 100 and target["help"]
    assert "deal" in whist["chance_events"] and "play" in whist["events"]


def test_token_endpoint(director):
    client = APIClient()
    response = client.post(
        "/api/auth/token", {"username": "director", "password": "pw-director"}, format="json"
    )
    assert response.status_code == 200
    token = body(response)["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.post(GAMES, {"game": "whist"}, format="json").status_code == 201
    wrong = APIClient().post("/api/auth/token", {"username": "director", "password": "no"})
    assert wrong.status_code == 400


def test_a_manager_seats_themself_or_a_guest_never_another_user(director, players):
    """Issue 15: ``username`` seats only the requester; a player id only the
    requester's own player or a guest's; a guest only at a game with real cards."""
    manager = token_client(director)
    game_id = create(manager, "german_whist", mode="physical")["id"]
    known = Player.objects.create(name="Known")
    assert seat(manager, game_id, 0, player=known.pk).status_code == 200
    assert seat(manager, game_id, 1, name="  Guest ").status_code == 200
    seats = body(APIClient().get(f"{GAMES}{game_id}/"))["seats"]
    assert [(s["seat"], s["name"], s["username"]) for s in seats] == [
        (0, "Known", None),
        (1, "Guest", None),
    ]
    response = seat(manager, game_id, 1, username="director")
    assert response.status_code == 200
    assert body(response)["seats"][1]["username"] == "director"
    assert Player.objects.filter(user=director).count() == 1
    seat(manager, game_id, 1, username="director")  # the same player again: no new Player
    assert Player.objects.filter(user=director).count() == 1
    alice = Player.objects.create(name="Alice", user=players[0])
    for who in ({"username": "alice"}, {"player": alice.pk}, {"username": "nobody"}):
        response = seat(manager, game_id, 0, **who)
        assert response.status_code == 403, who
        assert "invitation" in body(response)["detail"]
    assert [s["name"] for s in body(APIClient().get(f"{GAMES}{game_id}/"))["seats"]] == [
        "Known",
        "director",
    ]


@pytest.mark.parametrize(
    "who",
    [{}, {"player": 1, "name": "x"}, {"player": 999999}, {"name": " "}],
)
def test_a_bad_seat_assignment_is_400_and_makes_no_player(director, who):
    manager = token_client(director)
    game_id = create(manager, "german_whist")["id"]
    before = Player.objects.count()
    response = seat(manager, game_id, 0, **who)
    assert response.status_code == 400
    assert body(response)
    assert Player.objects.count() == before
    assert body(APIClient().get(f"{GAMES}{game_id}/"))["seats"] == []


# ---------------------------------------------------------------------- permissions


def test_anonymous_users_read_but_never_write(director, players):
    """Anonymous writes are 401 with ``WWW-Authenticate: Token`` (issue 15: they were
    403, which tells a client nothing about how to authenticate)."""
    anonymous = APIClient()
    refused = anonymous.post(GAMES, {"game": "whist"}, format="json")
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == "Token"
    assert "credentials" in refused.json()["detail"]
    game_id = set_up(token_client(director), [u.username for u in players])
    before = stored(game_id)
    event = {"type": "play", "seat": to_act(game_id), "card": "AS"}
    assert submit(anonymous, game_id, event).status_code == 401
    assert anonymous.put(f"{GAMES}{game_id}/seats/0", {"name": "x"}, format="json").status_code == (
        401
    )
    assert anonymous.post(f"{GAMES}{game_id}/start").status_code == 401
    assert anonymous.post(f"{GAMES}import", {}, format="json").status_code == 401
    bad_token = APIClient(HTTP_AUTHORIZATION="Token not-a-token")
    assert bad_token.post(f"{GAMES}{game_id}/start").status_code == 401
    for path in ("view", "legal", "events"):
        response = anonymous.get(f"{GAMES}{game_id}/{path}", {"seat": 0})
        assert response.status_code == 403, path
        assert body(response)["detail"]
    assert anonymous.get(f"{GAMES}{game_id}/view").status_code == 200
    assert anonymous.get(f"{GAMES}{game_id}/events").status_code == 200
    assert anonymous.get(f"{GAMES}{game_id}/").status_code == 200
    assert stored(game_id) == before


def test_a_seat_acts_and_looks_only_as_itself(director, players):
    clients = [token_client(u) for u in players]
    game_id = set_up(token_client(director), [u.username for u in players])
    before = stored(game_id)
    acting = to_act(game_id)
    other = (acting + 1) % 4
    card = first_legal(clients[acting], game_id, acting)["card"]
    response = submit(clients[other], game_id, {"type": "play", "seat": acting, "card": card})
    assert response.status_code == 403
    assert f"seat {acting}" in body(response)["detail"]
    for path in ("view", "legal", "events"):
        response = clients[other].get(f"{GAMES}{game_id}/{path}", {"seat": acting})
        assert response.status_code == 403, path
        assert "may not see seat" in body(response)["detail"]
    assert clients[other].get(f"{GAMES}{game_id}/view", {"seat": other}).status_code == 200
    assert stored(game_id) == before
    response = submit(clients[acting], game_id, {"type": "play", "seat": acting, "card": card})
    assert response.status_code == 201


def test_a_manager_who_plays_at_the_table_is_just_a_player_there(director, players):
    manager = token_client(director)
    names = ["director", *(u.username for u in players[:3])]
    game_id = set_up(manager, names)
    for number in (1, 2, 3):
        response = manager.get(f"{GAMES}{game_id}/view", {"seat": number})
        assert response.status_code == 403
    assert manager.get(f"{GAMES}{game_id}/view", {"seat": 0}).status_code == 200
    acting = to_act(game_id)
    if acting != 0:
        before = stored(game_id)
        card = truth(game_id).hand(acting)[0].code
        event = {"type": "play", "seat": acting, "card": card}
        assert submit(manager, game_id, event).status_code == 403
        assert stored(game_id) == before
    # … and may not export the record before the end.
    assert manager.get(f"{GAMES}{game_id}/record").status_code == 409


def test_a_manager_not_at_the_table_sees_only_what_spectators_see(director, players):
    """Issue 15: the game's creator, staff, anyone who does not hold a seat, sees the
    public view while the game is on, never a hand, and acts for no seat."""
    manager = token_client(director)
    staff = token_client(make_user("staffer", is_staff=True))
    game_id = set_up(manager, [u.username for u in players])
    before = stored(game_id)
    for client in (manager, staff):
        for number in range(4):
            for path in ("view", "legal", "events"):
                response = client.get(f"{GAMES}{game_id}/{path}", {"seat": number})
                assert response.status_code == 403, (path, number)
                assert "only its player may" in body(response)["detail"]
        acting = to_act(game_id)
        card = truth(game_id).hand(acting)[0].code
        response = submit(client, game_id, {"type": "play", "seat": acting, "card": card})
        assert response.status_code == 403
        assert "only its player may" in body(response)["detail"]
        assert client.get(f"{GAMES}{game_id}/record").status_code == 409
        assert client.get(f"{GAMES}{game_id}/view").status_code == 200
    assert stored(game_id) == before


def legal_now(client: APIClient, game_id: str, seat_number: int) -> dict[str, Any]:
    """``GET /legal`` for a seat, as a ``next`` entry would show it."""
    answer = body(client.get(f"{GAMES}{game_id}/legal", {"seat": seat_number}))
    return {key: answer[key] for key in ("seat", "count", "complete", "legal")}


def test_the_answer_to_a_move_says_what_comes_next_with_only_the_movers_own_legal_actions(
    director, players
):
    """``next`` names who acts and at which version; its legal actions are those of
    the seats the requester may act as: a seated player gets the next seat's only
    when it is their own seat, never another seat's (they would show its hand)."""
    clients = [token_client(u) for u in players]
    game_id = set_up(token_client(director), [u.username for u in players])
    rng = random.Random(3)
    seen_own = seen_other = 0
    for _ in range(12):  # three tricks
        acting = to_act(game_id)
        legal = body(clients[acting].get(f"{GAMES}{game_id}/legal", {"seat": acting}))
        response = submit(clients[acting], game_id, rng.choice(legal["legal"]), legal["version"])
        assert response.status_code == 201, response.content
        following = body(response)["next"]
        state = truth(game_id)
        assert following["version"] == stored(game_id)[0] == body(response)["version"]
        assert following["to_act"] == state.to_act
        assert {entry["seat"] for entry in following["legal"]} <= {acting}
        if state.to_act == acting:
            assert following["legal"] == [legal_now(clients[acting], game_id, acting)]
            seen_own += 1
        else:
            assert following["legal"] == []
            seen_other += 1
        assert not leaked_cards(response, state, acting)
    assert seen_other  # in whist the turn passes to the next seat


def first_legal_list(client: APIClient, game_id: str, seat_number: int) -> list[dict[str, Any]]:
    response = client.get(f"{GAMES}{game_id}/legal", {"seat": seat_number})
    assert response.status_code == 200, response.content
    return body(response)["legal"]


def test_next_gives_a_manager_who_plays_only_their_own_seat(director, players):
    seated_manager = token_client(director)
    names = ["director", *(u.username for u in players[:3])]
    other = set_up(seated_manager, names)
    clients = [seated_manager, *(token_client(u) for u in players[:3])]
    for _ in range(8):
        acting = to_act(other)
        response = submit(clients[acting], other, first_legal(clients[acting], other, acting))
        assert response.status_code == 201, response.content
        following = body(response)["next"]
        own = [acting] if following["to_act"] == acting else []  # the director plays seat 0
        assert [entry["seat"] for entry in following["legal"]] == own


def test_next_after_the_last_move_and_on_a_retry(director, players):
    names = [u.username for u in players[:2]]
    game_id = set_up(token_client(director), names, "german_whist", options={"deals": 1})
    table = Table(players[:2])
    answer: dict[str, Any] = {}
    while stored(game_id)[2] == "active":
        acting = to_act(game_id)
        event_id = str(uuid.uuid4())
        event = first_legal(table, game_id, acting)
        response = submit(table, game_id, event, stored(game_id)[0], event_id)
        assert response.status_code == 201, response.content
        answer = body(response)
        if not answer["over"]:
            following = answer["next"]
            if following["to_act"] == acting:
                assert following["legal"] == [legal_now(table, game_id, acting)]
            else:
                assert following["legal"] == []  # the other seat's are never shown
            # Retried, the same event answers the same, "next" included.
            again = submit(table, game_id, event, stored(game_id)[0] - 1, event_id)
            assert again.status_code == 200 and body(again) == answer
    assert answer["over"] is True
    assert answer["next"] == {"to_act": None, "version": stored(game_id)[0], "legal": []}


@pytest.mark.parametrize("name", engine.available_games())
def test_next_never_holds_another_seats_legal_actions_in_any_game(name, director):
    """Every game, seats played by their own users: ``next`` gives the mover the legal
    actions of its own seat only (several seats may act at once in some games)."""
    count = engine.game_class(name).player_counts[0]
    users = [make_user(f"{name[:10]}-n{n}") for n in range(count)]
    clients = [token_client(u) for u in users]
    game_id = set_up(token_client(director), [u.username for u in users], name)
    rng = random.Random(11)
    for _ in range(60):
        if stored(game_id)[2] != "active":
            break
        state = truth(game_id)
        acting = rng.choice(state.seats_to_act())
        event = state.random_action(rng, acting).to_event()
        response = submit(clients[acting], game_id, event)
        assert response.status_code == 201, response.content
        following = body(response)["next"]
        after = truth(game_id)
        assert following["to_act"] == after.to_act
        assert [e["seat"] for e in following["legal"]] == (
            [acting] if acting in after.seats_to_act() else []
        )
        for entry in following["legal"]:
            assert all(e.get("seat", acting) == acting for e in entry["legal"] if entry["complete"])
        leaked = leaked_cards(response, after, acting, event)
        assert not leaked, f"{name}: seat {acting}'s move answer names {sorted(leaked)}"


def test_only_managers_seat_players_and_start_games(director, players):
    manager = token_client(director)
    alice = token_client(players[0])
    game_id = create(manager, "german_whist", mode="physical")["id"]
    response = seat(alice, game_id, 0, username="alice")
    assert response.status_code == 403
    assert "seat players" in body(response)["detail"]
    seat(manager, game_id, 0, username="director")
    seat(manager, game_id, 1, name="Bruno")
    response = alice.post(f"{GAMES}{game_id}/start")
    assert response.status_code == 403
    assert stored(game_id) == (0, 0, "setup")
    assert manager.post(f"{GAMES}{game_id}/start").status_code == 200
    response = seat(manager, game_id, 1, name="Carla")
    assert response.status_code == 409  # seats are fixed once it started
    assert manager.post(f"{GAMES}{game_id}/start").status_code == 409


def test_starting_needs_every_seat(director):
    manager = token_client(director)
    game_id = create(manager, "german_whist")["id"]
    seat(manager, game_id, 0, username="director")
    response = manager.post(f"{GAMES}{game_id}/start")
    assert response.status_code == 409
    assert "seat(s) 1" in body(response)["detail"]
    assert stored(game_id) == (0, 0, "setup")


@pytest.mark.parametrize("number", ["4", "-1", "x", "99999999999999999999", "1.5"])
def test_a_wrong_seat_number_is_a_4xx_with_a_message(director, players, number):
    manager = Table(players)
    game_id = set_up(token_client(director), [u.username for u in players])
    for path in ("view", "legal", "events"):
        response = manager.get(f"{GAMES}{game_id}/{path}", {"seat": number})
        assert response.status_code == 400, (path, response.content)
        assert body(response)
    before = stored(game_id)
    try:
        seat_value: Any = int(number)
    except ValueError:
        seat_value = number
    response = submit(manager, game_id, {"type": "play", "seat": seat_value, "card": "AS"})
    assert response.status_code == 400
    assert "seat" in body(response)["detail"]
    assert stored(game_id) == before


def test_seating_out_of_range_is_400(director):
    manager = token_client(director)
    game_id = create(manager, "german_whist")["id"]
    response = seat(manager, game_id, 2, username="director")
    assert response.status_code == 400
    assert "seat index from 0 to 1" in body(response)["detail"]
    assert manager.put(f"{GAMES}{game_id}/seats/x", {"name": "x"}, format="json").status_code == 404


# ---------------------------------------------------------------------- bad input


@pytest.fixture
def game_in_play(director, players) -> tuple[Table, str]:
    """The game, and its players (each request goes out as the seat it names)."""
    return Table(players), set_up(token_client(director), [u.username for u in players])


def post_raw(client: APIClient, path: str, data: str | bytes, content_type: str) -> Any:
    return client.generic("POST", path, data, content_type=content_type)


@pytest.mark.parametrize(
    ("raw", "content_type", "status"),
    [
        ("{not json", "application/json", 400),
        ("", "application/json", 400),
        ("[]", "application/json", 400),
        ('"play"', "application/json", 400),
        ("null", "application/json", 400),
        ("42", "application/json", 400),
        ('{"event_id": NaN}', "application/json", 400),
        ("[" * 50_000 + "]" * 50_000, "application/json", 400),
        ('{"event": ' + "[" * 100 + "]" * 100 + "}", "application/json", 400),
        ("x" * 3_000_000, "application/json", 413),
        (b"\xff\xfe{}", "application/json", 400),
        ('{"event_id": "\\ud800", "event": {"type": "\\udfff"}}', "application/json", 400),
        ("event_id=1&expected_version=1", "application/x-www-form-urlencoded", 415),
        ("<event/>", "application/xml", 415),
    ],
)
def test_malformed_bodies_are_4xx_and_change_nothing(game_in_play, raw, content_type, status):
    manager, game_id = game_in_play
    before = stored(game_id)
    response = post_raw(manager, f"{GAMES}{game_id}/events", raw, content_type)
    assert response.status_code == status, response.content[:300]
    assert body(response)["detail"] or body(response)
    assert stored(game_id) == before
    for path in (GAMES, f"{GAMES}import", f"{GAMES}{game_id}/seats/0"):
        method = "PUT" if path.endswith("/0") else "POST"
        response = manager.generic(method, path, raw, content_type=content_type)
        assert 400 <= response.status_code < 500, (path, response.status_code)
    assert stored(game_id) == before
    assert Game.objects.count() == 1


def test_bad_events_are_4xx_with_a_message_and_change_nothing(game_in_play):
    manager, game_id = game_in_play
    state = truth(game_id)
    acting = to_act(game_id)
    version = stored(game_id)[0]
    held = state.hand(acting)
    play = {"type": "play", "seat": acting, "card": held[0].code}
    before = stored(game_id)

    def refused(payload: Any, status: int = 400) -> dict[str, Any]:
        response = manager.post(f"{GAMES}{game_id}/events", payload, format="json")
        assert response.status_code == status, response.content
        answer = body(response)
        assert answer["detail"]
        assert stored(game_id) == before
        return answer

    answer = refused({"expected_version": version, "event": play})
    assert "event_id" in answer["detail"]
    answer = refused({"event_id": "not-a-uuid", "expected_version": version, "event": play})
    assert "event_id" in answer["detail"]
    answer = refused({"event_id": str(uuid.uuid4()), "event": play})
    assert "expected_version" in answer["detail"]
    answer = refused({"event_id": str(uuid.uuid4()), "expected_version": version})
    assert "event" in answer["detail"]
    answer = refused({"event_id": str(uuid.uuid4()), "expected_version": version, "event": []})
    assert "object" in str(answer["detail"])
    answer = refused({"event_id": str(uuid.uuid4()), "expected_version": -1, "event": play})
    answer = refused({"event_id": str(uuid.uuid4()), "expected_version": 10**40, "event": play})

    # A stale expected version: 409 with the current one.
    response = submit(manager, game_id, play, expected_version=version - 1)
    assert response.status_code == 409
    assert body(response)["version"] == version
    response = submit(manager, game_id, play, expected_version=version + 5)
    assert response.status_code == 409 and body(response)["version"] == version

    # Illegal plays name the rule they break.
    other = (acting + 1) % 4
    not_held = state.hand(other)[0].code
    response = submit(manager, game_id, {"type": "play", "seat": acting, "card": not_held})
    assert response.status_code == 400
    assert body(response)["rule"] == "cards in hand" and body(response)["error"] == "CardNotHeld"
    response = submit(manager, game_id, {"type": "play", "seat": other, "card": not_held})
    assert response.status_code == 400 and body(response)["rule"] == "turn order"
    response = submit(manager, game_id, {"type": "play", "seat": acting, "card": "ZZ"})
    assert response.status_code == 400 and body(response)["error"] == "MalformedEvent"
    response = submit(manager, game_id, {"type": "bid", "seat": acting})
    assert response.status_code == 400 and "no event of type 'bid'" in body(response)["detail"]

    # Chance events come from the server; tallies do not belong in an online game.
    deck = [c.code for c in state.new_deck()]
    response = submit(manager, game_id, {"type": "deal", "deck": deck})
    assert response.status_code == 400 and "chance" in body(response)["detail"]
    response = submit(manager, game_id, {"type": "tally", "tricks": [7, 6]})
    assert response.status_code == 400 and "online" in body(response)["detail"]
    assert stored(game_id) == before


def test_must_follow_suit_is_refused_naming_the_rule(game_in_play):
    manager, game_id = game_in_play
    for _ in range(4 * 13):
        state = truth(game_id)
        acting = state.to_act
        assert isinstance(acting, int)
        legal = {a.card for a in state.legal_actions(acting)}
        wrong = [c for c in state.hand(acting) if c not in legal]
        if wrong:
            before = stored(game_id)
            event = {"type": "play", "seat": acting, "card": wrong[0].code}
            response = submit(manager, game_id, event)
            assert response.status_code == 400
            answer = body(response)
            assert answer["rule"] == "follow suit" and "must follow suit" in answer["detail"]
            assert stored(game_id) == before
            return
        submit(manager, game_id, state.legal_actions(acting)[0].to_event())
    pytest.fail("no seat ever had to follow suit")


def test_a_refusal_carries_its_rule_code_and_parameters(game_in_play):
    manager, game_id = game_in_play
    state = truth(game_id)
    acting = state.to_act
    assert isinstance(acting, int)
    wrong_seat = (acting + 1) % 4
    card = state.hand(wrong_seat)[0].code
    response = submit(manager, game_id, {"type": "play", "seat": wrong_seat, "card": card})
    assert response.status_code == 400
    answer = body(response)
    assert answer["error"] == "NotYourTurn" and answer["rule"] == "turn order"
    assert answer["code"] == "turn"
    assert answer["params"] == {"seat": wrong_seat, "event": "play", "seat_expected": acting}
    assert answer["detail"] == f"seat {wrong_seat} cannot play now: it is seat {acting}'s turn"
    missing = submit(manager, game_id, {"type": "play", "seat": acting})
    assert body(missing)["code"] == "malformed.missing"
    assert body(missing)["params"] == {"event": "play", "field": "card"}


def test_an_engine_error_body_nests_the_specific_rule_under_reason():
    refusal = MustFollowSuit(
        message(
            "play.refused",
            seat=1,
            card="2S",
            reason=message("follow_suit", suit="H", seat=1),
        )
    )
    response = exception_handler(refusal, {})
    assert response is not None and response.status_code == 400
    assert response.data["code"] == "play.refused"
    assert response.data["params"]["reason"] == {
        "code": "follow_suit",
        "params": {"suit": "H", "seat": 1},
    }
    assert response.data["detail"] == (
        "seat 1 cannot play 2S: hearts were led and seat 1 holds hearts, so it must follow suit"
    )


def test_tallies_go_through_the_same_path_in_physical_play(director, players):
    manager = token_client(director)
    game_id = set_up(manager, [u.username for u in players], mode="physical", options={})
    assert stored(game_id) == (0, 0, "active")  # no deal: the cards are real
    alice, outsider = token_client(players[0]), token_client(make_user("eve"))
    response = submit(outsider, game_id, {"type": "tally", "tricks": [7, 6]})
    assert response.status_code == 403
    response = submit(alice, game_id, {"type": "tally", "tricks": [7, 7]})
    assert response.status_code == 400 and body(response)["rule"] == "tally"
    response = submit(alice, game_id, {"type": "play", "seat": 0, "card": "AS"})
    assert response.status_code == 400 and "real cards" in body(response)["detail"]
    assert stored(game_id) == (0, 0, "active")
    response = submit(alice, game_id, {"type": "tally", "tricks": [7, 6]})
    assert response.status_code == 201
    assert body(response)["event"] == {"type": "tally", "tricks": [7, 6]}
    assert body(APIClient().get(f"{GAMES}{game_id}/"))["scores"] == [1, 0]


def test_games_in_setup_or_finished_take_no_events(director, players):
    manager = token_client(director)
    game_id = set_up(manager, [u.username for u in players], start=False)
    response = submit(Table(players), game_id, {"type": "play", "seat": 0, "card": "AS"}, 0)
    assert response.status_code == 409 and body(response)["version"] == 0
    assert stored(game_id) == (0, 0, "setup")
    assert token_client(players[0]).get(f"{GAMES}{game_id}/legal", {"seat": 0}).status_code == 200

    game_id = set_up(manager, [u.username for u in players], mode="physical")
    assert submit(manager, game_id, {"type": "tally", "tricks": [13, 0]}).status_code == 201
    before = stored(game_id)
    assert before[2] == "finished"
    response = submit(manager, game_id, {"type": "tally", "tricks": [7, 6]})
    assert response.status_code == 409 and body(response)["version"] == before[0]
    assert stored(game_id) == before
    legal = body(token_client(players[0]).get(f"{GAMES}{game_id}/legal", {"seat": 0}))
    assert legal["legal"] == [] and legal["status"] == "finished"


@pytest.mark.parametrize(
    ("fields", "status", "words"),
    [
        ({"game": "poker"}, 400, "no game called 'poker'"),
        ({"game": "whist", "options": {"target": 0}}, 400, "'target'"),
        ({"game": "whist", "options": {"target": "five"}}, 400, "'target'"),
        ({"game": "whist", "options": {"trumps": "none"}}, 400, "'trumps'"),
        ({"game": "whist", "options": [1]}, 400, "options"),
        ({"game": "whist", "players": 3}, 400, "4 players"),
        ({"game": "whist", "first_dealer": 4}, 400, "first_dealer"),
        ({"game": "whist", "mode": "telepathic"}, 400, "telepathic"),
        ({"game": "whist", "players": 10**30}, 400, "players"),
        ({"players": 4}, 400, "game"),
    ],
)
def test_bad_games_are_refused(director, fields, status, words):
    response = token_client(director).post(GAMES, fields, format="json")
    assert response.status_code == status
    assert words in json.dumps(body(response)).replace('\\"', '"')
    assert Game.objects.count() == 0


def test_a_bad_option_is_named(director):
    response = token_client(director).post(
        GAMES, {"game": "whist", "options": {"target": 0}}, format="json"
    )
    assert body(response)["option"] == "target"
    assert body(response)["error"] == "InvalidOption"


def test_unknown_games_and_bad_urls_are_404(director):
    client = token_client(director)
    missing = uuid.uuid4()
    for path in ("", "view", "legal?seat=0", "events", "version", "record", "fairness"):
        response = client.get(f"{GAMES}{missing}/{path}")
        assert response.status_code == 404, path
        assert body(response)["detail"]
    assert client.post(f"{GAMES}{missing}/start").status_code == 404
    assert client.get(f"{GAMES}not-a-uuid/view").status_code == 404
    assert client.get(f"{GAMES}not-a-uuid/").status_code == 404


# ---------------------------------------------------------------------- idempotency


def test_a_retried_event_returns_the_original_result(game_in_play):
    manager, game_id = game_in_play
    acting = to_act(game_id)
    event = first_legal(manager, game_id, acting)
    event_id = str(uuid.uuid4())
    version = stored(game_id)[0]
    first = submit(manager, game_id, event, version, event_id)
    assert first.status_code == 201
    after = stored(game_id)
    again = submit(manager, game_id, event, version, event_id)  # even with a stale version
    assert again.status_code == 200
    assert body(again) == body(first)
    assert GameEvent.objects.filter(event_id=event_id).count() == 1
    assert stored(game_id) == after

    acting = to_act(game_id)
    other_event = first_legal(manager, game_id, acting)
    response = submit(manager, game_id, other_event, after[0], event_id)
    assert response.status_code == 409
    assert "different event" in body(response)["detail"]
    assert body(response)["version"] == after[0]
    assert stored(game_id) == after


# ---------------------------------------------------------------------- records


def finished_game(director: User, players: list[User]) -> tuple[APIClient, str]:
    manager = token_client(director)
    game_id = set_up(manager, [u.username for u in players])
    table = Table(players)
    while stored(game_id)[2] == "active":
        acting = to_act(game_id)
        assert submit(table, game_id, first_legal(table, game_id, acting)).status_code == 201
    return manager, game_id


def test_records_are_published_at_the_end_and_import_back(director, players):
    alice = token_client(players[0])
    manager = token_client(director)
    game_id = set_up(manager, [u.username for u in players])
    assert alice.get(f"{GAMES}{game_id}/record").status_code == 409
    assert APIClient().get(f"{GAMES}{game_id}/record").status_code == 409
    response = APIClient().post(f"{GAMES}{game_id}/fairness/verify")
    assert response.status_code == 409

    manager, game_id = finished_game(director, players)
    record = body(APIClient().get(f"{GAMES}{game_id}/record"))
    response = alice.post(f"{GAMES}import", record, format="json")
    assert response.status_code == 201, response.content
    imported = body(response)
    assert imported["imported"] is True and imported["status"] == "finished"
    assert imported["version"] == len(record["events"])
    assert imported["scores"] == body(APIClient().get(f"{GAMES}{game_id}/"))["scores"]
    assert imported["created_by"] == "alice"
    copy = body(APIClient().get(f"{GAMES}{imported['id']}/record"))
    assert copy["events"] == record["events"]
    # Its deals were not made from the new game's seed: verification says so.
    verdict = body(APIClient().post(f"{GAMES}{imported['id']}/fairness/verify"))
    assert verdict["verified"] is False and verdict["reason"]


def test_a_bad_record_is_rejected_whole_with_its_index(director, players):
    _, game_id = finished_game(director, players)
    record = body(APIClient().get(f"{GAMES}{game_id}/record"))
    state = engine.new_game("whist", 4, record["options"])
    for event in record["events"][:5]:
        state.apply(event)
    acting = state.to_act
    assert isinstance(acting, int)
    wrong_seat = (acting + 1) % 4
    record["events"][5] = {"type": "play", "seat": wrong_seat, "card": "AS"}
    games_before = Game.objects.count()
    response = token_client(players[0]).post(f"{GAMES}import", record, format="json")
    assert response.status_code == 400
    answer = body(response)
    assert answer["index"] == 5
    assert "turn" in answer["reason"]
    assert answer["code"] == "turn" and answer["params"]["seat"] == wrong_seat
    assert answer["detail"].startswith("Event 6 of the record is refused: ")  # people count from 1
    assert "events[" not in answer["detail"]

    assert Game.objects.count() == games_before

    for bad in ({}, {"game": "whist", "players": 4}, {"game": "go", "players": 2, "events": []}):
        response = token_client(players[0]).post(f"{GAMES}import", bad, format="json")
        assert response.status_code == 400 and body(response)["detail"]
    assert Game.objects.count() == games_before


# ---------------------------------------------------------------------- hidden information

CARD = re.compile(r'"((?:[2-9TJQKA][SHDC])|RJ|BJ)"')
DECLARATION = re.compile(r'"as":\s*"[^"]*"')


def secret_cards(state: Any, viewer: int | None) -> set[str]:
    """Codes of the cards ``viewer`` (``None``: a spectator) may not see now: the other
    seats' hands and every hidden pile, less what the game makes public (whist's turned
    card while the dealer holds it, German whist's face-up stock card and the face-up
    cards taken from it) and what the viewer knows from its own Italian Whist split."""
    secret: set[Any] = set()
    for seat_number in range(state.players):
        if seat_number != viewer:
            secret.update(state.hand(seat_number))
    public: set[Any] = set()
    if state.name == "whist":
        if state.phase == "play" and state.trump_card in state.hand(state.dealer):
            public.add(state.trump_card)
    elif state.name == "german_whist" and state.phase == "play":
        secret.update(state.stock[state.stock_pos :])
        if state.stock_top is not None:
            public.add(state.stock_top)
        for seat_number, taken in enumerate(state.taken_face_up):
            public.update(set(taken) & set(state.hand(seat_number)))
    elif state.name == "three_handed_whist" and state.phase in ("exchange", "play"):
        secret.update(state.spare)
    elif state.name in ("scopa", "briscola") and state.phase == "play":
        # The stock lies face down (Briscola's turned card under it is public until
        # played: while it is in the stock and once drawn, in a hand, when it is
        # shown as the briscola).
        secret.update(state.stock[state.stock_pos :])
        if state.name == "briscola" and state.briscola is not None:
            public.add(state.briscola)
    elif state.name == "italian_whist":
        for waiting in state.waiting_hands:
            secret.update(waiting)
        if viewer is not None:
            public.update(state.formed_second[viewer])
    elif state.name in DOUBLE_DECK:
        hidden, seen = copies(state, viewer)
        return {code for code in hidden if not seen[code]}
    return {card.code for card in secret - public}


DOUBLE_DECK = ("burraco", "scala40")
"""Games with two copies of each card: a code names either copy, so what a viewer may
see is counted in copies, not codes (:func:`copies_leaked`)."""
COPY = re.compile(r"((?:[2-9TJQKA][SHDC])|RJ|BJ)(?:=(?:[2-9TJQKA][SHDC]))?")
"""A card code in a double-deck response; a Scala 40 joker token (``RJ=7H``) names the
joker held (the card after ``=`` is a declaration, not a card held)."""


def copies(state: Any, viewer: int | None) -> tuple[Counter[str], Counter[str]]:
    """Double-deck games: per code, the copies in places hidden from ``viewer`` and the
    times its view may name that code (its own hand, the melds, the discard pile, the
    cards every seat saw taken with the pile and still held, Scala 40's unused discard
    draw: named beside the hand that holds it)."""
    hidden: Counter[Any] = Counter()
    seen: Counter[Any] = Counter()
    for seat_number in range(state.players):
        (seen if seat_number == viewer else hidden).update(state.hand(seat_number))
    if state.name == "burraco":
        hidden.update(state.stock[state.stock_pos :])
        for pile in state.pozzetti[state.pozzetti_taken :]:
            hidden.update(pile)
        for seat_number, known in enumerate(state.known):
            seen.update(known)  # named in known_held, the viewer's own too
            if seat_number != viewer:
                hidden.subtract(known)
        seen.update(state.discard_pile)
        for melds in state.melds:
            for meld in melds:
                seen.update(meld.cards)
    else:
        if state.phase in ("play", "reshuffle"):
            hidden.update(state.stock[state.stock_pos :])
            seen.update(state.pile)
            for meld in state.melds:
                seen.update(held for held, _ in meld.slots)
        taken = state.must_use if state.phase == "play" else None
        if taken is not None:
            seen[taken] += 1
            if state.turn != viewer:
                hidden[taken] -= 1
    return (
        Counter({card.code: n for card, n in hidden.items() if n > 0}),
        Counter({card.code: n for card, n in seen.items() if n > 0}),
    )


def copies_named(data: Any) -> list[Counter[str]]:
    """The card codes a response names, counted per unit: each event or action (a dict
    with a ``type``) is a unit of its own, the rest of the response one more. Joker
    declarations (``"as"``) are values, not cards held."""
    units: list[Counter[str]] = [Counter()]

    def walk(value: Any, unit: Counter[str]) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("type"), str):
                unit = Counter()
                units.append(unit)
            for key, item in value.items():
                if key != "as":
                    walk(item, unit)
        elif isinstance(value, list):
            for item in value:
                walk(item, unit)
        elif isinstance(value, str) and (match := COPY.fullmatch(value)):
            unit[match.group(1)] += 1

    walk(data, units[0])
    return units


def copies_leaked(response: Any, state: Any, viewer: int | None, submitted: Any = None) -> set[str]:
    """Codes of which one unit of the response (the view; an event; a legal action)
    names more copies than ``viewer`` may see, while a copy lies hidden from it. The log
    is history: an event is checked against what is seen now, one event at a time."""
    hidden, seen = copies(state, viewer)
    echoed = set(CARD.findall(json.dumps(submitted))) if submitted is not None else set()
    try:
        data = json.loads(response.content.decode())
    except ValueError:
        data = response.content.decode()
    return {
        code
        for unit in copies_named(data)
        for code, n in unit.items()
        if hidden[code] and n > seen[code] and code not in echoed
    }


PUBLIC_PLAYS = ("meld", "open", "add", "swap", "discard", "tally")
"""Double-deck games: events every seat sees whole (their cards go on the table)."""


def log_leaked(response: Any, game_id: str) -> set[str]:
    """Double-deck games' log (history, so not counted against what is seen now): a
    public play must read as stored; a draw, a deal or a reshuffle names no card."""
    stored_events = dict(
        GameEvent.objects.filter(game_id=game_id).values_list("sequence", "payload")
    )
    leaked: set[str] = set()
    for entry in body(response)["events"]:
        event = entry["event"]
        if event.get("type") in PUBLIC_PLAYS and event == stored_events[entry["sequence"]]:
            continue
        (unit,) = copies_named(event)[1:] or [Counter()]
        leaked.update(unit)
    return leaked


def leaked_cards(response: Any, state: Any, viewer: int | None, submitted: Any = None) -> set[str]:
    """Cards ``response`` names that ``viewer`` may not see (by copies in the
    double-deck games, by code in the others)."""
    if state.name in DOUBLE_DECK:
        return copies_leaked(response, state, viewer, submitted)
    return named(response, submitted) & secret_cards(state, viewer)


def named(response: Any, submitted: Any = None) -> set[str]:
    """Card codes a response names, except joker declarations (``"as"``: a value, not a
    card held) and the cards the request itself named (an error may quote them)."""
    text = DECLARATION.sub("", response.content.decode())
    echoed = set(CARD.findall(json.dumps(submitted))) if submitted is not None else set()
    return set(CARD.findall(text)) - echoed


def current_deal_start(game_id: str) -> int:
    """The sequence number of the current deal's first event (its deal)."""
    last = (
        GameEvent.objects.filter(game_id=game_id, kind=GameEvent.Kind.CHANCE)
        .order_by("-sequence")
        .values_list("sequence", flat=True)
        .first()
    )
    return last or 0


class Replay:
    """The game's state kept by replaying its stored events, each once, as they are
    stored (the same events, in the same order, as :func:`truth` replays, so the same
    state, independent of the API and the cache): a sweep of a whole game no longer
    replays the whole game again after every move."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.state = state_cache.fresh_engine_game(Game.objects.get(pk=game_id))
        self.version = 0
        self.chances = 0
        """Chance events (deals, reshuffles) so far."""
        self.deal = 0
        """The sequence number of the current deal's first event (as
        :func:`current_deal_start` reads it)."""

    def now(self) -> EngineGame:
        """The state after every event stored so far."""
        rows = (
            GameEvent.objects.filter(game_id=self.game_id, sequence__gte=self.version)
            .order_by("sequence")
            .values_list("sequence", "kind", "payload")
        )
        for sequence, kind, payload in rows:
            assert sequence == self.version
            self.state.apply(payload)
            self.version += 1
            if kind == GameEvent.Kind.CHANCE:
                self.deal = sequence
                self.chances += 1
        return self.state


def check_hidden(
    name: str,
    clients: list[APIClient],
    game_id: str,
    state: Any = None,
    deal: int | None = None,
) -> None:
    """No response to a seat names a card it may not see; none to a spectator names one.
    ``state`` and ``deal`` (the current deal's first sequence number) are read from the
    database when not given."""
    if state is None:
        state = truth(game_id)
    # The log of earlier deals names their cards, which are in play again now: only the
    # current deal's events are checked.
    if deal is None:
        deal = current_deal_start(game_id)
    spectator = APIClient()
    for path, query in (("view", {}), ("events", {"after": deal})):
        response = spectator.get(f"{GAMES}{game_id}/{path}", query)
        if path == "events" and name in DOUBLE_DECK:
            leaked = log_leaked(response, game_id)
        else:
            leaked = leaked_cards(response, state, None)
        assert not leaked, f"{name}: the spectators' {path} names {sorted(leaked)}"
    for number, client in enumerate(clients):
        secret = secret_cards(state, number)
        for path in ("view", "legal", "events"):
            query = {"seat": number, "after": deal} if path == "events" else {"seat": number}
            response = client.get(f"{GAMES}{game_id}/{path}", query)
            assert response.status_code == 200
            if path == "events" and name in DOUBLE_DECK:
                leaked = log_leaked(response, game_id)
            else:
                leaked = leaked_cards(response, state, number)
            assert not leaked, f"{name}: seat {number}'s {path} names {sorted(leaked)}"
        # Illegal attempts: playing another seat's card, out of turn or not.
        others = sorted(secret)
        if others:
            event = {"type": "play", "seat": number, "card": others[number % len(others)]}
            response = submit(client, game_id, event)
            assert response.status_code == 400
            leaked = leaked_cards(response, state, number, event)
            assert not leaked, f"{name}: seat {number}'s refused play names {sorted(leaked)}"
        response = submit(client, game_id, {"type": "split", "seat": number, "first": []})
        assert 400 <= response.status_code < 500
        assert not leaked_cards(response, state, number)


# Slow (a few seconds each, Scala 40 and Burraco the longest): plays a whole random
# game through the API, checking the responses as it goes (see Replay).
@pytest.mark.parametrize("name", engine.available_games())
@pytest.mark.parametrize("seed", [1, 2])
def test_no_response_names_a_card_its_viewer_may_not_see(name, seed, director):
    players = engine.game_class(name).player_counts[0]
    users = [make_user(f"{name[:10]}-{n}") for n in range(players)]
    clients = [token_client(u) for u in users]
    manager = token_client(director)
    game_id = set_up(manager, [u.username for u in users], name)
    rng = random.Random(seed)
    replay = Replay(game_id)
    steps = 0
    checked: set[tuple[int, str]] = set()
    while stored(game_id)[2] == "active":
        state = replay.now()
        # Every response is checked at the first position of each phase of each deal
        # (the deal, an exchange, a split, a draw, a meld, a reshuffle...), at every
        # third move of the first two deals, and at every twelfth move of the later ones
        # (alike in shape; checking every move of the long rummy games took minutes).
        position = (replay.deal, state.phase)
        every = 3 if replay.chances <= 2 else 12
        if steps % every == 0 or position not in checked:
            checked.add(position)
            check_hidden(name, clients, game_id, state, replay.deal)
        acting = rng.choice(state.seats_to_act())
        event = state.random_action(rng, acting).to_event()
        response = submit(clients[acting], game_id, event, replay.version)
        assert response.status_code == 201, response.content
        # The answer describes the game after the move (its "next" lists the mover's
        # legal actions then: Italian Whist's second hand once the first is played
        # out, a new deal's hand): it may name only cards the mover may see now.
        assert not leaked_cards(response, replay.now(), acting, event)
        steps += 1
    # The replay kept step by step is the game a full replay gives.
    assert replay.now().view(None) == truth(game_id).view(None)
    # Once the game is over, everything is public: the deals are in the log.
    log = body(APIClient().get(f"{GAMES}{game_id}/events"))["events"]
    assert all("hidden" not in entry["event"] for entry in log)
    assert steps > 0


def test_a_user_with_a_long_name_is_seated_under_a_name_that_fits():
    longname = make_user("longname", first_name="A" * 150, last_name="B" * 150)
    manager = token_client(longname)
    game_id = create(manager, "german_whist")["id"]
    response = seat(manager, game_id, 0, username="longname")
    assert response.status_code == 200
    assert len(body(response)["seats"][0]["name"]) == 120


# ---------------------------------------------------------------------- errors and schema


@pytest.mark.parametrize(
    ("exc", "status", "extra"),
    [
        (ServiceError("bad seat"), 400, {}),
        (Forbidden("not your seat"), 403, {}),
        (Conflict("stale", version=12), 409, {"version": 12}),
        (RecordRejected("events[5] is rejected: x", index=5, reason="x"), 400, {"index": 5}),
        (InvalidOption("option 'target' must be at least 1", option="target"), 400, {}),
        (MustFollowSuit("seat 1 cannot play 2S: …"), 400, {"rule": "follow suit"}),
    ],
)
def test_service_and_engine_errors_become_json_with_their_status(exc, status, extra):
    response = exception_handler(exc, {})
    assert response is not None
    assert response.status_code == status
    assert response.data["detail"] == str(exc)
    assert extra.items() <= response.data.items()


def test_the_published_schema_validates_without_warnings(tmp_path):
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml")
    )
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    paths = body(schema)["paths"]
    for path in (
        "/api/auth/token",
        "/api/games/",
        "/api/games/catalog",
        "/api/games/import",
        "/api/games/{game_id}/",
        "/api/games/{game_id}/seats/{number}",
        "/api/games/{game_id}/start",
        "/api/games/{game_id}/view",
        "/api/games/{game_id}/legal",
        "/api/games/{game_id}/events",
        "/api/games/{game_id}/version",
        "/api/games/{game_id}/record",
        "/api/games/{game_id}/fairness",
        "/api/games/{game_id}/fairness/verify",
    ):
        assert path in paths, path
    submit_op = paths["/api/games/{game_id}/events"]["post"]
    assert {"200", "201", "400", "403", "404", "409"} <= set(submit_op["responses"])
