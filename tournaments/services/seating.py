"""Where a player sits: their place in a tournament's latest published round.

A player at the club opens the tournament on a phone to find their table; an app asks
the API. Both read :func:`my_place`. Seats are looked up through the table's game, so
a team member finds the seat they play, not just their team's side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from tournaments.models import Bye, Round, Seat, Table, Tournament


@dataclass(frozen=True)
class Place:
    """A player's place in one round: a seat at a table, or a bye."""

    round: int
    table: Table | None = None
    """``None``: a bye."""
    seat: int | None = None
    others: tuple[str, ...] = ()
    """The other players at the table, in seat order."""

    @property
    def bye(self) -> bool:
        return self.table is None


def latest_round(tournament: Tournament) -> Round | None:
    return tournament.rounds.filter(status=Round.Status.PUBLISHED).order_by("-number").first()


def place_in(round_: Round, user: Any) -> Place | None:
    """``user``'s place in a published round, or ``None`` when they are not in it."""
    if not user.is_authenticated:
        return None
    seat = (
        Seat.objects.filter(game__table__round=round_, player__user_id=user.pk)
        .select_related("game__table")
        .first()
    )
    if seat is None:
        on_bye = Bye.objects.filter(round=round_).filter(
            Q(entry__player__user_id=user.pk) | Q(entry__team__memberships__player__user_id=user.pk)
        )
        return Place(round_.number) if on_bye.exists() else None
    others = tuple(
        s.player.name
        for s in Seat.objects.filter(game=seat.game).select_related("player").order_by("number")
        if s.number != seat.number
    )
    return Place(round_.number, seat.game.table, seat.number, others)


def my_place(tournament: Tournament, user: Any) -> Place | None:
    """``user``'s place in the tournament's latest published round, if any."""
    round_ = latest_round(tournament)
    return None if round_ is None else place_in(round_, user)
