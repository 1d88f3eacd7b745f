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
    """Rate-limit counters live in the cache, which outlives a test: start each empty."""
    forget_this_workers_keys()
    yield
    forget_this_workers_keys()


@pytest.fixture
def club() -> Club:
    return make_club(name="Circolo del Lago")


@pytest.fixture
def director(club: Club) -> Any:
    return director_of(club)
