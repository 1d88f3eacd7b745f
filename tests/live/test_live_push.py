"""The push channel: websockets of a game and of a tournament (tournaments/live/),
and publishing (tournaments/services/live.py), through the site's real ASGI
application (origin check, session middleware, routing) with
``channels.testing.WebsocketCommunicator``.

Without REDIS_URL the in-memory layer is used; with it, the site's Redis
publish/subscribe layer (the Redis tests below need it and are skipped otherwise).
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import TestCase

from tavolo.asgi import application
from tests.support.factories import (
    director_of,
    make_club,
    make_tournament,
    published,
    started_game,
)
from tournaments.models import Game, Tournament
from tournaments.services import live
from tournaments.services.game_store import append_event
from tournaments.services.games import legal_actions, seat_view

ORIGIN = (b"origin", b"http://127.0.0.1")
TIMEOUT = 5


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run an async scenario on an event loop of its own (no pytest-asyncio here)."""
    async_to_sync(scenario)()


async def connect(path: str, headers: list[tuple[bytes, bytes]] | None = None) -> Any:
    socket = WebsocketCommunicator(
        application, path, headers=[ORIGIN] if headers is None else headers
    )
    connected, code = await socket.connect(timeout=TIMEOUT)
    return socket, connected, code


def play_one_move(game_id: uuid.UUID) -> int:
    """The seat to act plays its first legal action; the game's new version. Runs on
    the test's thread (``sync_to_async`` is thread-sensitive), inside the test's
    transaction: what happens after the commit is run as the commit would."""
    game = Game.objects.get(pk=game_id)
    seat = seat_view(game, None)["to_act"]
    event = legal_actions(game, seat)[0]
    with TestCase.captureOnCommitCallbacks(execute=True) as callbacks:
        append_event(game_id, event, event_id=uuid.uuid4(), expected_version=game.version)
    assert callbacks, "the append announces itself after the commit"
    return Game.objects.get(pk=game_id).version


def assert_public(message: dict[str, Any]) -> None:
    """A push message says which version and status, nothing else (never a card)."""
    assert set(message) <= {"kind", "version", "status", "round"}, message


@pytest.mark.django_db
def test_a_move_reaches_the_games_socket_with_public_facts_only() -> None:
    game = started_game("german_whist", 2)

    async def scenario() -> None:
        socket, connected, _ = await connect(f"/ws/games/{game.pk}/")
        assert connected
        hello = await socket.receive_json_from(timeout=TIMEOUT)
        assert hello == {"kind": "game", "version": game.version, "status": "active"}
        version = await sync_to_async(play_one_move)(game.pk)  # a request's thread
        pushed = await socket.receive_json_from(timeout=TIMEOUT)
        assert pushed == {"kind": "game", "version": version, "status": "active"}
        assert version > game.version
        assert_public(pushed)
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()

    run(scenario)


@pytest.mark.django_db
def test_a_publish_from_a_plain_thread_reaches_the_servers_loop() -> None:
    """A bot's or a clock's move fired by a threading.Timer in development: handed to
    the event loop that serves the sockets (the in-memory layer's queues live there)."""
    game = started_game("german_whist", 2)

    async def scenario() -> None:
        socket, connected, _ = await connect(f"/ws/games/{game.pk}/")
        assert connected
        await socket.receive_json_from(timeout=TIMEOUT)
        facts = await sync_to_async(live.game_facts)(game.pk)
        sent: list[Any] = []
        thread = threading.Thread(
            target=lambda: sent.append(live.publish(live.game_group(game.pk), facts))
        )
        thread.start()
        pushed = await socket.receive_json_from(timeout=TIMEOUT)
        await asyncio.get_running_loop().run_in_executor(None, thread.join, TIMEOUT)
        assert pushed == facts
        assert sent[0] is not None
        await socket.disconnect()

    run(scenario)


@pytest.mark.django_db
def test_every_watcher_of_the_game_gets_the_push_and_others_do_not() -> None:
    game, other = started_game("german_whist", 2), started_game("german_whist", 2)

    async def scenario() -> None:
        first, _, _ = await connect(f"/ws/games/{game.pk}/")
        second, _, _ = await connect(f"/ws/games/{game.pk}/")
        elsewhere, _, _ = await connect(f"/ws/games/{other.pk}/")
        for socket in (first, second, elsewhere):
            await socket.receive_json_from(timeout=TIMEOUT)
        await sync_to_async(play_one_move)(game.pk)
        assert (await first.receive_json_from(timeout=TIMEOUT))["kind"] == "game"
        assert (await second.receive_json_from(timeout=TIMEOUT))["kind"] == "game"
        assert await elsewhere.receive_nothing(timeout=0.3)
        for socket in (first, second, elsewhere):
            await socket.disconnect()

    run(scenario)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        f"/ws/games/{uuid.UUID(int=7)}/",  # no such game
        "/ws/games/not-a-uuid/",
        "/ws/nothing-here/",
        "/ws/clubs/no-club/t/no-cup/",
    ],
)
def test_refused_connections_are_closed_with_a_code(path: str) -> None:
    async def scenario() -> None:
        socket, connected, code = await connect(path)
        assert not connected
        assert code == 4404

    run(scenario)


@pytest.mark.django_db
def test_a_socket_from_another_sites_page_is_refused() -> None:
    game = started_game("german_whist", 2)

    async def scenario() -> None:
        _, connected, _ = await connect(
            f"/ws/games/{game.pk}/", headers=[(b"origin", b"https://evil.example")]
        )
        assert not connected

    run(scenario)


@pytest.mark.django_db
def test_a_tournament_being_set_up_has_no_socket_for_visitors() -> None:
    club = make_club()
    cup = make_tournament(club, director_of(club))
    assert cup.status == Tournament.Status.DRAFT
    path = f"/ws/clubs/{club.slug}/t/{cup.slug}/"

    async def scenario() -> None:
        _, connected, code = await connect(path)
        assert (connected, code) == (False, 4404)

    run(scenario)
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.RUNNING)

    async def open_now() -> None:
        socket, connected, _ = await connect(path)
        assert connected
        assert (await socket.receive_json_from(timeout=TIMEOUT))["kind"] == "standings"
        await sync_to_async(live.announce_standings)(cup.pk, 41)
        assert await socket.receive_json_from(timeout=TIMEOUT) == {
            "kind": "standings",
            "version": 41,
        }
        await sync_to_async(live.announce_round)(cup.pk, 2)
        assert await socket.receive_json_from(timeout=TIMEOUT) == {"kind": "round", "round": 2}
        await socket.disconnect()

    run(open_now)


# ---------------------------------------------------------------------- Redis


@pytest.fixture
def redis_layer(redis_url: str) -> None:
    assert "Redis" in settings.CHANNEL_LAYERS["default"]["BACKEND"]


@pytest.mark.django_db
def test_with_redis_a_publish_from_another_process_reaches_the_socket(
    redis_layer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As from gunicorn or a Celery worker: no server loop in the publishing process,
    so the publish goes through this process's own publishing loop and Redis."""
    game = started_game("german_whist", 2)

    async def scenario() -> None:
        socket, connected, _ = await connect(f"/ws/games/{game.pk}/")
        assert connected
        await socket.receive_json_from(timeout=TIMEOUT)
        monkeypatch.setattr(live, "_server_loop", None)  # as if published elsewhere
        version = await sync_to_async(play_one_move)(game.pk)
        pushed = await socket.receive_json_from(timeout=TIMEOUT)
        assert pushed == {"kind": "game", "version": version, "status": "active"}
        await socket.disconnect()

    run(scenario)


# ---------------------------------------------------------------------- pages


@pytest.mark.django_db
def test_the_round_page_and_the_standings_listen_to_the_tournaments_socket(client: Any) -> None:
    setup = published()
    club, cup = setup.club, setup.round.tournament
    channel = f'data-live="/ws/clubs/{club.slug}/t/{cup.slug}/"'
    round_page = client.get(f"/clubs/{club.slug}/t/{cup.slug}/rounds/1/").content.decode()
    assert channel in round_page
    assert 'hx-select="#pairings"' in round_page and 'id="pairings"' in round_page
    standings = client.get(f"/clubs/{club.slug}/t/{cup.slug}/standings/").content.decode()
    assert channel in standings
    assert 'hx-trigger="every 3s, live"' in standings

    async def scenario() -> None:  # the address the pages name is served
        socket, connected, _ = await connect(f"/ws/clubs/{club.slug}/t/{cup.slug}/")
        assert connected
        await socket.disconnect()

    run(scenario)


@pytest.mark.django_db
def test_new_standings_stored_by_the_scoring_task_reach_the_standings_socket() -> None:
    """The worker's side: the task that stores new standings announces their version."""
    from scoring.models import StandingsState
    from scoring.tasks import recompute_standings

    setup = published()
    club, cup = setup.club, setup.round.tournament

    async def scenario() -> None:
        socket, connected, _ = await connect(f"/ws/clubs/{club.slug}/t/{cup.slug}/")
        assert connected
        await socket.receive_json_from(timeout=TIMEOUT)  # the greeting
        await sync_to_async(recompute_standings)(cup.pk)  # the task body, in process
        pushed = await socket.receive_json_from(timeout=TIMEOUT)
        stored = await sync_to_async(
            lambda: StandingsState.objects.get(tournament_id=cup.pk).version
        )()
        assert pushed == {"kind": "standings", "version": stored}
        await socket.disconnect()

    run(scenario)
