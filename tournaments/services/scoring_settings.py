"""A tournament's scoring settings: their defaults and their check at setup.

A director writes ``scoring`` (the points method and its numbers, see
:mod:`scoring.points`) and ``tiebreaks``; both may be left empty. This module turns
them into the pure standings' settings (:func:`standings_settings`, the one place the
defaults are chosen) and refuses, when the tournament is set up, what could never score
its tables (:func:`check_scoring`), instead of letting the standings fail later.

The default points method depends on how many *sides* meet at a table: two (a
head-to-head game, fixed teams, or a whist drive's two partnerships) score
win/draw/loss 2/1/0; more score by placement.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.describe import describe_points
from scoring.errors import ScoringError
from scoring.points import HEAD_TO_HEAD_METHODS, PointsSettings
from scoring.standings import DEFAULT_TIEBREAKS, StandingsSettings
from tournaments.models import Tournament
from tournaments.services.errors import ServiceError


def sides_per_table(settings: Mapping[str, Any]) -> list[int]:
    """How many sides play against each other at a table, for each table size."""
    if (
        settings["entry_kind"] == Tournament.EntryKind.TEAM
        or settings["pairing_method"] == Tournament.PairingMethod.WHIST_DRIVE
    ):
        return [2]
    return sorted(settings["table_sizes"])


def default_method(sides: list[int]) -> str:
    return "win_draw_loss" if all(n == 2 for n in sides) else "placement"


def standings_settings(settings: Mapping[str, Any], seed: int = 0) -> dict[str, Any]:
    """The settings JSON of :class:`scoring.standings.StandingsSettings` for a
    tournament's settings (a dict of its fields), the defaults filled in."""
    points = dict(settings.get("scoring") or {})
    points.setdefault("method", default_method(sides_per_table(settings)))
    return {
        "points": points,
        "tiebreaks": list(settings.get("tiebreaks") or DEFAULT_TIEBREAKS),
        "seed": int(seed),
    }


_FIELDS = ("entry_kind", "pairing_method", "table_sizes", "scoring", "tiebreaks")


def _settings_of(tournament: Tournament) -> dict[str, Any]:
    return {f: getattr(tournament, f) for f in _FIELDS}


def of_tournament(tournament: Tournament) -> dict[str, Any]:
    """:func:`standings_settings` of a saved tournament."""
    return standings_settings(_settings_of(tournament), tournament.seed)


def tournament_sides(tournament: Tournament) -> list[int]:
    """:func:`sides_per_table` of a saved tournament."""
    return sides_per_table(_settings_of(tournament))


def check_scoring(settings: Mapping[str, Any]) -> None:
    """Refuse scoring settings or tiebreaks the standings could not use, naming the
    setting (``field``: ``scoring`` or ``tiebreaks``), or a points method that cannot
    score this tournament's tables."""
    data = standings_settings(settings)
    try:
        parsed = StandingsSettings.from_json(data)
    except ScoringError as error:
        if error.key.startswith("tiebreaks"):
            raise ServiceError(f"{error.key}: {error.message}", field="tiebreaks") from None
        key = "scoring" + error.key.removeprefix("points")
        raise ServiceError(f"{key}: {error.message}", field="scoring") from None
    points = parsed.points
    for sides in sides_per_table(settings):
        if points.method in HEAD_TO_HEAD_METHODS and sides != 2:
            raise ServiceError(
                f"scoring.method: {points.method!r} scores tables of two sides, and this "
                f"tournament seats {sides} players who each play for themselves; use "
                "'placement' or 'raw_score'",
                field="scoring",
            )
        if points.method == "placement":
            try:
                points.places(sides)
            except ScoringError as error:
                raise ServiceError(
                    f"scoring.placement_points: {error.message}", field="scoring"
                ) from None


def points_rule(tournament: Tournament) -> str:
    """How the tournament's games score, in a sentence for its pages; empty when its
    settings are broken (the standings show that error instead)."""
    try:
        points = PointsSettings.from_json(of_tournament(tournament)["points"])
        return describe_points(points, tournament_sides(tournament))
    except ScoringError:
        return ""
