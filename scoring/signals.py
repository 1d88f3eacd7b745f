"""Which changes owe a tournament new standings (connected in ``ScoringConfig.ready``).

Each receiver finds the tournament and calls :func:`scoring.tasks.request_recompute`,
which marks it dirty inside the current transaction and sends the recomputation on
commit. None of them may break the save that triggered it: every failure is logged.

- a table's game finishing (``Game`` saved with status finished, or voided);
- a forfeit recorded or removed;
- a round published (or a published round saved again), a correction to a round;
- a score-sheet line that is a director's correction or ruling;
- an entry withdrawn (or any saved change to an entry already withdrawn);
- the tournament's scoring settings, tiebreaks or seed changed.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import (
    Entry,
    Forfeit,
    Game,
    Round,
    RoundCorrection,
    SheetEntry,
    Table,
    Tournament,
)

log = logging.getLogger(__name__)

SETTINGS_FIELDS = frozenset({"scoring", "tiebreaks", "seed", "late_entry_score"})


def _request(tournament_id: int | None) -> None:
    if tournament_id is None:
        return
    try:
        from scoring.tasks import request_recompute

        request_recompute(tournament_id)
    except Exception:
        log.exception("could not request new standings for tournament %s", tournament_id)


def _of_table(table_id: int) -> int | None:
    return Table.objects.filter(pk=table_id).values_list("round__tournament_id", flat=True).first()


@receiver(post_save, sender=Game, dispatch_uid="scoring.game_saved")
def game_saved(sender: Any, instance: Game, created: bool, update_fields: Any, **kw: Any) -> None:
    if created or instance.status not in (Game.Status.FINISHED, Game.Status.VOID):
        return
    if update_fields is not None and "status" not in update_fields:
        return
    try:
        tournament_id = (
            Table.objects.filter(game_id=instance.pk)
            .values_list("round__tournament_id", flat=True)
            .first()
        )
    except Exception:
        log.exception("could not find the table of game %s", instance.pk)
        return
    _request(tournament_id)


@receiver([post_save, post_delete], sender=Forfeit, dispatch_uid="scoring.forfeit_changed")
def forfeit_changed(sender: Any, instance: Forfeit, **kw: Any) -> None:
    _request(_of_table(instance.table_id))


@receiver(post_save, sender=SheetEntry, dispatch_uid="scoring.sheet_ruling")
def sheet_ruling(sender: Any, instance: SheetEntry, **kw: Any) -> None:
    if instance.kind in (SheetEntry.Kind.CORRECT, SheetEntry.Kind.RESOLVE):
        _request(_of_table(instance.table_id))


@receiver(post_save, sender=Round, dispatch_uid="scoring.round_saved")
def round_saved(sender: Any, instance: Round, **kw: Any) -> None:
    if instance.status == Round.Status.PUBLISHED:
        _request(instance.tournament_id)


@receiver(post_delete, sender=Round, dispatch_uid="scoring.round_deleted")
def round_deleted(sender: Any, instance: Round, **kw: Any) -> None:
    if instance.status == Round.Status.PUBLISHED:
        _request(instance.tournament_id)


@receiver(post_save, sender=RoundCorrection, dispatch_uid="scoring.round_corrected")
def round_corrected(sender: Any, instance: RoundCorrection, **kw: Any) -> None:
    tournament_id = (
        Round.objects.filter(pk=instance.round_id).values_list("tournament_id", flat=True).first()
    )
    _request(tournament_id)


@receiver(post_save, sender=Entry, dispatch_uid="scoring.entry_saved")
def entry_saved(sender: Any, instance: Entry, created: bool, **kw: Any) -> None:
    if not created and instance.status == Entry.Status.WITHDRAWN:
        _request(instance.tournament_id)


@receiver(post_save, sender=Tournament, dispatch_uid="scoring.tournament_saved")
def tournament_saved(
    sender: Any, instance: Tournament, created: bool, update_fields: Any, **kw: Any
) -> None:
    if created:
        return
    if update_fields is not None and not (set(update_fields) & SETTINGS_FIELDS):
        return
    # A full save: only worth it once there is something to rank.
    if (
        update_fields is None
        and not Round.objects.filter(
            tournament_id=instance.pk, status=Round.Status.PUBLISHED
        ).exists()
    ):
        return
    _request(instance.pk)
