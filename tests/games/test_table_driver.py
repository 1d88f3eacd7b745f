"""The table driver: bots' moves and the clock's moves, planned after each change and
run as tasks (tournaments/services/table_driver.py, tournaments/tasks.py).

Time is moved on by changing what the clock service takes as "now"
(``clocks.now_ms``): the events' stored timestamps are real, as in play.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest

from engine import new_game
from tests.support.tables import table_game
from tournaments.models import Game, GameEvent
from tournaments.services import clocks, table_driver
from tournaments.services.game_store import append_event, read_state
from tournaments.services.moves import legal_of

PER_MOVE = {"kind": "move", "seconds": 5, "on_timeout": "auto"}


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[table_driver.Plan]:
    """The plans the driver sends (kept here instead of going to Celery or a timer)."""
    plans: list[table_driver.Plan] = []
    monkeypatch.setattr(table_driver, "dispatch", plans.append)
    return plans


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``later(seconds)``: from now on the clock service's "now" is that much later."""
    real = clocks.now_ms

    def move_on(seconds: float) -> None:
        monkeypatch.setattr(clocks, "now_ms", lambda: real() + int(seconds * 1000))

    return move_on


def to_act(game: Game) -> list[int]:
    return read_state(game, lambda state: list(state.seats_to_act()))


def test_an_untimed_game_without_bots_plans_nothing(db: None, sent: list) -> None:
    game = table_game()
    assert table_driver.drive(game.pk) == [] and sent == []


def test_a_timed_game_plans_the_clock_check_at_the_deadline(db: None, sent: list) -> None:
    game = table_game(time_control=PER_MOVE)
    [plan] = table_driver.drive(game.pk)
    assert sent == [plan]
    assert plan.task == "timeout" and plan.version == game.version
    start = GameEvent.objects.filter(game=game).latest("sequence").created_at
    assert plan.at_ms == clocks.epoch_ms(start) + 5000


def test_the_clock_moves_for_a_seat_out_of_time_only_after_the_deadline(
    db: None, sent: list, later: Any
) -> None:
    game = table_game(time_control=PER_MOVE)
    seat = to_act(game)[0]
    assert table_driver.run("timeout", game.pk, game.version) is False  # too early
    assert Game.objects.get(pk=game.pk).version == game.version
    assert [plan.task for plan in sent] == ["timeout"]  # planned again

    later(6)
    assert table_driver.run("timeout", game.pk, game.version) is True
    event = GameEvent.objects.get(game=game, sequence=game.version)
    assert event.actor == GameEvent.Actor.CLOCK and event.seat == seat
    assert event.submitted_by is None
    # Run again (a second worker, a retry): the plan is stale, nothing more is written.
    assert table_driver.run("timeout", game.pk, game.version) is False
    assert GameEvent.objects.filter(game=game, actor=GameEvent.Actor.CLOCK).count() == 1


def test_a_move_in_time_makes_the_clock_plan_stale(db: None, sent: list, later: Any) -> None:
    game = table_game(time_control=PER_MOVE)
    version = game.version
    seat = to_act(game)[0]
    move = read_state(game, lambda state: legal_of(state, seat)["legal"][0])
    append_event(game.pk, move, event_id=uuid.uuid4(), expected_version=version)
    later(6)
    assert table_driver.run("timeout", game.pk, version) is False
    assert not GameEvent.objects.filter(game=game, actor=GameEvent.Actor.CLOCK).exists()


def test_bots_play_until_a_person_is_to_act(db: None, sent: list) -> None:
    game = table_game("whist", 4, bots=(1, 2, 3))
    for _ in range(40):
        game.refresh_from_db()
        plans = [plan for plan in table_driver.plans_for(game) if plan.task == "bot"]
        if not plans:
            break
        for plan in plans:
            assert table_driver.run(plan.task, plan.game_id, plan.version, plan.seat)
    game.refresh_from_db()
    assert to_act(game) == [0]
    bot_moves = GameEvent.objects.filter(game=game, actor=GameEvent.Actor.BOT)
    assert bot_moves.exists()
    assert set(bot_moves.values_list("seat", flat=True)) <= {1, 2, 3}
    assert not GameEvent.objects.filter(game=game, kind="player", actor__isnull=True).exists()


def test_a_bot_is_given_only_its_own_seats_view(
    db: None, sent: list, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = table_game("whist", 4, bots=(0, 1, 2, 3))
    seen: list[tuple[int, Any, Any]] = []
    real = table_driver.choose_move

    def spy(game_type: str, seat: int, view: Any, legal: Any) -> dict[str, Any]:
        seen.append((seat, view, legal))
        return real(game_type, seat, view, legal)

    monkeypatch.setattr(table_driver, "choose_move", spy)
    [plan] = table_driver.plans_for(game)
    assert table_driver.run(plan.task, plan.game_id, plan.version, plan.seat)
    [(seat, view, legal)] = seen
    state = new_game(game.game_type, 4, game.options, game.first_dealer)  # as the bot saw it
    events = GameEvent.objects.filter(game=game, sequence__lt=plan.version).order_by("sequence")
    for payload in events.values_list("payload", flat=True):
        state.apply(payload)
    assert view == state.view(seat)
    assert legal == legal_of(state, seat)
    public = strings(state.view(None))
    hidden = {str(card) for other in range(4) if other != seat for card in state.hand(other)}
    assert strings(view) & (hidden - public) == set()


def strings(value: Any) -> set[str]:
    """Every string inside a view."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(item) for item in value.values()))
    if isinstance(value, list | tuple):
        return set().union(*(strings(item) for item in value))
    return set()


def test_a_finished_game_plans_nothing(db: None, sent: list) -> None:
    game = table_game(time_control=PER_MOVE)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    assert table_driver.plans_for(game) == []


def test_the_sweep_runs_a_lost_clock_check(db: None, sent: list, later: Any) -> None:
    game = table_game(time_control=PER_MOVE)
    assert table_driver.sweep() == 0  # nothing overdue yet
    later(5 + table_driver.SWEEP_GRACE_MS / 1000 + 1)
    assert table_driver.sweep() == 1
    assert GameEvent.objects.filter(game=game, actor=GameEvent.Actor.CLOCK).count() == 1


@pytest.mark.postgres
def test_two_workers_racing_for_one_deadline_write_one_event(
    committed_postgres: None, later: Any
) -> None:
    table_driver_timers = table_driver.TIMERS
    table_driver.TIMERS = False
    try:
        game = table_game(time_control=PER_MOVE)
        later(6)
        barrier = threading.Barrier(4)
        results: list[Any] = []

        def worker() -> None:
            from django.db import connection

            try:
                barrier.wait()
                results.append(table_driver.run("timeout", str(game.pk), game.version))
            except BaseException as error:  # noqa: BLE001 - reported below
                results.append(error)
            finally:
                connection.close()

        threads = [threading.Thread(target=worker) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(results, key=str) == [False, False, False, True]
        assert GameEvent.objects.filter(game=game, actor=GameEvent.Actor.CLOCK).count() == 1
        game.refresh_from_db()
        assert game.version == GameEvent.objects.filter(game=game).count()
    finally:
        table_driver.TIMERS = table_driver_timers


def test_forfeit_game_resigns_the_seat_out_of_time(db: None, sent: list, later: Any) -> None:
    game = table_game(time_control={**PER_MOVE, "on_timeout": "forfeit_game"})
    seat = to_act(game)[0]
    later(6)
    assert table_driver.run("timeout", game.pk, game.version) is True
    event = GameEvent.objects.get(game=game, actor=GameEvent.Actor.CLOCK)
    assert event.payload == {"type": "resign", "seat": seat}
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert table_driver.plans_for(game) == []


def test_forfeit_deal_concedes_the_deal_of_the_seat_out_of_time(
    db: None, sent: list, later: Any
) -> None:
    game = table_game("briscola", 2, time_control={**PER_MOVE, "on_timeout": "forfeit_deal"})
    seat = to_act(game)[0]
    deals_before = read_state(game, lambda state: state.deal_number)
    later(6)
    assert table_driver.run("timeout", game.pk, game.version) is True
    event = GameEvent.objects.get(game=game, actor=GameEvent.Actor.CLOCK)
    assert event.payload == {"type": "concede", "seat": seat}
    game.refresh_from_db()
    # Briscola's concede gives the other side every card left: the deal is over.
    assert read_state(game, lambda state: state.deal_number) == deals_before + 1


def test_an_adjourned_table_plans_nothing_and_its_clock_stops(
    db: None, sent: list, later: Any
) -> None:
    game = table_game("whist", 4, time_control=PER_MOVE, bots=(1, 2, 3))
    append_event(game.pk, {"type": "adjourn"}, event_id=uuid.uuid4(), expected_version=None)
    game.refresh_from_db()
    assert table_driver.plans_for(game) == []
    later(60)
    assert table_driver.run("timeout", game.pk, game.version) is False
    assert clocks.clock_of(game).running == ()  # type: ignore[union-attr]


def test_seats_acting_at_once_each_run_out_in_turn(db: None, sent: list, later: Any) -> None:
    # Italian Whist's split: all three choose at once, from 48620 ways each (the legal
    # list is a hint, not a list): the clock still finds each seat a legal move.
    game = table_game("italian_whist", 3, time_control={"kind": "deal", "seconds": 5})
    assert to_act(game) == [0, 1, 2]
    later(6)
    for _ in range(3):
        game.refresh_from_db()
        assert table_driver.run("timeout", game.pk, game.version) is True
    clock_moves = GameEvent.objects.filter(game=game, actor=GameEvent.Actor.CLOCK)
    assert sorted(clock_moves.values_list("seat", flat=True)) == [0, 1, 2]
