"""The game store's one append path (tournaments/services/game_store.py): the same
statements on SQLite and PostgreSQL, the version checked by one conditional UPDATE.

These run on the configured database (SQLite by default, PostgreSQL in CI). The races
between writers are in tests/games/test_concurrency.py; versions, retries, deals and
snapshots in tests/games/test_event_store.py.
"""

import random
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext

from tavolo.caches import forget_all
from tests.support.factories import started_game
from tests.support.games import all_views, play_one, random_legal_event
from tournaments.models import Game, GameEvent, GameSnapshot
from tournaments.services import game_store, games, state_cache
from tournaments.services.errors import Conflict

pytestmark = pytest.mark.django_db


def _statements(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]


def _fields(game: Game) -> dict:
    return {field.attname: getattr(game, field.attname) for field in Game._meta.concrete_fields}


def test_a_common_move_is_one_read_one_conditional_update_and_one_insert():
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(3))  # caches the state at version 1
    with CaptureQueriesContext(connection) as queries:
        appended = game_store.append_event(
            game.pk, event, event_id=uuid.uuid4(), expected_version=1
        )
    assert appended.created and appended.version == 2 and appended.event.sequence == 1
    statements = _statements(queries)
    assert [sql.split()[0] for sql in statements] == ["SELECT", "UPDATE", "INSERT"], statements
    update = statements[1]
    assert "version" in update and "status" in update and "FOR UPDATE" not in " ".join(statements)
    row = GameEvent.objects.get(pk=appended.event.pk)
    assert (row.sequence, row.payload, row.seat, row.kind) == (
        1,
        event,
        event["seat"],
        GameEvent.Kind.PLAYER,
    )
    assert Game.objects.get(pk=game.pk).version == 2


def _stale_first_read(monkeypatch: pytest.MonkeyPatch, change: dict) -> None:
    """The store's next read of a game gives the row as it was, and ``change`` reaches
    the database just after (as another writer's, between this writer's read and its
    UPDATE); later reads are the database's."""
    real = game_store.get
    reads = []

    def read(game_id, **kwargs):
        game = real(game_id, **kwargs)
        if not reads:
            Game.objects.filter(pk=game_id).update(**change)
        reads.append(game)
        return game

    monkeypatch.setattr(game_store, "get", read)


def test_a_writer_whose_row_moved_before_its_update_writes_nothing_and_gets_a_conflict(
    monkeypatch,
):
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(4))
    _stale_first_read(monkeypatch, {"version": 7})
    with pytest.raises(Conflict, match="at version 7, not 1") as refused:
        game_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    assert refused.value.details["version"] == 7
    assert GameEvent.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).version == 7


def test_a_writer_without_expected_version_whose_row_moved_is_decided_again(monkeypatch):
    game = started_game("whist", 4, mode=Game.Mode.PHYSICAL)
    tally = {"type": "tally", "tricks": [7, 6]}
    _stale_first_read(monkeypatch, {"time_control": {"seconds": 60}})  # the version stays
    appended = game_store.append_event(game.pk, tally, event_id=uuid.uuid4(), expected_version=None)
    assert appended.created and appended.version == 1


def test_a_row_finished_before_the_update_writes_nothing():
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(5))
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    with pytest.raises(Conflict, match="finished"):
        game_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    assert GameEvent.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).version == 1


def test_the_finishing_update_is_refused_on_a_row_that_moved(monkeypatch):
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(6))
    _stale_first_read(monkeypatch, {"status": Game.Status.FINISHED})
    with pytest.raises(Conflict, match="finished"):
        game_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    assert GameEvent.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_reused_event_id_is_refused_and_writes_nothing():
    game = started_game("whist", 4)
    taken = GameEvent.objects.get(game=game).event_id  # the first deal's
    event = random_legal_event(game, random.Random(7))
    with pytest.raises(Conflict, match="already used for a different event"):
        game_store.append_event(game.pk, event, event_id=taken, expected_version=None)
    assert Game.objects.get(pk=game.pk).version == 1
    assert GameEvent.objects.filter(game=game).count() == 1


def test_a_stale_version_is_a_conflict():
    game = started_game("whist", 4)
    rng = random.Random(4)
    first = random_legal_event(game, rng)
    game_store.append_event(game.pk, first, event_id=uuid.uuid4(), expected_version=1)
    second = random_legal_event(Game.objects.get(pk=game.pk), rng)
    with pytest.raises(Conflict, match="at version 2, not 1"):
        game_store.append_event(game.pk, second, event_id=uuid.uuid4(), expected_version=1)


def test_get_reads_the_game_as_the_orm_does():
    game = started_game("whist", 4)
    assert _fields(game_store.get(game.pk)) == _fields(Game.objects.get(pk=game.pk))
    assert _fields(game_store.get(str(game.pk))) == _fields(Game.objects.get(pk=game.pk))
    for missing in (uuid.uuid4(), "not-a-uuid", None):
        with pytest.raises(Game.DoesNotExist):
            game_store.get(missing)


def test_get_for_update_reads_the_same_row_in_a_transaction():
    game = started_game("whist", 4)
    with transaction.atomic():
        locked = game_store.get(game.pk, for_update=True)
    assert _fields(locked) == _fields(Game.objects.get(pk=game.pk))


def test_a_deal_ending_move_is_dealt_in_the_same_transaction_without_loading_the_state_again(
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
        moves += 1  # a play, alone
    assert moves == 50  # then the deal's last play, and the server's deal with it
    kinds = list(GameEvent.objects.filter(game=game).order_by("sequence").values_list("kind"))
    assert kinds[-2:] == [(GameEvent.Kind.PLAYER,), (GameEvent.Kind.CHANCE,)]
    assert Game.objects.get(pk=game.pk).version == appended.version == len(kinds)


def test_a_move_reaching_a_snapshot_writes_it_in_its_transaction():
    game = started_game("whist", 4, {"target": 20})
    rng = random.Random(14)
    while Game.objects.get(pk=game.pk).version < state_cache.SNAPSHOT_EVERY - 1:
        play_one(game.pk, rng)
    game = Game.objects.get(pk=game.pk)
    event = random_legal_event(game, rng)
    with CaptureQueriesContext(connection) as queries:
        appended = game_store.append_event(
            game.pk, event, event_id=uuid.uuid4(), expected_version=game.version
        )
    assert appended.version == state_cache.SNAPSHOT_EVERY == game_store.SNAPSHOT_EVERY
    written = [sql.split()[0:3] for sql in _statements(queries) if not sql.startswith("SELECT")]
    assert [words[0] for words in written] == ["UPDATE", "INSERT", "INSERT"]
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

    def refused(rows, **kwargs):  # a real error from the database, inside the savepoint
        with connection.cursor() as cursor:
            cursor.execute("INSERT INTO nowhere VALUES (1)")

    monkeypatch.setattr(GameSnapshot.objects, "bulk_create", refused)
    appended = play_one(game.pk, rng)
    assert appended.created and appended.version == state_cache.SNAPSHOT_EVERY
    assert "no snapshot of game" in caplog.text
    assert not GameSnapshot.objects.filter(game=game).exists()  # the transaction still works
    assert Game.objects.get(pk=game.pk).version == state_cache.SNAPSHOT_EVERY
    with pytest.raises(DatabaseError):
        refused([])  # what the store met


def test_a_move_rolled_back_by_the_callers_transaction_leaves_no_cached_state():
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(5))
    forget_all()
    with pytest.raises(RuntimeError), transaction.atomic():
        game_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
        raise RuntimeError("the caller gives up")
    assert Game.objects.get(pk=game.pk).version == 1
    cached = state_cache._states.get(game.pk)
    assert cached is None or cached[0] <= 1


@pytest.mark.parametrize(
    "change",
    [
        {"time_control": {"seconds": 60}},  # a column the version does not follow
        {"status": Game.Status.FINISHED},
    ],
    ids=["another-column", "finished"],
)
def test_a_row_changed_by_someone_else_is_read_as_it_is_now(change):
    game = started_game("whist", 4)
    game_store.get(game.pk)
    Game.objects.filter(pk=game.pk).update(**change)  # not through the store
    event = random_legal_event(game, random.Random(11))
    if "status" in change:
        with pytest.raises(Conflict):
            game_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    else:
        game_store.append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    written = GameEvent.objects.filter(game=game).count()
    assert written == (1 if "status" in change else 2)
    assert Game.objects.get(pk=game.pk).version == written


@pytest.mark.parametrize("seat", [None, 2])
def test_the_append_stores_null_and_typed_values(seat):
    user = get_user_model().objects.create_user("store-writer")
    physical = seat is None
    game = started_game("whist", 4, mode=Game.Mode.PHYSICAL if physical else Game.Mode.ONLINE)
    if physical:
        event = {"type": "tally", "tricks": [7, 6]}
    else:
        state = game_store.read_state(game, lambda state: state)
        seat = state.seats_to_act()[0]
        event = state.legal_actions(seat)[0].to_event()
    appended = game_store.append_event(
        game.pk,
        event,
        event_id=uuid.uuid4(),
        expected_version=game.version,
        user=user,
        actor=None if physical else GameEvent.Actor.BOT,
    )
    row = GameEvent.objects.get(pk=appended.event.pk)
    assert (row.seat, row.payload, row.submitted_by_id, row.actor, row.kind) == (
        seat,
        event,
        user.pk,
        None if physical else GameEvent.Actor.BOT,
        GameEvent.Kind.TALLY if physical else GameEvent.Kind.PLAYER,
    )


def test_starting_a_game_deals_through_the_store():
    game = started_game("whist", 4)
    assert Game.objects.get(pk=game.pk).version == 1
    with pytest.raises(Conflict):
        games.start_game(game.pk)  # once only
