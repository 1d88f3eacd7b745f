"""Helpers for the standings tests: a tournament of guests, rounds paired and
published through the services, tables finished with score-sheet tallies."""

from __future__ import annotations

import uuid
from typing import Any

from tests.support.factories import director_of, enter_guests, make_club, make_tournament
from tournaments.models import Entry, Forfeit, Round, Table, Tournament
from tournaments.services import event_store
from tournaments.services import rounds as round_service
from tournaments.services import sheets as sheet_service


def german_whist_cup(count: int, settings: dict[str, Any] | None = None) -> tuple[Any, ...]:
    """A Swiss of ``count`` checked-in guests (German whist, one deal, real cards)."""
    club = make_club()
    director = director_of(club)
    tournament = make_tournament(
        club, director, {"rounds_planned": 5, "mode": "physical", **(settings or {})}
    )
    tournament.status = Tournament.Status.OPEN
    tournament.save(update_fields=["status"])
    entries = enter_guests(tournament, director, count)
    return club, director, tournament, entries


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
    event_store.append_event(
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
    "director_of",
    "finish",
    "forfeit",
    "german_whist_cup",
    "play_round",
    "tables_of",
]
