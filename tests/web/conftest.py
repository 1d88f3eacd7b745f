"""Fixtures shared by the club and tournament page tests: a club, its director and a
tournament open for entries. A module may define its own."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.support.factories import director_of, make_club, make_tournament
from tournaments.services import tournaments as tournament_service


@pytest.fixture
def organiser(db):
    """The user who makes the games of the game-page tests (test_web_games and others)."""
    return get_user_model().objects.create_user("olga", password="pw")


@pytest.fixture
def club():
    return make_club(name="Circolo Tressette")


@pytest.fixture
def director(club):
    return director_of(club)


@pytest.fixture
def cup(club, director):
    cup = make_tournament(club, director, {"name": "Spring Cup"})
    return tournament_service.set_status(cup, by=director, status="open")
