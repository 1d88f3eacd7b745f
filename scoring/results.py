"""A tournament's standings, computed from its published results.

:func:`~scoring.gather.gather` reads one tournament (see :mod:`scoring.gather` for who
scores what in a published round); :func:`compute` ranks it with the pure
:mod:`scoring.standings` and gives one :class:`ComputedRound` per published round,
rows ready to store; :func:`standings_of` does both. The reading side is re-exported
here, where callers import it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.carried import Carried, Totals, column_values, exact_json
from scoring.gather import (
    ROWS_FORMAT,
    TournamentInput,
    final_scores,
    gather,
    number_json,
    settings_json,
)
from scoring.round_records import records_by_round
from scoring.standings import StandingsSettings
from scoring.tiebreaks import Record
from tournaments.models import Tournament

__all__ = [
    "ROWS_FORMAT",
    "ComputedRound",
    "TournamentInput",
    "compute",
    "final_scores",
    "gather",
    "number_json",
    "settings_json",
    "standings_of",
]

_NOT_COUNTED = Record("not_entered")


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


def _adjusted(
    settings: StandingsSettings, data: TournamentInput
) -> Iterator[tuple[dict[str, Record], dict[str, tuple[Record, ...]], frozenset[str]]]:
    """The pure module's records round by round, with this module's two adjustments:
    tables not counted yet give an empty record, and a late entry's start score is
    credited on its first not-entered round."""
    uncredited = dict(data.start)
    for i, (records, backfill, withdrawn) in enumerate(records_by_round(settings, data.rounds)):
        if data.pending[i]:
            records = dict(records)
            for e in data.pending[i]:
                records[e] = _NOT_COUNTED
        if uncredited:
            backfill = {e: _credited(rs, uncredited, e) for e, rs in backfill.items()}
            records = {
                e: _credited((r,), uncredited, e)[0] if e in uncredited else r
                for e, r in records.items()
            }
        yield records, backfill, withdrawn


def _credited(
    records: tuple[Record, ...], uncredited: dict[str, Fraction], entrant: str
) -> tuple[Record, ...]:
    """``records`` with the entrant's start credit on the first not-entered one (once)."""
    if entrant not in uncredited:
        return records
    for k, record in enumerate(records):
        if record.kind == "not_entered":
            credit = Record("not_entered", uncredited.pop(entrant))
            return (*records[:k], credit, *records[k + 1 :])
    return records


def _row(
    position: int,
    entrant: str,
    points: int | str,
    tbs: list[int | str],
    totals: Totals,
    withdrawn: bool,
    pending: bool,
    names: Mapping[str, tuple[int, str]],
) -> dict[str, Any]:
    counts = totals.counts
    number, name = names.get(entrant, (0, entrant))
    return {
        "rank": position,
        "entry": int(entrant),
        "number": number,
        "name": name,
        "points": points,
        "tiebreaks": tbs,
        "played": counts["win"] + counts["draw"] + counts["loss"],
        "wins": counts["win"],
        "draws": counts["draw"],
        "losses": counts["loss"],
        "byes": counts["bye"],
        "forfeits_won": counts["forfeit_win"],
        "forfeits_lost": counts["forfeit_loss"],
        "absences": counts["absent"],
        "withdrawn": withdrawn,
        "pending": pending,
        "places": list(totals.places),
    }


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
    carried = Carried(settings.seed)
    out = []
    for i, (records, backfill, withdrawn) in enumerate(_adjusted(settings, data)):
        carried.add(records, backfill)
        if fingerprints[i] in skip:
            continue
        order, columns = carried.ranking(settings.tiebreaks)
        points, *tiebreaks = (column_values(c, exact_json) for c in columns)
        pending = data.pending[i]
        totals = carried.totals
        rows = [
            _row(
                k,
                e,
                points[e],
                [c[e] for c in tiebreaks],
                totals[e],
                e in withdrawn,
                e in pending,
                data.names,
            )
            for k, e in enumerate(order, 1)
        ]
        out.append(
            ComputedRound(
                round=data.round_numbers[i],
                provisional=data.pending_tables[i] > 0,
                pending_tables=data.pending_tables[i],
                tables=data.tables[i],
                tiebreaks=list(settings.tiebreaks),
                rows=rows,
                fingerprint=fingerprints[i],
            )
        )
    return out


def standings_of(tournament: Tournament) -> list[ComputedRound]:
    """Gather and compute: the standings from scratch, nothing stored."""
    return compute(gather(tournament))
