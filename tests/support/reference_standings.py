"""REFERENCE COPY (tests only) of scoring/standings.py as it was before the standings were
carried forward round by round (issue 17): the oracle the new computation is compared
with. Do not optimise.

Standings after every round (pure Python; no Django).

:func:`compute_standings` takes the tournament's :class:`StandingsSettings` and its
rounds so far (each a :class:`RoundResults`: table results, byes, announced absences and
withdrawals) and returns one :class:`Standings` per round: every entrant ranked by
tournament points, then by the configured tiebreaks in order (see
:mod:`scoring.tiebreaks`), then by lot from the tournament's seed.

**Ranks are never shared.** Ties left after the last configured tiebreak are broken by
lot (:func:`scoring.tiebreaks.lot_number`; then the whole sha256 digest, then the id), so
``rank`` runs 1, 2, 3 ... with no gaps, and the same input always gives the same order.
A page that wants to show a shared rank can compare ``points`` and ``tiebreaks`` of
neighbouring rows itself.

**Who is in a round.** Every entrant in the standings must be accounted for in every
round: at a table, on a bye, in ``absent`` (an announced absence: ``absence_points``, an
unplayed round), or in ``withdrawn`` (withdrew before this round). A withdrawn entrant
stays in the standings with the points it had (its row says ``withdrawn``) and must not
appear again; its later rounds are *absent*, not byes (no virtual opponent). An id seen
for the first time after round 1 is a *late entry*: it is credited
``late_entry_points`` for every round it missed (default 0), and those rounds are not
rounds played either. An entrant missing from a round without being listed is an error:
a forgotten result should not silently become a zero.

Settings, as JSON::

    {"points": {"method": "win_draw_loss", "win": 2, "draw": 1, "loss": 0},
     "tiebreaks": ["buchholz_cut1", "buchholz", "sonneborn_berger", "progressive"],
     "seed": 0, "late_entry_points": 0}

``points`` is :class:`scoring.points.PointsSettings`; every key is optional and the
values above are the defaults.

**Where the code lives.** :mod:`.standings_input` holds the settings and the rounds'
input, :mod:`.round_records` turns the rounds into tiebreak histories; this module ranks
and builds the rows, and re-exports the rest, where callers import it.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.standings_input import (
    DEFAULT_TIEBREAKS,
    TIEBREAK_NAMES,
    RoundResults,
    StandingsError,
    StandingsSettings,
)
from scoring.tiebreaks import GROUP_TIEBREAKS, Record, lot_number
from tests.support.reference_round_records import build_histories
from tests.support.reference_tiebreaks import TIEBREAK_FUNCTIONS as TIEBREAKS
from tests.support.reference_tiebreaks import History, direct_encounter

__all__ = [
    "DEFAULT_TIEBREAKS",
    "TIEBREAK_NAMES",
    "RoundResults",
    "Row",
    "Standings",
    "StandingsError",
    "StandingsSettings",
    "build_histories",
    "compute_standings",
    "place_counts",
    "rank",
]

_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Row:
    """One entrant's line in the standings."""

    rank: int
    entrant: str
    points: Fraction
    tiebreaks: tuple[Fraction, ...]
    """The values of the configured tiebreaks, in the settings' order."""
    played: int
    wins: int
    draws: int
    losses: int
    byes: int = 0
    forfeits_won: int = 0
    forfeits_lost: int = 0
    absences: int = 0
    withdrawn: bool = False
    places: tuple[int, ...] = ()
    """How many games the entrant finished in each place at its table: ``places[0]``
    firsts, ``places[1]`` seconds, ... (shared places count as the best place shared);
    as long as the largest place reached."""


@dataclass(frozen=True)
class Standings:
    """The standings after ``round`` (1-based); ``rows`` best first."""

    round: int
    tiebreaks: tuple[str, ...]
    rows: tuple[Row, ...]

    def row(self, entrant: str) -> Row:
        for r in self.rows:
            if r.entrant == entrant:
                return r
        raise KeyError(entrant)


# ------------------------------------------------------------------------------ ranking


def _digest(seed: int, entrant: str) -> bytes:
    return hashlib.sha256(f"{seed}\x1f{entrant}".encode()).digest()


def rank(history: History, tiebreaks: Sequence[str]) -> list[tuple[str, tuple[Fraction, ...]]]:
    """Entrants best first, each with its tiebreak values (in ``tiebreaks`` order).

    Order: points, then each tiebreak in turn (higher is better for all of them), then the
    lot (the 64-bit number, then the whole digest, then the id). A group tiebreak
    (``direct_encounter``) is computed within each group of entrants still equal on
    everything before it."""
    entrants = list(history.records)
    values: dict[str, dict[str, Fraction]] = {
        name: TIEBREAKS[name](history) for name in tiebreaks if name in TIEBREAKS
    }
    # Sort on integers: each column scaled by its least common denominator (exact, and
    # comparing ints is many times faster than comparing Fractions).
    ints = {name: _as_ints(column) for name, column in values.items()}
    points = _as_ints(history.scores)
    group_at = next((i for i, n in enumerate(tiebreaks) if n in GROUP_TIEBREAKS), None)
    if group_at is not None:
        before = tiebreaks[:group_at]
        prefix = {e: (points[e], *(ints[n][e] for n in before)) for e in entrants}
        entrants.sort(key=prefix.__getitem__, reverse=True)
        group_values: dict[str, Fraction] = {}
        start = 0
        while start < len(entrants):
            end = start + 1
            head = prefix[entrants[start]]
            while end < len(entrants) and prefix[entrants[end]] == head:
                end += 1
            group = entrants[start:end]
            if len(group) > 1:
                group_values.update(direct_encounter(history, group))
            else:
                group_values[group[0]] = _ZERO
            start = end
        values[tiebreaks[group_at]] = group_values
        ints[tiebreaks[group_at]] = _as_ints(group_values)

    seed = history.seed
    columns = [points, *(ints[n] for n in tiebreaks)]
    keys = {
        e: (*(c[e] for c in columns), lot_number(seed, e), _digest(seed, e), e) for e in entrants
    }
    entrants.sort(key=keys.__getitem__, reverse=True)
    return [(e, tuple(values[n][e] for n in tiebreaks)) for e in entrants]


def _as_ints(column: Mapping[str, Fraction]) -> dict[str, int]:
    d = 1
    for v in column.values():
        q = v.denominator
        if q != 1 and d % q:
            d = d * q // math.gcd(d, q)
    return {e: v.numerator * (d // v.denominator) for e, v in column.items()}


def _row(
    position: int, entrant: str, tbs: tuple[Fraction, ...], history: History, out: bool
) -> Row:
    counts = {
        "win": 0,
        "draw": 0,
        "loss": 0,
        "bye": 0,
        "forfeit_win": 0,
        "forfeit_loss": 0,
        "absent": 0,
    }
    for record in history.records[entrant]:
        kind = record.outcome or record.kind
        if kind in counts:
            counts[kind] += 1
    return Row(
        places=place_counts(history.records[entrant]),
        rank=position,
        entrant=entrant,
        points=history.scores[entrant],
        tiebreaks=tbs,
        played=counts["win"] + counts["draw"] + counts["loss"],
        wins=counts["win"],
        draws=counts["draw"],
        losses=counts["loss"],
        byes=counts["bye"],
        forfeits_won=counts["forfeit_win"],
        forfeits_lost=counts["forfeit_loss"],
        absences=counts["absent"],
        withdrawn=out,
    )


def place_counts(records: Sequence[Record]) -> tuple[int, ...]:
    """How many games of ``records`` ended in 1st, 2nd, ... place at the table."""
    counts: list[int] = []
    for record in records:
        if record.kind == "game" and record.place:
            while len(counts) < record.place:
                counts.append(0)
            counts[record.place - 1] += 1
    return tuple(counts)


def compute_standings(
    settings: StandingsSettings | Mapping[str, Any], rounds: Sequence[RoundResults]
) -> list[Standings]:
    """The standings after each of ``rounds`` (settings may be given as JSON)."""
    if not isinstance(settings, StandingsSettings):
        settings = StandingsSettings.from_json(dict(settings))
    result = []
    for number, (history, withdrawn) in enumerate(build_histories(settings, rounds), 1):
        ranked = rank(history, settings.tiebreaks)
        rows = tuple(
            _row(i, e, tbs, history, e in withdrawn) for i, (e, tbs) in enumerate(ranked, 1)
        )
        result.append(Standings(number, settings.tiebreaks, rows))
    return result
