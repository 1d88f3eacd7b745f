"""Ratings for the tests of the person's page and the club ladder, made here because the
pages read the stored rows (:mod:`scoring.rating_models`) and never compute them.

- :func:`rate` rates real finished games with the real rating service: a
  :class:`RatingScope` per game type for the game's club and for all clubs, each
  player's :class:`Rating`, and a :class:`RatingChange` per game and player. The
  histories are the games' own.
- :func:`played_casually` finishes real games between two people (German whist with
  real cards: one tally ends it), each on its own day, for histories over months.
- :func:`ladder_of` writes a club's ladder for one game directly (Rating rows only):
  regulars, provisional newcomers and players who stopped coming, with known ratings.
"""

from __future__ import annotations

import datetime as dt
import re
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from scoring.models import Rating, RatingScope
from scoring.rating_service import update_ratings
from scoring.ratings import scale
from tests.support.factories import make_players
from tournaments.models import Club, Game, Player
from tournaments.services import game_store
from tournaments.services.games import create_game, start_game
from tournaments.services.seats import seat_by_authority

START = dt.datetime(2026, 1, 8, 20, 30, tzinfo=dt.UTC)
"""A Thursday evening: the first game of the made histories."""


def played_casually(
    first: Player, second: Player, results: Sequence[tuple[int, int]], start: dt.datetime = START
) -> list[Game]:
    """Finished German whist games of ``first`` (seat 1) against ``second`` (seat 2),
    one a week from ``start``: ``results`` gives each game's tricks, e.g. ``(8, 5)``."""
    games = []
    for week, tricks in enumerate(results):
        game = create_game(game_type="german_whist", players=2, mode=Game.Mode.PHYSICAL)
        seat_by_authority(game, 0, first)
        seat_by_authority(game, 1, second)
        start_game(game.pk)
        game_store.append_event(
            game.pk, {"type": "tally", "tricks": list(tricks)}, event_id=uuid.uuid4(),
            expected_version=None,
        )  # fmt: skip
        Game.objects.filter(pk=game.pk).update(finished_at=start + dt.timedelta(weeks=week))
        game.refresh_from_db()
        assert game.is_over
        games.append(game)
    return games


def club_of(game: Game) -> Club | None:
    table = getattr(game, "table", None)
    return table.round.tournament.club if table is not None else None


def rate(games: Iterable[Game]) -> None:
    """Bring the ratings of the ``games``' game types up to date with the real rating
    service (:mod:`scoring.rating_service`): every rated game of those types is rated,
    in order, for its club's scope and the all-clubs scope."""
    for game_type in sorted({game.game_type for game in games}):
        update_ratings(game_type)


@dataclass(frozen=True)
class Rung:
    """One player of a made ladder, as the page must show them."""

    player: Player
    shown: int
    uncertainty: int
    games: int
    last_played: dt.datetime

    @property
    def provisional(self) -> bool:
        return scale.is_provisional(self.games)


LADDER = [
    # (mu, sigma, games, days since last played)
    (31.0, 2.1, 64, 3),
    (29.5, 2.4, 41, 10),
    (28.0, 2.0, 80, 45),
    (27.1, 5.9, 4, 2),  # a provisional newcomer with a lucky start
    (26.0, 2.6, 30, 200),  # stopped coming half a year ago
    (25.0, 3.0, 22, 20),
    (24.2, 7.5, 1, 1),  # one game so far
    (23.0, 2.2, 55, 400),  # not seen for over a year
    (21.5, 2.5, 35, 6),
    (19.0, 3.1, 12, 90 + 30),
]
"""A club ladder of ten, best first, with ``mu``, ``sigma``, games and activity."""


NAMES = [
    "Giulia Conti", "Marco Ferri", "Sara Galli", "Luca Moretti", "Elena Marini",
    "Paolo Greco", "Chiara Fontana", "Davide Rinaldi", "Marta Caruso", "Franco Villa",
]  # fmt: skip


def ladder_of(
    club: Club, game_type: str = "german_whist", rows: Sequence[Any] = LADDER
) -> list[Rung]:
    """The club's (and all clubs') ladder for ``game_type``: a Rating per row, for
    new players of the club, best first."""
    now = timezone.now()
    scope, _made = RatingScope.objects.get_or_create(game_type=game_type, club=club)
    everywhere, _made = RatingScope.objects.get_or_create(game_type=game_type, club=None)
    players = make_players(len(rows), prefix="laddered")
    out = []
    for n, (player, (mu, sigma, games, days)) in enumerate(zip(players, rows, strict=True)):
        player.club = club
        player.name = NAMES[n % len(NAMES)] + (f" {n // len(NAMES) + 1}" if n >= len(NAMES) else "")
        player.save(update_fields=["club", "name"])
        last = now - dt.timedelta(days=days)
        for where in (scope, everywhere):
            Rating.objects.create(
                scope=where, player=player, mu=mu, sigma=sigma, games=games,
                wins=games // 3, last_played=last,
            )  # fmt: skip
        out.append(Rung(player, scale.shown(mu), scale.shown_uncertainty(sigma), games, last))
    scope.rated_games = sum(r[2] for r in rows) // 2
    scope.save(update_fields=["rated_games"])
    return out


WINS = [(8, 5)] * 7 + [(5, 8)] * 5
"""Twelve weekly games: the first player wins seven, loses five."""


def finish_whist(table: Any, director: Any) -> None:
    """A tournament table's German whist game ended by one tally (8 tricks to 5)."""
    game_store.append_event(
        table.game_id, {"type": "tally", "tricks": [8, 5]}, event_id=uuid.uuid4(),
        expected_version=None, user=director,
    )  # fmt: skip


def section(html: str, ident: str) -> str:
    """The ``<section id="ident">`` of a page."""
    start = html.index(f'<section id="{ident}"')
    return html[start : html.index("</section>", start)]


def text_of(html: str) -> str:
    """A page's text without its tags, spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
