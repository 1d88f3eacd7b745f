"""A club's rating settings, read and changed by its directors (what counts: see
:mod:`scoring.rating_input`).

A change owes the ratings of every game the club has ratings in: the update then
finds the club's games changed and rates those scopes again from scratch.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scoring.owed import owe_ratings
from scoring.rating_models import RatingScope
from scoring.rating_settings import RatingSettings
from tournaments.models import Club, Role, Tournament
from tournaments.services import audit
from tournaments.services.access import User, require_role

__all__ = ["FIELDS", "change_rating_settings", "rating_settings_of"]

FIELDS = ("count_forfeited_tables", "count_resigned_games")


def rating_settings_of(club: Club) -> dict[str, Any]:
    """The club's settings (the defaults when it never changed them)."""
    found = RatingSettings.objects.filter(club=club).first() or RatingSettings(club=club)
    return {name: getattr(found, name) for name in FIELDS}


def change_rating_settings(club: Club, by: User, **values: bool) -> dict[str, Any]:
    """Set some of :data:`FIELDS` (directors); the settings as they now are."""
    require_role(by, club, Role.DIRECTOR)
    unknown = sorted(set(values) - set(FIELDS))
    if unknown:
        raise ValueError(f"no such rating setting: {', '.join(unknown)}")
    with transaction.atomic():
        found, _ = RatingSettings.objects.select_for_update().get_or_create(club=club)
        before = {name: getattr(found, name) for name in FIELDS}
        for name, value in values.items():
            setattr(found, name, bool(value))
        found.save()
        after = {name: getattr(found, name) for name in FIELDS}
        if after != before:
            audit.record(
                actor=by,
                club=club,
                action="rating-settings-changed",
                subject=club.name,
                before={k: v for k, v in before.items() if after[k] != v},
                after={k: v for k, v in after.items() if before[k] != v},
            )
            rated = RatingScope.objects.filter(club=club).values_list("game_type", flat=True)
            played = Tournament.objects.filter(club=club).values_list("game_type", flat=True)
            owe_ratings({*rated, *played}, "settings")
    return after
