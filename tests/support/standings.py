"""Helpers for the standings tests: rounds paired and published through the services,
tables finished with score-sheet tallies, forfeits (the tournaments: factories.py)."""

from __future__ import annotations

import uuid
from typing import Any

from tournaments.models import Entry, Forfeit, Round, Table, Tournament
from tournaments.services import game_store
from tournaments.services import rounds as round_service
from tournaments.services import sheets as sheet_service


def play_round(tournament: Tournament, director: Any) -> Round:
    """Pair and publish the next round."""
    draft = round_service.pair_next_round(tournament, by=director)
    return round_service.publish(draft, by=director)


def tables_of(round_: Round) -> list[tuple[Table, list[Entry]]]:
    out = []
    for table in round_.tables.select_related("game").order_by("number"):
        places = table.places.select_related("entry__player").order_by("position")
        out.append((table, [p.entry for p in places]))
    return out


def finish(table: Table, director: Any, tricks: tuple[int, int]) -> None:
    """Enter the one tally of a German whist table: its game is then over."""
    game_store.append_event(
        table.game_id,
        {"type": "tally", "tricks": list(tricks)},
        event_id=uuid.uuid4(),
        expected_version=None,
        user=director,
    )


def forfeit(table: Table, entry: Entry, director: Any) -> Forfeit:
    """A no-show, recorded by the service (which owes the standings)."""
    return sheet_service.record_forfeit(table, entry, Forfeit.Kind.NO_SHOW, director)


def by_entry(rows: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {row["entry"]: row for row in rows}


__all__ = [
    "by_entry",
    "finish",
    "forfeit",
    "play_round",
    "tables_of",
]
