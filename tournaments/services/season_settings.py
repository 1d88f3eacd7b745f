"""A season's settings as every caller gives them, and their checks: each refusal in
words, naming its field, before anything is written (:mod:`tournaments.services.seasons`
writes them)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from engine import EngineError, game_class
from scoring import seasons as formulas
from scoring.numbers import exact
from tavolo.ids import is_row_id
from tournaments.models import Club, Season, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.slugs import slug_for

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


def clean(club: Club, settings: SeasonSettings) -> dict[str, Any]:
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
        "tournaments": _of_the_game(_tournaments(club, settings.tournaments), game_type),
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


def _of_the_game(chosen: list[Tournament], game_type: str) -> list[Tournament]:
    """The tournaments chosen, if each is of the season's game (when it has one)."""
    for t in chosen:
        if game_type and t.game_type != game_type:
            raise ServiceError(
                _(
                    "%(tournament)s is not a tournament of the season's game: choose "
                    "“any game”, or leave it out"
                )
                % {"tournament": t.name},
                field="tournaments",
            )
    return chosen


def _tournaments(club: Club, ids: Sequence[Any]) -> list[Tournament]:
    if isinstance(ids, str) or not isinstance(ids, Sequence):
        raise ServiceError(_("list the tournaments by their ids"), field="tournaments")
    wanted: list[int] = []
    for value in ids:
        if isinstance(value, bool) or not isinstance(value, int) or not is_row_id(value):
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
