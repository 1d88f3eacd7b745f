"""Fixtures shared by the club and tournament page tests: a club, its director and a
tournament open for entries. A module that needs another kind names it otherwise (no
overrides: tests/architecture/test_test_layout.py)."""

from __future__ import annotations

import pytest

from tests.support.factories import director_of, make_club, make_tournament
from tournaments.services import tournaments as tournament_service


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
