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
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import ScoringError, SettingsError, to_fraction, type_name
from .points import PointsSettings, TableResult, outcomes, pairwise_results, table_points
from .tiebreaks import (
    GROUP_TIEBREAKS,
    TIEBREAKS,
    History,
    Kind,
    Record,
    direct_encounter,
    lot_number,
)

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
    "parse_rounds",
    "place_counts",
    "rank",
]

_ZERO = Fraction(0)
DEFAULT_TIEBREAKS = ("buchholz_cut1", "buchholz", "sonneborn_berger", "progressive")
TIEBREAK_NAMES = tuple(sorted(set(TIEBREAKS) | GROUP_TIEBREAKS))


class StandingsError(ScoringError):
    """The rounds do not make a consistent tournament; ``key`` names the place."""


@dataclass(frozen=True)
class StandingsSettings:
    """Points method, tiebreaks in order, the seed for the lot, late-entry credit."""

    points: PointsSettings = field(default_factory=PointsSettings)
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    seed: int = 0
    late_entry_points: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for i, name in enumerate(self.tiebreaks):
            if name not in TIEBREAK_NAMES:
                raise SettingsError(
                    f"tiebreaks[{i}]",
                    f"unknown tiebreak {name!r} (one of: {', '.join(TIEBREAK_NAMES)})",
                )
            if name in self.tiebreaks[:i]:
                raise SettingsError(f"tiebreaks[{i}]", f"{name!r} is listed twice")
            if name == "lot" and i != len(self.tiebreaks) - 1:
                raise SettingsError(f"tiebreaks[{i}]", "'lot' can only come last")

    @classmethod
    def from_json(cls, data: object) -> StandingsSettings:
        if not isinstance(data, dict):
            raise SettingsError("", f"the settings must be an object, not {type_name(data)}")
        allowed = ("points", "tiebreaks", "seed", "late_entry_points")
        for key in sorted(data):
            if key not in allowed:
                raise SettingsError(key, f"unknown setting (allowed: {', '.join(allowed)})")
        kwargs: dict[str, Any] = {}
        if "points" in data:
            kwargs["points"] = PointsSettings.from_json(data["points"], "points")
        if "tiebreaks" in data:
            names = data["tiebreaks"]
            if not isinstance(names, list):
                raise SettingsError("tiebreaks", f"must be a list, not {type_name(names)}")
            for i, name in enumerate(names):
                if not isinstance(name, str):
                    raise SettingsError(f"tiebreaks[{i}]", f"must be a name, not {type_name(name)}")
            kwargs["tiebreaks"] = tuple(names)
        if "seed" in data:
            seed = data["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise SettingsError("seed", f"must be a whole number, not {type_name(seed)}")
            kwargs["seed"] = seed
        if "late_entry_points" in data:
            kwargs["late_entry_points"] = to_fraction(
                data["late_entry_points"], "late_entry_points", SettingsError
            )
        return cls(**kwargs)


@dataclass(frozen=True)
class RoundResults:
    """One round: its table results, byes, announced absences and withdrawals."""

    tables: tuple[TableResult, ...] = ()
    byes: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: object, key: str = "") -> RoundResults:
        """``{"tables": [TableResult JSON...], "byes": [...], "absent": [...],
        "withdrawn": [...]}``, every key optional."""

        def at(name: str) -> str:
            return f"{key}.{name}" if key else name

        if not isinstance(data, dict):
            raise StandingsError(key, f"must be an object, not {type_name(data)}")
        allowed = ("tables", "byes", "absent", "withdrawn")
        lists: dict[str, list[Any]] = {}
        for name in sorted(data):
            if name not in allowed:
                raise StandingsError(at(name), f"unknown field (allowed: {', '.join(allowed)})")
        for name in allowed:
            value = data.get(name, [])
            if not isinstance(value, list):
                raise StandingsError(at(name), f"must be a list, not {type_name(value)}")
            lists[name] = value
        for name in ("byes", "absent", "withdrawn"):
            for i, v in enumerate(lists[name]):
                if not isinstance(v, str) or not v:
                    raise StandingsError(at(f"{name}[{i}]"), "must be a non-empty string id")
        tables = tuple(
            TableResult.from_json(t, at(f"tables[{i}]")) for i, t in enumerate(lists["tables"])
        )
        return cls(tables, tuple(lists["byes"]), tuple(lists["absent"]), tuple(lists["withdrawn"]))


def parse_rounds(data: object) -> list[RoundResults]:
    """A JSON list of rounds (see :meth:`RoundResults.from_json`)."""
    if not isinstance(data, list):
        raise StandingsError("rounds", f"must be a list, not {type_name(data)}")
    return [RoundResults.from_json(r, f"rounds[{i}]") for i, r in enumerate(data)]


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


# ------------------------------------------------------------------------------ records


def _round_records(settings: StandingsSettings, rnd: RoundResults, key: str) -> dict[str, Record]:
    """Each entrant's record of this round (withdrawals excluded: the caller adds them)."""
    out: dict[str, Record] = {}
    # A bye stands for a game against as many opponents as the round's biggest table
    # gives one entrant (partners are not opponents).
    virtual = max((_opponent_count(t) for t in rnd.tables), default=1)
    points_settings = settings.points

    def put(entrant: str, record: Record, path: str) -> None:
        if entrant in out or entrant in rnd.withdrawn:
            raise StandingsError(path, f"{entrant!r} appears twice in this round")
        out[entrant] = record

    for j, table in enumerate(rnd.tables):
        path = f"{key}.tables[{j}]"
        try:
            pts = table_points(points_settings, table)
        except ScoringError as exc:
            raise StandingsError(f"{path}.{exc.key}", exc.message) from None
        if table.forfeit:
            for i, (entrant, p) in enumerate(zip(table.entrants, pts, strict=True)):
                kind: Kind = "forfeit_loss" if entrant in table.forfeited else "forfeit_win"
                put(entrant, Record(kind, p, virtual_opponents=virtual), f"{path}.entrants[{i}]")
            continue
        # Everything is decided between sides: partners share a result and are not
        # each other's opponents.
        scores = table.side_scores
        side = table.side_index
        shares = pairwise_results(scores)
        results = outcomes(scores)
        n = len(scores)
        places = [1 + sum(1 for other in scores if other > mine) for mine in scores]
        margins: tuple[Fraction, ...]
        if n == 2:
            a, b = scores
            margins = (a - b, b - a) if a != b else (_ZERO, _ZERO)
        else:
            total = sum(scores, _ZERO)
            margins = tuple(s - (total - s) / (n - 1) for s in scores)
        for i, entrant in enumerate(table.entrants):
            mine = side[i]
            others = tuple(k for k in range(len(side)) if side[k] != mine)
            record = Record(
                "game",
                pts[i],
                opponents=tuple(table.entrants[k] for k in others),
                results=tuple(shares[mine][side[k]] for k in others),
                game_score=scores[mine],
                margin=margins[mine],
                outcome=results[mine],
                place=places[mine],
            )
            put(entrant, record, f"{path}.entrants[{i}]")
    for i, entrant in enumerate(rnd.byes):
        put(
            entrant,
            Record("bye", points_settings.bye, virtual_opponents=virtual),
            f"{key}.byes[{i}]",
        )
    for i, entrant in enumerate(rnd.absent):
        record = Record("absent", points_settings.absence_points, virtual_opponents=virtual)
        put(entrant, record, f"{key}.absent[{i}]")
    return out


def _opponent_count(table: TableResult) -> int:
    """How many opponents the entrant with the fewest partners meets at ``table``."""
    sides = table.sides
    return len(sides) - min(sides.count(side) for side in table.side_order)


def build_histories(
    settings: StandingsSettings, rounds: Sequence[RoundResults]
) -> list[tuple[History, set[str]]]:
    """The :class:`History` after each round, and who has withdrawn by then."""
    records: dict[str, list[Record]] = {}
    withdrawn: set[str] = set()
    late = Record("not_entered", settings.late_entry_points)
    gone = Record("withdrawn")
    out = []
    for r, rnd in enumerate(rounds):
        key = f"rounds[{r}]"
        this = _round_records(settings, rnd, key)
        for i, entrant in enumerate(rnd.withdrawn):
            path = f"{key}.withdrawn[{i}]"
            if entrant not in records:
                raise StandingsError(path, f"{entrant!r} has not entered the tournament")
            if entrant in withdrawn:
                raise StandingsError(path, f"{entrant!r} had already withdrawn")
            if rnd.withdrawn.index(entrant) != i:
                raise StandingsError(path, f"{entrant!r} is listed twice")
            withdrawn.add(entrant)
        for entrant in this:
            if entrant in withdrawn:
                raise StandingsError(key, f"{entrant!r} withdrew and cannot play again")
            if entrant not in records:
                records[entrant] = [late] * r
        for entrant, history in records.items():
            if entrant in withdrawn:
                history.append(gone)
            elif entrant in this:
                history.append(this[entrant])
            else:
                raise StandingsError(
                    key,
                    f"{entrant!r} is not in this round: seat it, or list it under "
                    "byes, absent or withdrawn",
                )
        history_now = History(
            {e: tuple(h) for e, h in records.items()}, settings.seed, validate=False
        )
        out.append((history_now, set(withdrawn)))
    return out


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
