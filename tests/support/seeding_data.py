"""Computed ratings as the tournament tests need them (issue 18): ``Rating`` rows (a
player's current rating in a scope) and ``RatingChange`` rows (a rated game's effect,
with the rating before it), written directly, as the ratings worker would leave them.

``mu`` for a rating people read as ``r``: ``r / 60`` (:func:`mu_of`)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from engine import game_class
from scoring.rating_models import Rating, RatingChange, RatingScope
from scoring.ratings import scale
from tests.support.factories import director_of, make_club, make_tournament
from tournaments.models import Club, Game, Player
from tournaments.services import clubs, rounds, tournaments
from tournaments.services.games import create_game


def mu_of(shown: int) -> float:
    """The ``mu`` people read as ``shown`` (1500 → 25)."""
    return shown / scale.SCALE


def scope_of(game_type: str, club: Club | None) -> RatingScope:
    scope, _made = RatingScope.objects.get_or_create(game_type=game_type, club=club)
    return scope


def rate(
    player: Player,
    game_type: str,
    shown: int,
    *,
    club: Club | None = None,
    games: int = 20,
    sigma: float = 2.0,
) -> Rating:
    """``player``'s current rating in ``game_type`` (in ``club``, or all clubs): one
    people read as ``shown``, resting on ``games`` rated games."""
    rating, _made = Rating.objects.update_or_create(
        scope=scope_of(game_type, club),
        player=player,
        defaults={
            "mu": mu_of(shown),
            "sigma": sigma,
            "games": games,
            "wins": 0,
            "last_played": timezone.now(),
        },
    )
    return rating


def rated_game(
    players: list[Player],
    game_type: str,
    after: list[tuple[float, float]],
    *,
    club: Club | None = None,
    played_at: dt.datetime | None = None,
    sequence: int | None = None,
) -> Game:
    """A rated game of ``players`` that finished at ``played_at`` (default: an hour
    ago), leaving each with the ``(mu, sigma)`` of ``after`` (their rating after it)."""
    scope = scope_of(game_type, club)
    seats = game_class(game_type).player_counts[0]
    game = create_game(game_type=game_type, players=seats, mode=Game.Mode.PHYSICAL)
    when = played_at or timezone.now() - dt.timedelta(hours=1)
    number = sequence or RatingChange.objects.filter(scope=scope).count() + 1
    for place, (player, (mu, sigma)) in enumerate(zip(players, after, strict=True), start=1):
        RatingChange.objects.create(
            scope=scope, player=player, game=game, sequence=number, played_at=when,
            mu_before=scale.MU, sigma_before=scale.SIGMA, mu=mu, sigma=sigma,
            place=place, table_size=len(players), expected=1 / len(players),
        )  # fmt: skip
    return game


RATED_FIELD = {"Ada": (1800, 30, True), "Bea": (1620, 4, False), "Cyd": (1500, 12, True)}
"""The players of :func:`rated_cup`: shown rating, rated games, rated in the club (else
in all clubs). Dan has no rating."""


def rated_cup(settings: dict[str, Any] | None = None) -> tuple[Any, ...]:
    """A German whist tournament of four guests (three of them rated, Bea provisionally,
    Dan not at all), round 1 published: ``(club, director, tournament, round)``."""
    club = make_club(language="en")
    director = director_of(club)
    cup = make_tournament(club, director, {"name": "Rated Cup", **(settings or {})})
    for name in ("Ada", "Bea", "Cyd", "Dan"):
        player = clubs.add_guest(club, by=director, name=name)
        if name in RATED_FIELD:
            shown, games, in_club = RATED_FIELD[name]
            rate(player, cup.game_type, shown, club=club if in_club else None, games=games)
        tournaments.check_in(tournaments.register(cup, by=director, player=player), by=director)
    round_ = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    return club, director, cup, round_
