"""A simple bot for an empty seat (issue 16): legal, not random.

PLACEHOLDER interface (replaced by the real bots): :func:`choose_move` sees only what
the seat itself may see -- ``view`` is ``Game.view(seat)`` and ``legal`` is what
``tournaments.services.moves.legal_of(state, seat)`` returns (``count``, ``complete``,
``legal``) -- and returns one event for the seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def choose_move(
    game: str, seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]
) -> dict[str, Any]:
    """The event the bot plays for ``seat`` of a ``game`` (the engine's game name)."""
    options = list(legal.get("legal") or [])
    if not legal.get("complete", True) or not options:
        raise NotImplementedError("the placeholder bot needs the complete list of legal actions")
    return dict(options[0])
