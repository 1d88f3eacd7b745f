"""Concurrent writers on real PostgreSQL: no lost, duplicated or out-of-order event.

Each writer is a thread with its own database connection (Django's connections are
per thread), calling the service directly as an API request would: read the game,
compute a legal action, append it with the version it read as expected version.
All threads start together at a ``threading.Barrier``.

The games are committed (the ``committed_postgres`` fixture: no per-test
transaction, so other connections see them) and never deleted, as the event table
refuses DELETE and TRUNCATE: they live in a database of their own, away from the
other tests, dropped at the end of the session. Each test makes its own games and
players with unique names.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import connection

from engine import EngineError, new_game
from tavolo.caches import forget_all
from tests.support.factories import started_game
from tests.support.games import all_views
from tournaments.models import Game, GameEvent
from tournaments.services import state_cache
from tournaments.services.errors import Conflict
from tournaments.services.game_store import Appended, append_event, read_state

pytestmark = pytest.mark.postgres

WRITERS = 16
GAMES = 8
EVENT_LIMIT = 260  # the race on one game stops here if the game is not over yet
TIME_LIMIT = 90.0  # seconds, for any one race (it takes a few seconds)


@dataclass
class Writer:
    """What one thread did."""

    accepted: list[tuple[uuid.UUID, Appended]] = field(default_factory=list)
    conflicts: int = 0
    errors: list[BaseException] = field(default_factory=list)


def run_threads(count: int, work: Callable[[int, Writer], None]) -> list[Writer]:
    """Run ``work(n, writer)`` in ``count`` threads that start together; each thread
    closes its own database connection at the end."""
    barrier = threading.Barrier(count)
    writers = [Writer() for _ in range(count)]

    def thread_main(n: int) -> None:
        try:
            barrier.wait(timeout=30)
            work(n, writers[n])
        except BaseException as error:  # noqa: BLE001 - reported by the test below
            writers[n].errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=thread_main, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=TIME_LIMIT + 60)
    assert not any(thread.is_alive() for thread in threads), "a writer thread hung"
    errors = [error for writer in writers for error in writer.errors]
    assert not errors, f"{len(errors)} writer error(s), the first: {errors[0]!r}"
    return writers


def events_of(game_id: uuid.UUID) -> list[GameEvent]:
    return list(GameEvent.objects.filter(game_id=game_id).order_by("sequence"))


def assert_log_is_whole(game_id: uuid.UUID, writers: list[Writer]) -> list[GameEvent]:
    """Gap-free sequence, every accepted append stored exactly once and nothing else
    from the players, and the served state equals a full replay of the stored events."""
    game = Game.objects.get(pk=game_id)
    rows = events_of(game_id)
    assert [row.sequence for row in rows] == list(range(len(rows)))
    assert game.version == len(rows)

    accepted = [(event_id, result) for w in writers for event_id, result in w.accepted]
    by_id = {row.event_id: row for row in rows}
    for event_id, result in accepted:
        assert result.created
        row = by_id[event_id]
        assert row.sequence == result.event.sequence
        assert row.payload == result.event.payload
    ids = Counter(event_id for event_id, _ in accepted)
    assert all(n == 1 for n in ids.values()), "an event id was accepted twice"
    player_rows = [row for row in rows if row.kind != GameEvent.Kind.CHANCE]
    assert len(accepted) == len(player_rows)
    assert {row.event_id for row in player_rows} == set(ids)

    replayed = state_cache.full_replay(game)
    served = read_state(game, all_views)  # the in-process cache, caught up
    forget_all()
    assert served == all_views(replayed) == all_views(state_cache.load_state(game))
    engine_game = new_game(game.game_type, game.players, game.options, game.first_dealer)
    for row in rows:
        engine_game.apply(row.payload)
    assert all_views(engine_game) == all_views(replayed)
    return rows


def play_racing(game_id: uuid.UUID, deadline: float, limit: int) -> Callable[[int, Writer], None]:
    """A writer that acts for whichever seat is to act, retrying after each conflict."""

    def work(n: int, writer: Writer) -> None:
        rng = random.Random(n)
        while time.monotonic() < deadline:
            game = Game.objects.get(pk=game_id)
            if game.is_over or game.version >= limit:
                return
            event = read_state(game, lambda state: state.random_action(rng).to_event())
            event_id = uuid.uuid4()
            try:
                result = append_event(
                    game_id, event, event_id=event_id, expected_version=game.version
                )
            except Conflict as conflict:
                assert conflict.details["version"] > game.version
                writer.conflicts += 1
                continue
            writer.accepted.append((event_id, result))

    return work


# Slow (~10 s in CI): sixteen threads race to append to one game on committed
# PostgreSQL rows until it ends.
def test_sixteen_writers_racing_on_one_game_lose_and_duplicate_nothing(committed_postgres):
    game = started_game("whist", 4, {"target": 5})
    deadline = time.monotonic() + TIME_LIMIT
    writers = run_threads(WRITERS, play_racing(game.pk, deadline, EVENT_LIMIT))
    assert time.monotonic() < deadline, "the race did not finish in time"

    rows = assert_log_is_whole(game.pk, writers)
    game.refresh_from_db()
    assert game.is_over or game.version >= EVENT_LIMIT
    conflicts = sum(w.conflicts for w in writers)
    winners = sum(1 for w in writers if w.accepted)
    print(
        f"\n16 writers, one game: {len(rows)} events, {sum(len(w.accepted) for w in writers)} "
        f"appends by {winners} threads, {conflicts} conflicts (retried)"
    )
    assert conflicts > 0, "the writers never raced"
    assert winners > 1


def test_sixteen_writers_sending_the_same_event_id_write_it_once(committed_postgres):
    game = started_game("italian_whist", 3)
    for round_ in range(3):
        game.refresh_from_db()
        rng = random.Random(round_)
        event = read_state(game, lambda state, rng=rng: state.random_action(rng).to_event())
        event_id, version = uuid.uuid4(), game.version

        def work(n: int, writer: Writer, event=event, event_id=event_id, version=version):
            result = append_event(game.pk, dict(event), event_id=event_id, expected_version=version)
            writer.accepted.append((event_id, result))

        writers = run_threads(WRITERS, work)
        results = [result for w in writers for _, result in w.accepted]
        assert len(results) == WRITERS
        assert sum(result.created for result in results) == 1
        assert len({result.event.pk for result in results}) == 1
        assert {result.event.sequence for result in results} == {version}
        assert GameEvent.objects.filter(event_id=event_id).count() == 1
        rows = events_of(game.pk)
        assert [row.sequence for row in rows] == list(range(len(rows)))


def test_the_same_event_id_with_different_contents_is_written_once(committed_postgres):
    game = started_game("whist", 4, {"target": 3})
    seat = read_state(game, lambda state: state.seats_to_act()[0])
    choices = read_state(game, lambda state: [a.to_event() for a in state.legal_actions(seat)])
    assert len(choices) > 1
    event_id = uuid.uuid4()

    def work(n: int, writer: Writer) -> None:
        try:
            result = append_event(
                game.pk, choices[n % len(choices)], event_id=event_id, expected_version=1
            )
        except Conflict:
            writer.conflicts += 1
            return
        writer.accepted.append((event_id, result))

    writers = run_threads(WRITERS, work)
    results = [result for w in writers for _, result in w.accepted]
    assert sum(result.created for result in results) == 1
    stored = GameEvent.objects.get(event_id=event_id)
    assert all(result.event.payload == stored.payload for result in results)
    # Everyone who sent other content was told so; everyone who sent the same got it back.
    same = sum(1 for n in range(WRITERS) if choices[n % len(choices)] == stored.payload)
    assert len(results) == same
    assert sum(w.conflicts for w in writers) == WRITERS - same
    assert [row.sequence for row in events_of(game.pk)] == [0, 1]


def test_one_event_id_sent_to_two_games_at_once_is_written_once(committed_postgres):
    """The game-row lock does not serialise writers of different games: the unique
    event id must still make exactly one of them win and the rest get a conflict."""
    games = [started_game("whist", 4, {"target": 3}) for _ in range(2)]
    events = [read_state(g, lambda s: s.random_action(random.Random(1)).to_event()) for g in games]
    event_id = uuid.uuid4()

    def work(n: int, writer: Writer) -> None:
        game = games[n % 2]
        try:
            result = append_event(game.pk, events[n % 2], event_id=event_id, expected_version=1)
        except Conflict:
            writer.conflicts += 1
            return
        writer.accepted.append((event_id, result))

    writers = run_threads(WRITERS, work)
    stored = GameEvent.objects.get(event_id=event_id)
    results = [result for w in writers for _, result in w.accepted]
    assert sum(result.created for result in results) == 1
    assert all(result.event.pk == stored.pk for result in results)
    assert len(results) == WRITERS // 2  # the winner's game only
    assert sum(w.conflicts for w in writers) == WRITERS // 2
    loser = next(g for g in games if g.pk != stored.game_id)
    assert len(events_of(loser.pk)) == 1 and Game.objects.get(pk=loser.pk).version == 1


def test_eight_writers_on_eight_games_all_succeed(committed_postgres):
    options: list[tuple[str, int, dict[str, Any] | None]] = [
        ("whist", 4, {"target": 2}),
        ("italian_whist", 3, {"score_limit": 2}),
        ("german_whist", 2, None),
        ("three_handed_whist", 3, {"deals": 3}),
    ]
    games = [started_game(*options[n % len(options)]) for n in range(GAMES)]
    deadline = time.monotonic() + TIME_LIMIT

    def work(n: int, writer: Writer) -> None:
        game_id, rng = games[n].pk, random.Random(100 + n)
        while time.monotonic() < deadline:
            game = Game.objects.get(pk=game_id)
            if game.is_over:
                return
            event = read_state(game, lambda state: state.random_action(rng).to_event())
            event_id = uuid.uuid4()
            try:
                result = append_event(
                    game_id, event, event_id=event_id, expected_version=game.version
                )
            except (Conflict, EngineError) as error:
                raise AssertionError(f"writer {n} alone on its game was refused: {error}") from None
            writer.accepted.append((event_id, result))

    started = time.monotonic()
    writers = run_threads(GAMES, work)
    elapsed = time.monotonic() - started
    for game, writer in zip(games, writers, strict=True):
        game.refresh_from_db()
        assert game.is_over, f"{game.game_type} did not finish in time"
        assert writer.conflicts == 0
        assert_log_is_whole(game.pk, [writer])
    total = sum(len(w.accepted) for w in writers)
    print(f"\n8 writers, 8 games: {total} appends in {elapsed:.1f}s ({total / elapsed:.0f}/s)")
