"""A move's two requests (``POST /api/games/<id>/events``, ``GET …/legal?seat=N``)
through what production serves: ``tavolo.wsgi.application``, the WSGI application
gunicorn loads, sent as a server sends them (:mod:`tests.support.wsgi`: ``environ``
in, status, headers and body out). Django's handler, every middleware and DRF answer
each of them: by token and by session, accepted and refused, in Italian, over HTTPS
behind a proxy."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.handlers.wsgi import WSGIHandler
from django.test import Client, TestCase

from tavolo.wsgi import application
from tests.live.test_live_push import TIMEOUT, connect, run
from tests.support.caches import forget_this_workers_keys
from tests.support.factories import make_game
from tests.support.move_requests import events, legal_event, move, session, to_act, token
from tests.support.wsgi import Answer, call
from tournaments.models import Game, GameEvent

pytestmark = pytest.mark.django_db


def send(method: str, path: str, body: bytes | None = None, **kwargs: Any) -> Answer:
    return call(application, method, path, body, **kwargs)


@pytest.fixture
def table(organiser: Any) -> tuple[Game, list[Any]]:
    """A whist game in play, one user per seat (and ``organiser``, its creator)."""
    return make_game("whist", 4, organiser)


def legal(game: Game, query: str) -> str:
    return f"/api/games/{game.pk}/legal?{query}"


def test_the_production_entry_point_is_djangos_handler():
    assert type(application) is WSGIHandler
    assert settings.WSGI_APPLICATION == "tavolo.wsgi.application"


# ---------------------------------------------------------------------- the move


def test_an_accepted_move_by_token(table):
    game, users = table
    seat = to_act(game)
    answer = send("POST", events(game), move(game, legal_event(game, seat)),
                  headers=token(users[seat]))  # fmt: skip
    assert answer.code == 201 and answer.json()["version"] == game.version + 1
    assert GameEvent.objects.filter(game=game).count() == game.version + 1  # written once
    names = [name for name, _ in answer.headers]
    assert {"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options"} <= set(names)
    assert names.count("Content-Length") == 1
    assert ("Content-Type", "application/json") in answer.headers
    assert ("Content-Language", "en") in answer.headers


def test_an_accepted_move_by_session_with_its_csrf_token(table):
    game, users = table
    seat = to_act(game)
    answer = send("POST", events(game), move(game, legal_event(game, seat)),
                  headers=session(users[seat]))  # fmt: skip
    assert answer.code == 201
    assert ("Vary", "Accept, Accept-Language, Cookie") in answer.headers


def test_a_session_without_its_csrf_token_is_refused(table):
    game, users = table
    seat = to_act(game)
    answer = send("POST", events(game), move(game, legal_event(game, seat)),
                  headers=session(users[seat], csrf=False))  # fmt: skip
    assert answer.code == 403 and "CSRF" in answer.json()["detail"]
    assert GameEvent.objects.filter(game=game).count() == game.version  # nothing written


def test_an_illegal_move(table):
    game, users = table
    seat = to_act(game)
    event = {"type": "play", "seat": seat, "card": "XX"}
    answer = send("POST", events(game), move(game, event), headers=token(users[seat]))
    assert answer.code == 400 and answer.json()["detail"]
    assert GameEvent.objects.filter(game=game).count() == game.version  # nothing written


def test_a_stale_version(table):
    game, users = table
    seat = to_act(game)
    answer = send("POST", events(game), move(game, legal_event(game, seat), version=0),
                  headers=token(users[seat]))  # fmt: skip
    assert answer.code == 409 and answer.json()["version"] == game.version


def test_a_replayed_event_id_with_the_same_event_and_with_another(table):
    game, users = table
    seat = to_act(game)
    event_id, event, another = (
        str(uuid.uuid4()),
        legal_event(game, seat),
        legal_event(game, seat, 1),
    )
    first = move(game, event, event_id=event_id)
    created = send("POST", events(game), first, headers=token(users[seat]))
    assert created.code == 201
    retried = send("POST", events(game), first, headers=token(users[seat]))
    assert retried.code == 200 and retried.json() == created.json()
    other = move(game, another, event_id=event_id)
    assert send("POST", events(game), other, headers=token(users[seat])).code == 409


def test_not_your_seat(table):
    game, users = table
    seat = to_act(game)
    other = users[(seat + 1) % 4]
    answer = send("POST", events(game), move(game, legal_event(game, seat)), headers=token(other))
    assert answer.code == 403 and "seat" in answer.json()["detail"]


@pytest.mark.parametrize(
    "credentials",
    [{}, {"HTTP_AUTHORIZATION": "Token not-a-token"}, {"HTTP_AUTHORIZATION": "Token"}],
    ids=["logged-out", "unknown-token", "empty-token"],
)
def test_logged_out_or_a_bad_token(table, credentials):
    game, _users = table
    answer = send("POST", events(game), move(game, legal_event(game, to_act(game))),
                  headers=credentials)  # fmt: skip
    assert answer.code == 401
    assert ("WWW-Authenticate", "Token") in answer.headers


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        (b"{not json", "application/json", 400),
        (b'{"event": {}}', "application/json", 400),
        (b'{"event_id": "x", "expected_version": 1, "event": {}}', "application/json", 400),
        (b"event=1", "application/x-www-form-urlencoded", 415),
        (b"[" * 40 + b"]" * 40, "application/json", 400),
    ],
    ids=["bad-json", "missing-fields", "bad-uuid", "not-json", "too-deep"],
)
def test_bad_bodies(table, body, content_type, status):
    game, users = table
    answer = send("POST", events(game), body, content_type=content_type,
                  headers=token(users[to_act(game)]))  # fmt: skip
    assert answer.code == status and "[" not in answer.json()["detail"][:1]


def test_finished_and_paused_games_take_no_moves(table, organiser):
    game, users = table
    seat = to_act(game)
    event = legal_event(game, seat)
    pause = move(game, {"type": "adjourn", "reason": "dinner"})
    assert send("POST", events(game), pause, headers=token(organiser)).code == 201
    refused = send("POST", events(game), move(game, event), headers=token(users[seat]))
    assert refused.code == 400 and "adjourn" in refused.json()["detail"]
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    finished = send("POST", events(game), move(game, {"type": "resume"}), headers=token(organiser))
    assert finished.code == 409


def test_an_unknown_game(table):
    _game, users = table
    path = f"/api/games/{uuid.uuid4()}/events"
    answer = send("POST", path, move(_game, {"type": "play", "seat": 0, "card": "2C"}),
                  headers=token(users[0]))  # fmt: skip
    assert answer.code == 404


def test_an_address_locked_out_by_failed_logins_still_plays_by_token(table, settings):
    """No throttle or rate limit guards a move (tokens are checked, not guessed: axes
    counts passwords and codes): a locked-out address's log-ins are refused, its token
    moves answered."""
    game, users = table
    settings.AXES_FAILURE_LIMIT = 3  # the test session's is 10,000
    forget_this_workers_keys()
    try:
        for _ in range(settings.AXES_FAILURE_LIMIT):
            Client().post("/api/auth/token", {"username": users[0].username, "password": "no"})
        locked = Client().post("/api/auth/token", {"username": users[0].username, "password": "pw"})
        assert locked.status_code == 429
        seat = to_act(game)
        answer = send("POST", events(game), move(game, legal_event(game, seat)),
                      headers=token(users[seat]))  # fmt: skip
        assert answer.code == 201
    finally:
        forget_this_workers_keys()


@pytest.mark.parametrize(
    "language",
    [{"HTTP_ACCEPT_LANGUAGE": "it"}, {"HTTP_COOKIE": f"{settings.LANGUAGE_COOKIE_NAME}=it"}],
    ids=["accept-language", "cookie"],
)
def test_an_italian_client_gets_the_apis_english(table, language):
    game, users = table
    seat = to_act(game)
    headers = {**token(users[seat]), **language}
    illegal = move(game, {"type": "play", "seat": seat, "card": "XX"})
    english = send("POST", events(game), illegal, headers=token(users[seat]))
    refused = send("POST", events(game), illegal, headers=headers)
    accepted = send("POST", events(game), move(game, legal_event(game, seat)), headers=headers)
    assert refused.code == 400 and accepted.code == 201
    assert refused.body == english.body  # the API speaks English (codes for clients)
    assert ("Content-Language", "en") in accepted.headers


@pytest.mark.parametrize(
    "extra",
    [{"HTTP_ACCEPT": "*/*"}, {"HTTP_ACCEPT": "application/json"}, {"LOWER_CASE": "token"}],
    ids=["any-type", "json", "lower-case-keyword"],
)
def test_what_else_a_token_client_may_send(table, extra):
    game, users = table
    seat = to_act(game)
    headers = {**token(users[seat]), **extra}
    if headers.pop("LOWER_CASE", None):
        headers["HTTP_AUTHORIZATION"] = headers["HTTP_AUTHORIZATION"].replace("Token", "token")
    answer = send("POST", events(game), move(game, legal_event(game, seat)), headers=headers)
    assert answer.code == 201 and ("Content-Language", "en") in answer.headers


def test_a_utf8_charset_body(table):
    game, users = table
    seat = to_act(game)
    answer = send("POST", events(game), move(game, legal_event(game, seat)),
                  content_type="application/json; charset=utf-8",
                  headers=token(users[seat]))  # fmt: skip
    assert answer.code == 201


def test_an_empty_accept_header_is_answered_406(table):
    """DRF reads no ``Accept`` as ``*/*``, but an empty one as accepting nothing."""
    game, users = table
    seat = to_act(game)
    headers = {**token(users[seat]), "HTTP_ACCEPT": ""}
    answer = send("POST", events(game), move(game, legal_event(game, seat)), headers=headers)
    assert answer.code == 406
    assert GameEvent.objects.filter(game=game).count() == game.version  # nothing written
    assert send("GET", legal(game, f"seat={seat}"), headers=headers).code == 406


def test_a_host_not_allowed_and_a_browser(table):
    game, users = table
    seat = to_act(game)
    body = move(game, legal_event(game, seat))
    bad_host = send("POST", events(game), body,
                    headers={**token(users[seat]), "HTTP_HOST": "evil.example"})  # fmt: skip
    assert bad_host.code == 400
    assert GameEvent.objects.filter(game=game).count() == game.version  # nothing written
    # The browsable API's page.
    page = send("GET", legal(game, f"seat={seat}"),
                headers={**token(users[seat]), "HTTP_ACCEPT": "text/html"})  # fmt: skip
    assert page.code == 200 and b"<html" in page.body


def test_a_deactivated_users_token_is_refused(table):
    game, users = table
    seat = to_act(game)
    get_user_model().objects.filter(pk=users[seat].pk).update(is_active=False)
    users[seat].is_active = False
    users[seat].save()  # forgets the cached token, as a deactivation does
    answer = send("POST", events(game), move(game, legal_event(game, seat)),
                  headers=token(users[seat]))  # fmt: skip
    assert answer.code == 401


def test_https_behind_a_proxy_gets_the_security_headers_of_https(table, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_HSTS_SECONDS = 3600
    site = WSGIHandler()  # the middleware reads these when made, as at a server's start
    game, users = table
    seat = to_act(game)
    secure = {**token(users[seat]), "HTTP_X_FORWARDED_PROTO": "https"}
    answer = call(site, "GET", legal(game, f"seat={seat}"), headers=secure)
    assert answer.code == 200
    assert ("Strict-Transport-Security", "max-age=3600") in answer.headers
    plain = call(site, "GET", legal(game, f"seat={seat}"), headers=token(users[seat]))
    assert "Strict-Transport-Security" not in dict(plain.headers)


def test_a_redirect_to_https(table, settings):
    settings.SECURE_SSL_REDIRECT = True
    site = WSGIHandler()
    game, users = table
    seat = to_act(game)
    answer = call(site, "GET", legal(game, f"seat={seat}"), headers=token(users[seat]))
    assert answer.code == 301


def test_changed_settings_change_the_headers(table, settings):
    """X-Frame-Options is read per response (by ``get_xframe_options_value``)."""
    game, users = table
    seat = to_act(game)
    before = send("GET", legal(game, f"seat={seat}"), headers=token(users[seat]))
    assert ("X-Frame-Options", "DENY") in before.headers
    settings.X_FRAME_OPTIONS = "SAMEORIGIN"
    answer = send("GET", legal(game, f"seat={seat}"), headers=token(users[seat]))
    assert ("X-Frame-Options", "SAMEORIGIN") in answer.headers


# ---------------------------------------------------------------------- the legal actions


def test_the_legal_actions_of_ones_own_seat(table):
    game, users = table
    seat = to_act(game)
    cookie = {**token(users[seat]), "HTTP_COOKIE": "tavolo_cards=french"}
    for headers in (token(users[seat]), session(users[seat], csrf=False), cookie):
        answer = send("GET", legal(game, f"seat={seat}"), headers=headers)
        assert answer.code == 200 and answer.json()["count"] > 0
        assert answer.json()["version"] == game.version


@pytest.mark.parametrize(
    ("query", "who", "status"),
    [
        ("seat={other}", "player", 403),
        ("seat={own}", "nobody", 403),
        ("seat=5", "player", 400),  # a seat this table does not have
        ("seat=9", "player", 400),  # beyond any table: the serializer's words
        ("seat=x", "player", 400),
        ("", "player", 400),
        ("seat={own}&after=1", "player", 400),
    ],
)
def test_refused_reads_of_the_legal_actions(table, query, who, status):
    game, users = table
    seat = to_act(game)
    headers = token(users[seat]) if who == "player" else {}
    path = legal(game, query.format(own=seat, other=(seat + 1) % 4))
    answer = send("GET", path, headers=headers)
    assert answer.code == status and answer.json()["detail"]


def test_the_legal_actions_of_an_unknown_game(table):
    _game, users = table
    path = f"/api/games/{uuid.uuid4()}/legal?seat=0"
    assert send("GET", path, headers=token(users[0])).code == 404


# ---------------------------------------------------------------------- what follows a move


def test_a_move_is_pushed_to_the_games_watchers(organiser):
    game, users = make_game("german_whist", 2, organiser)
    seat = to_act(game)
    body = move(game, legal_event(game, seat))

    def post() -> Answer:
        with TestCase.captureOnCommitCallbacks(execute=True):
            return send("POST", events(game), body, headers=token(users[seat]))

    async def scenario() -> None:
        socket, connected, _ = await connect(f"/ws/games/{game.pk}/")
        assert connected
        await socket.receive_json_from(timeout=TIMEOUT)
        answer = await sync_to_async(post)()
        assert answer.code == 201
        pushed = await socket.receive_json_from(timeout=TIMEOUT)
        assert pushed == {"kind": "game", "version": answer.json()["version"], "status": "active"}
        await socket.disconnect()

    run(scenario)
