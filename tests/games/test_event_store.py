"""The event store: versioned, idempotent appends; rejected events write nothing;
the server deals; snapshots + tail equal a full replay; export/import; fair deals.

These run on the configured database inside pytest-django's per-test transaction
(SQLite by default, PostgreSQL in CI). The races are in tests/games/test_concurrency.py.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import uuid

import pytest

from engine import ENGINE_VERSION, EngineError, new_game
from tavolo.caches import forget_all
from tests.support.factories import make_players, started_game
from tests.support.games import ONLINE_GAMES, all_views, play, play_one, random_legal_event
from tournaments import fairness
from tournaments.models import Game, GameEvent, GameSnapshot
from tournaments.services import state_cache
from tournaments.services.errors import Conflict, RecordRejected, ServiceError
from tournaments.services.game_store import append_event, read_state
from tournaments.services.games import (
    create_game,
    event_log,
    export_record,
    fairness_info,
    import_record,
    legal_actions,
    seat_view,
    start_game,
)
from tournaments.services.seats import seat_by_authority

pytestmark = pytest.mark.django_db


def stored(game: Game) -> list[GameEvent]:
    return list(GameEvent.objects.filter(game=game).order_by("sequence"))


def current(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def views_now(game: Game) -> list[dict]:
    """Every viewer's view as the service serves it (cache / snapshot + tail)."""
    return read_state(current(game), all_views)


def views_replayed(game: Game) -> list[dict]:
    return all_views(state_cache.full_replay(current(game)))


def a_seat_to_act(game: Game) -> int:
    return read_state(current(game), lambda state: state.seats_to_act()[0])


# ---------------------------------------------------------------- expected version


def test_expected_version_mismatch_is_a_conflict_with_the_current_version():
    game = started_game("whist", 4)
    assert game.version == 1  # the first deal
    event = random_legal_event(game, random.Random(1))
    for wrong in (0, 2, 99):
        with pytest.raises(Conflict, match=r"at version 1, not") as raised:
            append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=wrong)
        assert raised.value.details == {"version": 1}
        assert raised.value.status == 409
    assert len(stored(game)) == 1
    assert current(game).version == 1

    appended = append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=1)
    assert appended.created and appended.version == 2 and appended.event.sequence == 1
    assert [e.sequence for e in stored(game)] == [0, 1]


def test_a_stale_writer_loses_after_someone_else_acted():
    game = started_game("whist", 4)
    rng = random.Random(2)
    first = random_legal_event(game, rng)  # both "clients" read version 1
    append_event(game.pk, first, event_id=uuid.uuid4(), expected_version=1)
    second = random_legal_event(current(game), rng)
    with pytest.raises(Conflict) as raised:
        append_event(game.pk, second, event_id=uuid.uuid4(), expected_version=1)
    assert raised.value.details["version"] == 2
    assert len(stored(game)) == 2


# ---------------------------------------------------------------- idempotent retries


def test_a_retry_with_the_same_id_and_content_returns_the_original():
    game = started_game("whist", 4)
    event = random_legal_event(game, random.Random(3))
    event_id = uuid.uuid4()
    first = append_event(game.pk, event, event_id=event_id, expected_version=1)
    play(game.pk, random.Random(4), max_events=5)  # others act meanwhile
    version = current(game).version

    for expected in (1, version, None):  # the retry carries its original expected version
        again = append_event(game.pk, dict(event), event_id=event_id, expected_version=expected)
        assert not again.created
        assert again.event.pk == first.event.pk
        assert again.event.sequence == 1
        assert again.event.payload == first.event.payload
        assert again.version == version
    assert GameEvent.objects.filter(event_id=event_id).count() == 1
    assert current(game).version == version == len(stored(game))


def test_a_retry_without_expected_version_of_an_event_legal_again_is_not_written_twice():
    game = started_game("whist", 4, {"target": 5}, mode=Game.Mode.PHYSICAL)
    tally, event_id = {"type": "tally", "tricks": [7, 6]}, uuid.uuid4()
    first = append_event(game.pk, tally, event_id=event_id, expected_version=None)
    again = append_event(game.pk, dict(tally), event_id=event_id, expected_version=None)
    assert first.created and not again.created and again.event.pk == first.event.pk
    with pytest.raises(Conflict, match="already used for a different event"):
        append_event(
            game.pk, {"type": "tally", "tricks": [6, 7]}, event_id=event_id, expected_version=None
        )
    assert len(stored(game)) == 1 and current(game).version == 1
    assert seat_view(current(game), None)["scores"] == [1, 0]


def test_a_retry_after_the_game_ended_returns_the_original():
    game = started_game("german_whist", 2)
    play(game.pk, random.Random(22))
    last = stored(game)[-1]
    again = append_event(game.pk, last.payload, event_id=last.event_id, expected_version=None)
    assert not again.created and again.event.pk == last.pk and again.over


def test_the_same_id_with_different_content_is_a_conflict():
    game = started_game("whist", 4)
    rng = random.Random(5)
    seat = a_seat_to_act(game)
    choices = legal_actions(game, seat)
    event_id = uuid.uuid4()
    append_event(game.pk, choices[0], event_id=event_id, expected_version=1)
    before = stored(game)

    other_card = choices[1]
    for different in (other_card, {"type": "play", "seat": (seat + 1) % 4, "card": "2C"}, {}):
        with pytest.raises(Conflict, match="already used for a different event") as raised:
            append_event(game.pk, different, event_id=event_id, expected_version=2)
        assert raised.value.details == {"version": 2}
    assert stored(game) == before
    # The game goes on normally.
    assert play_one(game.pk, rng).version == 3


def test_the_same_id_reused_in_another_game_is_a_conflict():
    game, other = started_game("whist", 4), started_game("whist", 4)
    event_id = uuid.uuid4()
    event = random_legal_event(game, random.Random(6))
    append_event(game.pk, event, event_id=event_id, expected_version=1)
    with pytest.raises(Conflict, match="another game"):
        append_event(
            other.pk,
            random_legal_event(other, random.Random(6)),
            event_id=event_id,
            expected_version=1,
        )
    assert len(stored(other)) == 1 and current(other).version == 1


# ---------------------------------------------------------------- rejected events


def test_a_rejected_event_writes_nothing_and_the_cached_state_stays_usable(
    django_capture_on_commit_callbacks,
):
    game = started_game("italian_whist", 3)
    rng = random.Random(7)
    with django_capture_on_commit_callbacks(execute=True):
        play(game.pk, rng, max_events=4)
    game = current(game)
    version, rows, views = game.version, stored(game), views_now(game)
    seat = a_seat_to_act(game)
    hand = read_state(game, lambda state: {c.code for c in state.hand(seat)})
    not_held = next(c.code for c in new_game("italian_whist", 3).new_deck() if c.code not in hand)
    idle = next(s for s in range(3) if s not in read_state(game, lambda st: st.seats_to_act()))

    bad_events = [
        ({"type": "play", "seat": seat, "card": not_held}, EngineError),  # not held
        ({"type": "play", "seat": idle, "card": "AS"}, EngineError),  # not your turn
        ({"type": "nonsense"}, EngineError),  # unknown type
        ({"type": "play"}, EngineError),  # missing fields
        ({"type": "play", "seat": "zero", "card": 7}, EngineError),
        (["not", "an", "object"], EngineError),
        ("play AS", EngineError),
        ({"type": "deal", "deck": []}, ServiceError),  # chance events are the server's
        ({"type": "tally", "tricks": [[1, 2], [3, 4], [5, 6]]}, ServiceError),  # online
    ]
    for bad, error in bad_events:
        with pytest.raises(error):
            append_event(game.pk, bad, event_id=uuid.uuid4(), expected_version=version)
        assert stored(game) == rows, bad
        assert current(game).version == version
        assert views_now(game) == views  # the cache was checked in unchanged

    with django_capture_on_commit_callbacks(execute=True):
        accepted = play_one(game.pk, rng)
    assert accepted.created and accepted.event.sequence == version
    assert views_now(game) == views_replayed(game)


def test_a_finished_game_takes_no_events():
    game = started_game("german_whist", 2)
    play(game.pk, random.Random(8))
    game = current(game)
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    with pytest.raises(Conflict, match="finished"):
        append_event(
            game.pk, {"type": "play", "seat": 0, "card": "AS"}, event_id=uuid.uuid4(),
            expected_version=game.version,
        )  # fmt: skip
    assert len(stored(game)) == game.version


def test_a_game_in_set_up_takes_no_events_and_is_not_dealt():
    game = create_game(game_type="whist", players=4)
    with pytest.raises(Conflict, match="being set up"):
        append_event(game.pk, {"type": "tally", "tricks": [7, 6]}, event_id=uuid.uuid4(),
                     expected_version=0)  # fmt: skip
    assert stored(game) == []
    with pytest.raises(Conflict, match=r"seat\(s\) 0, 1, 2, 3 have no player"):
        start_game(game.pk)
    assert stored(game) == []


# ---------------------------------------------------------------- the server deals


@pytest.mark.parametrize(("game_type", "players", "options"), ONLINE_GAMES)
def test_an_online_game_is_dealt_at_start_and_after_each_finished_deal(game_type, players, options):
    game = started_game(game_type, players, options)
    rows = stored(game)
    assert game.version == 1 and game.status == Game.Status.ACTIVE
    assert (rows[0].kind, rows[0].seat, rows[0].payload["type"]) == ("chance", None, "deal")

    results = play(game.pk, random.Random(9))
    game = current(game)
    rows = stored(game)
    assert game.is_over and [r.sequence for r in rows] == list(range(game.version))

    replay = new_game(game_type, players, options)
    deals = 0
    for index, row in enumerate(rows):
        owed = replay.awaiting == "deal"
        assert (row.payload["type"] == "deal") == owed, index
        if owed:
            assert (row.kind, row.seat) == (GameEvent.Kind.CHANCE, None)
            assert row.payload == fairness.deal_event(bytes(game.seed), deals, replay.new_deck())
            deals += 1
        else:
            assert row.kind == GameEvent.Kind.PLAYER and row.seat == row.payload["seat"]
        replay.apply(row.payload)
    assert replay.over and deals == replay.deal_number >= 1

    # The next deal is written by the same append that finished the previous one.
    by_sequence = {row.sequence: row for row in rows}
    dealt_with = [r for r in results if r.version == r.event.sequence + 2]
    assert len(dealt_with) == deals - 1
    for result in dealt_with:
        assert by_sequence[result.event.sequence + 1].kind == GameEvent.Kind.CHANCE
    assert len({row.event_id for row in rows}) == len(rows)


def test_a_physical_game_takes_tallies_only():
    game = started_game("whist", 4, {"target": 3}, mode=Game.Mode.PHYSICAL)
    assert game.version == 0 and stored(game) == []  # nobody deals real cards

    for bad, message in (
        ({"type": "play", "seat": 1, "card": "AS"}, "played with real cards"),
        ({"type": "deal", "deck": []}, "made by the server"),
    ):
        with pytest.raises(ServiceError, match=message):
            append_event(game.pk, bad, event_id=uuid.uuid4(), expected_version=0)
    with pytest.raises(EngineError, match="add up to 13"):
        append_event(game.pk, {"type": "tally", "tricks": [7, 7]}, event_id=uuid.uuid4(),
                     expected_version=0)  # fmt: skip
    assert stored(game) == []

    first = append_event(
        game.pk, {"type": "tally", "tricks": [8, 5]}, event_id=uuid.uuid4(), expected_version=0
    )
    assert (first.version, first.event.kind, first.event.seat) == (1, "tally", None)
    assert not first.over
    last = append_event(
        game.pk, {"type": "tally", "tricks": [3, 10]}, event_id=uuid.uuid4(), expected_version=1
    )
    assert last.over and last.version == 2
    assert current(game).status == Game.Status.FINISHED
    assert [r.kind for r in stored(game)] == ["tally", "tally"]
    assert seat_view(current(game), None)["scores"] == [2, 4]


# ---------------------------------------------------------------- snapshots


def test_snapshot_plus_tail_equals_full_replay(django_capture_on_commit_callbacks, monkeypatch):
    game = started_game("italian_whist", 3, {"score_limit": 40})
    rng = random.Random(10)
    checkpoints = 0
    while current(game).version < 5 * state_cache.SNAPSHOT_EVERY + 17 and not current(game).is_over:
        with django_capture_on_commit_callbacks(execute=True):  # as in production
            play(game.pk, rng, max_events=29)
        game = current(game)
        checkpoints += 1
        cached = read_state(game, lambda state: state.__getstate__())
        forget_all()
        from_snapshot = state_cache.load_state(game)
        replayed = state_cache.full_replay(game)
        assert all_views(from_snapshot) == all_views(replayed)
        assert from_snapshot.__getstate__() == replayed.__getstate__() == cached
    assert checkpoints >= 10
    game = current(game)
    assert game.version > 5 * state_cache.SNAPSHOT_EVERY, "the game ended too soon for the test"

    # One snapshot for every multiple of SNAPSHOT_EVERY the game went past.
    snapshots = list(GameSnapshot.objects.filter(game=game).order_by("version"))
    assert [s.version // state_cache.SNAPSHOT_EVERY for s in snapshots] == [1, 2, 3, 4, 5]
    assert {s.engine_version for s in snapshots} == {state_cache.ENGINE_VERSION}

    # The final state comes from the newest snapshot plus the tail, not a full replay.
    started_from = []
    catch_up = state_cache._catch_up
    monkeypatch.setattr(
        state_cache, "_catch_up", lambda g, s, v: started_from.append(v) or catch_up(g, s, v)
    )
    monkeypatch.setattr(state_cache, "full_replay", pytest.fail)
    forget_all()
    state = state_cache.load_state(game)
    assert started_from == [snapshots[-1].version] and snapshots[-1].version < game.version
    monkeypatch.undo()
    assert all_views(state) == views_replayed(game)
    for seat in range(3):
        assert seat_view(game, seat)["legal"] == all_views(state)[seat + 1]["legal"]


def test_every_snapshot_equals_the_replay_of_its_prefix():
    game = started_game("whist", 4, {"target": 20})
    play(game.pk, random.Random(11), max_events=3 * state_cache.SNAPSHOT_EVERY)
    game = current(game)
    snapshots = GameSnapshot.objects.filter(game=game)
    assert snapshots.count() >= 2
    payloads = [row.payload for row in stored(game)]
    for snapshot in snapshots:
        prefix = new_game("whist", 4, {"target": 20})
        for payload in payloads[: snapshot.version]:
            prefix.apply(payload)
        assert all_views(state_cache._unseal(bytes(snapshot.state))) == all_views(prefix)


def long_game(snapshots: int = 1) -> Game:
    game = started_game("whist", 4, {"target": 20})  # 318+ events
    rng = random.Random(12)
    while GameSnapshot.objects.filter(game=game).count() < snapshots:
        play(game.pk, rng, max_events=8)
    play(game.pk, rng, max_events=5)  # a tail after the snapshot
    return current(game)


class Spy:
    def __init__(self, function):
        self.function, self.calls = function, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.function(*args, **kwargs)


def test_an_engine_version_change_falls_back_to_full_replay(monkeypatch):
    game = long_game()
    expected = views_replayed(game)
    # An in-process state and a snapshot, both made by the current engine version.
    state_cache.checkin(game.pk, game.version, state_cache.load_state(game))
    assert GameSnapshot.objects.filter(game=game, engine_version=ENGINE_VERSION).exists()

    monkeypatch.setattr(state_cache, "ENGINE_VERSION", "next-rules")
    loads = Spy(pickle.loads)
    monkeypatch.setattr(state_cache.pickle, "loads", loads)
    replays = Spy(state_cache.full_replay)
    monkeypatch.setattr(state_cache, "full_replay", replays)

    state = state_cache.checkout(game)  # ignores the cached state of the old version
    assert (replays.calls, loads.calls) == (1, 0)
    assert all_views(state) == expected
    forget_all()
    assert all_views(state_cache.load_state(game)) == expected  # ignores the old snapshot
    assert (replays.calls, loads.calls) == (2, 0)

    # Playing on under the new version writes snapshots tagged with it, and uses them.
    rng = random.Random(13)
    while not GameSnapshot.objects.filter(game=game, engine_version="next-rules").exists():
        play_one(game.pk, rng)
    game = current(game)
    forget_all()
    replays.calls = 0
    assert all_views(state_cache.load_state(game)) == views_replayed(game)
    assert replays.calls == 1 and loads.calls == 1  # views_replayed's own replay


@pytest.mark.parametrize(
    "blob",
    [
        b"not a pickle at all",
        b"",
        pickle.dumps({"phase": "play"}),  # a pickle, but not of a game
        pickle.dumps(new_game("whist", 4))[:-20],  # truncated
        pickle.dumps(new_game("whist", 4)),  # a whole game, but not sealed by this server
        b"\0" * 32 + pickle.dumps(new_game("whist", 4)),  # a forged seal
    ],
)
def test_a_corrupt_snapshot_falls_back_to_full_replay(monkeypatch, blob):
    game = long_game()
    expected = views_replayed(game)
    GameSnapshot.objects.filter(game=game).update(state=blob)  # a cache: not append-only
    replays = Spy(state_cache.full_replay)
    monkeypatch.setattr(state_cache, "full_replay", replays)
    forget_all()
    assert all_views(state_cache.load_state(game)) == expected
    assert replays.calls == 1
    # And the game can still be played.
    assert play_one(game.pk, random.Random(14)).created


# ---------------------------------------------------------------- export and import


@pytest.mark.parametrize(("game_type", "players", "options"), ONLINE_GAMES)
@pytest.mark.parametrize("finish", [False, True])
def test_export_then_import_gives_the_same_game(game_type, players, options, finish):
    game = started_game(game_type, players, options)
    play(game.pk, random.Random(15), max_events=None if finish else 40)
    game = current(game)
    record = json.loads(json.dumps(export_record(game)))  # as it travels
    assert record["format"] == "tavolo-record/1" and record["game"] == game_type
    assert len(record["events"]) == game.version

    copy_ = import_record(record)
    assert copy_.pk != game.pk and copy_.imported
    assert (copy_.status, copy_.mode, copy_.version) == (game.status, game.mode, game.version)
    assert views_now(copy_) == views_now(game) == views_replayed(copy_)
    assert export_record(copy_)["events"] == record["events"]
    if not finish:  # the copy plays on
        assert play_one(copy_.pk, random.Random(16)).created


def test_a_physical_record_imports_as_a_physical_game():
    game = started_game("whist", 4, {"target": 5}, mode=Game.Mode.PHYSICAL)
    append_event(
        game.pk, {"type": "tally", "tricks": [9, 4]}, event_id=uuid.uuid4(), expected_version=0
    )
    copy_ = import_record(export_record(current(game)))
    assert copy_.mode == Game.Mode.PHYSICAL and copy_.status == Game.Status.ACTIVE
    assert views_now(copy_) == views_now(game)


def test_an_imported_record_that_stops_between_deals_is_dealt_on():
    """A record with deals that ends between two deals (e.g. recorded elsewhere): the
    imported online game gets its next deal from the server, as any online game."""
    engine_game = new_game("whist", 4, {"target": 3})
    rng = random.Random(17)
    events = []
    while not events or engine_game.awaiting != "deal":
        event = (
            engine_game.random_deal_event(rng)
            if engine_game.awaiting
            else engine_game.random_action(rng).to_event()
        )
        engine_game.apply(event)
        events.append(event)
    assert not engine_game.over
    game = import_record({"game": "whist", "players": 4, "options": {"target": 3},
                          "events": events})  # fmt: skip
    assert game.mode == Game.Mode.ONLINE and game.status == Game.Status.ACTIVE
    assert views_now(game) == views_replayed(game)
    assert read_state(game, lambda state: state.seats_to_act()), "nobody can act: the game is stuck"
    assert play_one(game.pk, rng).created


def finished_record() -> dict:
    game = started_game("whist", 4, {"target": 1})
    play(game.pk, random.Random(18))
    return export_record(current(game))


def bad_event_records() -> list[tuple[str, int]]:
    return [("illegal", 5), ("malformed", 9), ("not an object", 0), ("unknown type", 3)]


@pytest.mark.parametrize(("how", "index"), bad_event_records())
def test_a_bad_record_is_rejected_whole_with_the_event_index(how, index):
    record = finished_record()
    games, events = Game.objects.count(), GameEvent.objects.count()
    bad = copy.deepcopy(record)
    event = bad["events"][index]
    if how == "illegal":  # a seat plays out of turn
        bad["events"][index] = {**event, "seat": (event["seat"] + 1) % 4}
    elif how == "malformed":
        bad["events"][index] = {"type": "play", "seat": event["seat"]}
    elif how == "not an object":
        bad["events"][index] = ["deal"]
    else:
        bad["events"][index] = {"type": "bid", "seat": 0}
    with pytest.raises(
        RecordRejected, match=rf"^Event {index + 1} of the record is refused: "
    ) as raised:
        import_record(bad)
    assert raised.value.details["index"] == index
    assert raised.value.details["reason"]
    assert (Game.objects.count(), GameEvent.objects.count()) == (games, events)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("events"), "no “events”"),
        (lambda r: r.pop("game"), "no “game”"),
        (lambda r: r.update(events={"0": {}}), "must be a list"),
        (lambda r: r.update(game="poker"), "no game called 'poker'"),
        (lambda r: r.update(players=7), "not 7"),
        (lambda r: r.update(options={"target": "lots"}), "target"),
        (lambda r: r.update(format="tavolo-record/9"), 'format is "tavolo-record/9"'),
        (lambda r: r["events"].append({"type": "play", "seat": 0, "card": "AS"}), "over"),
    ],
)
def test_a_bad_record_header_is_rejected_and_nothing_is_written(change, message):
    record = finished_record()
    games = Game.objects.count()
    change(record)
    with pytest.raises(RecordRejected, match=message):
        import_record(record)
    assert Game.objects.count() == games
    with pytest.raises(RecordRejected, match="JSON object"):
        import_record([record])


# ---------------------------------------------------------------- fairness


@pytest.mark.parametrize(("game_type", "players", "options"), ONLINE_GAMES)
def test_the_export_of_a_finished_online_game_verifies(game_type, players, options):
    game = started_game(game_type, players, options)
    commitment = game.seed_commitment
    play(game.pk, random.Random(19))
    game = current(game)
    record = json.loads(json.dumps(export_record(game)))
    assert record["seed_commitment"] == commitment == fairness_info(game)["commitment"]
    assert record["seed"] == fairness_info(game)["seed"] == bytes(game.seed).hex()
    deals = sum(1 for e in record["events"] if e["type"] == "deal")
    assert fairness.verify_record(record, record["seed"], record["seed_commitment"]) == deals
    # Another game's seed does not open this commitment.
    with pytest.raises(fairness.VerificationFailed):
        fairness.verify_record(record, fairness.new_seed().hex(), commitment)


def test_no_seed_and_no_deal_is_exposed_before_the_end():
    game = started_game("italian_whist", 3, {"score_limit": 2})
    seed_hex = bytes(game.seed).hex()
    rng = random.Random(20)
    while not current(game).is_over:
        game = current(game)
        info = fairness_info(game)
        assert info["seed"] is None and info["commitment"] == game.seed_commitment
        record = export_record(game)
        assert "seed" not in record
        for viewer in [None, 0, 1, 2]:
            log = event_log(game, viewer)
            shown = json.dumps([seat_view(game, viewer), log, info])
            assert seed_hex not in shown
            for entry in log:
                if entry["kind"] == GameEvent.Kind.CHANCE:
                    assert entry["event"] == {"type": "deal", "hidden": True}
                if entry["event"]["type"] == "split":  # a seat's first hand is its secret
                    assert entry["event"].get("hidden") or entry["event"]["seat"] == viewer
        play(game.pk, rng, max_events=23)
    game = current(game)
    assert fairness_info(game)["seed"] == seed_hex
    assert all("hidden" not in entry["event"] for entry in event_log(game, 0))


def test_the_commitment_is_published_at_creation_and_stays():
    game = create_game(game_type="whist", players=4)
    commitment = game.seed_commitment
    assert commitment == fairness.commitment(bytes(game.seed)) and len(commitment) == 64
    for number, player in enumerate(make_players(4)):
        seat_by_authority(game, number, player)
    start_game(game.pk)
    play(game.pk, random.Random(21), max_events=10)
    assert current(game).seed_commitment == commitment


def test_a_test_record_imports_without_its_expectations_and_must_fail_events():
    record = {
        "format": "tavolo-record/1",
        "game": "italian_whist",
        "players": 3,
        "events": [
            {"type": "tally", "tricks": [[6, 1], [2, 4], [1, 4]]},
            {"expect": {"scores": [5, -2, -3]}},
            {"type": "tally", "tricks": [[3, 3], [3, 3], [4, 3]], "illegal": True},
            {"type": "tally", "tricks": [[5, 0], [2, 6], [2, 3]]},
        ],
        "expect_final": {"over": True},
    }
    game = import_record(record)
    assert game.version == 2 and game.is_over
    assert [row.payload["tricks"][0] for row in stored(game)] == [[6, 1], [5, 0]]
