"""The bot benchmark runs (no timing is asserted: only that it works)."""

from __future__ import annotations

import pytest

from benchmarks import bot_bench


def test_a_game_of_bot_moves_is_timed() -> None:
    times = bot_bench.move_times("briscola", 2, seed=1)
    assert len(times) == 40  # 40 cards, one bot move each
    assert all(t >= 0 for t in times)


def test_the_command_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert bot_bench.main(["--games", "briscola,whist", "--seeds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Tavolo bot benchmark — Python 3.")
    assert [line.split()[0] for line in lines[2:]] == ["briscola", "whist"]


def test_the_command_rejects_an_unknown_game() -> None:
    with pytest.raises(SystemExit):
        bot_bench.main(["--games", "poker"])
