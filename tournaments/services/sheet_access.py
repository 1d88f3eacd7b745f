"""Who may write a table's score sheet: a player seated at it (for their side), or a
club scorer or director (an official); the table a round's page names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from tournaments.models import (
    Game,
    Role,
    Table,
)
from tournaments.services import game_store
from tournaments.services.access import User, has_role, is_table_director, require_role, seat_users
from tournaments.services.errors import Conflict, Forbidden, NotFound

# ---------------------------------------------------------------------- who


@dataclass(frozen=True)
class Writer:
    """Who writes a line: a seated player's ``side`` (and seats), or an official."""

    user: Any
    side: int | None
    seats: tuple[int, ...] = ()
    director: bool = False
    seat: int | None = None
    """The seat the line is written for (a guest says which; a player's login sits)."""
    via_guest_link: bool = False
    device: str = ""
    ip_hash: str = ""

    @property
    def official(self) -> bool:
        return self.side is None


def _game(table: Table) -> Game:
    if table.game_id is None:
        raise Conflict(f"table {table.number} has no game yet: its round is not published")
    game = game_store.get(table.game_id)
    if game.mode != Game.Mode.PHYSICAL:
        raise Conflict(f"table {table.number} plays online: its deals are played, not entered")
    return game


def _club(table: Table) -> Any:
    return table.round.tournament.club


def writer(table: Table, user: User) -> Writer:
    """The user as a writer of this table's sheet; :class:`Forbidden` for anyone who
    neither plays at the table nor scores or directs for the club."""
    game = _game(table)
    seats: tuple[int, ...] = ()
    if user.is_authenticated:
        seats = tuple(sorted(n for n, uid in seat_users(game).items() if uid == user.pk))
    club = _club(table)
    director = is_table_director(user, table)
    if seats:
        engine_game = game_store.fresh_engine_game(game)
        return Writer(user, engine_game.side_of(seats[0]), seats, director, seat=seats[0])
    if has_role(user, club, Role.SCORER):
        return Writer(user, None, (), director)
    if not user.is_authenticated:
        raise Forbidden(
            gettext(
                "log in first; a guest without a login asks the director or a scorer to enter "
                "for them"
            )
        )
    raise Forbidden(
        gettext(
            "this sheet is for the players of table %(table)s and the scorers and directors "
            "of %(club)s"
        )
        % {"table": table.number, "club": club.name}
    )


def _require_director(table: Table, user: User) -> Writer:
    require_role(user, _club(table), Role.DIRECTOR)
    found = writer(table, user)
    if not found.official:
        raise Forbidden(gettext("a director playing at this table cannot rule on its sheet"))
    return found


def table_in_round(round_: Any, number: int) -> Table:
    try:
        return round_.tables.select_related("round__tournament__club").get(number=number)
    except (Table.DoesNotExist, ValueError, TypeError):
        raise NotFound(f"round {round_.number} has no table {number!r}") from None


# The sheet as people see it lives in sheet_view (kept importable from here).
