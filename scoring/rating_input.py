"""The ratings' input: every rated game of some game types, as :class:`RatedResult`.

A game is read from :func:`tournaments.services.rated_games.rated_games` (finished,
no bot at it; online and physical alike) and rated when:

- it belongs to a club's tournament (its club: the tournament's), or it is a casual
  online game and casual games count (:data:`~scoring.rating_settings.CASUAL_GAMES_COUNT`);
- its table has no recorded forfeit or no-show, unless its club counts them
  (:class:`~scoring.rating_settings.RatingSettings`); a counted one is rated on its
  final scores as they stand;
- no seat resigned it, unless its club counts resigned games (the default): then the
  resigning side is placed last, the others by their scores.

Byes are not games and are never read. Of a game, only its final scores per side
(:func:`scoring.gather.final_scores`, the standings' own cache, filled from a replay
where missing), who sat at each seat, and whether a seat resigned are read: no hand,
deck or seed.

Places come from the final scores, highest first, except in the games scored in
penalty points (the engine's game class says ``fewest_points_win``: Scala 40), where
the fewest win.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Collection
from typing import Any

from django.db.models import QuerySet

from scoring.gather import final_scores_read_with, resignations
from scoring.rating_settings import CASUAL_GAMES_COUNT, RatingSettings
from scoring.ratings.season import RatedResult, places_from_scores
from scoring.score_direction import fewest_points_win
from tournaments.models import Forfeit, Game, Seat
from tournaments.services.numbering import for_people
from tournaments.services.rated_games import rated_games

log = logging.getLogger(__name__)

__all__ = ["rated_results"]


def rated_results(game_types: Collection[str]) -> list[RatedResult]:
    """Every game of these types that counts, oldest first (by when it finished, then
    by id)."""
    games = rated_games().filter(game_type__in=list(game_types), finished_at__isnull=False)
    # The stored final scores come with the games, as the standings' gather reads them.
    rows = list(
        games.values_list(
            "id",
            "game_type",
            "finished_at",
            "version",
            "table__round__tournament__club_id",
            "final_score__version",
            "final_score__scores",
            "final_score__side_of",
        )
    )
    if not rows:
        return []
    scores = final_scores_read_with((row[0], row[3], *row[5:]) for row in rows)
    seated = _seats(games)
    forfeited = set(
        Forfeit.objects.filter(table__game__in=games).values_list("table__game_id", flat=True)
    )
    resigned = resignations(game__in=games)
    settings = {s.club_id: s for s in RatingSettings.objects.all()}
    defaults = RatingSettings()
    out = []
    for game_id, game_type, finished_at, _, club, *_ in rows:
        if club is None and not CASUAL_GAMES_COUNT:
            continue
        rules = settings.get(club, defaults)
        if game_id in forfeited and not rules.count_forfeited_tables:
            continue
        if game_id in resigned and not rules.count_resigned_games:
            continue
        result = _result(
            game_id, game_type, finished_at, club, scores[game_id], seated, resigned.get(game_id)
        )
        if result is not None:
            out.append(result)
    out.sort(key=lambda r: r.order)
    return out


def _seats(games: QuerySet[Game]) -> dict[Any, dict[int, int]]:
    seated: dict[Any, dict[int, int]] = defaultdict(dict)
    for game_id, number, player_id in Seat.objects.filter(game__in=games).values_list(
        "game_id", "number", "player_id"
    ):
        seated[game_id][number] = player_id
    return seated


def _result(
    game_id: Any,
    game_type: str,
    finished_at: Any,
    club: int | None,
    final: tuple[list[int], list[int]],
    seated: dict[Any, dict[int, int]],
    resigned_seat: int | None,
) -> RatedResult | None:
    totals, side_of = final
    seats = seated.get(game_id, {})
    sides: list[list[int]] = [[] for _ in totals]
    for seat, side in enumerate(side_of):
        if seat not in seats or not 0 <= side < len(sides):
            log.warning(
                "game %s: seat %s has no player or side; not rated", game_id, for_people(seat)
            )
            return None
        sides[side].append(seats[seat])
    last = side_of[resigned_seat] if resigned_seat is not None else None
    places = places_from_scores(totals, lower_wins=fewest_points_win(game_type), last=last)
    try:
        return RatedResult(
            game=str(game_id),
            played_at=finished_at,
            game_type=game_type,
            club=club,
            sides=tuple(tuple(side) for side in sides),
            places=places,
            scores=tuple(float(t) for t in totals),
        )
    except ValueError:
        log.warning("game %s cannot be rated (sides %s)", game_id, sides, exc_info=True)
        return None
