"""A tournament's standings, computed from its published results.

:func:`~scoring.gather.gather` reads one tournament (see :mod:`scoring.gather` for who
scores what in a published round); :func:`compute` ranks it with the pure
:func:`scoring.standings.compute_standings` and gives one :class:`ComputedRound` per
published round, rows ready to store (``compute(gather(tournament))``: the standings
from scratch). The reading side is re-exported here, where callers import it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.carried import exact_json
from scoring.gather import (
    ROWS_FORMAT,
    TournamentInput,
    final_scores,
    gather,
    number_json,
    settings_json,
)
from scoring.standings import Row, StandingsSettings, compute_standings

__all__ = [
    "ROWS_FORMAT",
    "ComputedRound",
    "TournamentInput",
    "compute",
    "final_scores",
    "gather",
    "number_json",
    "settings_json",
]


@dataclass(frozen=True)
class ComputedRound:
    """The standings after one round, as stored."""

    round: int
    provisional: bool
    pending_tables: int
    tables: int
    tiebreaks: list[str]
    rows: list[dict[str, Any]]
    fingerprint: str


def compute(
    data: TournamentInput, skip: Collection[str] = (), fingerprints: list[str] | None = None
) -> list[ComputedRound]:
    """The standings after every published round (raises ScoringError on bad input),
    except the rounds whose fingerprint is in ``skip`` (already stored: the same input
    gives the same rows, so they are not ranked again; their records are still carried
    forward to the next round)."""
    settings = StandingsSettings.from_json(data.settings)
    fingerprints = fingerprints or data.fingerprints()
    if all(fp in skip for fp in fingerprints):
        return []
    ranked = compute_standings(
        settings,
        data.rounds,
        pending=data.pending,
        start=data.start,
        skip={number for number, fp in enumerate(fingerprints, 1) if fp in skip},
        number=exact_json,
    )
    out = []
    for standings in ranked:
        i = standings.round - 1
        pending = data.pending[i]
        out.append(
            ComputedRound(
                round=data.round_numbers[i],
                provisional=data.pending_tables[i] > 0,
                pending_tables=data.pending_tables[i],
                tables=data.tables[i],
                tiebreaks=list(standings.tiebreaks),
                rows=[_row(row, row.entrant in pending, data.names) for row in standings.rows],
                fingerprint=fingerprints[i],
            )
        )
    return out


def _row(
    row: Row[int | str], pending: bool, names: Mapping[str, tuple[int, str]]
) -> dict[str, Any]:
    """A row as stored: the entry's number and name, exact numbers as JSON."""
    entrant = row.entrant
    start_number, name = names.get(entrant, (0, entrant))
    return {
        "rank": row.rank,
        "entry": int(entrant),
        "number": start_number,
        "name": name,
        "points": row.points,
        "tiebreaks": list(row.tiebreaks),
        "played": row.played,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
        "byes": row.byes,
        "forfeits_won": row.forfeits_won,
        "forfeits_lost": row.forfeits_lost,
        "absences": row.absences,
        "withdrawn": row.withdrawn,
        "pending": pending,
        "places": list(row.places),
    }
