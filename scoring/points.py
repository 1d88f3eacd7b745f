"""Tournament points from one table's result (pure Python; no Django).

A *table result* (:class:`TableResult`) is what one table reports for one round: the
entrants in seat (or side) order, each one's game score, and which of them forfeited.
:func:`table_points` turns it into tournament points, one per entrant in the same order,
by the method a :class:`PointsSettings` names:

``win_draw_loss`` (head-to-head only)
    ``win`` / ``draw`` / ``loss`` points (default 2 / 1 / 0) by comparing the two game
    scores. Chess-style 1 / ½ / 0 and MTG-style 3 / 1 / 0 are a setting away.
``placement`` (any table of 2 or more)
    Points by place at the table, best game score first. Entrants tied on game score
    share the *average* of the places they cover (two tied for 2nd of [3, 1, 0] get
    ``(1 + 0) / 2 = ½`` each), so a table always hands out the same total. The default,
    when ``placement_points`` is not set, gives a table of ``n`` seats ``n-1, n-2, ..., 0``:
    one point per opponent beaten and ½ per opponent tied, the multi-seat analogue of a
    win. ``placement_points`` is either one list used for every table size (a table
    larger than the list is refused) or an object ``{"3": [...], "4": [...]}`` by size.
``raw_score``
    The game score itself.
``victory_points_fibur`` (head-to-head only)
    The FIBUR Burraco tables (SCORING.md): the point difference, a multiple of 5, is
    looked up in the ``"3-hand"`` or ``"4-hand"`` table (``fibur_table``, default
    ``"4-hand"``) and the 20 VP are split winner–loser. Band edges are inclusive: with
    the 3-hand table a difference of 50 is 10–10 and 55 is 11–9.
``victory_points_wbf`` (head-to-head only)
    The WBF continuous scale: ``B = 15·√n`` for ``n = wbf_deals`` (required),
    ``τ = (√5 − 1)/2``, the margin ``M`` is the score difference divided by
    ``wbf_margin_unit`` (the game points that play the part of one IMP; default 1), and
    the winner gets ``min(20, 10 + 10·(1 − τ^(3M/B)) / (1 − τ³))`` rounded half-up to
    two decimals (as WBF publishes its scales), the loser exactly ``20`` minus that.

Byes score ``bye_points``; at a forfeited table those who forfeited score
``forfeit_loss_points`` and everyone else ``forfeit_win_points`` (game scores are then
ignored); an announced absence scores ``absence_points``. Their defaults depend on the
method (see :data:`UNPLAYED_DEFAULTS`): a bye or forfeit win is a win (``win`` points) for
``win_draw_loss``, 12 VP for both VP methods (the usual bridge and Burraco bye), and 0 for
``placement`` and ``raw_score``, whose organisers should set them.

**Exact numbers.** Every score and point is a :class:`fractions.Fraction`, so that sums
over a tournament are exact and ties are real ties (never an artefact of binary floats).
JSON floats are read through their shortest decimal form (``0.1`` is ``1/10``). WBF
victory points are computed with :mod:`decimal` at 40 significant digits (the same
result on every platform) and rounded to hundredths, then held as a Fraction such as
``1061/100``.

Every problem is a :class:`ScoringError` (a :class:`ValueError`) whose ``key`` names the
bad setting or field, e.g. ``points.placement_points[2]`` or ``scores[1]``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, cast

from .errors import ResultError, ScoringError, SettingsError, to_fraction, type_name
from .victory_points import FIBUR_TABLES, VP_TOTAL, fibur_victory_points, wbf_victory_points

__all__ = [
    "FIBUR_TABLES",
    "METHODS",
    "UNPLAYED_DEFAULTS",
    "PointsSettings",
    "ResultError",
    "ScoringError",
    "SettingsError",
    "TableResult",
    "fibur_victory_points",
    "outcomes",
    "pairwise_results",
    "placement_points",
    "table_points",
    "to_fraction",
    "wbf_victory_points",
]

Method = Literal[
    "win_draw_loss", "placement", "raw_score", "victory_points_fibur", "victory_points_wbf"
]
METHODS: tuple[Method, ...] = (
    "win_draw_loss",
    "placement",
    "raw_score",
    "victory_points_fibur",
    "victory_points_wbf",
)
HEAD_TO_HEAD_METHODS = frozenset({"win_draw_loss", "victory_points_fibur", "victory_points_wbf"})

UNPLAYED_DEFAULTS: Mapping[str, tuple[int | None, int | None, int]] = {
    # method: (bye_points, forfeit_win_points, forfeit_loss_points); None = the win points.
    "win_draw_loss": (None, None, 0),
    "placement": (0, 0, 0),
    "raw_score": (0, 0, 0),
    "victory_points_fibur": (12, 12, 0),
    "victory_points_wbf": (12, 12, 0),
}

_KEYS_BY_METHOD: Mapping[str, frozenset[str]] = {
    "win_draw_loss": frozenset({"win", "draw", "loss"}),
    "placement": frozenset({"placement_points"}),
    "raw_score": frozenset(),
    "victory_points_fibur": frozenset({"fibur_table"}),
    "victory_points_wbf": frozenset({"wbf_deals", "wbf_margin_unit"}),
}
_COMMON_KEYS = frozenset(
    {"method", "bye_points", "forfeit_win_points", "forfeit_loss_points", "absence_points"}
)


# ------------------------------------------------------------------------------ results


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

    @classmethod
    def from_json(cls, data: object, key: str = "") -> TableResult:
        """``{"entrants": [...], "scores": [...], "forfeited": [...], "sides": [...]}``
        (all but entrants optional: scores are required unless someone forfeited)."""

        def at(name: str) -> str:
            return f"{key}.{name}" if key else name

        if not isinstance(data, dict):
            raise ResultError(key, f"must be an object, not {type_name(data)}")
        for name in sorted(data):
            if name not in ("entrants", "scores", "forfeited", "sides"):
                raise ResultError(
                    at(name), "unknown field (allowed: entrants, forfeited, scores, sides)"
                )
        if "entrants" not in data:
            raise ResultError(at("entrants"), "missing (required)")
        lists = {}
        for name in ("entrants", "scores", "forfeited", "sides"):
            value = data.get(name, [])
            if not isinstance(value, list):
                raise ResultError(at(name), f"must be a list, not {type_name(value)}")
            lists[name] = value
        for name in ("entrants", "forfeited"):
            for i, v in enumerate(lists[name]):
                if not isinstance(v, str) or not v:
                    raise ResultError(at(f"{name}[{i}]"), "must be a non-empty string id")
        try:
            return cls(
                tuple(lists["entrants"]),
                tuple(lists["scores"]),
                frozenset(lists["forfeited"]),
                tuple(lists["sides"]),
            )
        except ScoringError as exc:
            raise ResultError(at(exc.key), exc.message) from None


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


# ----------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class PointsSettings:
    """How a table result turns into tournament points (see the module docstring).

    Build it from JSON with :meth:`from_json`; ``to_json`` gives the dict back with every
    default filled in. ``placement_points`` is ``None`` (``n-1 .. 0`` by table size), or
    a tuple of ``(table size, places)`` pairs where size 0 stands for "any size"."""

    method: Method = "win_draw_loss"
    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    placement_points: tuple[tuple[int, tuple[Fraction, ...]], ...] | None = None
    fibur_table: Literal["3-hand", "4-hand"] = "4-hand"
    wbf_deals: int | None = None
    wbf_margin_unit: Fraction = Fraction(1)
    bye_points: Fraction | None = None
    forfeit_win_points: Fraction | None = None
    forfeit_loss_points: Fraction | None = None
    absence_points: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise SettingsError("method", f"unknown method {self.method!r} ({', '.join(METHODS)})")
        if self.method == "victory_points_wbf" and self.wbf_deals is None:
            raise SettingsError("wbf_deals", "required by the method 'victory_points_wbf'")
        if self.wbf_deals is not None and self.wbf_deals < 1:
            raise SettingsError("wbf_deals", f"must be at least 1, not {self.wbf_deals}")
        if self.wbf_margin_unit <= 0:
            raise SettingsError("wbf_margin_unit", "must be positive")
        if self.fibur_table not in FIBUR_TABLES:
            raise SettingsError(
                "fibur_table", f"must be '3-hand' or '4-hand', not {self.fibur_table!r}"
            )
        bye, fwin, floss = UNPLAYED_DEFAULTS[self.method]
        for name, default in (
            ("bye_points", bye),
            ("forfeit_win_points", fwin),
            ("forfeit_loss_points", floss),
        ):
            if getattr(self, name) is None:
                value = self.win if default is None else Fraction(default)
                object.__setattr__(self, name, value)

    # The three below are never None after __post_init__.
    @property
    def bye(self) -> Fraction:
        return cast(Fraction, self.bye_points)

    @property
    def forfeit_win(self) -> Fraction:
        return cast(Fraction, self.forfeit_win_points)

    @property
    def forfeit_loss(self) -> Fraction:
        return cast(Fraction, self.forfeit_loss_points)

    def places(self, size: int) -> tuple[Fraction, ...]:
        """The placement points for a table of ``size`` seats."""
        if self.placement_points is None:
            return tuple(Fraction(size - 1 - k) for k in range(size))
        by_size = dict(self.placement_points)
        places = by_size.get(size, by_size.get(0))
        if places is None:
            sizes = ", ".join(str(s) for s in sorted(by_size))
            raise ResultError(
                "entrants", f"no placement_points for a table of {size} (set for: {sizes})"
            )
        if len(places) < size:
            raise ResultError(
                "entrants",
                f"placement_points has {len(places)} places; a table of {size} needs {size}",
            )
        return places

    @classmethod
    def from_json(cls, data: object, key: str = "") -> PointsSettings:
        """Parse ``{"method": ..., ...}``; unknown keys, and keys the method does not use,
        are refused (a misspelt setting is never silently ignored)."""

        def at(name: str) -> str:
            return f"{key}.{name}" if key else name

        if not isinstance(data, dict):
            raise SettingsError(key, f"must be an object, not {type_name(data)}")
        method = data.get("method", "win_draw_loss")
        if method not in METHODS:
            raise SettingsError(
                at("method"), f"unknown method {method!r} (one of: {', '.join(METHODS)})"
            )
        allowed = _COMMON_KEYS | _KEYS_BY_METHOD[method]
        for name in sorted(data):
            if name not in allowed:
                other = [m for m in METHODS if name in _KEYS_BY_METHOD[m]]
                why = (
                    f"not used by the method {method!r} (it belongs to {other[0]!r})"
                    if other
                    else f"unknown setting (allowed: {', '.join(sorted(allowed))})"
                )
                raise SettingsError(at(name), why)
        kwargs: dict[str, Any] = {"method": method}
        for name in ("win", "draw", "loss", "wbf_margin_unit", "absence_points"):
            if name in data:
                kwargs[name] = to_fraction(data[name], at(name), SettingsError)
        for name in ("bye_points", "forfeit_win_points", "forfeit_loss_points"):
            if name in data:
                kwargs[name] = to_fraction(data[name], at(name), SettingsError)
        if "fibur_table" in data:
            table = data["fibur_table"]
            if table not in FIBUR_TABLES:
                raise SettingsError(
                    at("fibur_table"), f"must be '3-hand' or '4-hand', not {table!r}"
                )
            kwargs["fibur_table"] = table
        if "wbf_deals" in data:
            deals = data["wbf_deals"]
            if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
                raise SettingsError(at("wbf_deals"), f"must be a whole number >= 1, not {deals!r}")
            kwargs["wbf_deals"] = deals
        if "placement_points" in data:
            kwargs["placement_points"] = _parse_places(
                data["placement_points"], at("placement_points")
            )
        try:
            return cls(**kwargs)
        except SettingsError as exc:
            raise SettingsError(at(exc.key), exc.message) from None

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON-able values (numbers as ints, or strings like ``"1/2"``)."""

        def num(x: Fraction) -> int | str:
            return x.numerator if x.denominator == 1 else str(x)

        out: dict[str, Any] = {"method": self.method}
        if self.method == "win_draw_loss":
            out.update(win=num(self.win), draw=num(self.draw), loss=num(self.loss))
        elif self.method == "placement" and self.placement_points is not None:
            out["placement_points"] = {
                str(size): [num(p) for p in places] for size, places in self.placement_points
            }
        elif self.method == "victory_points_fibur":
            out["fibur_table"] = self.fibur_table
        elif self.method == "victory_points_wbf":
            out.update(wbf_deals=self.wbf_deals, wbf_margin_unit=num(self.wbf_margin_unit))
        out.update(
            bye_points=num(self.bye),
            forfeit_win_points=num(self.forfeit_win),
            forfeit_loss_points=num(self.forfeit_loss),
            absence_points=num(self.absence_points),
        )
        return out


def _parse_places(value: object, key: str) -> tuple[tuple[int, tuple[Fraction, ...]], ...]:
    def one(items: object, path: str) -> tuple[Fraction, ...]:
        if not isinstance(items, list) or not items:
            raise SettingsError(
                path, f"must be a non-empty list of numbers, not {type_name(items)}"
            )
        places = tuple(to_fraction(v, f"{path}[{i}]", SettingsError) for i, v in enumerate(items))
        for i in range(1, len(places)):
            if places[i] > places[i - 1]:
                raise SettingsError(
                    f"{path}[{i}]", "a lower place cannot score more than a higher one"
                )
        return places

    if isinstance(value, list):
        return ((0, one(value, key)),)
    if isinstance(value, dict):
        if not value:
            raise SettingsError(key, "must set at least one table size")
        pairs = []
        for size_text in sorted(value, key=str):
            path = f"{key}.{size_text}"
            size = int(size_text) if isinstance(size_text, str) and size_text.isdigit() else -1
            if size < 2:
                raise SettingsError(path, "a table size must be a whole number >= 2")
            places = one(value[size_text], path)
            if len(places) != size:
                raise SettingsError(
                    path, f"a table of {size} needs {size} places, not {len(places)}"
                )
            pairs.append((size, places))
        return tuple(sorted(pairs))
    raise SettingsError(key, f"must be a list or an object by table size, not {type_name(value)}")


# ------------------------------------------------------------------------------ scoring


def table_points(settings: PointsSettings, table: TableResult) -> tuple[Fraction, ...]:
    """Tournament points for each entrant at ``table``, in its seat order. Partners (one
    side) score what their side scores."""
    size = len(table.side_order)
    if settings.method in HEAD_TO_HEAD_METHODS and size != 2:
        raise ResultError(
            "entrants", f"the method {settings.method!r} scores tables of 2 sides, not {size}"
        )
    if table.forfeit:
        return tuple(
            settings.forfeit_loss if e in table.forfeited else settings.forfeit_win
            for e in table.entrants
        )
    per_side = _side_points(settings, table.side_scores)
    if not table.partners:
        return per_side
    return tuple(per_side[k] for k in table.side_index)


def _side_points(settings: PointsSettings, scores: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    size = len(scores)
    method = settings.method
    if method == "raw_score":
        return scores
    if method == "placement":
        return tuple(placement_points(scores, settings.places(size)))
    if method == "win_draw_loss":
        a, b = scores
        if a == b:
            return settings.draw, settings.draw
        return (settings.win, settings.loss) if a > b else (settings.loss, settings.win)
    a, b = scores
    if method == "victory_points_fibur":
        high, low = fibur_victory_points(abs(a - b), settings.fibur_table)
        winner_vp, loser_vp = Fraction(high), Fraction(low)
    else:
        deals = cast(int, settings.wbf_deals)
        winner_vp = wbf_victory_points(abs(a - b) / settings.wbf_margin_unit, deals)
        loser_vp = VP_TOTAL - winner_vp
    return (winner_vp, loser_vp) if a >= b else (loser_vp, winner_vp)
