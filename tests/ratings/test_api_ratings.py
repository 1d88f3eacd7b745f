"""The ratings API: a player's ratings with history, a club's ladder, bad input."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.rating_models import Rating
from scoring.rating_service import update_ratings
from tests.support.api import api, body
from tests.support.factories import (
    director_of,
    finished_casual_game,
    german_whist_cup,
    make_club,
    make_players,
    make_user,
)
from tests.support.standings import finish, play_round, tables_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated():
    """A club's two tables of German whist (rated), and a casual game."""
    club, director, cup, entries = german_whist_cup(4)
    (first, (a, b)), (second, (c, d)) = tables_of(play_round(cup, director))
    finish(first, director, (9, 4))
    finish(second, director, (4, 9))
    finished_casual_game([a.player, make_players(1)[0]], (8, 5))
    update_ratings("german_whist")
    return club, [e.player for e in (a, b, c, d)]


def test_a_players_ratings_in_all_clubs_and_the_club_with_history(rated):
    club, (a, *_) = rated
    answer = api().get(f"/api/players/{a.pk}/ratings")
    assert answer.status_code == 200
    data = body(answer)
    assert data["player"] == a.pk and data["name"] == a.name
    everywhere, in_club = data["ratings"]
    assert (everywhere["club"], in_club["club"]) == (None, club.slug)
    assert everywhere["game_type"] == "german_whist" and everywhere["game_name"]
    assert everywhere["games"] == 2 and in_club["games"] == 1
    assert in_club["rating"] > 1500 and in_club["provisional"] is True
    stored = Rating.objects.get(player=a, scope__club=club)
    assert in_club["mu"] == stored.mu and in_club["uncertainty"] == round(120 * stored.sigma)
    assert [h["sequence"] for h in everywhere["history"]] == [1, 3]
    first = everywhere["history"][0]
    assert first["place"] == 1 and first["table_size"] == 2 and first["rating_before"] == 1500
    assert first["expected"] == pytest.approx(0.5)


def test_the_club_ladder_ranks_from_1_by_rating(rated):
    club, (a, b, c, d) = rated
    data = body(api().get(f"/api/clubs/{club.slug}/ladder?game=german_whist"))
    assert data["rated_games"] == 2 and data["game_type"] == "german_whist"
    assert [r["rank"] for r in data["rows"]] == [1, 2, 3, 4]
    assert {r["player"] for r in data["rows"][:2]} == {a.pk, d.pk}
    assert data["rows"][0]["rating"] >= data["rows"][-1]["rating"]
    # One game only: it may be left out.
    assert body(api().get(f"/api/clubs/{club.slug}/ladder"))["rows"] == data["rows"]


def test_the_activity_filter_leaves_out_who_has_not_played_lately(rated):
    club, (a, *_) = rated
    Rating.objects.filter(scope__club=club, player=a).update(
        last_played=timezone.now() - timedelta(days=40)
    )
    recent = body(api().get(f"/api/clubs/{club.slug}/ladder?game=german_whist&active_days=30"))
    assert a.pk not in {r["player"] for r in recent["rows"]} and len(recent["rows"]) == 3
    assert recent["active_days"] == 30


@pytest.mark.parametrize(
    "query,words",
    [
        ("game=poker", "there is no game 'poker'"),
        ("game=german_whist&active_days=0", "active_days"),
        ("game=german_whist&active_days=soon", "active_days"),
        ("gmae=german_whist", "unknown query parameter"),
    ],
)
def test_bad_ladder_queries_are_refused_in_words(rated, query, words):
    club, _ = rated
    answer = api().get(f"/api/clubs/{club.slug}/ladder?{query}")
    assert answer.status_code == 400
    assert words in str(body(answer))


def test_a_club_without_ratings_asks_which_game():
    answer = api().get(f"/api/clubs/{make_club().slug}/ladder")
    assert answer.status_code == 400
    assert "say which game" in body(answer)["detail"]


def test_unknown_players_and_clubs_are_404s(rated):
    (nobody,) = make_players(1)
    for url in (
        f"/api/players/{nobody.pk}/ratings",
        f"/api/players/{2**70}/ratings",
        "/api/players/-1/ratings",
        "/api/players/abc/ratings",
        "/api/clubs/no-such-club/ladder",
    ):
        answer = api().get(url)
        assert answer.status_code == 404, url
        assert body(answer)["detail"]
    assert api().get(f"/api/players/{nobody.pk}/ratings?game=chess").status_code == 400


def test_nothing_of_a_game_but_its_final_scores_and_seats_is_in_the_answer(rated):
    club, (a, *_) = rated
    text = api().get(f"/api/players/{a.pk}/ratings").content.decode()
    for hidden in ("seed", "hand", "deck", "cards", "events"):
        assert hidden not in text


def test_a_director_changes_what_counts_and_the_club_is_owed_new_ratings(rated):
    from scoring.rating_settings import RatingsOwed
    from tournaments.models import AuditEntry

    club, _ = rated
    url = f"/api/clubs/{club.slug}/rating-settings"
    assert body(api().get(url)) == {"count_forfeited_tables": False, "count_resigned_games": True}
    director = director_of(club)
    answer = api(director).patch(url, {"count_forfeited_tables": True}, format="json")
    assert answer.status_code == 200 and body(answer)["count_forfeited_tables"] is True
    assert RatingsOwed.objects.filter(game_type="german_whist").exists()
    assert AuditEntry.objects.filter(club=club, action="rating-settings-changed").exists()
    assert body(api().get(url))["count_forfeited_tables"] is True


def test_only_a_director_changes_them_and_bad_values_are_refused(rated):
    club, _ = rated
    url = f"/api/clubs/{club.slug}/rating-settings"
    assert api().patch(url, {"count_resigned_games": False}, format="json").status_code in (
        401,
        403,
    )
    stranger = api(make_user())
    assert stranger.patch(url, {"count_resigned_games": False}, format="json").status_code == 403
    director = api(director_of(club))
    bad = director.patch(url, {"count_resigned_games": "maybe"}, format="json")
    assert bad.status_code == 400 and "count_resigned_games" in str(body(bad))
    unknown = director.patch(url, {"count_byes": True}, format="json")
    assert unknown.status_code == 400 and "unknown field" in str(body(unknown))
    assert body(api().get(url))["count_resigned_games"] is True
