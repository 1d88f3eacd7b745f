"""The database blinks during a game, and no move fails (issue 15's promise). Needs
PostgreSQL.

A move's two requests go through production's entry point (``tavolo.wsgi``) with
Django's request signals, as gunicorn hands them over: before a request's first query
on a kept connection Django checks it (``CONN_HEALTH_CHECKS``) and, when the server
closed it, connects afresh. Here the connection is cut with ``pg_terminate_backend``
between two requests, as a PostgreSQL restart would cut it, on the committed database
(no test transaction: the requests run in autocommit, as in production).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import psycopg
import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from tavolo.wsgi import application
from tests.support.wsgi import call
from tournaments.models import Game, GameEvent, Player
from tournaments.services.game_store import read_state
from tournaments.services.games import create_game, start_game
from tournaments.services.seats import seat_by_authority

pytestmark = pytest.mark.postgres


@pytest.fixture
def table(committed_postgres: None) -> tuple[Game, list[str]]:
    """A whist game in play with a token per seat (unique names: the database is
    shared and never emptied)."""
    tag = uuid.uuid4().hex[:8]
    users = [get_user_model().objects.create_user(f"blink{tag}{n}") for n in range(4)]
    game = create_game(game_type="whist", players=4, options={"target": 100}, created_by=users[0])
    for number, user in enumerate(users):
        seat_by_authority(game, number, Player.objects.create(name=f"B{tag}{number}", user=user))
    start_game(game.pk)
    return Game.objects.get(pk=game.pk), [Token.objects.create(user=u).key for u in users]


def send(method: str, path: str, token: str, body: Any = None) -> Any:
    """A request as gunicorn hands it over: Django's request signals included (they
    mark a kept connection as due for its check, and close a broken one after)."""
    data = None if body is None else json.dumps(body).encode()
    answer = call(
        application, method, path, data, headers={"HTTP_AUTHORIZATION": f"Token {token}"},
        request_signals=True,
    )  # fmt: skip
    return answer.code, answer.json()


def cut_this_connection() -> None:
    """``pg_terminate_backend`` on this thread's kept connection, from another one."""
    pid = connection.connection.info.backend_pid
    given = connection.settings_dict
    server = {
        "host": given["HOST"] or None,
        "port": given["PORT"] or None,
        "user": given["USER"] or None,
        "password": given["PASSWORD"] or None,
        "dbname": given["NAME"],
    }
    with psycopg.connect(**server, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])


def test_a_move_after_the_connection_was_cut_is_answered(table, monkeypatch):
    game, tokens = table
    assert connection.health_check_enabled
    seat = read_state(game, lambda state: state.to_act)
    legal = f"/api/games/{game.pk}/legal?seat={seat}"
    status, answer = send("GET", legal, tokens[seat])
    assert status == 200
    before = connection.connection

    cut_this_connection()
    assert send("GET", legal, tokens[seat]) == (status, answer)
    assert connection.connection is not before  # a new one, kept for what follows

    cut_this_connection()
    move = {"event_id": str(uuid.uuid4()), "expected_version": answer["version"]}
    move["event"] = answer["legal"][0]
    status, moved = send("POST", f"/api/games/{game.pk}/events", tokens[seat], move)
    assert status == 201, moved
    assert GameEvent.objects.filter(event_id=move["event_id"]).count() == 1

    # With the connection whole, the kept connection is checked once and kept.
    checks: list[bool] = []
    usable = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: checks.append(usable()) or checks[-1])
    kept = connection.connection
    following = moved["next"]["to_act"]
    later = f"/api/games/{game.pk}/legal?seat={following}"
    assert send("GET", later, tokens[following])[0] == 200
    assert checks == [True] and connection.connection is kept
