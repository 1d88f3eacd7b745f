"""Undoing a director's steps: archive a tournament (and bring it back), delete one
that has no results, and unpublish a round whose games have not begun.

Nothing append-only is ever removed: a tournament with results, corrections or
score-sheet lines is archived, not deleted, and an unpublished round keeps its
games (voided, as :func:`tournaments.services.rounds.correct` does) and a
:class:`~tournaments.models.RoundCorrection` saying who unpublished it and why.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.owed import owe_standings
from tournaments.models import (
    Forfeit,
    Game,
    GameEvent,
    Role,
    Round,
    RoundCorrection,
    SheetEntry,
    Table,
    Tournament,
)
from tournaments.services import audit
from tournaments.services.access import User, require_role
from tournaments.services.drafts import require_editable
from tournaments.services.errors import Conflict
from tournaments.services.table_states import unfinished_tables
from tournaments.services.versions import bump


def archive(tournament: Tournament, *, by: User, archived: bool = True) -> Tournament:
    """Archive a tournament (directors): left out of the club's lists, read-only,
    still reachable by its address; ``archived=False`` brings it back. Refused while
    a table of its last round is still at play."""
    require_role(by, tournament.club, Role.DIRECTOR)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        before = tournament.archived_at
        if archived and tournament.archived_at is None:
            last = tournament.rounds.filter(status=Round.Status.PUBLISHED).last()
            unfinished = unfinished_tables(last)
            if unfinished:
                raise Conflict(
                    _(
                        "round %(round)s still has tables at play (%(tables)s): finish them "
                        "or record a forfeit before archiving"
                    )
                    % {
                        "round": last.number,  # type: ignore[union-attr]
                        "tables": ", ".join(_("table %(n)s") % {"n": s.number} for s in unfinished),
                    }
                )
            tournament.archived_at = timezone.now()
        elif not archived:
            tournament.archived_at = None
        bump(tournament)
        tournament.save(update_fields=["archived_at"])
        if (before is None) != (tournament.archived_at is None):
            _audit(
                tournament, by, "tournament-archived" if archived else "tournament-unarchived",
                {"archived_at": before}, {"archived_at": tournament.archived_at},
            )  # fmt: skip
    return tournament


def _audit(tournament: Tournament, by: User, action: str, before: Any, after: Any) -> None:
    audit.record(
        actor=by, club=tournament.club, tournament=tournament, action=action,
        subject=tournament.name, before=before, after=after,
    )  # fmt: skip


def _games_of(tournament: Tournament) -> list[Any]:
    return list(
        Table.objects.filter(round__tournament=tournament, game__isnull=False).values_list(
            "game_id", flat=True
        )
    )


def results_of(tournament: Tournament) -> str:
    """Why the tournament cannot be deleted, in words ("" when it can)."""
    games = _games_of(tournament)
    played = GameEvent.objects.filter(game_id__in=games).exclude(kind=GameEvent.Kind.CHANCE)
    if played.exists() or SheetEntry.objects.filter(table__round__tournament=tournament).exists():
        return _("its games have results")
    if Forfeit.objects.filter(table__round__tournament=tournament).exists():
        return _("no-shows or forfeits are recorded in it")
    if RoundCorrection.objects.filter(round__tournament=tournament).exists():
        return _("corrections to its rounds are on record")
    return ""


def delete_tournament(tournament: Tournament, *, by: User) -> str:
    """Delete a tournament with no results (directors); its name. Refused in words
    when any game has begun, a score sheet has a line, a forfeit or a correction is
    on record: archive it instead. Its rounds' games are voided (events are kept)."""
    require_role(by, tournament.club, Role.DIRECTOR)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        why = results_of(tournament)
        if why:
            raise Conflict(
                _("%(name)s cannot be deleted: %(why)s. Archive it instead.")
                % {"name": tournament.name, "why": why}
            )
        games = _games_of(tournament)
        name = tournament.name
        # Written first: the row keeps the tournament's id and name once it is gone.
        rounds = tournament.rounds.count()
        entries = tournament.entries.count()
        _audit(tournament, by, "tournament-deleted", {"rounds": rounds, "entries": entries}, None)
        # Standings owed first (published rounds go; the task then finds no
        # tournament), then the rounds, then the tournament with its entries and standings.
        if tournament.rounds.filter(status=Round.Status.PUBLISHED).exists():
            owe_standings(tournament.pk, "tournament deleted")
        tournament.rounds.all().delete()
        Game.objects.filter(pk__in=games).update(status=Game.Status.VOID)
        tournament.delete()
    return name


def unpublish(round_: Round, *, by: User, reason: str = "") -> RoundCorrection:
    """Take back a published round whose games have not begun (directors): no player
    acted, no tally and no score-sheet line or forfeit at any table. Its games are
    voided and it is a draft again (to swap, re-pair or publish anew); the step is
    kept as a correction. Only the last published round, and refused in words
    otherwise."""
    tournament = round_.tournament
    require_role(by, tournament.club, Role.DIRECTOR)
    require_editable(tournament)
    reason = reason.strip() or _("unpublished before play began")
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if not round_.is_published:
            raise Conflict(_("round %(n)s is not published") % {"n": round_.number})
        if tournament.rounds.filter(number__gt=round_.number).exists():
            raise Conflict(
                _("round %(n)s is not the last round: a later round is paired after it")
                % {"n": round_.number}
            )
        tables = list(round_.tables.select_related("game").order_by("number"))
        for table in tables:
            begun = table.game_id is not None and (
                GameEvent.objects.filter(game_id=table.game_id)
                .exclude(kind=GameEvent.Kind.CHANCE)
                .exists()
            )
            if begun or SheetEntry.objects.filter(table=table).exists():
                raise Conflict(
                    _(
                        "table %(n)s has begun playing: a round can be unpublished only "
                        "before any result is entered"
                    )
                    % {"n": table.number}
                )
            if Forfeit.objects.filter(table=table).exists():
                raise Conflict(
                    _("a no-show or forfeit is recorded at table %(n)s") % {"n": table.number}
                )
        change: dict[str, Any] = {"unpublished": True, "tables": {}}
        for table in tables:
            old = table.game_id
            change["tables"][str(table.number)] = {
                "old_game": str(old) if old else None,
                "new_game": None,
            }
            table.game = None
            table.save(update_fields=["game"])
            if old is not None:
                Game.objects.filter(pk=old).update(status=Game.Status.VOID)
        round_.status = Round.Status.DRAFT
        round_.published_at = None
        round_.published_by = None
        round_.save(update_fields=["status", "published_at", "published_by"])
        owe_standings(tournament.pk, "round unpublished")
        audit.record(
            actor=by, club=tournament.club, tournament=tournament, action="round-unpublished",
            subject=str(round_.number), after={"round": round_.number, "reason": reason[:300]},
        )  # fmt: skip
        return RoundCorrection.objects.create(
            round=round_, made_by=by, reason=reason[:300], change=change
        )
