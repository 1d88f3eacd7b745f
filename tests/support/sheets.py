"""Helpers for score-sheet tests: a published round whose players have logins."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from tests.support.factories import director_of, make_club, make_tournament, make_user
from tournaments.models import Club, Player, Role, Round, Table
from tournaments.services import rounds, tournaments


@dataclass
class Setup:
    club: Club
    director: Any
    round: Round
    tables: list[Table]
    seated: dict[int, list[Any]]
    """Table number → the users at its seats, in seat order."""

    def table(self, number: int = 1) -> Table:
        return Table.objects.select_related("round__tournament__club").get(
            round=self.round, number=number
        )

    def seat(self, number: int, table: int = 1) -> Any:
        return self.seated[table][number]


def cid() -> uuid.UUID:
    return uuid.uuid4()


def published(
    game_type: str = "german_whist",
    players: int = 4,
    options: dict[str, Any] | None = None,
    **settings: Any,
) -> Setup:
    """A tournament of ``game_type`` with ``players`` logged-in entrants, round 1
    published (tables of the game's first player count)."""
    club = make_club()
    director = director_of(club)
    cup = make_tournament(
        club, director, {"game_type": game_type, "options": options or {}, **settings}
    )
    users = {}
    for n in range(players):
        user = make_user(f"p{n}-{uuid.uuid4().hex[:6]}")
        player = Player.objects.create(name=f"Player {n + 1}", user=user)
        entry = tournaments.register(cup, by=director, player=player, rating=2000 - n)
        tournaments.check_in(entry, by=director)
        users[player.pk] = user
    round_ = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    tables = list(round_.tables.order_by("number"))
    seated = {
        t.number: [users[s.player_id] for s in t.game.seats.order_by("number")] for t in tables
    }
    return Setup(club, director, round_, tables, seated)


def role_user(club: Club, role: Role) -> Any:
    from tests.support.factories import member

    return member(club, role)
