"""The stored ratings (scoring.rating_service): what counts, per club and all clubs,
incremental or from scratch, and the settings."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.rating_models import Rating, RatingChange, RatingScope
from scoring.rating_service import rebuild_ratings, update_ratings
from scoring.rating_settings import RatingSettings
from scoring.ratings.scale import MU
from tests.support.factories import finished_casual_game, german_whist_cup, make_players
from tests.support.standings import finish, forfeit, play_round, tables_of
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def rating(player, club=None, game_type="german_whist"):
    return Rating.objects.get(scope__game_type=game_type, scope__club=club, player=player)


def test_a_tournament_game_counts_in_its_club_and_all_clubs_a_casual_one_in_all_only():
    club, director, cup, entries = german_whist_cup(4)
    round_ = play_round(cup, director)
    (table, seated), _other = tables_of(round_)
    finish(table, director, (9, 4))
    a, b = make_players(2)
    finished_casual_game([a, b], (3, 10))

    done = update_ratings("german_whist")

    assert done.rebuilt == {} and done.appended == {None: 2, club.pk: 1}
    winner, loser = seated[0].player, seated[1].player
    for scope in (club, None):
        assert rating(winner, scope).mu > MU > rating(loser, scope).mu
        assert rating(winner, scope).wins == 1 and rating(loser, scope).games == 1
    assert rating(b).mu > rating(a).mu
    assert not Rating.objects.filter(scope__club=club, player__in=[a, b]).exists()
    change = RatingChange.objects.get(scope__club=club, player=loser)
    assert (change.place, change.table_size, change.sequence) == (2, 2, 1)
    assert change.expected == pytest.approx(0.5) and change.game_id == table.game_id


def test_a_later_game_is_added_an_earlier_one_rates_the_scope_again():
    a, b, c = make_players(3)
    first = finished_casual_game([a, b], (9, 4))
    update_ratings("german_whist")
    finished_casual_game([b, c], (9, 4))
    assert update_ratings("german_whist").appended == {None: 1}
    assert update_ratings("german_whist").appended == {}  # nothing new: nothing done

    late = finished_casual_game([a, c], (2, 11))
    Game.objects.filter(pk=late.pk).update(finished_at=first.finished_at - timedelta(hours=1))
    done = update_ratings("german_whist")

    assert done.rebuilt == {None: 3} and done.appended == {}
    scope = RatingScope.objects.get(game_type="german_whist", club=None)
    assert scope.rated_games == 3 and scope.version == 3
    order = list(
        RatingChange.objects.filter(scope=scope, player=a)
        .order_by("sequence")
        .values_list("game_id", "sequence")
    )
    assert order == [(late.pk, 1), (first.pk, 2)]


def test_a_forfeited_table_is_left_out_unless_the_club_counts_it():
    club, director, cup, entries = german_whist_cup(2)
    ((table, seated),) = tables_of(play_round(cup, director))
    finish(table, director, (9, 4))
    update_ratings("german_whist")
    assert RatingScope.objects.get(club=club).rated_games == 1

    forfeit(table, seated[0], director)
    done = update_ratings("german_whist")
    assert done.removed == [None, club.pk]
    assert not Rating.objects.filter(player=seated[0].player).exists()

    RatingSettings.objects.create(club=club, count_forfeited_tables=True)
    update_ratings("german_whist")
    assert rating(seated[0].player, club).games == 1


def test_a_voided_game_no_longer_counts():
    a, b = make_players(2)
    game = finished_casual_game([a, b], (9, 4))
    update_ratings("german_whist")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.VOID)
    assert update_ratings("german_whist").removed == [None]
    assert not RatingScope.objects.filter(game_type="german_whist").exists()


def test_a_game_a_bot_sat_at_is_not_rated():
    a, bot = make_players(2)
    bot.is_bot = True
    bot.save(update_fields=["is_bot"])
    finished_casual_game([a, bot], (9, 4))
    update_ratings("german_whist")
    assert not Rating.objects.filter(player=a).exists()


def test_nothing_of_a_game_but_its_final_scores_seats_and_a_resignation_is_read():
    a, b = make_players(2)
    finished_casual_game([a, b], (9, 4))
    update_ratings("german_whist")  # (the final scores are cached, as the standings do)
    with CaptureQueriesContext(connection) as seen:
        rebuild_ratings(["german_whist"])
    sql = "\n".join(q["sql"] for q in seen.captured_queries).lower()
    assert "gamesnapshot" not in sql and '"seed"' not in sql
    events = [q["sql"] for q in seen.captured_queries if "tournaments_gameevent" in q["sql"]]
    assert events and all("resign" in q for q in events)
    assert rating(a).games == 1
