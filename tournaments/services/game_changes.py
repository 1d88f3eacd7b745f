"""What happens once a change to a game is committed: one place, called explicitly.

:func:`game_changed` is called (through ``transaction.on_commit``) by the game store
after every append and after the server deals, and by the services that start a game.
It is where the parts of online play that react to a move are called, in order:
pushing the new version to every open page (:mod:`tournaments.services.live`) and
scheduling what the table does next by itself, a bot's move or a clock's deadline
(:func:`tournaments.services.table_driver.drive`). Each must be cheap and must never
raise into the request that made the move: the move is committed already.

The table driver appends moves itself (through the game store, which calls this
module), so this module does not import it: the app's ``ready``
(:mod:`tournaments.apps`) hands the list of reactions over once, with
:func:`react_with`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

from tavolo.copies import model_copy
from tournaments.models import Game
from tournaments.services import live

log = logging.getLogger(__name__)

Reaction = Callable[[Game], object]
_reactions: list[Reaction] = [live.announce_game]


def react_with(*reactions: Reaction) -> None:
    """The reactions to a committed change, in order (the app's ``ready`` sets them)."""
    _reactions[:] = reactions


def game_changed(game: Game) -> None:
    """React to a committed change of ``game``, the row as committed (see the module
    docstring). Never raises: the move is committed, and one failed reaction must not
    stop the next."""
    for react in tuple(_reactions):
        try:
            react(game)
        except Exception:
            log.exception("%s after a change of game %s failed", react.__name__, game.pk)


def after_commit(game: Game) -> None:
    """Call :func:`game_changed` once the current transaction commits, with ``game`` as
    it is now: the row the caller has just written, so no reaction reads it again (a
    copy, in case the caller changes its object before the commit)."""
    committed = model_copy(game)
    transaction.on_commit(lambda: game_changed(committed))
