"""The API's in-process caches: token → user (a few seconds) and a started game's
seat → user mapping. Both must never let a permission outlive its reason by more
than their documented time, and deletions made through Django take effect at once."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tavolo import authentication, bounded
from tavolo.caches import forget_all
from tournaments.models import Game, Player, Seat
from tournaments.services import access
from tournaments.services.players import player_of_user
from tournaments.services.seats import seat_by_authority

pytestmark = pytest.mark.django_db

GAMES = "/api/games/"


class Clock:
    """A stand-in for ``time.monotonic`` that the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(authentication.time, "monotonic", fake)
    monkeypatch.setattr(bounded.time, "monotonic", fake)  # the seats' cache
    return fake


def token_client(user: User) -> tuple[APIClient, Token]:
    token, _ = Token.objects.get_or_create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client, token


def started_game(manager: APIClient, usernames: list[str]) -> str:
    game = manager.post(GAMES, {"game": "whist", "options": {"target": 1}}, format="json")
    assert game.status_code == 201, game.content
    game_id = json.loads(game.content)["id"]
    for number, username in enumerate(usernames):  # as a director's pairing seats them
        seat_by_authority(Game.objects.get(pk=game_id), number, player_of_user(username))
    assert manager.post(f"{GAMES}{game_id}/start").status_code == 200
    return game_id


def create(client: APIClient) -> int:
    """201 when the client is let in; refused (unauthenticated) is 401 or 403."""
    status = client.post(GAMES, {"game": "whist"}, format="json").status_code
    return 401 if status in (401, 403) else status


# ---------------------------------------------------------------------- tokens


def test_a_valid_token_is_read_from_the_database_once_within_its_ttl(
    clock, django_assert_num_queries
):
    client, _ = token_client(User.objects.create_user("ann", password="pw"))
    with django_assert_num_queries(1):  # the token and its user
        assert client.get(f"{GAMES}catalog").status_code == 200
    with django_assert_num_queries(0):
        assert client.get(f"{GAMES}catalog").status_code == 200
    clock.now += authentication.TOKEN_TTL + 0.1
    with django_assert_num_queries(1):  # expired: read again
        assert client.get(f"{GAMES}catalog").status_code == 200


def test_a_deleted_token_stops_working_at_once_in_this_process(clock):
    client, token = token_client(User.objects.create_user("ann", password="pw"))
    assert create(client) == 201
    token.delete()
    assert create(client) == 401


def test_a_token_deleted_elsewhere_stops_working_within_the_ttl(clock):
    client, token = token_client(User.objects.create_user("ann", password="pw"))
    assert create(client) == 201
    # Deleted by another process: no signal reaches this one's cache.
    Token.objects.filter(pk=token.pk)._raw_delete(Token.objects.db)
    clock.now += authentication.TOKEN_TTL - 0.5
    assert create(client) == 201  # the documented window
    clock.now += 1.0
    assert create(client) == 401


def test_a_deactivated_or_deleted_user_is_refused_at_once(clock):
    user = User.objects.create_user("ann", password="pw")
    client, _ = token_client(user)
    assert create(client) == 201
    user.is_active = False
    user.save()
    assert create(client) == 401
    other = User.objects.create_user("bob", password="pw")
    client, _ = token_client(other)
    assert create(client) == 201
    other.delete()
    assert create(client) == 401


def test_unknown_tokens_are_never_cached(django_assert_num_queries):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    for _ in range(2):
        with django_assert_num_queries(1):
            assert create(client) == 401


def test_each_request_gets_its_own_user_object(clock):
    from django.test import RequestFactory

    user = User.objects.create_user("ann", password="pw")
    token, _ = Token.objects.get_or_create(user=user)
    auth = authentication.CachedTokenAuthentication()
    first, _ = auth.authenticate_credentials(token.key)
    second, _ = auth.authenticate_credentials(token.key)
    assert first == second and first is not second
    # A change one request makes to its user (a field, its state, a related object
    # cached on it) is not seen by the next request's.
    first.first_name = "changed"
    first._state.adding = True
    first._state.fields_cache["profile"] = object()
    third, _ = auth.authenticate_credentials(token.key)
    assert third.first_name == "" and third._state.adding is False
    assert "profile" not in third._state.fields_cache
    assert third._state.db == "default" and third.pk == user.pk
    assert type(third) is type(user) and third.check_password("pw")
    request = RequestFactory().get("/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert auth.authenticate(request)[0].pk == user.pk


# ---------------------------------------------------------------------- seats


@pytest.fixture
def table() -> tuple[APIClient, list[APIClient], str]:
    director = User.objects.create_user("director", password="pw")
    users = [User.objects.create_user(f"p{n}", password="pw") for n in range(4)]
    manager, _ = token_client(director)
    game_id = started_game(manager, [u.username for u in users])
    return manager, [token_client(u)[0] for u in users], game_id


def test_access_costs_at_most_one_query_and_none_once_cached(table, django_assert_num_queries):
    _, players, game_id = table
    forget_all()
    game = Game.objects.get(pk=game_id)
    user = User.objects.get(username="p2")
    with django_assert_num_queries(1):
        assert access.seats_of(user, game) == [2]
    with django_assert_num_queries(0):
        assert access.can_act_as(user, game, 2) and not access.can_act_as(user, game, 1)
    # Through the API: reading a seat's legal actions is the game row, nothing else.
    players[2].get(f"{GAMES}{game_id}/legal", {"seat": 2})
    with django_assert_num_queries(1):
        assert players[2].get(f"{GAMES}{game_id}/legal", {"seat": 2}).status_code == 200
    assert players[2].get(f"{GAMES}{game_id}/legal", {"seat": 1}).status_code == 403


def test_seats_are_not_cached_while_a_game_is_set_up():
    ann = User.objects.create_user("ann", password="pw")
    manager, _ = token_client(ann)  # she takes a seat herself, then gives it to a guest
    body = {"game": "whist", "mode": "physical"}
    game_id = json.loads(manager.post(GAMES, body, format="json").content)["id"]
    game = Game.objects.get(pk=game_id)
    assert access.seats_of(ann, game) == []
    assert (
        manager.put(f"{GAMES}{game_id}/seats/1", {"username": "ann"}, format="json").status_code
        == 200
    )
    assert access.seats_of(ann, game) == [1]
    assert (
        manager.put(f"{GAMES}{game_id}/seats/1", {"name": "guest"}, format="json").status_code
        == 200
    )
    assert access.seats_of(ann, game) == []


def test_a_seat_or_player_change_through_django_drops_the_cache(table):
    _, players, game_id = table
    game = Game.objects.get(pk=game_id)
    p1 = User.objects.get(username="p1")
    assert access.seats_of(p1, game) == [1]
    player = Player.objects.get(user=p1)
    player.user = None
    player.save()
    assert access.seats_of(p1, game) == []
    player.user = p1
    player.save()
    assert access.seats_of(p1, game) == [1]
    seat = Seat.objects.get(game_id=game_id, number=1)
    seat.player = Player.objects.create(name="guest")
    seat.save()
    assert access.seats_of(p1, game) == []


def test_a_change_behind_djangos_back_is_seen_within_the_ttl(table, clock):
    _, players, game_id = table
    game = Game.objects.get(pk=game_id)
    p1 = User.objects.get(username="p1")
    assert access.seats_of(p1, game) == [1]
    Player.objects.filter(user=p1).update(user=None)  # no signal
    clock.now += access.SEATS_TTL + 0.1
    assert access.seats_of(p1, game) == []


@pytest.mark.parametrize(
    "header",
    [
        None,
        "",
        "Token",
        "Token {key}",
        "token   {key}",
        "TOKEN {key}",
        "Token {key} extra",
        "Bearer {key}",
        "Token " + "0" * 40,
        "Token caf\u00e9",
        "Token \u20ac",
    ],
)
def test_the_token_header_is_answered_as_drfs(header):
    from django.test import RequestFactory
    from rest_framework import exceptions
    from rest_framework.authentication import TokenAuthentication
    from rest_framework.request import Request

    user = User.objects.create_user("hdr", password="pw")
    token, _ = Token.objects.get_or_create(user=user)
    extra = {} if header is None else {"HTTP_AUTHORIZATION": header.format(key=token.key)}

    def answer(auth):
        request = Request(RequestFactory().get("/", **extra))
        try:
            found = auth.authenticate(request)
        except (exceptions.APIException, UnicodeError) as exc:
            return type(exc).__name__, str(exc)
        return None if found is None else (found[0].pk, found[1].key)

    ours = answer(authentication.CachedTokenAuthentication())
    assert ours == answer(TokenAuthentication())
    if header == "Token {key}":
        assert ours == (user.pk, token.key)
        request = RequestFactory().get("/", **extra)
        authentication.CachedTokenAuthentication().authenticate(Request(request))
        assert "headers" not in vars(request)  # not built from every META key
