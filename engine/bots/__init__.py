"""Simple bots for an empty seat (issue 16): legal, not random, deterministic.

A bot is a function ``bot(seat, view, legal)`` that sees only what the seat itself may
see -- ``view`` is ``Game.view(seat)`` and ``legal`` is what
``tournaments.services.moves.legal_of(state, seat)`` returns (``count``, ``complete``,
``legal``) -- and returns one event for the seat, chosen by a few obvious rules per game
(see docs/bots.md). It never receives an engine game state, so it cannot look at another
seat's cards. Flow events (resign, concede, adjourn, resume) are never chosen.

The modules of this package hold the bots of the game families (the whists, the Italian
trick games, Scopa, the rummies); a game's class names its own (``Game.bot``), and
:func:`engine.bot.choose_move` plays it. This package imports none of its modules (so
that none of them is loaded through it, and none imports it back).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Bot = Callable[[int, Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]
"""A bot: ``bot(seat, view, legal)`` is the event it plays for ``seat``."""

__all__ = ["Bot"]
