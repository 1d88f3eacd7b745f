"""The lean move path (tavolo.lean) answers exactly as the usual one.

Each request is sent twice, as a server sends it (tests.support.wsgi): first through
Django's own WSGI handler inside a savepoint that is then rolled back, then through the
site's handler (``tavolo.wsgi``'s :class:`LeanHandler`) on the same database state.
Status, every header (in order) and the body must be byte for byte the same; the
handler's counts say which path answered, so a test of the lean path fails if the
request was quietly handed to the usual one.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.test import Client, TestCase

from tavolo.lean.handler import LeanHandler
from tavolo.lean.stack import SITE_MIDDLEWARE
from tests.live.test_live_push import TIMEOUT, connect, run
from tests.support.caches import forget_this_workers_keys
from tests.support.factories import make_game
from tests.support.lean_requests import (
    answered_lean,
    both,
    events,
    legal_event,
    move,
    session,
    to_act,
    token,
)
from tests.support.wsgi import Answer, call
from tournaments.api.play.views import EventsView, LegalView
from tournaments.models import Game, GameEvent

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def usual() -> WSGIHandler:
    return WSGIHandler()


@pytest.fixture(scope="module", params=["express lane on", "express lane off"])
def lean(request: pytest.FixtureRequest) -> LeanHandler:
    """The site's handler: with its express lane (a token client's successes answered
    there, the rest by the lean path) and without it (everything lean)."""
    handler = LeanHandler()
    assert handler.enabled and handler.express is not None
    if request.param == "express lane off":
        handler.express = None
    return handler


@pytest.fixture
def table(organiser: Any) -> tuple[Game, list[Any]]:
    """A whist game in play, one user per seat (and ``organiser``, its creator)."""
    return make_game("whist", 4, organiser)


# ---------------------------------------------------------------------- the move


def test_an_accepted_move_by_token(usual, lean, table):
    game, users = table
    seat = to_act(game)
    answer = both(usual, lean, "POST", events(game), move(game, legal_event(game, seat)),
                  headers=token(users[seat]), lean_answers=True)  # fmt: skip
    assert answer.code == 201 and answer.json()["version"] == game.version + 1
    assert GameEvent.objects.filter(game=game).count() == game.version + 1  # written once
    header_names = {name for name, _ in answer.headers}
    assert {"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options"} <= header_names


def test_an_accepted_move_by_session_with_its_csrf_token(usual, lean, table):
    game, users = table
    seat = to_act(game)
    answer = both(usual, lean, "POST", events(game), move(game, legal_event(game, seat)),
                  headers=session(users[seat]), lean_answers=True)  # fmt: skip
    assert answer.code == 201
    assert ("Vary", "Accept, Accept-Language, Cookie") in answer.headers


def test_a_session_without_its_csrf_token_is_refused_by_the_usual_path(usual, lean, table):
    game, users = table
    seat = to_act(game)
    answer = both(usual, lean, "POST", events(game), move(game, legal_event(game, seat)),
                  headers=session(users[seat], csrf=False), lean_answers=False)  # fmt: skip
    assert answer.code == 403 and "CSRF" in answer.json()["detail"]


def test_an_illegal_move(usual, lean, table):
    game, users = table
    seat = to_act(game)
    event = {"type": "play", "seat": seat, "card": "XX"}
    answer = both(usual, lean, "POST", events(game), move(game, event),
                  headers=token(users[seat]), lean_answers=True)  # fmt: skip
    assert answer.code == 400 and answer.json()["detail"]


def test_a_stale_version(usual, lean, table):
    game, users = table
    seat = to_act(game)
    answer = both(usual, lean, "POST", events(game), move(game, legal_event(game, seat), version=0),
                  headers=token(users[seat]), lean_answers=True)  # fmt: skip
    assert answer.code == 409 and answer.json()["version"] == game.version


def test_a_replayed_event_id_with_the_same_event_and_with_another(usual, lean, table):
    game, users = table
    seat = to_act(game)
    event_id, event, another = (
        str(uuid.uuid4()),
        legal_event(game, seat),
        legal_event(game, seat, 1),
    )
    first = move(game, event, event_id=event_id)
    assert call(lean, "POST", events(game), first, headers=token(users[seat])).code == 201
    retried = both(usual, lean, "POST", events(game), first, headers=token(users[seat]),
                   lean_answers=True)  # fmt: skip
    assert retried.code == 200
    other = move(game, another, event_id=event_id)
    reused = both(usual, lean, "POST", events(game), other, headers=token(users[seat]),
                  lean_answers=True)  # fmt: skip
    assert reused.code == 409


def test_not_your_seat(usual, lean, table):
    game, users = table
    seat = to_act(game)
    other = users[(seat + 1) % 4]
    answer = both(usual, lean, "POST", events(game), move(game, legal_event(game, seat)),
                  headers=token(other), lean_answers=True)  # fmt: skip
    assert answer.code == 403 and "seat" in answer.json()["detail"]


@pytest.mark.parametrize(
    "credentials",
    [{}, {"HTTP_AUTHORIZATION": "Token not-a-token"}, {"HTTP_AUTHORIZATION": "Token"}],
    ids=["logged-out", "unknown-token", "empty-token"],
)
def test_logged_out_or_a_bad_token_is_answered_by_the_usual_path(usual, lean, table, credentials):
    game, _users = table
    answer = both(usual, lean, "POST", events(game), move(game, legal_event(game, to_act(game))),
                  headers=credentials, lean_answers=False)  # fmt: skip
    assert answer.code == 401


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
def test_bad_bodies_are_answered_by_the_usual_path(usual, lean, table, body, content_type, status):
    game, users = table
    answer = both(usual, lean, "POST", events(game), body, content_type=content_type,
                  headers=token(users[to_act(game)]), lean_answers=False)  # fmt: skip
    assert answer.code == status and "[" not in answer.json()["detail"][:1]


def test_finished_and_paused_games_take_no_moves(usual, lean, table, organiser):
    game, users = table
    seat = to_act(game)
    event = legal_event(game, seat)
    pause = move(game, {"type": "adjourn", "reason": "dinner"})
    paused = both(usual, lean, "POST", events(game), pause, headers=token(organiser),
                  lean_answers=True)  # fmt: skip
    assert paused.code == 201
    refused = both(usual, lean, "POST", events(game), move(game, event),
                   headers=token(users[seat]), lean_answers=True)  # fmt: skip
    assert refused.code == 400 and "adjourn" in refused.json()["detail"]
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    finished = both(usual, lean, "POST", events(game), move(game, {"type": "resume"}),
                    headers=token(organiser), lean_answers=True)  # fmt: skip
    assert finished.code == 409


def test_an_unknown_game(usual, lean, table):
    _game, users = table
    path = f"/api/games/{uuid.uuid4()}/events"
    answer = both(usual, lean, "POST", path, move(_game, {"type": "play", "seat": 0, "card": "2C"}),
                  headers=token(users[0]), lean_answers=True)  # fmt: skip
    assert answer.code == 404


def test_an_address_locked_out_by_failed_logins_plays_as_on_the_usual_path(
    usual, lean, table, settings
):
    """No throttle or rate limit guards a move today (tokens are checked, not
    guessed: axes counts passwords and codes); a locked-out address is answered the
    same on both paths, its token requests and log-ins refused as before."""
    game, users = table
    settings.AXES_FAILURE_LIMIT = 3  # the test session's is 10,000
    forget_this_workers_keys()
    try:
        for _ in range(settings.AXES_FAILURE_LIMIT):
            Client().post("/api/auth/token", {"username": users[0].username, "password": "no"})
        locked = Client().post("/api/auth/token", {"username": users[0].username, "password": "pw"})
        assert locked.status_code == 429
        seat = to_act(game)
        answer = both(usual, lean, "POST", events(game), move(game, legal_event(game, seat)),
                      headers=token(users[seat]), lean_answers=True)  # fmt: skip
        assert answer.code == 201
    finally:
        forget_this_workers_keys()


@pytest.mark.parametrize(
    "language",
    [{"HTTP_ACCEPT_LANGUAGE": "it"}, {"HTTP_COOKIE": f"{settings.LANGUAGE_COOKIE_NAME}=it"}],
    ids=["accept-language", "cookie"],
)
def test_an_italian_client_gets_what_the_usual_path_gives(usual, lean, table, language):
    game, users = table
    seat = to_act(game)
    headers = {**token(users[seat]), **language}
    illegal = move(game, {"type": "play", "seat": seat, "card": "XX"})
    refused = both(usual, lean, "POST", events(game), illegal, headers=headers, lean_answers=True)
    accepted = both(usual, lean, "POST", events(game), move(game, legal_event(game, seat)),
                    headers=headers, lean_answers=True)  # fmt: skip
    assert refused.code == 400 and accepted.code == 201
    assert (
        "Content-Language",
        "en",
    ) in accepted.headers  # the API speaks English (codes for clients)


def test_a_host_not_allowed_and_a_browser_are_answered_by_the_usual_path(usual, lean, table):
    game, users = table
    seat = to_act(game)
    body = move(game, legal_event(game, seat))
    bad_host = both(usual, lean, "POST", events(game), body,
                    headers={**token(users[seat]), "HTTP_HOST": "evil.example"},
                    lean_answers=False)  # fmt: skip
    assert bad_host.code == 400
    # The browsable API's page (its body holds a fresh CSRF token each time).
    delegated = lean.counts["delegated: Accept"]
    page = call(lean, "GET", f"/api/games/{game.pk}/legal?seat={seat}",
                headers={**token(users[seat]), "HTTP_ACCEPT": "text/html"})  # fmt: skip
    assert page.code == 200 and b"<html" in page.body
    assert lean.counts["delegated: Accept"] == delegated + 1


# ---------------------------------------------------------------------- the legal actions


def legal(game: Game, query: str) -> str:
    return f"/api/games/{game.pk}/legal?{query}"


def test_the_legal_actions_of_ones_own_seat(usual, lean, table):
    game, users = table
    seat = to_act(game)
    for headers in (token(users[seat]), session(users[seat], csrf=False)):
        answer = both(usual, lean, "GET", legal(game, f"seat={seat}"), headers=headers,
                      lean_answers=True)  # fmt: skip
        assert answer.code == 200 and answer.json()["count"] > 0


@pytest.mark.parametrize(
    ("query", "who", "status", "lean_answers"),
    [
        ("seat={other}", "player", 403, True),
        ("seat={own}", "nobody", 403, True),
        ("seat=5", "player", 400, True),  # a seat this table does not have
        ("seat=9", "player", 400, False),  # beyond any table: the serializer's words
        ("seat=x", "player", 400, False),
        ("", "player", 400, False),
        ("seat={own}&after=1", "player", 400, False),
    ],
)
def test_refused_reads_of_the_legal_actions(usual, lean, table, query, who, status, lean_answers):
    game, users = table
    seat = to_act(game)
    headers = token(users[seat]) if who == "player" else {}
    path = legal(game, query.format(own=seat, other=(seat + 1) % 4))
    answer = both(usual, lean, "GET", path, headers=headers, lean_answers=lean_answers)
    assert answer.code == status and answer.json()["detail"]


def test_the_legal_actions_of_an_unknown_game(usual, lean, table):
    _game, users = table
    path = f"/api/games/{uuid.uuid4()}/legal?seat=0"
    assert both(usual, lean, "GET", path, headers=token(users[0]), lean_answers=True).code == 404


# ---------------------------------------------------------------------- what follows a move


def test_a_lean_move_is_pushed_to_the_games_watchers(lean, organiser):
    game, users = make_game("german_whist", 2, organiser)
    seat = to_act(game)
    body = move(game, legal_event(game, seat))

    def post() -> Answer:
        with TestCase.captureOnCommitCallbacks(execute=True):
            return call(lean, "POST", events(game), body, headers=token(users[seat]))

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


# ---------------------------------------------------------------------- when it stands aside


def test_the_lean_path_knows_the_sites_middleware_and_views():
    assert tuple(settings.MIDDLEWARE) == SITE_MIDDLEWARE, (
        "a middleware was added, removed or moved: decide what tavolo/lean/stack.py must "
        "run of it, then update SITE_MIDDLEWARE"
    )
    for view in (EventsView, LegalView):
        assert not view().get_throttles(), "a throttle: teach tavolo/lean/endpoints.py first"


def test_an_unknown_middleware_turns_the_lean_path_off(settings, table):
    settings.MIDDLEWARE = [*SITE_MIDDLEWARE, "django.middleware.gzip.GZipMiddleware"]
    handler = LeanHandler()
    assert not handler.enabled
    game, users = table
    seat = to_act(game)
    answer = call(handler, "POST", events(game), move(game, legal_event(game, seat)),
                  headers=token(users[seat]))  # fmt: skip
    assert answer.code == 201 and answered_lean(handler) == 0
