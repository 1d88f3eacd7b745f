"""The rating benchmark runs, and its figures are sane (a small season; no timing)."""

from __future__ import annotations

import pytest

from benchmarks import rating_bench


@pytest.mark.parametrize("case", rating_bench.CASES, ids=lambda c: c.name)
def test_more_games_find_the_stronger_players_better(case):
    found = rating_bench.accuracy(case, players=48, games=100, seed=3)
    assert set(found.openskill) == set(found.elo) == {10, 30, 100}
    assert 0.3 < found.openskill[10] < found.openskill[100] <= 1.0
    assert found.openskill[100] > 0.85 and found.elo[100] > 0.85


def test_the_season_seats_everyone_once_a_round():
    case = rating_bench.CASES[3]  # two partnerships of two
    skills, rounds = rating_bench.season(case, players=20, games=3, seed=1)
    assert len(skills) == 20 and len(rounds) == 3
    for played in rounds:
        seated = [p for game in played for side in game.sides for p in side]
        assert sorted(seated) == list(range(20))
        assert all(sorted(game.places) == [1, 2] for game in played)


def test_spearman():
    assert rating_bench.spearman([1, 2, 3], [10, 20, 30]) == pytest.approx(1.0)
    assert rating_bench.spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)


def test_the_quick_run_prints_both_tables(capsys):
    assert rating_bench.main(["--quick", "--games", "30"]) == 0
    out = capsys.readouterr().out
    assert "| 4 sides | 30 games |" in out and "openskill.js publishes 23,000" in out
    assert "5 vs 5" in out
