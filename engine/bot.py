"""The bot of an empty seat: the one its game's class names (``Game.bot``, see
:mod:`engine.bots`), found through the registry (:mod:`engine.registry`).

:func:`choose_move` sees only what the seat itself may see -- ``view`` is
``Game.view(seat)`` and ``legal`` is what ``tournaments.services.moves.legal_of(state,
seat)`` returns -- and never an engine game state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.bots._common import NoMove
from engine.errors import UnknownGame
from engine.registry import game_class


def choose_move(
    game: str, seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]
) -> dict[str, Any]:
    """The event the bot plays for ``seat`` of a ``game`` (the engine's game name).

    Raises :class:`NoMove` when nothing is listed for the seat (it is not to act) and
    ``KeyError`` for a game without a bot (or no such game).
    """
    try:
        bot = game_class(game).bot
    except UnknownGame:
        bot = None
    if bot is None:
        raise KeyError(game)
    event = dict(bot(seat, view, legal))
    event.setdefault("seat", seat)
    return event


__all__ = ["NoMove", "choose_move"]
