"""How a table result turns into tournament points: the settings (pure Python; no Django).

:class:`PointsSettings` names the method and its numbers (see :mod:`.points` for what
each method does); it is read from and written to JSON, refusing unknown keys and keys
the method does not use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, cast

from .errors import ResultError, SettingsError, to_fraction, type_name
from .victory_points import FIBUR_TABLES

__all__ = ["HEAD_TO_HEAD_METHODS", "METHODS", "UNPLAYED_DEFAULTS", "Method", "PointsSettings"]

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
