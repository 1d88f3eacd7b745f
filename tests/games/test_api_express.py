"""The express lane (tavolo.lean.express) answers a token client's moves exactly as
Django's whole stack does, and stands aside for everything else.

As in test_api_lean_path.py, each request goes through Django's own handler (in a
savepoint rolled back after) and then through the site's, on the same state: status,
headers in order and body must be byte for byte the same. Here the handler's counts
must also show which lane answered: "express", the lean path ("lean"), or Django's
own (neither).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.handlers.wsgi import WSGIHandler
from django.db import transaction

from tavolo.lean.handler import LeanHandler
from tests.support.factories import make_game
from tests.support.lean_requests import events, legal_event, move, to_act, token
from tests.support.wsgi import Answer, call
from tournaments.models import Game, GameEvent

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def usual() -> WSGIHandler:
    return WSGIHandler()


@pytest.fixture
def site() -> LeanHandler:
    handler = LeanHandler()
    assert handler.enabled and handler.express is not None
    return handler


@pytest.fixture
def table(organiser: Any) -> tuple[Game, list[Any]]:
    return make_game("whist", 4, organiser)


def compared(usual: WSGIHandler, site: LeanHandler, method: str, path: str,
             body: bytes | None = None, *, lane: str, **kwargs: Any) -> Answer:  # fmt: skip
    """The request through both handlers: the same answer, given by ``lane``
    ("express", "lean" or "usual")."""
    with transaction.atomic():
        expected = call(usual, method, path, body, **kwargs)
        transaction.set_rollback(True)
    before = {name: site.counts[name] for name in ("express", "lean")}
    got = call(site, method, path, body, **kwargs)
    assert (got.status, got.headers, got.body) == (expected.status, expected.headers, expected.body)
    after = {name: site.counts[name] for name in ("express", "lean")}
    moved = [name for name in after if after[name] != before[name]]
    assert moved == ([] if lane == "usual" else [lane]), site.counts
    return got


def legal(game: Game, seat: int) -> str:
    return f"/api/games/{game.pk}/legal?seat={seat}"


def test_a_token_clients_move_and_legal_actions_take_the_express_lane(usual, site, table):
    game, users = table
    seat = to_act(game)
    listed = compared(usual, site, "GET", legal(game, seat), headers=token(users[seat]),
                      lane="express")  # fmt: skip
    assert listed.code == 200 and listed.json()["count"] > 0
    body = move(game, legal_event(game, seat))
    answer = compared(usual, site, "POST", events(game), body, headers=token(users[seat]),
                      lane="express")  # fmt: skip
    assert answer.code == 201 and answer.json()["version"] == game.version + 1
    assert GameEvent.objects.filter(game=game).count() == game.version + 1
    names = [name for name, _value in answer.headers]
    assert names.count("Content-Length") == 1 and "Content-Security-Policy" in names


def test_a_second_move_of_the_same_shape_reuses_the_headers_worked_out_once(usual, site, table):
    game, users = table
    for _ in range(3):
        seat = to_act(game)
        body = move(game, legal_event(game, seat))
        compared(usual, site, "POST", events(game), body, headers=token(users[seat]),
                 lane="express")  # fmt: skip
        game.refresh_from_db()
    assert len(site.express.shapes) == 1


@pytest.mark.parametrize(
    "extra",
    [
        {"HTTP_ACCEPT_LANGUAGE": "it"},
        {"HTTP_ACCEPT": "*/*"},
        {"HTTP_AUTHORIZATION_CASE": "token"},
    ],
    ids=["italian", "any-type", "lower-case-keyword"],
)
def test_what_else_a_token_client_may_send(usual, site, table, extra):
    game, users = table
    seat = to_act(game)
    headers = {**token(users[seat]), **extra}
    if headers.pop("HTTP_AUTHORIZATION_CASE", None):
        headers["HTTP_AUTHORIZATION"] = headers["HTTP_AUTHORIZATION"].replace("Token", "token")
    answer = compared(usual, site, "POST", events(game), move(game, legal_event(game, seat)),
                      headers=headers, lane="express")  # fmt: skip
    assert ("Content-Language", "en") in answer.headers


def test_an_empty_accept_header_is_the_usual_paths_406(usual, site, table):
    """DRF reads no ``Accept`` as ``*/*``, but an empty one as accepting nothing."""
    game, users = table
    seat = to_act(game)
    headers = {**token(users[seat]), "HTTP_ACCEPT": ""}
    answer = compared(usual, site, "POST", events(game), move(game, legal_event(game, seat)),
                      headers=headers, lane="usual")  # fmt: skip
    assert answer.code == 406
    assert compared(usual, site, "GET", legal(game, seat), headers=headers,
                    lane="usual").code == 406  # fmt: skip


def test_a_utf8_charset_body(usual, site, table):
    game, users = table
    seat = to_act(game)
    answer = compared(usual, site, "POST", events(game), move(game, legal_event(game, seat)),
                      content_type="application/json; charset=utf-8",
                      headers=token(users[seat]), lane="express")  # fmt: skip
    assert answer.code == 201


def test_https_behind_a_proxy_gets_the_security_headers_of_https(table, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_HSTS_SECONDS = 3600
    usual, site = WSGIHandler(), LeanHandler()  # the middleware reads these when made
    game, users = table
    seat = to_act(game)
    secure = {**token(users[seat]), "HTTP_X_FORWARDED_PROTO": "https"}
    answer = compared(usual, site, "GET", legal(game, seat), headers=secure, lane="express")
    assert ("Strict-Transport-Security", "max-age=3600") in answer.headers
    plain = compared(usual, site, "GET", legal(game, seat), headers=token(users[seat]),
                     lane="express")  # fmt: skip
    assert "Strict-Transport-Security" not in dict(plain.headers)


def test_a_redirect_to_https_is_the_usual_paths(table, settings):
    settings.SECURE_SSL_REDIRECT = True
    usual, site = WSGIHandler(), LeanHandler()
    game, users = table
    seat = to_act(game)
    answer = compared(usual, site, "GET", legal(game, seat), headers=token(users[seat]),
                      lane="usual")  # fmt: skip
    assert answer.code == 301


def test_changed_settings_change_the_headers(usual, site, table, settings):
    """X-Frame-Options is read per response (by ``get_xframe_options_value``): the
    headers worked out before the change are not given after it."""
    game, users = table
    seat = to_act(game)
    compared(usual, site, "GET", legal(game, seat), headers=token(users[seat]), lane="express")
    settings.X_FRAME_OPTIONS = "SAMEORIGIN"
    answer = compared(usual, site, "GET", legal(game, seat), headers=token(users[seat]),
                      lane="express")  # fmt: skip
    assert ("X-Frame-Options", "SAMEORIGIN") in answer.headers


def test_a_refused_move_is_answered_by_the_lean_path(usual, site, table):
    game, users = table
    seat = to_act(game)
    illegal = move(game, {"type": "play", "seat": seat, "card": "XX"})
    answer = compared(usual, site, "POST", events(game), illegal, headers=token(users[seat]),
                      lane="lean")  # fmt: skip
    assert answer.code == 400
    assert GameEvent.objects.filter(game=game).count() == game.version  # nothing written
    other = users[(seat + 1) % 4]
    assert compared(usual, site, "GET", legal(game, seat), headers=token(other),
                    lane="lean").code == 403  # fmt: skip


def test_a_cookie_takes_the_lean_path(usual, site, table):
    game, users = table
    seat = to_act(game)
    headers = {**token(users[seat]), "HTTP_COOKIE": "tavolo_cards=french"}
    answer = compared(usual, site, "GET", legal(game, seat), headers=headers, lane="lean")
    assert answer.code == 200


def test_a_deactivated_users_token_and_a_host_not_allowed_are_the_usual_paths(usual, site, table):
    game, users = table
    seat = to_act(game)
    bad_host = {**token(users[seat]), "HTTP_HOST": "evil.example"}
    assert compared(usual, site, "GET", legal(game, seat), headers=bad_host,
                    lane="usual").code == 400  # fmt: skip
    get_user_model().objects.filter(pk=users[seat].pk).update(is_active=False)
    users[seat].is_active = False
    users[seat].save()  # forgets the cached token, as a deactivation does
    answer = compared(usual, site, "POST", events(game), move(game, legal_event(game, seat)),
                      headers=token(users[seat]), lane="usual")  # fmt: skip
    assert answer.code == 401


def test_the_express_lane_can_be_turned_off(settings, table):
    settings.TAVOLO_EXPRESS_LANE = False
    handler = LeanHandler()
    assert handler.express is None
    game, users = table
    seat = to_act(game)
    answer = call(handler, "GET", legal(game, seat), headers=token(users[seat]))
    assert answer.code == 200 and handler.counts["lean"] == 1
