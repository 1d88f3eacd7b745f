"""Standings after every round (pure Python; no Django).

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
input, :mod:`.round_records` turns each round into one record per entrant,
:mod:`.carried` carries every entrant's totals forward round by round and ranks each
round from them (each round is read once: the cost grows linearly with the rounds);
this module builds the rows, and re-exports the rest, where callers import it. What
each tiebreak means is in :mod:`scoring.tiebreaks`; the tests compare the carried
computation with a ranking built on those definitions written as plain functions
(``tests/support/reference_tiebreaks.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from .carried import Carried, Totals, column_values
from .collector import collector_paused
from .round_records import records_by_round
from .standings_input import (
    DEFAULT_TIEBREAKS,
    TIEBREAK_NAMES,
    RoundResults,
    StandingsError,
    StandingsSettings,
)
from .tiebreaks import Record

__all__ = [
    "DEFAULT_TIEBREAKS",
    "TIEBREAK_NAMES",
    "RoundResults",
    "Row",
    "Standings",
    "StandingsError",
    "StandingsSettings",
    "compute_standings",
]


N = TypeVar("N")
"""How a row's exact numbers are written: Fractions, or JSON for the stored rows."""


@dataclass(frozen=True, slots=True)
class Row(Generic[N]):
    """One entrant's line in the standings."""

    rank: int
    entrant: str
    points: N
    tiebreaks: tuple[N, ...]
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
class Standings(Generic[N]):
    """The standings after ``round`` (1-based); ``rows`` best first."""

    round: int
    tiebreaks: tuple[str, ...]
    rows: tuple[Row[N], ...]

    def row(self, entrant: str) -> Row[N]:
        for r in self.rows:
            if r.entrant == entrant:
                return r
        raise KeyError(entrant)


def _row(
    position: int,
    entrant: str,
    points: N,
    tbs: tuple[N, ...],
    totals: Totals,
    out: bool,
) -> Row[N]:
    counts = totals.counts
    return Row(
        places=tuple(totals.places),
        rank=position,
        entrant=entrant,
        points=points,
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


def compute_standings(
    settings: StandingsSettings | Mapping[str, Any],
    rounds: Sequence[RoundResults],
    *,
    pending: Sequence[Collection[str]] = (),
    start: Mapping[str, Fraction] | None = None,
    skip: Collection[int] = (),
    number: Callable[[int, int], Any] = Fraction,
) -> list[Standings[Any]]:
    """The standings after each of ``rounds`` (settings may be given as JSON).

    A tournament in play (:func:`scoring.results.compute`, which stores them) gives
    more: ``pending``, per round, the entrants whose table is not counted yet (an empty
    record: no points, no opponent, not a round played); ``start``, late entries' start
    credit, credited once on their first not-entered round; ``skip``, the rounds
    (1-based) not to rank, stored already (their records are still carried forward);
    ``number(numerator, denominator)`` writes the rows' exact numbers (Fractions; the
    stored rows' JSON, :func:`scoring.carried.exact_json`, makes no Fraction).

    Each round is read once: the totals are carried forward (:mod:`.carried`) and each
    round ranked from its own totals (points, each tiebreak in turn, then the lot)."""
    if not isinstance(settings, StandingsSettings):
        settings = StandingsSettings.from_json(dict(settings))
    adjusted = _adjusted(settings, rounds, pending, dict(start or {}))
    # Every row made lives to the end: the collector's passes over them would grow with
    # the rounds (measured: 18 rounds cost 2.5 x 9 with it, 1.9 x without).
    with collector_paused():
        return _compute(settings, adjusted, skip, number)


_NOT_COUNTED = Record("not_entered")

Adjusted = tuple[dict[str, Record], dict[str, tuple[Record, ...]], frozenset[str]]


def _adjusted(
    settings: StandingsSettings,
    rounds: Sequence[RoundResults],
    pending: Sequence[Collection[str]],
    uncredited: dict[str, Fraction],
) -> Iterator[Adjusted]:
    """The records round by round, with a tournament in play's two adjustments: tables
    not counted yet give an empty record, and a late entry's start score is credited on
    its first not-entered round."""
    for i, (records, backfill, withdrawn) in enumerate(records_by_round(settings, rounds)):
        if i < len(pending) and pending[i]:
            records = dict(records)
            for e in pending[i]:
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


def _compute(
    settings: StandingsSettings,
    adjusted: Iterable[Adjusted],
    skip: Collection[int],
    number: Callable[[int, int], N],
) -> list[Standings[N]]:
    carried = Carried(settings.seed)
    result = []
    for n, (records, backfill, withdrawn) in enumerate(adjusted, 1):
        carried.add(records, backfill)
        if n in skip:
            continue
        order, columns = carried.ranking(settings.tiebreaks)
        points, *tiebreaks = (column_values(c, number) for c in columns)
        totals = carried.totals
        rows = tuple(
            _row(i, e, points[e], tuple(c[e] for c in tiebreaks), totals[e], e in withdrawn)
            for i, e in enumerate(order, 1)
        )
        result.append(Standings(n, settings.tiebreaks, rows))
    return result
