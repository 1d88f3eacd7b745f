"""Three-handed whist tables finished with real tallies, for the printing and prize
tests (their tournament: ``factories.threes_cup``)."""

from __future__ import annotations

import uuid
from typing import Any

from tournaments.models import Table
from tournaments.services import game_store

DEALS = 3


def finish_three(table: Table, director: Any, tricks: tuple[int, int, int]) -> None:
    """Three deals with the same tricks (nobody takes the dummy): the game is over."""
    for _ in range(DEALS):
        game_store.append_event(
            table.game_id,
            {"type": "tally", "dummy": None, "tricks": list(tricks)},
            event_id=uuid.uuid4(),
            expected_version=None,
            user=director,
        )
