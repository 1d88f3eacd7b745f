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
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any
from zoneinfo import ZoneInfo

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from engine import EngineError, game_class
from scoring import seasons as formulas
from scoring.numbers import exact
from tournaments.models import Club, Role, Season, Tournament
from tournaments.services import audit
from tournaments.services.clubs import User, has_role, require_role
from tournaments.services.errors import Conflict, NotFound, ServiceError
from tournaments.services.slugs import slug_for
from tournaments.services.versions import bump, check_unchanged

MAX_BEST = 200
MAX_PLACES = 100
MAX_PLACE_POINTS = 10_000
RESERVED_SLUGS = frozenset({"new"})
"""Addresses the season pages use themselves (``/clubs/<club>/seasons/new``)."""
MAX_DAYS = 3 * 366
"""A season spans at most about three years (a typo in a year is refused, not kept)."""


@dataclass(frozen=True)
class SeasonSettings:
    """A season's settings as every caller gives them, before they are checked."""

    name: str
    starts_on: dt.date | None
    ends_on: dt.date | None
    game_type: str = ""
    tournaments: Sequence[int] = ()
    """The counted tournaments' ids; none: every finished one between the dates."""
    formula: str = formulas.SUM
    best_of: int | None = None
    place_points: Sequence[Any] = formulas.DEFAULT_PLACE_POINTS
    public: bool = True
    slug: str = ""


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
    return seasons if has_role(user, club, Role.PLAYER) else seasons.filter(public=True)


def may_read(season: Season, user: User) -> bool:
    return season.public or has_role(user, season.club, Role.PLAYER)


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


# ------------------------------------------------------------------- checking input


def _clean(club: Club, settings: SeasonSettings) -> dict[str, Any]:
    """The settings as the model stores them, or the first refusal, naming its field."""
    name = (settings.name or "").strip()
    if not name:
        raise ServiceError(_("a season needs a name"), field="name")
    if len(name) > 120:
        raise ServiceError(_("a season's name is at most 120 characters"), field="name")
    slug = slug_for(settings.slug, name)
    if not slug:
        raise ServiceError(
            _("the season's name must contain letters or digits (its web address is made of it)"),
            field="name",
        )
    if slug in RESERVED_SLUGS:
        raise ServiceError(
            _("%(name)s is a word the season pages use: choose another name") % {"name": name},
            field="name",
        )
    if settings.starts_on is None:
        raise ServiceError(_("say the day the season starts"), field="starts_on")
    if settings.ends_on is None:
        raise ServiceError(_("say the last day of the season"), field="ends_on")
    if settings.ends_on < settings.starts_on:
        raise ServiceError(_("the season cannot end before it starts"), field="ends_on")
    if (settings.ends_on - settings.starts_on).days > MAX_DAYS:
        raise ServiceError(_("a season lasts at most three years"), field="ends_on")
    game_type = (settings.game_type or "").strip()
    if game_type:
        try:
            game_class(game_type)
        except EngineError:
            raise ServiceError(
                _("there is no game %(game)s") % {"game": repr(game_type)}, field="game_type"
            ) from None
    formula = settings.formula
    if formula not in formulas.KINDS:
        raise ServiceError(
            _("choose how the season counts: %(choices)s")
            % {"choices": ", ".join(str(label) for _v, label in Season.Formula.choices)},
            field="formula",
        )
    best = _best(settings.best_of, required=formula == formulas.BEST)
    points = _place_points(settings.place_points) if formula == formulas.PLACEMENT else []
    return {
        "name": name,
        "slug": slug,
        "starts_on": settings.starts_on,
        "ends_on": settings.ends_on,
        "game_type": game_type,
        "formula": formula,
        "best_of": None if formula == formulas.SUM else best,
        "place_points": points,
        "public": bool(settings.public),
        "tournaments": _tournaments(club, settings.tournaments),
    }


def _best(value: Any, *, required: bool) -> int | None:
    if value is None or value == "":
        if required:
            raise ServiceError(
                _("say how many of each player's tournaments count (N of best N)"),
                field="best_of",
            )
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_BEST:
        raise ServiceError(
            _("the number of tournaments that count is a whole number from 1 to %(max)d")
            % {"max": MAX_BEST},
            field="best_of",
        )
    return value


def parse_place_points(text: str) -> list[str]:
    """The numbers a director typed ("25 18 15", "25-18-15", "25, 18, 15", "12,5")."""
    words = [w for w in re.split(r"[\s;]+|-(?=\d)|(?<=\d),(?=\s|$)", text.strip()) if w]
    if len(words) == 1 and "," in words[0]:
        words = [w for w in words[0].split(",") if w]
    return [w.strip(",").replace(",", ".") for w in words]


def _place_points(values: Sequence[Any]) -> list[int | str]:
    if isinstance(values, str) or not isinstance(values, Sequence) or not values:
        raise ServiceError(
            _("give the points of the 1st place, the 2nd, and so on (for example 25 18 15)"),
            field="place_points",
        )
    if len(values) > MAX_PLACES:
        raise ServiceError(
            _("points are given for at most %(max)d places") % {"max": MAX_PLACES},
            field="place_points",
        )
    points = [_one_place(v) for v in values]
    for place, (better, worse) in enumerate(zip(points, points[1:], strict=False), 2):
        if worse > better:
            raise ServiceError(
                _(
                    "place %(place)d would get more points than place %(before)d: a better "
                    "place never gets fewer points"
                )
                % {"place": place, "before": place - 1},
                field="place_points",
            )
    return [exact(p) for p in points]


def _one_place(value: Any) -> Fraction:
    refusal = ServiceError(
        _(
            "%(value)s is not a number of points: write whole numbers or decimals "
            "from 0 to %(max)d, like 25 or 2.5"
        )
        % {"value": repr(value), "max": MAX_PLACE_POINTS},
        field="place_points",
    )
    if isinstance(value, bool):
        raise refusal
    try:
        number = (
            Fraction(value)
            if isinstance(value, int | str) and "/" in str(value)
            else Fraction(Decimal(str(value)))
        )
    except (InvalidOperation, ValueError, ZeroDivisionError):
        raise refusal from None
    if not 0 <= number <= MAX_PLACE_POINTS or number.denominator > 1000:
        raise refusal
    return number


def _tournaments(club: Club, ids: Sequence[Any]) -> list[Tournament]:
    if isinstance(ids, str) or not isinstance(ids, Sequence):
        raise ServiceError(_("list the tournaments by their ids"), field="tournaments")
    wanted: list[int] = []
    for value in ids:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 2**63:
            raise ServiceError(
                _("%(value)s is not a tournament's id") % {"value": repr(value)},
                field="tournaments",
            )
        if value not in wanted:
            wanted.append(value)
    found = {t.pk: t for t in Tournament.objects.filter(club=club, pk__in=wanted)}
    missing = [i for i in wanted if i not in found]
    if missing:
        raise ServiceError(
            _("%(club)s has no tournament with id %(id)s") % {"club": club.name, "id": missing[0]},
            field="tournaments",
        )
    return [found[i] for i in wanted]


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
    values = _clean(club, settings)
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
    values = _clean(club, settings)
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
