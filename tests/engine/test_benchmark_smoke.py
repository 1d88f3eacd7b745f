"""The benchmark command runs (no timing is asserted: only that it works)."""

from __future__ import annotations

import random

import pytest

import engine
from benchmarks import engine_bench


@pytest.mark.parametrize("name", engine.available_games())
def test_playouts_report_positive_figures(name: str) -> None:
    result = engine_bench.playout_rate(name, 0.05)
    assert result.game == name
    assert result.games >= 1
    assert result.deals >= result.games
    assert result.seconds > 0
    assert result.deals_per_second > 0
    assert result.games_per_second > 0


@pytest.mark.parametrize("name", engine.available_games())
def test_replays_report_positive_figures(name: str) -> None:
    result = engine_bench.replay_rate(name, 0.05, pool_size=2)
    assert result.game == name
    assert result.games >= 1
    assert result.events > result.games
    assert result.events_per_second > 0


def test_recorded_games_replay_to_the_end() -> None:
    events = engine_bench.record_game("whist", random.Random(3))
    assert all(isinstance(event, dict) for event in events)
    assert engine.replay("whist", 4, events).over


def test_the_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_bench.main(["--seconds", "0.02", "--games", "whist"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Tavolo engine benchmark — Python 3.")
    assert "10,000" in out and "600,000" in out
    assert "python-chess" in out
    whist = [line for line in lines if line.split()[:1] == ["whist"]]
    assert len(whist) == 1
    # The last column is the replay's ratio to the chess anchor (or "-" without it).
    assert whist[0].split()[-1] != ""


def test_the_chess_anchor_replays_legal_moves() -> None:
    pytest.importorskip("chess")
    moves = engine_bench.record_chess_game(random.Random(4), max_plies=30)
    assert 0 < len(moves) <= 30
    result = engine_bench.chess_rate(0.02, pool_size=2)
    assert result is not None
    assert result.moves >= len(moves) or result.moves > 0
    assert result.moves_per_second > 0


def test_aims_per_game() -> None:
    assert engine_bench.deal_aim("whist") == 10_000
    assert engine_bench.deal_aim("scopa") == 1_000
    assert engine_bench.replay_aim("whist") == 600_000
    assert engine_bench.replay_aim("briscola") == 200_000
    assert engine_bench.replay_aim("burraco") == 200_000


def test_the_command_rejects_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        engine_bench.main(["--games", "whist,poker"])
    assert exit_.value.code != 0
    assert "poker" in capsys.readouterr().err
