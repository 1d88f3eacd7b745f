"""Reading the stored ratings as people read them: a player's, and a club's ladder.

Every number comes twice: as a person reads it (:func:`scale.shown`: 1500 for a
newcomer, "± two standard deviations") and as OpenSkill holds it (``mu``,
``sigma``). Places, sequences and ranks count from 1.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from scoring.rating_models import Rating, RatingChange, RatingScope
from scoring.ratings.scale import is_provisional, shown, shown_uncertainty
from tournaments.games import profile_for
from tournaments.models import Club, Player
from tournaments.services.errors import NotFound, ServiceError

__all__ = ["check_game_type", "ladder", "player_ratings"]

MAX_ACTIVE_DAYS = 3650


def check_game_type(game_type: str) -> str:
    """``game_type`` if the engine knows it; a 400 naming the games otherwise."""
    known = engine.available_games()
    if game_type not in known:
        raise ServiceError(
            _("there is no game %(game)s; the games are: %(games)s")
            % {"game": repr(game_type), "games": ", ".join(known)},
            field="game",
        )
    return game_type


def _numbers(mu: float, sigma: float, games: int) -> dict[str, Any]:
    return {
        "rating": shown(mu),
        "uncertainty": shown_uncertainty(sigma),
        "provisional": is_provisional(games),
        "mu": mu,
        "sigma": sigma,
    }


def player_ratings(player_id: int, game_type: str | None = None) -> dict[str, Any]:
    """A player's rating in every scope (each club they played in, and all clubs),
    with its history, oldest first. 404 for a player with no rating at all."""
    player = Player.objects.filter(pk=player_id, is_bot=False).first()
    ratings = Rating.objects.filter(player_id=player_id).select_related("scope__club")
    if game_type is not None:
        ratings = ratings.filter(scope__game_type=check_game_type(game_type))
    found = sorted(
        ratings,
        key=lambda r: (r.scope.game_type, r.scope.club is not None, r.scope.club_id or 0),
    )
    if player is None or (not found and game_type is None):
        raise NotFound(_("there is no rated player %(id)s") % {"id": player_id})
    history: dict[int, list[dict[str, Any]]] = {}
    for change in RatingChange.objects.filter(
        player_id=player_id, scope__in=[r.scope_id for r in found]
    ).order_by("scope_id", "sequence"):
        history.setdefault(change.scope_id, []).append(
            {
                "game": str(change.game_id),
                "sequence": change.sequence,
                "played_at": change.played_at,
                "rating_before": shown(change.mu_before),
                "rating": shown(change.mu),
                "mu_before": change.mu_before,
                "sigma_before": change.sigma_before,
                "mu": change.mu,
                "sigma": change.sigma,
                "place": change.place,
                "table_size": change.table_size,
                "expected": change.expected,
            }
        )
    return {
        "player": player.pk,
        "name": player.name,
        "ratings": [
            {
                "game_type": r.scope.game_type,
                "game_name": profile_for(r.scope.game_type).title,
                "club": r.scope.club.slug if r.scope.club else None,
                "club_name": r.scope.club.name if r.scope.club else None,
                **_numbers(r.mu, r.sigma, r.games),
                "games": r.games,
                "wins": r.wins,
                "last_played": r.last_played,
                "history": history.get(r.scope_id, []),
            }
            for r in found
        ],
    }


def ladder(club: Club, game_type: str | None, active_days: int | None) -> dict[str, Any]:
    """The club's ladder of one game: its players by rating, highest first (then by
    more games, then by name); ``active_days``: only those who played a rated game of
    it in the club within that many days. Without ``game_type``: a 400 naming the
    club's rated games (the one game, if it has only one, is taken)."""
    rated = sorted(
        RatingScope.objects.filter(club=club).values_list("game_type", flat=True).distinct()
    )
    if game_type is None:
        if len(rated) != 1:
            raise ServiceError(
                _("say which game: ?game=… (this club has ratings in: %(games)s)")
                % {"games": ", ".join(rated) or _("no game yet")},
                field="game",
            )
        game_type = rated[0]
    check_game_type(game_type)
    if active_days is not None and not 1 <= active_days <= MAX_ACTIVE_DAYS:
        raise ServiceError(
            _("active_days must be a whole number of days from 1 to %(most)s")
            % {"most": MAX_ACTIVE_DAYS},
            field="active_days",
        )
    scope = RatingScope.objects.filter(club=club, game_type=game_type).first()
    rows = Rating.objects.filter(scope=scope).select_related("player") if scope else []
    if scope and active_days is not None:
        since = timezone.now() - timedelta(days=active_days)
        rows = rows.filter(Q(last_played__gte=since))
    ordered = sorted(rows, key=lambda r: (-r.mu, -r.games, r.player.name, r.player_id))
    return {
        "club": club.slug,
        "game_type": game_type,
        "game_name": profile_for(game_type).title,
        "active_days": active_days,
        "rated_games": scope.rated_games if scope else 0,
        "computed_at": scope.computed_at if scope else None,
        "rows": [
            {
                "rank": rank,
                "player": r.player_id,
                "name": r.player.name,
                **_numbers(r.mu, r.sigma, r.games),
                "games": r.games,
                "wins": r.wins,
                "last_played": r.last_played,
            }
            for rank, r in enumerate(ordered, start=1)
        ],
    }
