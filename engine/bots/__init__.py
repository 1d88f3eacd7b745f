"""A simple bot for an empty seat (issue 16): legal, not random, deterministic.

:func:`choose_move` sees only what the seat itself may see -- ``view`` is
``Game.view(seat)`` and ``legal`` is what ``tournaments.services.moves.legal_of(state,
seat)`` returns (``count``, ``complete``, ``legal``) -- and returns one event for the
seat, chosen by a few obvious rules per game (see docs/bots.md). It never receives an
engine game state, so it cannot look at another seat's cards. Flow events (resign,
concede, adjourn, resume) are never chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.bots._common import NoMove
from engine.bots.italian_tricks import briscola, tresette
from engine.bots.rummy import burraco, scala40
from engine.bots.scopa import scopa
from engine.bots.whists import german_whist, italian_whist, three_handed_whist, whist

Bot = Callable[[int, Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]

BOTS: dict[str, Bot] = {
    "whist": whist,
    "german_whist": german_whist,
    "three_handed_whist": three_handed_whist,
    "italian_whist": italian_whist,
    "briscola": briscola,
    "tresette": tresette,
    "scopa": scopa,
    "burraco": burraco,
    "scala40": scala40,
}


def choose_move(
    game: str, seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]
) -> dict[str, Any]:
    """The event the bot plays for ``seat`` of a ``game`` (the engine's game name).

    Raises :class:`NoMove` when nothing is listed for the seat (it is not to act) and
    ``KeyError`` for a game without a bot.
    """
    bot = BOTS[game]
    event = dict(bot(seat, view, legal))
    event.setdefault("seat", seat)
    return event


__all__ = ["BOTS", "NoMove", "choose_move"]
