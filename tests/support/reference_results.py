"""REFERENCE COPY (tests only) of scoring/results.py before issue 17 (the Django path's
ranking, from scratch for every round): the oracle for scoring.results.compute.

A tournament's standings, computed from its published results.

:func:`~scoring.gather.gather` reads one tournament (see :mod:`scoring.gather` for who
scores what in a published round); :func:`compute` ranks it with the pure
:mod:`scoring.standings` and gives one :class:`ComputedRound` per published round,
rows ready to store; :func:`standings_of` does both. The reading side is re-exported
here, where callers import it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.gather import (
    ROWS_FORMAT,
    TournamentInput,
    final_scores,
    gather,
    number_json,
    settings_json,
)
from scoring.standings_input import StandingsSettings
from scoring.tiebreaks import Record
from tests.support.reference_round_records import build_histories
from tests.support.reference_standings import place_counts, rank
from tests.support.reference_tiebreaks import History
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


def _histories(
    settings: StandingsSettings, data: TournamentInput
) -> list[tuple[History, set[str]]]:
    """The pure module's histories, with this module's two adjustments: tables not
    counted yet give an empty record, and a late entry's start score is credited on its
    first not-entered round."""
    built = build_histories(settings, data.rounds)
    if not built:
        return built
    adjust = bool(data.start) or any(data.pending)
    if not adjust:
        return built
    final = {e: list(recs) for e, recs in built[-1][0].records.items()}
    for i, entrants in enumerate(data.pending):
        for e in entrants:
            final[e][i] = _NOT_COUNTED
    for e, credit in data.start.items():
        records = final[e]
        k = next(k for k, r in enumerate(records) if r.kind == "not_entered")
        records[k] = Record("not_entered", credit)
    out = []
    for r, (history, withdrawn) in enumerate(built, 1):
        records = {e: tuple(final[e][:r]) for e in history.records}
        out.append((History(records, settings.seed, validate=False), withdrawn))
    return out


def _row(
    position: int,
    entrant: str,
    tbs: tuple[Fraction, ...],
    history: History,
    withdrawn: bool,
    pending: bool,
    names: Mapping[str, tuple[int, str]],
) -> dict[str, Any]:
    counts = dict.fromkeys(
        ("win", "draw", "loss", "bye", "forfeit_win", "forfeit_loss", "absent"), 0
    )
    for record in history.records[entrant]:
        kind = record.outcome or record.kind
        if kind in counts:
            counts[kind] += 1
    number, name = names.get(entrant, (0, entrant))
    return {
        "rank": position,
        "entry": int(entrant),
        "number": number,
        "name": name,
        "points": number_json(history.scores[entrant]),
        "tiebreaks": [number_json(v) for v in tbs],
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
        "places": list(place_counts(history.records[entrant])),
    }


def compute(
    data: TournamentInput, skip: Collection[str] = (), fingerprints: list[str] | None = None
) -> list[ComputedRound]:
    """The standings after every published round (raises ScoringError on bad input),
    except the rounds whose fingerprint is in ``skip`` (already stored: the same input
    gives the same rows, so they are not ranked again)."""
    settings = StandingsSettings.from_json(data.settings)
    fingerprints = fingerprints or data.fingerprints()
    if all(fp in skip for fp in fingerprints):
        return []
    out = []
    for i, (history, withdrawn) in enumerate(_histories(settings, data)):
        if fingerprints[i] in skip:
            continue
        ranked = rank(history, settings.tiebreaks)
        pending = data.pending[i]
        rows = [
            _row(k, e, tbs, history, e in withdrawn, e in pending, data.names)
            for k, (e, tbs) in enumerate(ranked, 1)
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
