"""The pure clock arithmetic (tournaments/timing/clock.py): time controls and replay."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.timing.clock import (
    MAX_SECONDS,
    Step,
    TimeControl,
    TimeControlError,
    replay,
)

MOVE = TimeControl("move", 30)
DEAL = TimeControl("deal", 60)
BANK = TimeControl("bank", 60, increment=5)


def test_parse_accepts_each_kind_and_round_trips() -> None:
    for data in (
        {"kind": "move", "seconds": 30, "on_timeout": "auto"},
        {"kind": "deal", "seconds": 300, "on_timeout": "forfeit_game"},
        {"kind": "bank", "seconds": 600, "increment": 5, "on_timeout": "forfeit_deal"},
    ):
        control = TimeControl.parse(data)
        assert control.to_json() == data
        assert TimeControl.parse(control.to_json()) == control


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ([], "not_an_object"),
        ({"kind": "move", "seconds": 30, "colour": "red"}, "unknown_fields"),
        ({"kind": "hourglass", "seconds": 30}, "kind"),
        ({"kind": "move", "seconds": 4}, "seconds"),
        ({"kind": "move", "seconds": MAX_SECONDS + 1}, "seconds"),
        ({"kind": "move", "seconds": True}, "seconds"),
        ({"kind": "move", "seconds": "30"}, "seconds"),
        ({"kind": "bank", "seconds": 60, "increment": 61}, "increment"),
        ({"kind": "move", "seconds": 60, "increment": 2}, "increment_not_bank"),
        ({"kind": "move", "seconds": 60, "on_timeout": "shrug"}, "on_timeout"),
    ],
)
def test_parse_refuses_with_a_code(data: object, code: str) -> None:
    with pytest.raises(TimeControlError) as refused:
        TimeControl.parse(data)
    assert refused.value.code == code


def test_forfeit_deal_needs_a_game_that_allows_conceding() -> None:
    data = {"kind": "move", "seconds": 30, "on_timeout": "forfeit_deal"}
    with pytest.raises(TimeControlError) as refused:
        TimeControl.parse(data, concede_possible=False)
    assert refused.value.code == "no_concede"
    assert TimeControl.parse(data, concede_possible=True).on_timeout == "forfeit_deal"


def test_per_move_clock_runs_for_the_seat_to_act_and_restarts_each_move() -> None:
    clock = replay(MOVE, 2, [Step(1_000, (0,)), Step(11_000, (1,), mover=0)])
    assert clock.running == (1,)
    # Seat 1 has just begun; seat 0 spent 10 s and gets a fresh 30 s at its next turn.
    assert clock.remaining_ms == (20_000, 30_000)
    assert clock.deadline_ms == 41_000
    assert clock.remaining_at(21_000) == (20_000, 20_000)
    assert clock.due(40_999) == [] and clock.due(41_000) == [1]


def test_a_seat_that_leads_again_gets_a_fresh_move() -> None:
    clock = replay(MOVE, 2, [Step(0, (0,)), Step(25_000, (0,), mover=0)])
    assert clock.deadline_ms == 55_000


def test_per_deal_allowance_is_spent_across_moves_and_restarts_at_a_new_deal() -> None:
    steps = [Step(0, (0,)), Step(10_000, (1,), mover=0), Step(15_000, (0,), mover=1)]
    clock = replay(DEAL, 2, steps)
    assert clock.remaining_ms == (50_000, 55_000)
    clock = replay(DEAL, 2, [*steps, Step(20_000, (1,), deal=1)])
    assert clock.remaining_ms == (60_000, 60_000)


def test_bank_gains_the_increment_after_each_own_move() -> None:
    clock = replay(BANK, 2, [Step(0, (0,)), Step(20_000, (1,), mover=0)])
    assert clock.remaining_ms == (45_000, 60_000)


def test_several_seats_run_at_once_each_on_its_own_clock() -> None:
    # Italian Whist's split: all four choose at once; seat 2 chooses after 10 s.
    clock = replay(DEAL, 4, [Step(0, (0, 1, 2, 3)), Step(10_000, (0, 1, 3), mover=2)])
    assert clock.running == (0, 1, 3)
    assert clock.remaining_ms == (50_000, 50_000, 50_000, 50_000)
    assert clock.deadline_ms == 60_000
    assert clock.due(60_000) == [0, 1, 3]


def test_an_adjourned_table_stops_every_clock() -> None:
    steps = [
        Step(0, (0,)),
        Step(10_000, (), adjourned=True),
        Step(500_000, (0,)),  # resumed much later: the 20 s left are still there
    ]
    clock = replay(MOVE, 2, steps[:2])
    assert clock.running == () and clock.deadline_ms is None
    clock = replay(MOVE, 2, steps)
    assert clock.remaining_ms[0] == 20_000 and clock.deadline_ms == 520_000


def test_a_finished_game_runs_no_clock() -> None:
    clock = replay(MOVE, 2, [Step(0, (0,)), Step(5_000, (), mover=0)])
    assert clock.running == () and clock.deadline_ms is None


def test_time_left_never_goes_below_zero() -> None:
    clock = replay(DEAL, 2, [Step(0, (0,)), Step(90_000, (1,), mover=0)])
    assert clock.remaining_ms[0] == 0
    assert clock.remaining_at(10**9) == (0, 0)


steps_strategy = st.lists(
    st.tuples(
        st.integers(0, 120_000),
        st.lists(st.integers(0, 3), max_size=4, unique=True),
        st.integers(0, 3),
        st.one_of(st.none(), st.integers(0, 3)),
        st.booleans(),
    ),
    max_size=30,
)


@given(steps_strategy, st.sampled_from([MOVE, DEAL, BANK]))
def test_replay_is_a_function_of_the_history(raw: list, control: TimeControl) -> None:  # type: ignore[type-arg]
    at = 0
    steps = []
    for gap, to_act, deal, mover, adjourned in raw:
        at += gap
        steps.append(Step(at, tuple(to_act), deal, mover, adjourned))
    first = replay(control, 4, steps)
    assert replay(control, 4, list(steps)) == first
    assert all(left >= 0 for left in first.remaining_ms)
    if control.kind != "bank":
        assert all(left <= control.seconds * 1000 for left in first.remaining_ms)
    for seat in first.running:
        assert first.deadline_of(seat) >= first.as_of_ms
