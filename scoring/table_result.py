"""One table's result, and how the game scores at a table compare (pure Python; no Django).

:class:`TableResult` is what one table reports for one round (see :mod:`.points`);
:func:`pairwise_results`, :func:`outcomes` and :func:`placement_points` compare the
game scores at a table exactly (as integers over a common denominator).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from .errors import ResultError, to_fraction

__all__ = ["TableResult", "outcomes", "pairwise_results", "placement_points"]


@dataclass(frozen=True)
class TableResult:
    """One table's result for one round.

    ``entrants`` are ids in seat (or side) order; ``scores`` their game scores in the same
    order. ``forfeited`` names the entrants who forfeited (did not play, or conceded):
    when it is not empty the game counts as not played for everyone at the table, and
    ``scores`` may be empty. Numbers are converted to :class:`Fraction`.

    ``sides`` says who played together: entrants with the same side number were partners
    (a whist drive seats four individuals as two partnerships) and must have the same
    score. Points, outcomes and opponents are then those of the sides: partners who won
    both *win*, and a partner is never an opponent. Left out, every entrant is a side of
    its own.
    """

    entrants: tuple[str, ...]
    scores: tuple[Fraction, ...] = ()
    forfeited: frozenset[str] = field(default_factory=frozenset)
    sides: tuple[int, ...] = ()
    # Derived in __post_init__ (the standings read them for every table of every round):
    partners: bool = field(init=False, repr=False, compare=False)
    """True when some entrants share a side."""
    side_order: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The side numbers in the order they first sit at the table."""
    side_scores: tuple[Fraction, ...] = field(init=False, repr=False, compare=False)
    """One game score per side, in :attr:`side_order` (empty after a forfeit)."""
    side_index: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """For each entrant, the index of its side in :attr:`side_order`."""

    def __post_init__(self) -> None:
        entrants = tuple(self.entrants)
        if len(entrants) < 2:
            raise ResultError("entrants", f"a table needs at least 2 entrants, not {len(entrants)}")
        for i, entrant in enumerate(entrants):
            if not isinstance(entrant, str) or not entrant:
                raise ResultError(f"entrants[{i}]", "must be a non-empty string id")
            if entrant in entrants[:i]:
                raise ResultError(f"entrants[{i}]", f"{entrant!r} sits at the table twice")
        forfeited = frozenset(self.forfeited)
        for entrant in sorted(forfeited - set(entrants)):
            raise ResultError("forfeited", f"{entrant!r} is not at this table")
        scores = tuple(
            to_fraction(s, f"scores[{i}]", ResultError) for i, s in enumerate(self.scores)
        )
        if (scores or not forfeited) and len(scores) != len(entrants):
            raise ResultError(
                "scores",
                f"{len(entrants)} entrants need {len(entrants)} scores, not {len(scores)}",
            )
        sides = tuple(self.sides) or tuple(range(len(entrants)))
        if len(sides) != len(entrants):
            raise ResultError(
                "sides", f"{len(entrants)} entrants need {len(entrants)} sides, not {len(sides)}"
            )
        for i, side in enumerate(sides):
            if isinstance(side, bool) or not isinstance(side, int) or side < 0:
                raise ResultError(f"sides[{i}]", "must be a side number (0, 1, ...)")
        if len(set(sides)) < 2:
            raise ResultError("sides", "a table needs at least 2 sides")
        if scores and len(set(sides)) < len(sides):
            for i, side in enumerate(sides):
                first = sides.index(side)
                if scores[i] != scores[first]:
                    raise ResultError(
                        f"scores[{i}]",
                        f"{entrants[i]!r} and {entrants[first]!r} are partners "
                        "and share their side's score",
                    )
        object.__setattr__(self, "entrants", entrants)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "forfeited", forfeited)
        object.__setattr__(self, "sides", sides)
        partners = len(set(sides)) < len(sides)
        order = tuple(dict.fromkeys(sides)) if partners else sides
        object.__setattr__(self, "partners", partners)
        object.__setattr__(self, "side_order", order)
        if partners:
            place = {side: k for k, side in enumerate(order)}
            index = tuple(place[side] for side in sides)
            side_scores = tuple(scores[sides.index(side)] for side in order) if scores else ()
        else:
            index, side_scores = tuple(range(len(sides))), scores
        object.__setattr__(self, "side_index", index)
        object.__setattr__(self, "side_scores", side_scores)

    @property
    def forfeit(self) -> bool:
        """True when someone forfeited: the game counts as not played."""
        return bool(self.forfeited)


_ZERO, _HALF, _ONE = Fraction(0), Fraction(1, 2), Fraction(1)


def _as_ints(scores: Sequence[Fraction]) -> list[int]:
    """The scores scaled by their least common denominator: same order, fast to compare."""
    d = 1
    for v in scores:
        q = v.denominator
        if q != 1 and d % q:
            d = d * q // math.gcd(d, q)
    return [v.numerator * (d // v.denominator) for v in scores]


def pairwise_results(scores: Sequence[Fraction]) -> list[list[Fraction]]:
    """``r[i][j]`` = the share of the game entrant ``i`` took from ``j``: 1 if ``i``'s game
    score is higher, ½ if equal, 0 if lower (``r[i][i]`` is 0, unused)."""
    ints = _as_ints(scores)
    return [
        [
            _ZERO if i == j else (_ONE if a > b else _HALF if a == b else _ZERO)
            for j, b in enumerate(ints)
        ]
        for i, a in enumerate(ints)
    ]


def outcomes(scores: Sequence[Fraction]) -> list[Literal["win", "draw", "loss"]]:
    """Each seat's outcome: ``win`` = the best score alone, ``draw`` = the best score
    shared, ``loss`` = anything lower (at a table of two, the usual meaning)."""
    ints = _as_ints(scores)
    best = max(ints)
    tied = ints.count(best)
    return [("win" if tied == 1 else "draw") if s == best else "loss" for s in ints]


def placement_points(scores: Sequence[Fraction], places: Sequence[Fraction]) -> list[Fraction]:
    """Points by place (``places[0]`` for the best score); tied entrants share the average
    of the places they cover. ``places`` must have at least ``len(scores)`` entries."""
    if len(places) < len(scores):
        raise ResultError(
            "entrants", f"{len(places)} placement points cannot rank a table of {len(scores)}"
        )
    ints = _as_ints(scores)
    order = sorted(range(len(ints)), key=lambda i: -ints[i])
    result = [_ZERO] * len(ints)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and ints[order[end + 1]] == ints[order[start]]:
            end += 1
        share = (
            places[start]
            if end == start
            else Fraction(sum(places[start : end + 1], _ZERO), end - start + 1)
        )
        for k in range(start, end + 1):
            result[order[k]] = share
        start = end + 1
    return result
