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
import uuid

from tournaments.services import live

log = logging.getLogger(__name__)


def game_changed(game_id: uuid.UUID) -> None:
    """React to a committed change of game ``game_id`` (see the module docstring)."""
    # Imported here: the driver appends events, and the event store calls this module.
    from tournaments.services import table_driver

    for react in (live.announce_game, table_driver.drive):
        try:
            react(game_id)
        except Exception:  # the move is committed: one failed reaction must not stop the next
            log.exception("%s after a change of game %s failed", react.__name__, game_id)


def after_commit(game_id: uuid.UUID) -> None:
    """Call :func:`game_changed` for ``game_id`` once the current transaction commits."""
    from django.db import transaction

    transaction.on_commit(lambda: _safely(game_id))


def _safely(game_id: uuid.UUID) -> None:
    try:
        game_changed(game_id)
    except Exception:  # the move is committed: a failed reaction must not undo the reply
        log.exception("reacting to a change of game %s failed", game_id)
