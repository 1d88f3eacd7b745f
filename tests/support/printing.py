"""A three-handed whist tournament (tables of three, placement points) for the
printing and prize tests: rounds paired, published and finished with real tallies."""

from __future__ import annotations

import uuid
from typing import Any

from scoring import store
from tests.support.factories import director_of, enter_guests, make_club, make_tournament
from tests.support.standings import play_round, tables_of
from tournaments.models import Table, Tournament
from tournaments.services import event_store

DEALS = 3


def finish_three(table: Table, director: Any, tricks: tuple[int, int, int]) -> None:
    """Three deals with the same tricks (nobody takes the dummy): the game is over."""
    for _ in range(DEALS):
        event_store.append_event(
            table.game_id,
            {"type": "tally", "dummy": None, "tricks": list(tricks)},
            event_id=uuid.uuid4(),
            expected_version=None,
            user=director,
        )


def threes_cup(count: int = 6, rounds: int = 2) -> tuple[Any, ...]:
    """``count`` guests at tables of three, ``rounds`` rounds played to the end."""
    club = make_club()
    director = director_of(club)
    t = make_tournament(
        club,
        director,
        {
            "game_type": "three_handed_whist",
            "table_sizes": [3],
            "options": {"deals": DEALS, "target_score": 21},
            "rounds_planned": 4,
            "mode": "physical",
        },
    )
    t.status = Tournament.Status.OPEN
    t.save(update_fields=["status"])
    entries = enter_guests(t, director, count)
    for _ in range(rounds):
        r = play_round(t, director)
        for table, _seated in tables_of(r):
            finish_three(table, director, (6, 4, 3))
    store.recompute(t.pk)
    return club, director, t, entries
