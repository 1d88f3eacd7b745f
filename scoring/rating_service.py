"""Bringing the stored ratings up to date with the rated games (issue 18).

:func:`update_ratings` reads every rated game of one game type
(:func:`scoring.rating_input.rated_results`), splits them into scopes (each club's,
and all clubs') and, scope by scope, compares them with what was rated:

- the games rated so far are still the first games, unchanged (the scope's stored
  :attr:`~scoring.rating_models.RatingScope.fingerprint` is that of the first
  ``rated_games`` results): only the new games are rated, on top of the stored
  ratings, and their changes appended (**incremental**: a game finishing after
  everything rated in its scope);
- anything else (a game finished earlier than the last one rated, a game voided or
  corrected, a forfeit recorded, a claim that moved a guest's seats, a club's setting
  changed): the scope is **rated again from scratch** and its rows replaced.

Both give the same rows, float for float (:mod:`scoring.ratings.season` is
deterministic): ``tests/ratings/test_rating_rebuild.py`` checks it.
:func:`rebuild_ratings` rates every scope from scratch (``manage.py rebuild_ratings``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from scoring.rating_input import rated_results
from scoring.rating_models import Rating, RatingChange, RatingScope
from scoring.ratings.season import (
    PlayerRating,
    RatedResult,
    ScopeRatings,
    by_scope,
    fingerprint,
    rate_results,
)
from tournaments.models import Game

log = logging.getLogger(__name__)

__all__ = [
    "Updated",
    "game_types_rated",
    "rebuild_ratings",
    "update_all_ratings",
    "update_ratings",
]

_BATCH = 2000


@dataclass
class Updated:
    """What one update did, scope by scope (club id, ``None`` for all clubs)."""

    game_type: str
    appended: dict[int | None, int] = field(default_factory=dict)
    """Scopes rated incrementally: how many new games."""
    rebuilt: dict[int | None, int] = field(default_factory=dict)
    """Scopes rated from scratch: how many games."""
    removed: list[int | None] = field(default_factory=list)
    """Scopes left without a rated game (their rows deleted)."""


def game_types_rated() -> list[str]:
    """Every game type with a finished game or a stored rating."""
    finished = Game.objects.filter(status=Game.Status.FINISHED).values_list("game_type", flat=True)
    stored = RatingScope.objects.values_list("game_type", flat=True)
    return sorted(set(finished.distinct()) | set(stored.distinct()))


def rebuild_ratings(game_types: Iterable[str] | None = None) -> list[Updated]:
    """Rate every scope of these game types (default: all) from scratch."""
    types = list(game_types) if game_types is not None else game_types_rated()
    return [update_ratings(game_type, from_scratch=True) for game_type in types]


def update_all_ratings() -> list[Updated]:
    """Bring every game type's ratings up to date, synchronously (the demo data, which
    runs without a broker; the same as the Celery task does one game type at a time)."""
    return [update_ratings(game_type) for game_type in game_types_rated()]


def update_ratings(game_type: str, *, from_scratch: bool = False) -> Updated:
    """Bring every scope of ``game_type`` up to date (see the module docstring)."""
    grouped = by_scope(rated_results([game_type]))
    done = Updated(game_type)
    with transaction.atomic():
        stored = {
            scope.club_id: scope
            for scope in RatingScope.objects.select_for_update().filter(game_type=game_type)
        }
        for club in sorted(set(stored) | {club for _, club in grouped}, key=_club_order):
            games = grouped.get((game_type, club), [])
            scope = stored.get(club)
            if not games:
                if scope is not None:
                    scope.delete()
                    done.removed.append(club)
                continue
            if scope is None:
                scope = RatingScope.objects.create(game_type=game_type, club_id=club)
            _update_scope(scope, games, from_scratch, done)
    return done


def _club_order(club: int | None) -> int:
    return -1 if club is None else club


def _update_scope(
    scope: RatingScope, games: list[RatedResult], from_scratch: bool, done: Updated
) -> None:
    rated = scope.rated_games
    keeps = (
        not from_scratch and rated <= len(games) and fingerprint(games[:rated]) == scope.fingerprint
    )
    if keeps and rated == len(games):
        return  # nothing new
    if keeps:
        run = rate_results(games[rated:], start=_stored(scope))
        done.appended[scope.club_id] = len(games) - rated
    else:
        run = rate_results(games)
        RatingChange.objects.filter(scope=scope).delete()
        Rating.objects.filter(scope=scope).delete()
        done.rebuilt[scope.club_id] = len(games)
    _write(scope, run)
    RatingScope.objects.filter(pk=scope.pk).update(
        rated_games=run.rated,
        last_played=run.last_played,
        fingerprint=run.fingerprint,
        computed_at=timezone.now(),
        version=F("version") + 1,
    )


def _stored(scope: RatingScope) -> ScopeRatings:
    """The scope's stored ratings, to rate new games on top of."""
    ratings = {
        player: PlayerRating(mu=mu, sigma=sigma, games=games, wins=wins, last_played=last)
        for player, mu, sigma, games, wins, last in Rating.objects.filter(scope=scope).values_list(
            "player_id", "mu", "sigma", "games", "wins", "last_played"
        )
    }
    return ScopeRatings(
        ratings=ratings,
        rated=scope.rated_games,
        last_played=scope.last_played,
        fingerprint=scope.fingerprint,
    )


def _write(scope: RatingScope, run: ScopeRatings) -> None:
    """Append the run's changes, and write the ratings of the players it moved."""
    RatingChange.objects.bulk_create(
        (
            RatingChange(
                scope=scope,
                player_id=c.player,
                game_id=c.game,
                sequence=c.sequence,
                played_at=c.played_at,
                mu_before=c.mu_before,
                sigma_before=c.sigma_before,
                mu=c.mu,
                sigma=c.sigma,
                place=c.place,
                table_size=c.table_size,
                expected=c.expected,
            )
            for c in run.changes
        ),
        batch_size=_BATCH,
    )
    moved = {c.player for c in run.changes}
    Rating.objects.bulk_create(
        (
            Rating(
                scope=scope,
                player_id=player,
                mu=r.mu,
                sigma=r.sigma,
                games=r.games,
                wins=r.wins,
                last_played=r.last_played,
            )
            for player, r in sorted(run.ratings.items())
            if player in moved
        ),
        batch_size=_BATCH,
        update_conflicts=True,
        unique_fields=["scope", "player"],
        update_fields=["mu", "sigma", "games", "wins", "last_played"],
    )
