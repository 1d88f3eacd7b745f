"""Ratings in a tournament's pages (issue 18): the pairings and standings show each
entrant's rating (provisional marked) only when the director says so; a round's page
shows its tables' expected results only when and as the director allows; the setup
form and the entries page carry the settings and the rating's source."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring import store
from tests.support.seeding_data import rated_cup
from tournaments.models import Tournament
from tournaments.services import round_closing, tournaments

pytestmark = pytest.mark.django_db


def _login(user: Any) -> Client:
    client = Client()
    assert client.login(username=user.username, password="pw-" + user.username)
    return client


def _show(cup: Tournament, director: Any, **settings: Any) -> None:
    tournaments.update_tournament(cup, by=director, settings=settings)


def _pairings(club, cup) -> str:
    response = Client().get(reverse("rounds:public", args=[club.slug, cup.slug, 1]))
    assert response.status_code == 200
    return response.content.decode()


def _ratings_in(html: str) -> list[str]:
    """The ratings shown, a provisional one followed by its mark ("1620 P")."""
    found = re.findall(r'<span class="rating">.*?</span>(\d+)(<abbr class="rating-prov")?', html)
    return [number + (" P" if provisional else "") for number, provisional in found]


def test_the_pairings_show_ratings_only_when_the_director_wants():
    club, director, cup, _round = rated_cup()
    assert _ratings_in(_pairings(club, cup)) == []  # the default: off
    _show(cup, director, show_ratings=True)
    shown = _ratings_in(_pairings(club, cup))
    assert sorted(shown) == ["1500", "1620 P", "1800"]  # Dan has none


def test_the_standings_show_ratings_only_when_the_director_wants():
    club, director, cup, _round = rated_cup()
    store.recompute(cup.pk)
    url = reverse("standings:page", args=[club.slug, cup.slug])
    assert _ratings_in(Client().get(url).content.decode()) == []
    _show(cup, director, show_ratings=True)
    page = Client().get(url).content.decode()
    assert sorted(_ratings_in(page)) == ["1500", "1620 P", "1800"]
    pdf = Client().get(reverse("standings:pdf", args=[club.slug, cup.slug]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_expected_results_wait_for_the_result_under_after():
    club, director, cup, round_ = rated_cup({"expected_results": "after"})
    assert "expected " not in _pairings(club, cup)  # both tables at play
    round_closing.close_round(round_, by=director)
    chances = [int(n) for n in re.findall(r"expected (\d+)%", _pairings(club, cup))]
    assert len(chances) == 4
    assert sum(chances) in (199, 200, 201)  # two tables, each side's chance adds up to 100


def test_expected_results_always_show_from_publication_and_never_when_hidden():
    club, director, cup, _round = rated_cup({"expected_results": "always"})
    assert len(re.findall(r"expected \d+%", _pairings(club, cup))) == 4
    _show(cup, director, expected_results="hidden")
    assert "expected " not in _pairings(club, cup)


def test_the_setup_form_carries_both_settings():
    club, director, cup, _round = rated_cup()
    page = _login(director).get(reverse("tournaments:setup", args=[club.slug, cup.slug]))
    html = page.content.decode()
    assert 'name="show_ratings"' in html and 'name="expected_results"' in html
    for value in Tournament.ExpectedResults.values:
        assert f'value="{value}"' in html


def test_the_entries_page_says_where_each_rating_comes_from():
    club, director, cup, _round = rated_cup()
    page = _login(director).get(reverse("tournaments:entries", args=[club.slug, cup.slug]))
    html = " ".join(page.content.decode().split())
    assert "rating 1800 (club rating)" in html
    assert "rating 1620 (all-clubs rating, provisional)" in html
