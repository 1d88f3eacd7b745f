"""A club's ladder (/clubs/<slug>/ladder/): its players ranked by rating in one game,
with the choices a visitor has (the game, how recently they played, provisional
ratings shown or hidden), bad choices refused in words; ratings from
tests/support/ladder_data.py."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.models import Rating, RatingScope
from tests.support.factories import make_club, make_players
from tests.support.ladder_data import LADDER, ladder_of
from tournaments.web.forms import game_title

pytestmark = pytest.mark.django_db


def rows_of(html: str) -> list[dict[str, str]]:
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    out = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        out.append(
            {
                "place": cells[0].strip(),
                "name": re.search(r">([^<]+)</a>", cells[1]).group(1),
                "href": re.search(r'href="([^"]+)"', cells[1]).group(1),
                "provisional": "badge--provisional" in cells[1],
                "rating": re.search(r"<strong>(\d+)</strong>", cells[2]).group(1),
                "uncertainty": re.search(r"±&nbsp;(\d+)", cells[2]).group(1),
                "games": cells[3].strip(),
                "last": cells[4].strip(),
            }
        )
    return out


def get(club, query: str = "") -> tuple[int, str]:
    response = Client().get(f"/clubs/{club.slug}/ladder/{query}")
    return response.status_code, response.content.decode()


@pytest.fixture
def laddered():
    club = make_club(name="Circolo Scala")
    return club, ladder_of(club)


def test_everyone_rated_is_listed_best_first_with_rating_uncertainty_games_and_when(laddered):
    club, rungs = laddered
    status, html = get(club)
    assert status == 200
    rows = rows_of(html)
    assert [r["name"] for r in rows] == [r.player.name for r in rungs]
    assert [r["place"] for r in rows] == [str(n) for n in range(1, len(rungs) + 1)]
    for row, rung in zip(rows, rungs, strict=True):
        assert row["rating"] == str(rung.shown)
        assert row["uncertainty"] == str(rung.uncertainty)
        assert row["games"] == str(rung.games)
        assert row["provisional"] == rung.provisional
        assert row["href"] == f"/players/{rung.player.pk}/"
    assert sum(r["provisional"] for r in rows) == 2
    assert f"Ladder: {game_title('german_whist')}" in html


def test_provisional_ratings_can_be_hidden(laddered):
    club, rungs = laddered
    _status, html = get(club, "?provisional=hide")
    rows = rows_of(html)
    assert [r["name"] for r in rows] == [r.player.name for r in rungs if not r.provisional]
    assert [r["place"] for r in rows] == [str(n) for n in range(1, len(rows) + 1)]


@pytest.mark.parametrize("days", [30, 90, 180, 365])
def test_only_players_active_in_the_chosen_days_are_listed(laddered, days):
    club, rungs = laddered
    _status, html = get(club, f"?active={days}")
    expected = [r.player.name for r, row in zip(rungs, LADDER, strict=True) if row[3] <= days]
    assert [r["name"] for r in rows_of(html)] == expected
    assert f'<option value="{days}" selected>' in html


def test_each_game_has_its_ladder_and_the_busiest_comes_first(laddered):
    club, rungs = laddered
    scopa = ladder_of(club, "scopa", [(30.0, 2.0, 40, 1), (20.0, 2.0, 40, 1)])
    RatingScope.objects.filter(club=club, game_type="scopa").update(rated_games=10_000)
    _status, html = get(club)
    assert [r["name"] for r in rows_of(html)] == [r.player.name for r in scopa]
    _status, html = get(club, "?game=german_whist")
    assert len(rows_of(html)) == len(rungs)
    assert html.count('<option value="scopa"') == 1


def test_equal_ratings_share_a_place_and_a_later_page_continues_the_places():
    club = make_club()
    rows = [(30.0, 2.0, 20, 1)] * 3 + [(25.0, 2.0, 20, 1)] * 150
    ladder_of(club, "german_whist", rows)
    _status, first = get(club)
    places = [r["place"] for r in rows_of(first)]
    assert places[:4] == ["1", "1", "1", "4"] and len(places) == 100
    assert set(places[3:]) == {"4"}
    assert "Page 1 of 2" in first
    _status, second = get(club, "?game=german_whist&active=&provisional=show&page=2")
    assert {r["place"] for r in rows_of(second)} == {"4"} and len(rows_of(second)) == 53


def test_other_clubs_and_the_all_clubs_rating_do_not_enter_a_clubs_ladder(laddered):
    club, rungs = laddered
    other = make_club()
    ladder_of(other)
    (outsider,) = make_players(1)
    everywhere = RatingScope.objects.get(game_type="german_whist", club=None)
    Rating.objects.create(
        scope=everywhere,
        player=outsider,
        mu=40,
        sigma=1,
        games=99,
        last_played=rungs[0].last_played,
    )
    _status, html = get(club)
    assert [r["name"] for r in rows_of(html)] == [r.player.name for r in rungs]


@pytest.mark.parametrize(
    "query",
    ["?game=chess", "?active=7", "?active=abc", "?provisional=maybe", "?page=x", "?page=0"],
)
def test_a_choice_not_offered_is_refused_in_words(laddered, query):
    club, rungs = laddered
    status, html = get(club, query)
    assert status == 400
    banner = re.search(r'<p class="banner" role="alert">(.*?)</p>', html, re.S).group(1)
    assert banner and "[" not in banner and "Traceback" not in html
    assert len(rows_of(html)) == len(rungs)  # the default ladder, under the refusal


def test_a_club_without_ratings_says_so_and_an_unknown_club_is_not_found():
    club = make_club()
    status, html = get(club)
    assert status == 200 and "No rated game in this club yet" in html
    assert Client().get("/clubs/no-such-club/ladder/").status_code == 404


def test_the_club_page_links_to_its_ladder(laddered):
    club, _rungs = laddered
    html = Client().get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/clubs/{club.slug}/ladder/"' in html


@pytest.mark.parametrize("size", [10, 60])
def test_the_ladder_costs_the_same_queries_whatever_its_size(size, django_assert_num_queries):
    club = make_club()
    ladder_of(club, "german_whist", [(20 + n / 10, 2.0, 20, 1) for n in range(size)])
    client = Client()
    client.get(f"/clubs/{club.slug}/ladder/")
    # The club (read once per request: the time-zone middleware keeps it for the gate),
    # its rated games, the count and the page of ratings with their players.
    with django_assert_num_queries(4):
        assert client.get(f"/clubs/{club.slug}/ladder/").status_code == 200
