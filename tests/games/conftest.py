"""Fixtures of the game tests (helpers: tests/support/factories.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model


@pytest.fixture
def organiser(db: None) -> Any:
    """The user who makes the games of the game-page tests (``make_game``'s organiser)."""
    return get_user_model().objects.create_user("olga", password="pw")
