"""A club's ladder: its players ranked by their rating in one game, read from the stored
ratings (:class:`~scoring.models.Rating` of the club's scope for that game).

A visitor chooses the game (the one with the most rated games first), how recently a
player must have played to be listed (:data:`ACTIVE_CHOICES`), and whether provisional
ratings (fewer than :data:`~scoring.ratings.scale.PROVISIONAL_GAMES` games) are
listed. Players are ranked by the rating people read, best first; equal ratings share
a place. A choice that is not one of the offered ones is refused in words
(:class:`BadChoice`), never read as something else.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Rating, RatingScope
from scoring.ratings import scale
from tournaments.models import Club

ACTIVE_CHOICES = (30, 90, 180, 365)
"""Days: "played in the last …" (no choice: everyone ever rated)."""
PER_PAGE = 100


class BadChoice(ValueError):
    """A ladder choice that is not one of those offered."""


@dataclass(frozen=True)
class Choices:
    game: str
    active_days: int | None
    provisional: bool
    """List provisional ratings (marked) too."""


def scopes_of(club: Club) -> list[RatingScope]:
    """The club's rated games, most rated games first (one query)."""
    return list(RatingScope.objects.filter(club=club).order_by("-rated_games", "game_type"))


def choices_from(params: Any, scopes: list[RatingScope]) -> Choices:
    """The visitor's choices from the address's parameters; :class:`BadChoice` with a
    sentence when one is not offered."""
    games = [s.game_type for s in scopes]
    game = params.get("game", "").strip()
    if game and game not in games:
        raise BadChoice(_("This club has no ladder for that game: choose one of the list."))
    active = params.get("active", "").strip()
    days: int | None = None
    if active:
        if not active.isdigit() or int(active) not in ACTIVE_CHOICES:
            raise BadChoice(
                _("“Played in the last” takes %(choices)s days, or everyone.")
                % {"choices": ", ".join(str(c) for c in ACTIVE_CHOICES)}
            )
        days = int(active)
    shown = params.get("provisional", "show").strip()
    if shown not in ("show", "hide"):
        raise BadChoice(_("Provisional ratings are either shown or hidden."))
    return Choices(game or (games[0] if games else ""), days, shown == "show")


@dataclass(frozen=True)
class Rung:
    place: int
    player_id: int
    name: str
    rating: int
    uncertainty: int
    games: int
    wins: int
    last_played: dt.datetime
    provisional: bool


def ladder(club: Club, choices: Choices, page_number: Any) -> tuple[Page[Any], list[Rung]]:
    """One page of the ladder (three queries: the count, the page, the place of the
    page's first player among equal ratings)."""
    rows = Rating.objects.filter(scope__club=club, scope__game_type=choices.game)
    if choices.active_days is not None:
        since = timezone.now() - dt.timedelta(days=choices.active_days)
        rows = rows.filter(last_played__gte=since)
    if not choices.provisional:
        rows = rows.filter(games__gte=scale.PROVISIONAL_GAMES)
    rows = rows.select_related("player").order_by("-mu", "player__name", "player_id")
    page = Paginator(rows, PER_PAGE).get_page(page_number)
    rungs: list[Rung] = []
    for offset, row in enumerate(page.object_list):
        rating = scale.shown(row.mu)
        if rungs and rungs[-1].rating == rating:
            place = rungs[-1].place
        elif not rungs and page.start_index() > 1:
            # The page starts mid-ladder: the place is one more than the players rated
            # higher (as people read ratings: rounded), counted by the database.
            place = 1 + _rated_above(rows, rating)
        else:
            place = page.start_index() + offset
        rungs.append(
            Rung(
                place=place,
                player_id=row.player_id,
                name=row.player.name,
                rating=rating,
                uncertainty=scale.shown_uncertainty(row.sigma),
                games=row.games,
                wins=row.wins,
                last_played=row.last_played,
                provisional=scale.is_provisional(row.games),
            )
        )
    return page, rungs


def _rated_above(rows: Any, rating: int) -> int:
    """How many of ``rows`` read a rating above ``rating``."""
    # shown(mu) > rating  ⇔  60·mu ≥ rating + 0.5 (round half to even aside).
    return int(rows.filter(mu__gte=(rating + 0.5) / scale.SCALE).count())
