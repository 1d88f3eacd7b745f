"""A season's table from its tournaments' final standings (pure Python; no Django).

Input: for each counted tournament, in the season's order, each player's final points,
final rank (1 = first; shared ranks as the standings share them) and the number of
entrants. A team entry's result is given once per member: every member of a team is
credited with the team's points and place. Output: the season table, one row per
player, best first.

The formulas (``Formula.kind``):

- ``sum``: a player's season points are the sum of their tournament points;
- ``best``: the sum of their ``best`` highest tournament scores (best N of M);
- ``placement``: each tournament gives points by final place from a table the director
  sets (``25, 18, 15, 12, 10, 8, 6, 4, 2, 1`` by default; a place past the table gives
  0). Players sharing a place share the points of the places they cover equally (two
  tied 2nd get (18 + 15) / 2 each), so a tie never creates or loses points. With
  ``best`` set, only a player's ``best`` highest placement scores count.

Every number is exact (:class:`~fractions.Fraction`; the stored standings hold ints or
``"p/q"`` strings). Ties in the season table are broken, in this order, by:

1. more tournaments counted;
2. better results: the places of all the player's tournaments, best first, compared
   one by one (a 1st beats a 2nd; with the same places so far, having one more
   tournament beats having none);
3. otherwise the players share the rank (listed by name).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

SUM = "sum"
BEST = "best"
PLACEMENT = "placement"
KINDS = (SUM, BEST, PLACEMENT)

DEFAULT_PLACE_POINTS: tuple[int, ...] = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
"""The placement table a new season starts with (a director may edit it)."""

_NO_PLACE = 10**9
"""Stands for a tournament a player did not play when results are compared."""


@dataclass(frozen=True)
class Formula:
    kind: str = SUM
    best: int | None = None
    """How many of a player's tournaments count (``None``: all of them)."""
    place_points: tuple[Fraction, ...] = tuple(Fraction(p) for p in DEFAULT_PLACE_POINTS)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown season formula {self.kind!r}")
        if self.kind == BEST and self.best is None:
            raise ValueError("the best-N formula needs N")
        if self.best is not None and self.best < 1:
            raise ValueError("N counts at least one tournament")
        if any(p < 0 for p in self.place_points):
            raise ValueError("points by place are never negative")


@dataclass(frozen=True)
class Placing:
    """One player's final result in one tournament."""

    player: int
    points: Fraction
    rank: int


@dataclass(frozen=True)
class TournamentResult:
    key: int
    entrants: int
    placings: Sequence[Placing]


@dataclass(frozen=True)
class Cell:
    """A player's tournament in the season table."""

    tournament: int
    points: Fraction
    """The tournament points."""
    rank: int
    entrants: int
    season_points: Fraction
    """What the tournament gives in the season (the points, or the place's points)."""
    counted: bool


@dataclass(frozen=True)
class Row:
    rank: int
    player: int
    total: Fraction
    played: int
    counted: int
    cells: tuple[Cell, ...] = field(default=())
    """The player's tournaments, in the season's order."""


def place_points(table: Sequence[Fraction], rank: int, tied: int) -> Fraction:
    """The points of ``tied`` players sharing ``rank``: the places they cover, shared."""
    covered = [table[p - 1] if p <= len(table) else Fraction(0) for p in range(rank, rank + tied)]
    return sum(covered, Fraction(0)) / tied


def _season_points(result: TournamentResult, formula: Formula) -> dict[int, Fraction]:
    if formula.kind != PLACEMENT:
        return {p.player: p.points for p in result.placings}
    sharing: dict[int, int] = {}
    for p in result.placings:
        sharing[p.rank] = sharing.get(p.rank, 0) + 1
    return {
        p.player: place_points(formula.place_points, p.rank, sharing[p.rank])
        for p in result.placings
    }


def _one_each(placings: Sequence[Placing]) -> list[Placing]:
    """A player found twice in one tournament (in two teams) keeps the better result."""
    best: dict[int, Placing] = {}
    for p in placings:
        kept = best.get(p.player)
        if kept is None or (p.rank, -p.points) < (kept.rank, -kept.points):
            best[p.player] = p
    return list(best.values())


def table(
    tournaments: Sequence[TournamentResult],
    formula: Formula,
    names: Mapping[int, str] | None = None,
) -> list[Row]:
    """The season table, best first (``names`` orders players who share a rank)."""
    cells: dict[int, list[Cell]] = {}
    for result in tournaments:
        clean = TournamentResult(result.key, result.entrants, _one_each(result.placings))
        season_points = _season_points(clean, formula)
        for p in clean.placings:
            cells.setdefault(p.player, []).append(
                Cell(result.key, p.points, p.rank, result.entrants, season_points[p.player], False)
            )
    rows = [_row(player, mine, formula) for player, mine in cells.items()]
    names = names or {}
    width = max((r.played for r in rows), default=0)
    merit = {r.player: _merit(r, width) for r in rows}
    rows.sort(key=lambda r: (merit[r.player], names.get(r.player, "").casefold(), r.player))
    ranked: list[Row] = []
    for index, row in enumerate(rows):
        shares = ranked and merit[ranked[-1].player] == merit[row.player]
        rank = ranked[-1].rank if shares else index + 1
        ranked.append(Row(rank, row.player, row.total, row.played, row.counted, row.cells))
    return ranked


def _row(player: int, mine: list[Cell], formula: Formula) -> Row:
    order = {id(c): i for i, c in enumerate(mine)}
    # The counted ones: the highest season points; among equal ones the better place,
    # then the earlier tournament (the total is the same whichever is picked).
    ranked = sorted(mine, key=lambda c: (-c.season_points, c.rank, order[id(c)]))
    keep = len(mine) if formula.best is None else min(formula.best, len(mine))
    counted = {id(c) for c in ranked[:keep]}
    marked = tuple(
        Cell(c.tournament, c.points, c.rank, c.entrants, c.season_points, id(c) in counted)
        for c in mine
    )
    total = sum((c.season_points for c in marked if c.counted), Fraction(0))
    return Row(0, player, total, len(marked), keep, marked)


def _merit(row: Row, width: int) -> tuple[Fraction, int, tuple[int, ...]]:
    """Smaller is better: more points, more tournaments counted, better places (best
    first, one by one; a tournament not played is worse than any place)."""
    places = sorted(c.rank for c in row.cells)
    return (-row.total, -row.counted, tuple(places + [_NO_PLACE] * (width - len(places))))
