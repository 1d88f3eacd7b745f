"""What happens once a change to a game is committed: one place, called explicitly.

:func:`game_changed` is called (through ``transaction.on_commit``) by the event store
after every append and after the server deals, and by the services that start a game.
It is where the parts of online play that react to a move are called, in order:
pushing the new version to every open page (:mod:`tournaments.services.live`) and
scheduling what the table does next by itself, a bot's move or a clock's deadline
(:mod:`tournaments.services.table_driver`). Each must be cheap and must never raise
into the request that made the move: the move is committed already.
"""

from __future__ import annotations

import logging

from django.db import transaction

from tavolo.copies import model_copy
from tournaments.models import Game
from tournaments.services import live

log = logging.getLogger(__name__)


def game_changed(game: Game) -> None:
    """React to a committed change of ``game``, the row as committed (see the module
    docstring). Never raises: the move is committed, and one failed reaction must not
    stop the next."""
    # Imported here: the driver appends events, and the event store calls this module.
    from tournaments.services import table_driver

    for react in (live.announce_game, table_driver.drive):
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
