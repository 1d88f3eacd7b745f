"""Owing standings: the one call a service makes when it changed a result.

The result flow, end to end:

1. A service in :mod:`tournaments.services` changes something the standings are
   computed from, and calls :func:`owe_standings` *inside its own transaction*, right
   after the write. No model signal does this behind its back: if a service forgets the
   call, ``tests/standings/test_owed_triggers.py`` fails.
2. :func:`owe_standings` marks the tournament dirty (:func:`scoring.store.mark_dirty`),
   so "result saved" and "standings owed" commit together or not at all, and on commit
   sends the recomputation (:func:`scoring.tasks.enqueue`: a burst of results sends one
   task; a broker that is down loses nothing, dirty tournaments are swept later).
3. The Celery task (:func:`scoring.tasks.recompute_standings`) recomputes from scratch
   (:func:`scoring.store.recompute`); pairing never waits for it, it recomputes a dirty
   tournament synchronously (:func:`scoring.store.current_points`).

Who calls it, and why (the ``why`` words are logged, nothing else):

- ``game finished``: :mod:`tournaments.services.game_store`, when the move that ends
  a game at a table is stored (score sheets finish their game through it too);
- ``forfeit``: :func:`tournaments.services.sheets.record_forfeit` (forfeit or no-show);
- ``ruling`` / ``sheet corrected``: a director's ruling or correction on a score sheet
  (:mod:`tournaments.services.sheets`); the corrected game is voided and replaced;
- ``round published``, ``round corrected``: :mod:`tournaments.services.rounds` (a
  correction voids and replaces the games of the tables it touches);
  ``round unpublished``: :func:`tournaments.services.undo.unpublish`;
- ``withdrawal``: :func:`tournaments.services.tournaments.withdraw` (a director) and
  :func:`tournaments.services.self_entry.withdraw_self`; ``withdrawn entry changed``:
  :func:`~tournaments.services.tournaments.update_entry` on an entry that withdrew;
- ``settings``: :func:`tournaments.services.tournaments.update_tournament` once a round
  is published (scoring, tiebreaks, seed, late entries' score);
- ``name claimed``: :mod:`tournaments.services.claims` (an entrant's name changed);
- ``tournament deleted``: :func:`tournaments.services.undo.delete_tournament`;
- ``never computed``: :func:`scoring.read.ensure_requested` (a page asked for standings
  that were never computed).

Closing a round and archiving a tournament change no result: they owe nothing. A game
is voided only by the services above that replace it, each of which owes.

Imports: results flow one way, from the services to this module. ``scoring`` reads
``tournaments`` (its models, the scoring settings, the engine state cache);
``tournaments`` asks ``scoring`` only for this module, the pure scoring modules, and
a few named reads (the stored points pairing uses, the demo's first computation, a
round page's final scores, tiebreak labels). No import cycle joins the two apps, and
no import between them is hidden in a function (``tests/architecture/`` checks both).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import partial

from django.db import DatabaseError, transaction
from django.db.models import F
from django.utils import timezone

from scoring import store, tasks
from scoring.rating_settings import RatingsOwed

log = logging.getLogger(__name__)

__all__ = ["owe_ratings", "owe_standings"]


def owe_standings(tournament_id: int | None, why: str) -> None:
    """A result of the tournament changed (``why``, a few words for the log): mark it
    dirty in the caller's transaction and send the recomputation on commit.

    Never raises: a failure here must not lose the result being saved (it is logged;
    the stale standings then wait for the next change or the sweep). ``None`` (a game
    at no table, a table that is gone) owes nothing."""
    if tournament_id is None:
        return
    try:
        log.debug("standings of tournament %s owed: %s", tournament_id, why)
        store.mark_dirty(tournament_id)
        transaction.on_commit(lambda: tasks.enqueue(tournament_id))
    except Exception:
        log.exception("could not request new standings for tournament %s", tournament_id)


def owe_ratings(game_types: Iterable[str | None], why: str) -> None:
    """A rated result of these game types changed (``why``, a few words for the
    log): note the ratings owed in the caller's transaction and send their update on
    commit (:func:`scoring.tasks.enqueue_ratings`; the update itself decides whether a
    scope takes the new games on top or is rated again from scratch).

    Who calls it: ``game finished`` (:mod:`tournaments.services.game_store`, online
    and score sheets alike), ``forfeit`` (:mod:`tournaments.services.forfeits`),
    ``ruling`` and ``sheet corrected`` (a finished game voided and replaced),
    ``name claimed`` (:mod:`tournaments.services.claims`: a guest's seats moved to
    the claiming player), ``settings`` (a club's rating settings). A round correction,
    an unpublished round and a deleted tournament owe nothing: each is refused once a
    game at the tables it touches has begun, so no rated game is voided by them.

    Never raises, like :func:`owe_standings`."""
    for game_type in sorted({t for t in game_types if t}):
        try:
            log.debug("%s ratings owed: %s", game_type, why)
            _mark_ratings_owed(game_type)
            transaction.on_commit(partial(tasks.enqueue_ratings, game_type))
        except Exception:
            log.exception("could not request new %s ratings", game_type)


def _mark_ratings_owed(game_type: str) -> None:
    try:
        with transaction.atomic():
            updated = RatingsOwed.objects.filter(game_type=game_type).update(
                requested=F("requested") + 1
            )
            if not updated:
                RatingsOwed.objects.get_or_create(
                    game_type=game_type, defaults={"requested": 1, "since": timezone.now()}
                )
    except DatabaseError:
        log.exception("could not mark the %s ratings owed", game_type)
