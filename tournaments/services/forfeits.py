"""Forfeits and no-shows at a table, recorded by a director (how standings read them:
:mod:`tournaments.services.sheets`)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from scoring.owed import owe_ratings, owe_standings
from tournaments.models import (
    Entry,
    Forfeit,
    Role,
    Table,
    TableEntry,
)
from tournaments.services import audit
from tournaments.services.access import User, require_role
from tournaments.services.errors import Conflict, ServiceError
from tournaments.services.sheet_access import _club


def record_forfeit(table: Table, entry: Entry, kind: str, by: User, note: str = "") -> Forfeit:
    """A director records that ``entry`` did not come (``no_show``) or conceded
    (``forfeit``) at ``table``; once per entry and table."""
    require_role(by, _club(table), Role.DIRECTOR)
    if kind not in Forfeit.Kind.values:
        raise ServiceError(
            f"kind must be one of {', '.join(Forfeit.Kind.values)}, not {kind!r}", field="kind"
        )
    if not TableEntry.objects.filter(table=table, entry=entry).exists():
        raise ServiceError(
            gettext("entry %(entry)s does not sit at table %(table)s")
            % {"entry": entry.number, "table": table.number},
            field="entry",
        )
    try:
        with transaction.atomic():
            forfeit = Forfeit.objects.create(
                table=table, entry=entry, kind=kind, note=(note or "").strip()[:200], recorded_by=by
            )
            owe_standings(table.round.tournament_id, "forfeit")
            tournament = table.round.tournament
            owe_ratings([tournament.game_type], "forfeit")
            audit.record(
                actor=by,
                club=tournament.club,
                tournament=tournament,
                action="forfeit-recorded",
                subject=entry.name,
                after={
                    "round": table.round.number,
                    "table": table.number,
                    "kind": kind,
                    "note": forfeit.note,
                },
            )
            return forfeit
    except IntegrityError:
        raise Conflict(
            gettext("a forfeit of entry %(entry)s at table %(table)s is already recorded")
            % {"entry": entry.number, "table": table.number}
        ) from None
