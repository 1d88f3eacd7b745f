"""Fixtures of the account tests: quick password hashing, fresh rate-limit counters,
and a club with a director (helpers: tests/support/accounts.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.caches import forget_this_workers_keys
from tests.support.factories import director_of, make_club
from tournaments.models import Club


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> Any:
    """Each test starts with an empty cache (which outlives a test). The rate-limit and
    lock-out counters are in the database now, rolled back after each test."""
    forget_this_workers_keys()
    yield
    forget_this_workers_keys()


@pytest.fixture
def club() -> Club:
    return make_club(name="Circolo del Lago")


@pytest.fixture
def director(club: Club) -> Any:
    return director_of(club)
