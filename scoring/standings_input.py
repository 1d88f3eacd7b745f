"""What the standings are computed from: the settings and each round's results (pure).

:class:`StandingsSettings` (points method, tiebreaks in order, seed, late-entry credit)
(read from JSON as :mod:`.standings` describes; every problem names its place) and
:class:`RoundResults` (one round's tables, byes, absences and withdrawals).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import ScoringError, SettingsError, to_fraction, type_name
from .points import PointsSettings, TableResult
from .tiebreaks import GROUP_TIEBREAKS, TIEBREAKS

__all__ = [
    "DEFAULT_TIEBREAKS",
    "TIEBREAK_NAMES",
    "RoundResults",
    "StandingsError",
    "StandingsSettings",
]

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
