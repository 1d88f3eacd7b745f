"""Rating a season of games (scoring.ratings.season, pure)."""

from datetime import UTC, datetime, timedelta

import pytest

from scoring.ratings.scale import MU, SIGMA
from scoring.ratings.season import (
    RatedResult,
    by_scope,
    fingerprint,
    places_from_scores,
    rate_results,
)

T0 = datetime(2026, 1, 1, 20, tzinfo=UTC)


def result(n, sides, places, club=1, game_type="scopa"):
    return RatedResult(
        game=f"g{n:03d}",
        played_at=T0 + timedelta(hours=n),
        game_type=game_type,
        club=club,
        sides=tuple(tuple(s) for s in sides),
        places=tuple(places),
    )


def test_the_winner_goes_up_the_loser_down_and_both_grow_surer():
    rated = rate_results([result(1, [[1], [2]], [1, 2])])
    assert rated.ratings[1].mu > MU > rated.ratings[2].mu
    assert rated.ratings[1].sigma < SIGMA and rated.ratings[2].sigma < SIGMA
    assert (rated.ratings[1].wins, rated.ratings[2].wins) == (1, 0)
    first, second = rated.changes
    assert (first.player, first.place, first.table_size, first.sequence) == (1, 1, 2, 1)
    assert first.mu_before == MU and first.expected == pytest.approx(0.5)
    assert second.place == 2


def test_a_draw_moves_equal_players_nowhere_and_counts_as_no_win():
    rated = rate_results([result(1, [[1], [2]], [1, 1])])
    assert rated.ratings[1].mu == pytest.approx(MU)
    assert rated.ratings[1].wins == rated.ratings[2].wins == 0


def test_partners_move_together_and_a_table_of_four_is_one_update():
    pairs = rate_results([result(1, [[1, 3], [2, 4]], [1, 2])])
    assert pairs.ratings[1].mu == pairs.ratings[3].mu > MU > pairs.ratings[2].mu
    four = rate_results([result(1, [[1], [2], [3], [4]], [1, 2, 3, 4])])
    mus = [four.ratings[p].mu for p in (1, 2, 3, 4)]
    assert mus == sorted(mus, reverse=True) and len(four.changes) == 4
    assert {c.table_size for c in four.changes} == {4}
    assert sum(c.expected for c in four.changes) == pytest.approx(1.0)


def test_the_favourite_is_expected_to_win_after_a_few_games():
    games = [result(n, [[1], [2]], [1, 2]) for n in range(5)]
    games.append(result(9, [[1], [2]], [2, 1]))
    rated = rate_results(games)
    assert rated.changes[-1].expected < 0.5  # player 2's chance before its upset
    assert rated.changes[-2].expected > 0.5


def test_the_same_results_give_the_same_floats_and_carry_on_alike():
    games = [result(n, [[n % 5], [(n + 1) % 5], [(n + 3) % 5]], [1, 2, 2]) for n in range(30)]
    once = rate_results(games)
    again = rate_results(games)
    assert once.ratings == again.ratings and once.changes == again.changes
    half = rate_results(games[:12])
    rest = rate_results(games[12:], start=half)
    assert rest.ratings == once.ratings
    assert half.changes + rest.changes == once.changes
    assert rest.fingerprint == once.fingerprint == fingerprint(games)
    assert rest.rated == 30


def test_each_game_counts_in_its_club_and_in_all_clubs_casual_only_in_all():
    games = [
        result(1, [[1], [2]], [1, 2], club=7),
        result(2, [[1], [3]], [2, 1], club=8),
        result(3, [[2], [3]], [1, 2], club=None),
        result(4, [[2], [3]], [1, 2], club=7, game_type="briscola"),
    ]
    scopes = {  # sorted by when they finished
        key: rate_results(results) for key, results in by_scope(reversed(games)).items()
    }
    assert set(scopes) == {
        ("scopa", None),
        ("scopa", 7),
        ("scopa", 8),
        ("briscola", None),
        ("briscola", 7),
    }
    assert scopes["scopa", None].rated == 3
    assert [c.game for c in scopes["scopa", None].changes][::2] == ["g001", "g002", "g003"]
    assert set(scopes["scopa", 7].ratings) == {1, 2}


def test_places_from_scores():
    assert places_from_scores([10, 30, 20]) == (3, 1, 2)
    assert places_from_scores([10, 10, 5]) == (1, 1, 3)
    assert places_from_scores([120, 40, 80], lower_wins=True) == (3, 1, 2)
    assert places_from_scores([90, 10, 50], last=0) == (3, 2, 1)
    assert places_from_scores([3, 9], last=1) == (1, 2)


@pytest.mark.parametrize(
    "sides,places",
    [
        ([[1]], [1]),
        ([[1], [2]], [1]),
        ([[1], [1]], [1, 2]),
        ([[1], []], [1, 2]),
        ([[1], [2]], [0, 1]),
        ([[1], [2]], [1, 3]),
    ],
)
def test_a_malformed_result_is_refused(sides, places):
    with pytest.raises(ValueError):
        result(1, sides, places)
