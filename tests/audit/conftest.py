"""Fixtures of the audit-log tests: a club with its owner, a director, a scorer and a
tournament (helpers: tests/support/factories.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.factories import make_club, make_tournament, make_user, member
from tournaments.models import Club, Role, Tournament


@pytest.fixture
def owner(db: None) -> Any:
    return make_user(first_name="Olga", last_name="Ferri")


@pytest.fixture
def club(owner: Any) -> Club:
    return make_club(owner)


@pytest.fixture
def director(club: Club) -> Any:
    return member(club, Role.DIRECTOR)


@pytest.fixture
def scorer(club: Club) -> Any:
    return member(club, Role.SCORER)


@pytest.fixture
def cup(club: Club, director: Any) -> Tournament:
    return make_tournament(club, director, {"name": "Spring Cup"})
