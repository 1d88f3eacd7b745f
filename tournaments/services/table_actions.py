"""A table's own acts (issue 16): resign, concede a deal, adjourn and resume. One place.

This module says who may send them; the web's seat and table pages
(:mod:`tournaments.web.table_actions`) and the API (the events endpoint, ``POST
/api/games/{id}/events``) submit them through :func:`tournaments.services.moves.act`
and :func:`~tournaments.services.moves.submit_move`, which append through
:func:`~tournaments.services.game_store.append_event` (the expected version if given,
the client's event id for a safe retry). The events are
the engine's (``resign``, ``concede``, ``adjourn``, ``resume``); who may send them:

- ``resign`` / ``concede``: only the seat's own player, for their own seat (a bot
  never resigns; a director does not resign for a player: they record a forfeit);
  ``concede`` only where the game allows it (the engine's ``can_concede``);
- ``adjourn`` / ``resume`` (no seat): a director of the game (the club's director or
  owner role, or staff), or, for a game at no tournament's table, its creator (or
  staff): :func:`tournaments.services.access.may_pause`. A director's is recorded with
  ``actor=director`` and in the club's audit log (``table-adjourned`` /
  ``table-resumed``, with the reason).

Seating a bot is :mod:`tournaments.services.bots_seating`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Game, GameEvent, Table
from tournaments.services import access, audit
from tournaments.services.access import User
from tournaments.services.errors import Forbidden, ServiceError

PAUSES = ("adjourn", "resume")
"""The seat-less events that pause and restart a table."""
SEAT_ACTS = ("resign", "concede")
REASON_LENGTH = 300


def table_of(game: Game) -> Table | None:
    """The tournament table that plays ``game`` (``None``: a casual game)."""
    return (
        Table.objects.filter(game_id=game.pk)
        .select_related("round__tournament__club")
        .order_by("pk")
        .first()
    )


def check_may_pause(user: User, game: Game) -> None:
    """Raise :class:`Forbidden` unless ``user`` may adjourn and resume ``game``."""
    if not user.is_authenticated or not access.may_pause(user, game, table_of(game)):
        raise Forbidden(
            _(
                "Only a director of this game's tournament (or, for a game at no "
                "tournament, the player who set it up) may adjourn or resume the table."
            )
        )


def clean_reason(reason: Any) -> str:
    """The adjournment's reason, stripped and bounded (400 if too long)."""
    text = str(reason or "").strip()
    if len(text) > REASON_LENGTH:
        raise ServiceError(
            _("Keep the reason to %(count)d characters.") % {"count": REASON_LENGTH},
            field="reason",
        )
    return text


def actor_for(user: User, game: Game, event: Mapping[str, Any]) -> str | None:
    """The event's actor: a director's for an adjournment by a tournament director."""
    if event.get("type") in PAUSES and access.is_game_director(user, game):
        return GameEvent.Actor.DIRECTOR
    return None


def record_pause(user: User, game: Game, event: Mapping[str, Any], reason: str) -> None:
    """The audit row of a director's adjournment or resumption (in the caller's
    transaction); nothing for a casual game's creator (no club to log it in)."""
    table = table_of(game)
    if table is None or not access.is_game_director(user, game, table):
        return
    tournament = table.round.tournament
    action = "table-adjourned" if event.get("type") == "adjourn" else "table-resumed"
    audit.record(
        actor=user,
        club=tournament.club,
        tournament=tournament,
        action=action,
        subject=f"round {table.round.number}, table {table.number}",
        after={
            "game": str(game.pk),
            "round": table.round.number,
            "table": table.number,
            "reason": reason,
        },
    )
