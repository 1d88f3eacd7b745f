"""A club's seasons: created, changed and deleted by its directors, and which
tournaments each one counts.

Every caller (the pages, the API) goes through here. A change is checked whole before
anything is written, bumps the season's version (an edit made from an older version is
refused, :mod:`tournaments.services.versions`) and writes an audit row in the same
transaction. The table itself is computed by ``scoring.season_table`` from the counted
tournaments' stored standings.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from scoring import seasons as formulas
from tournaments.models import Club, Role, Season, Tournament
from tournaments.services import access, audit
from tournaments.services.access import User, require_role
from tournaments.services.errors import Conflict, NotFound
from tournaments.services.season_settings import (
    SeasonSettings,
    clean,
)
from tournaments.services.versions import bump, check_unchanged


def season_by_slug(club: Club, slug: str) -> Season:
    found = Season.objects.filter(club=club, slug=slug).first()
    if found is None:
        raise NotFound(
            _("%(club)s has no season %(slug)s") % {"club": club.name, "slug": repr(slug)}
        )
    return found


def visible_seasons(club: Club, user: User) -> QuerySet[Season]:
    """The club's seasons a reader may see: the public ones, and all of them for its
    members."""
    seasons = Season.objects.filter(club=club)
    return seasons if access.is_club_member(user, club) else seasons.filter(public=True)


def counted_tournaments(season: Season) -> list[Tournament]:
    """The tournaments the season counts, in the order they were played (their day,
    then when they were made): those chosen, or every finished tournament of the club
    whose day falls between the season's dates (of its game, if it has one)."""
    if season.chosen:
        found = season.tournaments.filter(club_id=season.club_id)
    else:
        # A tournament with no day set counts by the day it was made, on the club's
        # calendar.
        zone = ZoneInfo(season.club.time_zone)
        first = dt.datetime.combine(season.starts_on, dt.time(0), tzinfo=zone)
        after_last = dt.datetime.combine(season.ends_on + dt.timedelta(days=1), dt.time(0), zone)
        found = Tournament.objects.filter(
            club_id=season.club_id, status=Tournament.Status.FINISHED
        ).filter(
            Q(starts_on__gte=season.starts_on, starts_on__lte=season.ends_on)
            | Q(starts_on__isnull=True, created_at__gte=first, created_at__lt=after_last)
        )
        if season.game_type:
            found = found.filter(game_type=season.game_type)
    return list(found.select_related("club").order_by("starts_on", "created_at", "pk"))


def formula_of(season: Season) -> formulas.Formula:
    return formulas.Formula(
        kind=season.formula,
        best=season.best_of,
        place_points=tuple(Fraction(p) for p in season.place_points or ()),
    )


# ------------------------------------------------------------------------- changes


def _logged(season: Season) -> dict[str, Any]:
    """What the audit log keeps of a season (plain JSON)."""
    return {
        "name": season.name,
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        "game": season.game_type,
        "formula": season.formula,
        "best_of": season.best_of,
        "place_points": list(season.place_points or []),
        "public": season.public,
        "tournaments": sorted(season.tournaments.values_list("pk", flat=True))
        if season.chosen
        else [],
    }


def _slug_taken(club: Club, slug: str) -> Conflict:
    return Conflict(
        _("%(club)s already has a season whose web address is %(slug)s: choose another name")
        % {"club": club.name, "slug": repr(slug)},
        field="name",
    )


def create_season(club: Club, *, by: User, settings: SeasonSettings) -> Season:
    """A new season of the club (directors)."""
    require_role(by, club, Role.DIRECTOR)
    values = clean(club, settings)
    chosen = values.pop("tournaments")
    try:
        with transaction.atomic():
            season = Season.objects.create(
                club=club,
                chosen=bool(chosen),
                created_by_id=by.pk if by.is_authenticated else None,
                **values,
            )
            season.tournaments.set(chosen)
            audit.record(
                actor=by,
                club=club,
                action="season-created",
                subject=season.name,
                after=_logged(season),
            )
    except IntegrityError:
        raise _slug_taken(club, values["slug"]) from None
    return season


def update_season(
    season: Season,
    *,
    by: User,
    settings: SeasonSettings,
    expected_version: int | None = None,
) -> Season:
    """Change every setting of a season at once (directors). With
    ``expected_version``, a season changed since is left as it is (StaleVersion)."""
    club = season.club
    require_role(by, club, Role.DIRECTOR)
    values = clean(club, settings)
    chosen = values.pop("tournaments")
    if not settings.slug:
        values["slug"] = season.slug  # renaming keeps the address people have
    try:
        with transaction.atomic():
            bump(season, expected_version)
            season.refresh_from_db()
            before = _logged(season)
            for key, value in values.items():
                setattr(season, key, value)
            season.chosen = bool(chosen)
            season.save()
            season.tournaments.set(chosen)
            after = _logged(season)
            changed = [k for k in after if after[k] != before[k]]
            if changed:
                audit.record(
                    actor=by,
                    club=club,
                    action="season-changed",
                    subject=season.name,
                    before={k: before[k] for k in changed},
                    after={k: after[k] for k in changed},
                )
    except IntegrityError:
        raise _slug_taken(club, values["slug"]) from None
    return season


def delete_season(season: Season, *, by: User, expected_version: int | None = None) -> None:
    """Delete a season (directors): only the setting goes; the tournaments stay."""
    club = season.club
    require_role(by, club, Role.DIRECTOR)
    with transaction.atomic():
        check_unchanged(season, expected_version)
        before = _logged(season)
        name = season.name
        season.delete()
        audit.record(actor=by, club=club, action="season-deleted", subject=name, before=before)


def settings_of(season: Season) -> SeasonSettings:
    """A season's settings as the forms and the API start from."""
    return SeasonSettings(
        name=season.name,
        starts_on=season.starts_on,
        ends_on=season.ends_on,
        game_type=season.game_type,
        tournaments=(
            list(season.tournaments.order_by("pk").values_list("pk", flat=True))
            if season.chosen
            else []
        ),
        formula=season.formula,
        best_of=season.best_of,
        place_points=list(season.place_points or formulas.DEFAULT_PLACE_POINTS),
        public=season.public,
        slug=season.slug,
    )


def club_tournaments_to_choose(club: Club) -> QuerySet[Tournament]:
    """The tournaments a director may pick for a season: the club's, drafts left out."""
    return (
        Tournament.objects.filter(club=club)
        .filter(~Q(status=Tournament.Status.DRAFT))
        .order_by("-starts_on", "-created_at")
    )


def changed_settings(settings: SeasonSettings, **changes: Any) -> SeasonSettings:
    """``settings`` with some values replaced (a partial update of the API)."""
    fields: Mapping[str, Any] = {**settings.__dict__, **changes}
    return SeasonSettings(**fields)
