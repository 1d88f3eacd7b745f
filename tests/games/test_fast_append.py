"""The common move in one statement (tournaments.services.fast_append, PostgreSQL)."""

import random
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from tavolo import prepared
from tests.support.factories import started_game
from tests.support.games import all_views, play_one, random_legal_event
from tournaments.models import Game, GameEvent, GameSnapshot
from tournaments.services import event_store, fast_append, state_cache
from tournaments.services.errors import Conflict


@pytest.fixture(autouse=True)
def _fresh_cache(require_postgres):
    state_cache.forget()
    fast_append.forget_known()
    yield
    state_cache.forget()
    fast_append.forget_known()


def _event_row(game: Game) -> dict:
    return {"kind": "player", "seat": 0, "payload": {"type": "x"}, "submitted_by": None}


def test_a_common_move_is_written_by_the_single_statement(monkeypatch):
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(3))
    monkeypatch.setattr(event_store, "_append", pytest.fail)  # never the locked path
    appended = event_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    assert isinstance(appended.event, fast_append.StoredEvent)
    assert appended.created and appended.version == 2 and appended.event.sequence == 1
    row = GameEvent.objects.get(pk=appended.event.pk)
    assert (row.sequence, row.payload, row.seat, row.kind) == (
        1,
        event,
        event["seat"],
        GameEvent.Kind.PLAYER,
    )
    assert Game.objects.get(pk=game.pk).version == 2


def test_the_statement_writes_nothing_when_the_version_moved():
    game = started_game("whist", 4)
    stale = Game.objects.get(pk=game.pk)
    stale.version = 0  # the first deal made it 1
    assert (
        fast_append.insert_if_current(stale, event_id=uuid.uuid4(), actor=None, **_event_row(game))
        is None
    )
    assert GameEvent.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).version == 1


def test_the_statement_writes_nothing_in_a_game_not_in_play():
    game = started_game("whist", 4)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    current = Game.objects.get(pk=game.pk)
    assert (
        fast_append.insert_if_current(
            current, event_id=uuid.uuid4(), actor=None, **_event_row(game)
        )
        is None
    )
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_reused_event_id_is_refused_and_writes_nothing():
    game = started_game("whist", 4)
    taken = GameEvent.objects.get(game=game).event_id
    with pytest.raises(IntegrityError):
        fast_append.insert_if_current(game, event_id=taken, actor=None, **_event_row(game))
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_stale_cached_version_falls_back_and_is_a_conflict():
    game = started_game("whist", 4)
    rng = random.Random(4)
    first = random_legal_event(game, rng)
    event_store.append_event(game.pk, first, event_id=uuid.uuid4(), expected_version=1)
    second = random_legal_event(Game.objects.get(pk=game.pk), rng)
    with pytest.raises(Conflict, match="at version 2, not 1"):
        event_store.append_event(game.pk, second, event_id=uuid.uuid4(), expected_version=1)


def test_read_game_builds_the_same_game_as_the_orm():
    game = started_game("whist", 4)
    read = fast_append.read_game(game.pk)
    orm = Game.objects.get(pk=game.pk)
    for field in Game._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(orm, field.attname), field.name
    with pytest.raises(Game.DoesNotExist):
        fast_append.read_game(uuid.uuid4())
    with pytest.raises(Game.DoesNotExist):
        fast_append.read_game("not-a-uuid")


def _fields(game: Game) -> dict:
    return {field.attname: getattr(game, field.attname) for field in Game._meta.concrete_fields}


def test_reading_a_known_unchanged_row_sends_its_stamp_and_copies_it():
    game = started_game("whist", 4)
    first = fast_append.read_game(game.pk)  # now known
    with CaptureQueriesContext(connection) as queries:
        again = fast_append.read_game(game.pk)
    assert len(queries) == 1 and "IS DISTINCT FROM" in queries[0]["sql"]
    assert _fields(again) == _fields(first) == _fields(Game.objects.get(pk=game.pk))
    assert not hasattr(again, fast_append.STAMP)  # as a row read: written without a stamp
    again.version = 99  # a copy: the known row is untouched
    assert fast_append.read_game(game.pk).version == first.version


def test_reading_a_known_row_changed_elsewhere_gives_the_new_row_in_one_query():
    game = started_game("whist", 4)
    fast_append.read_game(game.pk)
    Game.objects.filter(pk=game.pk).update(time_control={"seconds": 90}, version=5)
    with CaptureQueriesContext(connection) as queries:
        read = fast_append.read_game(game.pk)
    assert len(queries) == 1
    assert _fields(read) == _fields(Game.objects.get(pk=game.pk))
    assert (read.time_control, read.version) == ({"seconds": 90}, 5)
    assert fast_append.known_game(game.pk, 5) is not None  # the new row is the known one
    ghost = Game.objects.get(pk=game.pk)
    ghost.pk = uuid.uuid4()  # known to this process, not in the database
    fast_append._remember(ghost, ghost.version, "0" * 32)
    with pytest.raises(Game.DoesNotExist):
        fast_append.read_game(ghost.pk)


def test_a_deal_ending_move_is_handed_to_the_locked_path_with_its_state(
    monkeypatch, django_capture_on_commit_callbacks
):
    game = started_game("whist", 4, {"target": 20})  # no single deal can end the game
    rng = random.Random(12)

    def played():  # committed, as outside the test's transaction: the state is checked in
        with django_capture_on_commit_callbacks(execute=True):
            return play_one(game.pk, rng)

    played()  # the state is loaded once, here
    monkeypatch.setattr(state_cache, "load_state", lambda game: pytest.fail("loaded again"))
    moves = 0
    while (appended := played()).version == appended.event.sequence + 1:
        moves += 1  # a play the single statement wrote
    assert moves == 50 and not isinstance(appended.event, fast_append.StoredEvent)
    kinds = list(GameEvent.objects.filter(game=game).order_by("sequence").values_list("kind"))
    assert kinds[-2:] == [(GameEvent.Kind.PLAYER,), (GameEvent.Kind.CHANCE,)]  # and the deal
    assert Game.objects.get(pk=game.pk).version == appended.version == len(kinds)


def test_a_move_reaching_a_snapshot_is_one_statement_and_the_snapshot_another(monkeypatch):
    game = started_game("whist", 4, {"target": 20})
    rng = random.Random(14)
    while Game.objects.get(pk=game.pk).version < state_cache.SNAPSHOT_EVERY - 1:
        play_one(game.pk, rng)
    game = Game.objects.get(pk=game.pk)
    event = random_legal_event(game, rng)
    monkeypatch.setattr(event_store, "_append", pytest.fail)  # never the locked path
    with CaptureQueriesContext(connection) as queries:
        appended = event_store.append_event(
            game.pk, event, event_id=uuid.uuid4(), expected_version=game.version
        )
    assert appended.version == state_cache.SNAPSHOT_EVERY
    assert [sql[:11] for sql in _statements(queries)][-2:] == ["WITH bumped", "INSERT INTO"]
    snapshot = GameSnapshot.objects.get(game=game)
    assert snapshot.version == state_cache.SNAPSHOT_EVERY
    replayed = state_cache.full_replay(Game.objects.get(pk=game.pk))
    assert all_views(state_cache._unseal(bytes(snapshot.state))) == all_views(replayed)
    state_cache.store_snapshot(Game.objects.get(pk=game.pk), replayed)  # there already: kept
    assert GameSnapshot.objects.filter(game=game).count() == 1


def test_a_snapshot_that_cannot_be_written_is_logged_and_the_move_stands(monkeypatch, caplog):
    game = started_game("whist", 4, {"target": 20})
    rng = random.Random(15)
    while Game.objects.get(pk=game.pk).version < state_cache.SNAPSHOT_EVERY - 1:
        play_one(game.pk, rng)
    monkeypatch.setattr(
        state_cache, "_snapshot_insert", lambda alias: "INSERT INTO nowhere VALUES (%s, %s, %s, %s)"
    )
    appended = play_one(game.pk, rng)
    assert appended.created and appended.version == state_cache.SNAPSHOT_EVERY
    assert "no snapshot of game" in caplog.text
    assert not GameSnapshot.objects.filter(game=game).exists()  # the transaction still works
    assert Game.objects.get(pk=game.pk).version == state_cache.SNAPSHOT_EVERY


def test_a_handed_state_of_another_version_is_not_used():
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(13))
    asked = event_store._Submission(
        game.pk, event, uuid.uuid4(), game.version, None, None, None, None
    )
    stale = event_store._Applied(version=game.version - 1, action=None, state=None)
    appended = event_store._append(asked, stale)  # read, validated and applied afresh
    assert appended.created and appended.version == game.version + 1


def test_a_move_rolled_back_by_the_callers_transaction_leaves_no_cached_state():
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(5))
    state_cache.forget()
    with pytest.raises(RuntimeError), transaction.atomic():
        event_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
        raise RuntimeError("the caller gives up")
    assert Game.objects.get(pk=game.pk).version == 1
    cached = state_cache._states.get(game.pk)
    assert cached is None or cached[0] <= 1


def test_a_common_move_with_a_cached_state_is_one_read_and_one_statement():
    game = started_game("whist", 4)
    rng = random.Random(6)
    first = random_legal_event(game, rng)  # caches the state at version 1
    with CaptureQueriesContext(connection) as queries:
        event_store.append_event(game.pk, first, event_id=uuid.uuid4(), expected_version=1)
    statements = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 2, statements  # the test's transaction adds a savepoint
    assert statements[0].startswith("SELECT") and statements[1].startswith("WITH bumped")


def _statements(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]


def test_a_move_on_the_row_this_process_knows_is_one_statement():
    game = started_game("whist", 4)
    rng = random.Random(10)
    fast_append.read_game(game.pk)  # as GET /legal reads it before the move
    event = random_legal_event(game, rng)
    with CaptureQueriesContext(connection) as queries:
        appended = event_store.append_event(
            game.pk, event, event_id=uuid.uuid4(), expected_version=1
        )
    assert appended.created and appended.version == 2
    assert [sql[:11] for sql in _statements(queries)] == ["WITH bumped"]
    # The append keeps the row it wrote: the next move needs no read either.
    following = random_legal_event(Game.objects.get(pk=game.pk), rng)
    with CaptureQueriesContext(connection) as queries:
        event_store.append_event(game.pk, following, event_id=uuid.uuid4(), expected_version=2)
    assert [sql[:11] for sql in _statements(queries)] == ["WITH bumped"]
    assert list(GameEvent.objects.filter(game=game).values_list("sequence", flat=True)) == [0, 1, 2]


@pytest.mark.parametrize(
    "change",
    [
        {"time_control": {"seconds": 60}},  # a column the version does not follow
        {"status": Game.Status.FINISHED},
    ],
    ids=["another-column", "finished"],
)
def test_a_row_changed_since_it_was_known_is_read_again(change):
    game = started_game("whist", 4)
    fast_append.read_game(game.pk)
    Game.objects.filter(pk=game.pk).update(**change)  # not through this module
    event = random_legal_event(game, random.Random(11))
    with CaptureQueriesContext(connection) as queries:
        if "status" in change:
            with pytest.raises(Conflict):
                event_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
        else:
            event_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    statements = _statements(queries)
    assert statements[0].startswith("WITH bumped") and statements[1].startswith("SELECT")
    written = GameEvent.objects.filter(game=game).count()
    assert written == (1 if "status" in change else 2)
    assert Game.objects.get(pk=game.pk).version == written


def test_a_known_row_of_another_version_is_not_used():
    game = started_game("whist", 4)
    fast_append.read_game(game.pk)
    assert fast_append.known_game(game.pk, 1) is not None
    assert (
        fast_append.known_game(game.pk, 0) is None and fast_append.known_game(game.pk, None) is None
    )
    known = fast_append.known_game(game.pk, 1)
    known.version = 7  # a copy: what a caller does to it stays with it
    assert fast_append.known_game(game.pk, 1).version == 1


def _prepared_statements() -> dict[str, tuple[str, int]]:
    """Name → (statement, executions) of what is prepared on the connection."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name, statement, generic_plans + custom_plans FROM pg_prepared_statements"
        )
        return {name: (statement, runs) for name, statement, runs in cursor.fetchall()}


def test_the_read_and_the_append_are_prepared_once_on_the_connection():
    game = started_game("whist", 4)
    rng = random.Random(8)
    fast_append.read_game(game.pk)
    play_one(game.pk, rng)  # the first of each is prepared here (or by an earlier test)
    fast_append.forget_known()  # so that the next moves read the row
    before = _prepared_statements()
    for _ in range(3):
        assert isinstance(play_one(game.pk, rng).event, fast_append.StoredEvent)
    after = _prepared_statements()
    assert after.keys() == before.keys()  # nothing prepared again
    ran = {after[name][0][:11] for name in after if after[name][1] > before[name][1]}
    assert ran == {'SELECT "id"', "WITH bumped"}, ran  # the read and the append, prepared
    assert GameEvent.objects.filter(game=game).count() == 5


@pytest.mark.parametrize("seat", [None, 2])
def test_the_prepared_append_stores_null_and_typed_parameters(seat):
    game = started_game("whist", 4)
    user = get_user_model().objects.create_user("prepared-writer")
    stored = fast_append.insert_if_current(
        Game.objects.get(pk=game.pk),
        kind="server",
        seat=seat,
        payload={"type": "x", "n": [1, 2]},
        event_id=uuid.uuid4(),
        submitted_by=user.pk if seat is not None else None,
        actor="bot" if seat is not None else None,
    )
    assert stored is not None
    row = GameEvent.objects.get(pk=stored.pk)
    assert (row.seat, row.payload, row.submitted_by_id, row.actor, row.kind) == (
        seat,
        {"type": "x", "n": [1, 2]},
        user.pk if seat is not None else None,
        "bot" if seat is not None else None,
        "server",
    )


def test_without_prepared_statements_the_move_path_reads_and_writes_the_same(settings, monkeypatch):
    settings.TAVOLO_DB_PREPARED = False
    monkeypatch.setattr(prepared, "_run", pytest.fail)
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(9))
    appended = event_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    assert appended.created and fast_append.read_game(game.pk).version == 2
    assert GameEvent.objects.get(pk=appended.event.pk).payload == event
