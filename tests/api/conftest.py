"""Fixtures shared by the clubs/tournaments API tests: a club, its director, a
tournament, and a director of another club. A module that needs another kind names it
otherwise (no overrides: tests/architecture/test_test_layout.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.factories import director_of, make_club, make_tournament
from tournaments.models import Club, Tournament


@pytest.fixture
def club() -> Club:
    return make_club()


@pytest.fixture
def director(club: Club) -> Any:
    return director_of(club)


@pytest.fixture
def cup(club: Club, director: Any) -> Tournament:
    return make_tournament(club, director, {"name": "Spring Cup"})


@pytest.fixture
def stranger_director() -> Any:
    return director_of(make_club())
