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

from django.utils.translation import gettext
from django.utils.translation import gettext as _

from scoring import local_numbers
from scoring.describe import describe_points
from scoring.errors import ScoringError
from scoring.points import HEAD_TO_HEAD_METHODS, PointsSettings
from scoring.standings import DEFAULT_TIEBREAKS, StandingsSettings
from tournaments.models import Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.numbering import for_people
from tournaments.services.setting_names import method_name, points_setting_name


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
    setting (``field``: ``scoring`` or ``tiebreaks``; ``setting``: the key inside
    ``scoring``, or ``position``: the tiebreak's index), or a points method that cannot
    score this tournament's tables. The message names them as people do."""
    data = standings_settings(settings)
    try:
        parsed = StandingsSettings.from_json(data)
    except ScoringError as error:
        if error.key.startswith("tiebreaks"):
            index = error.key.removeprefix("tiebreaks").strip("[]")
            position = int(index) if index.isdigit() else None
            where = (
                _("The tiebreak number %(n)s") % {"n": for_people(position)}
                if position is not None
                else _("The tiebreaks")
            )
            raise ServiceError(
                f"{where}: {error.message}", field="tiebreaks", position=position
            ) from None
        key = error.key.removeprefix("points").lstrip(".")
        setting = key.split("[", 1)[0].split(".", 1)[0] or "method"
        raise ServiceError(
            f"{points_setting_name(key or 'method')}: {error.message}",
            field="scoring",
            setting=setting,
        ) from None
    points = parsed.points
    for sides in sides_per_table(settings):
        if points.method in HEAD_TO_HEAD_METHODS and sides != 2:
            raise ServiceError(
                _(
                    "“%(method)s” scores tables where two sides meet, and this tournament "
                    "seats %(sides)s players who each play for themselves: choose points by "
                    "place at the table, or the game score itself"
                )
                % {"method": method_name(points.method), "sides": sides},
                field="scoring",
                setting="method",
            )
        if points.method == "placement":
            try:
                points.places(sides)
            except ScoringError as error:
                raise ServiceError(
                    f"{points_setting_name('placement_points')}: {error.message}",
                    field="scoring",
                    setting="placement_points",
                ) from None


def points_rule(tournament: Tournament) -> str:
    """How the tournament's games score, in a sentence for its pages; empty when its
    settings are broken (the standings show that error instead)."""
    try:
        points = PointsSettings.from_json(of_tournament(tournament)["points"])
        return describe_points(
            points, tournament_sides(tournament), translate=gettext, shown=local_numbers.shown
        )
    except ScoringError:
        return ""
