"""scoring.collector: the collector is off inside a pause, back on after the last of
overlapping pauses, and left off when it was off before."""

from __future__ import annotations

import gc

import pytest

from scoring.collector import collector_paused


def test_overlapping_pauses_turn_the_collector_back_on_at_the_last() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_inside_still_turns_it_back_on() -> None:
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("boom")
    assert gc.isenabled()


def test_a_collector_off_before_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
