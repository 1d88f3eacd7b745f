"""Fixtures of the club and tournament service tests: a club, its director and a
tournament in its draft (helpers: tests/support/factories.py)."""

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
