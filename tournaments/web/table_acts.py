"""The table's own acts on the pages (issue 16): the banners (a resignation, an
adjourned table), the bot marker, the seat's "Resign" / "Concede this deal" forms and
the director's (or creator's) "Adjourn the table" / "Resume" form's state.

The seat's forms post to the seat's action view (``games:seat-act``, ``action=resign``
or ``concede``: :func:`tournaments.web.actions.event_from_form`); the pause form to
:func:`tournaments.web.table_pause.table_pause`. Both end in the rules of
:mod:`tournaments.services.table_actions` (through
:func:`~tournaments.services.moves.submit_move`). Seats count from 1 here.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Game
from tournaments.services import access, table_actions
from tournaments.services.game_store import read_state
from tournaments.services.numbering import for_people


def bot_seats(game: Game) -> set[int]:
    """The seats a bot plays (from the prefetched seats: no query of its own)."""
    return {seat.number for seat in game.seats.all() if seat.player.is_bot}


def banners(game: Game, view: Mapping[str, Any], names: Mapping[int, str]) -> list[str]:
    """What everyone at or watching the table must read first: who resigned, and
    that the table is adjourned."""
    out = []
    resigned = view.get("resigned")
    if isinstance(resigned, int) and not isinstance(resigned, bool):
        out.append(
            _("%(name)s (seat %(seat)d) resigned: the game is over.")
            % {"name": names.get(resigned, ""), "seat": for_people(resigned)}
        )
    if view.get("adjourned"):
        if table_actions.table_of(game) is not None:
            out.append(
                _("The table is adjourned (by the director): play resumes when they resume it.")
            )
        else:
            out.append(
                _(
                    "The table is adjourned (by the player who set up the game): play "
                    "resumes when they resume it."
                )
            )
    return out


def seat_acts(game: Game, seat: int, view: Mapping[str, Any]) -> dict[str, Any]:
    """Which of the seat's own acts its page offers now."""
    open_ = game.status == Game.Status.ACTIVE and not view.get("over")
    if not open_ or view.get("adjourned"):  # resigning is still open while adjourned
        return {"may_resign": open_, "may_concede": False}
    concede = read_state(game, lambda state: _can_concede(state, seat))
    return {"may_resign": True, "may_concede": concede}


def _can_concede(state: Any, seat: int) -> bool:
    check = getattr(state, "can_concede", None)
    return bool(check(seat)) if callable(check) else False


def pause_form(user: Any, game: Game, view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The pause form's state for ``user`` (``None``: they may not pause this table)."""
    if game.status != Game.Status.ACTIVE or not user.is_authenticated:
        return None
    if not access.may_pause(user, game, table_actions.table_of(game)):
        return None
    return {"adjourned": bool(view.get("adjourned")), "event_id": uuid.uuid4()}
