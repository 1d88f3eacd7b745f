"""Closing a round: its score sheets become read-only for guests and players.

A director closes a round when its tables are done (:func:`close_round`);
publishing the next round closes every earlier published round that is still open
and whose tables are all finished (:func:`close_earlier`, called by
:func:`tournaments.services.rounds.publish`). A round the director paired past while
a table was still playing (after confirming it) stays open, so that table can still
score itself; the director closes it by hand once it is done. A
closed round's table links no longer let guests write (the guest right expires), and
its players can only read their sheet; the club's directors can still rule on
disputes and correct deals. Closing is not undone (a director who needs a deal
changed corrects it).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Role, Round
from tournaments.services import audit
from tournaments.services.access import User, require_role
from tournaments.services.errors import Conflict
from tournaments.services.table_states import unfinished_tables


def close_round(round_: Round, *, by: User) -> Round:
    """Close a published round (a director); closing a closed round again changes
    nothing."""
    require_role(by, round_.tournament.club, Role.DIRECTOR)
    with transaction.atomic():
        round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
        if not round_.is_published:
            raise Conflict(
                _("round %(n)s is a draft: publish it before closing it") % {"n": round_.number}
            )
        if round_.closed_at is None:
            round_.closed_at = timezone.now()
            round_.closed_by = by if by.is_authenticated else None
            round_.save(update_fields=["closed_at", "closed_by"])
            tournament = round_.tournament
            audit.record(
                actor=by,
                club=tournament.club,
                tournament=tournament,
                action="round-closed",
                subject=str(round_.number),
                after={"round": round_.number, "closed_at": round_.closed_at},
            )
    return round_


def close_earlier(round_: Round, *, by: User) -> int:
    """Close the tournament's published rounds before ``round_`` that are still open
    and have no unfinished table (the caller holds the transaction); how many were
    closed."""
    still_open = Round.objects.filter(
        tournament_id=round_.tournament_id,
        number__lt=round_.number,
        status=Round.Status.PUBLISHED,
        closed_at__isnull=True,
    )
    finished = [r for r in still_open if not unfinished_tables(r)]
    closed = Round.objects.filter(pk__in=[r.pk for r in finished]).update(
        closed_at=timezone.now(), closed_by=by if by.is_authenticated else None
    )
    if finished:
        tournament = round_.tournament
        numbers = sorted(r.number for r in finished)
        audit.record(
            actor=by,
            club=tournament.club,
            tournament=tournament,
            action="rounds-closed",
            subject=", ".join(str(n) for n in numbers),
            after={"rounds": numbers},
        )
    return closed
