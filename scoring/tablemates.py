"""Who a person played with and against, and how it went: the partners and opponents
of their page and the head-to-head page between two people.

Read from finished games only, and of each game only what every public page shows:
who sat where, the final scores per side (:class:`~scoring.models.GameScore`) and,
for a rated game, each player's place as the ratings counted it
(:class:`~scoring.models.RatingChange` of the all-clubs scope, which rates every rated
game; it knows a resignation, which the scores alone do not). A game without either
(its scores not read yet) counts as played, with no result.

Partners are players of the same side (a partnership whist's pair); everyone else at
the table is an opponent. Against an opponent a game is won, lost or drawn by the two
places (the better place wins, equal places draw); with a partner, by the side's place
at the table (first alone: won; first with another side: drawn; otherwise lost).

Each function reads a fixed number of queries, whatever the number of games.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from scoring.models import GameScore, RatingChange
from tournaments.models import Game, Player, Seat

WON, LOST, DRAWN = "won", "lost", "drawn"


@dataclass
class Table:
    """One finished game: who sat there, on which side, in which place."""

    game_id: Any
    players: dict[int, int] = field(default_factory=dict)
    """player id → seat."""
    names: dict[int, str] = field(default_factory=dict)
    side_of: list[int] | None = None
    places: dict[int, int] = field(default_factory=dict)
    """player id → place (1 = first); empty when the result is not known."""

    def side(self, player_id: int) -> int:
        seat = self.players[player_id]
        return self.side_of[seat] if self.side_of else seat

    def partners(self, player_id: int) -> list[int]:
        mine = self.side(player_id)
        return [p for p in self.players if p != player_id and self.side(p) == mine]

    def opponents(self, player_id: int) -> list[int]:
        mine = self.side(player_id)
        return [p for p in self.players if self.side(p) != mine]

    def against(self, me: int, other: int) -> str | None:
        """My result against an opponent."""
        if me not in self.places or other not in self.places:
            return None
        mine, theirs = self.places[me], self.places[other]
        return WON if mine < theirs else LOST if mine > theirs else DRAWN

    def result(self, me: int) -> str | None:
        """My side's result at the table."""
        if me not in self.places:
            return None
        if self.places[me] > 1:
            return LOST
        mine = self.side(me)
        shared = any(
            place == 1 and self.side(p) != mine for p, place in self.places.items() if p != me
        )
        return DRAWN if shared else WON


def finished_games_of(player: Player) -> QuerySet[Game]:
    """The finished games ``player`` sat at (a query to use as a subquery)."""
    return Game.objects.filter(status=Game.Status.FINISHED, seats__player=player)


def tables(games: QuerySet[Game] | list[Any]) -> dict[Any, Table]:
    """Every game's table, keyed by game id (three queries)."""
    ids = games.values("pk") if isinstance(games, QuerySet) else games
    out: dict[Any, Table] = {}
    seats = (
        Seat.objects.filter(game_id__in=ids)
        .order_by()
        .values_list("game_id", "number", "player_id", "player__name")
    )
    for game_id, number, player_id, name in seats:
        table = out.setdefault(game_id, Table(game_id))
        table.players[player_id] = number
        table.names[player_id] = name
    scores = GameScore.objects.filter(game_id__in=ids).values_list("game_id", "scores", "side_of")
    for game_id, side_scores, side_of in scores:
        table = out.get(game_id)
        if table is None:
            continue
        table.side_of = list(side_of)
        for player_id, seat in table.players.items():
            own = side_scores[side_of[seat]]
            table.places[player_id] = 1 + sum(1 for s in side_scores if s > own)
    rated = RatingChange.objects.filter(game_id__in=ids, scope__club__isnull=True).order_by()
    for game_id, player_id, place in rated.values_list("game_id", "player_id", "place"):
        if game_id in out and player_id in out[game_id].players:
            out[game_id].places[player_id] = place
    return out


@dataclass
class Record:
    """Games with one other person, and how they went for the page's person."""

    player_id: int
    name: str
    games: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    def count(self, outcome: str | None) -> None:
        self.games += 1
        if outcome == WON:
            self.won += 1
        elif outcome == LOST:
            self.lost += 1
        elif outcome == DRAWN:
            self.drawn += 1


def partners_and_opponents(player: Player, most: int = 10) -> tuple[list[Record], list[Record]]:
    """The ``most`` most frequent partners and opponents, most games first."""
    partners: dict[int, Record] = {}
    opponents: dict[int, Record] = {}
    for table in tables(finished_games_of(player)).values():
        me = player.pk
        if me not in table.players:
            continue
        for other in table.partners(me):
            record = partners.setdefault(other, Record(other, table.names[other]))
            record.count(table.result(me))
        for other in table.opponents(me):
            record = opponents.setdefault(other, Record(other, table.names[other]))
            record.count(table.against(me, other))

    def best(records: dict[int, Record]) -> list[Record]:
        ranked = sorted(records.values(), key=lambda r: (-r.games, r.name.casefold(), r.player_id))
        return ranked[:most]

    return best(partners), best(opponents)


@dataclass
class Meeting:
    """One game two people played at the same table."""

    game: Game
    when: dt.datetime | None
    together: bool
    """Partners (the same side), else opponents."""
    outcome: str | None
    """For the first person: won, lost or drawn (against the other, or as a side)."""


@dataclass
class Versus:
    opponents: Record
    partners: Record
    meetings: list[Meeting]
    more: int
    """Meetings left out of the list (the newest ``most`` are listed)."""


def versus(player: Player, other: Player, most: int = 100) -> Versus:
    """Every game ``player`` and ``other`` sat at together, as opponents and as partners
    (five queries)."""
    shared = finished_games_of(player).filter(
        pk__in=Seat.objects.filter(player=other).values("game_id")
    )
    found = tables(shared)
    games = list(
        shared.select_related("table__round__tournament__club").order_by("-finished_at", "-pk")
    )
    as_opponents = Record(other.pk, other.name)
    as_partners = Record(other.pk, other.name)
    meetings = []
    for game in games:
        table = found.get(game.pk)
        if table is None or player.pk not in table.players or other.pk not in table.players:
            continue
        together = table.side(other.pk) == table.side(player.pk)
        outcome = table.result(player.pk) if together else table.against(player.pk, other.pk)
        (as_partners if together else as_opponents).count(outcome)
        meetings.append(Meeting(game, game.finished_at, together, outcome))
    return Versus(as_opponents, as_partners, meetings[:most], max(0, len(meetings) - most))
