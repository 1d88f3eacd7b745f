"""Entries in bulk: check everyone in with one tap, and enter several club players
and new guests at once.

Each is one transaction: a refusal (a player already entered, a guest without a
name) changes nothing, and the message names who or which line is at fault.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.models import Entry, Role, Tournament
from tournaments.services import audit
from tournaments.services import clubs as club_service
from tournaments.services import tournaments as tournament_service
from tournaments.services.access import User, require_role
from tournaments.services.drafts import drop_drafts, require_editable
from tournaments.services.errors import ServiceError

MAX_AT_ONCE = 200
"""The most entries one request adds."""


def check_in_all(tournament: Tournament, *, by: User) -> list[Entry]:
    """Check in every entry that is registered and not withdrawn (scorers and
    directors); the entries checked in now (none when everyone already was)."""
    require_role(by, tournament.club, Role.SCORER)
    require_editable(tournament)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        waiting = list(
            tournament.entries.filter(status=Entry.Status.REGISTERED).select_related(
                "player", "team"
            )
        )
        if waiting:
            tournament.entries.filter(pk__in=[e.pk for e in waiting]).update(
                status=Entry.Status.CHECKED_IN, version=F("version") + 1
            )
            audit.record(
                actor=by,
                club=tournament.club,
                tournament=tournament,
                action="entries-checked-in",
                subject=tournament.name,
                before={"status": Entry.Status.REGISTERED.value},
                after={
                    "status": Entry.Status.CHECKED_IN.value,
                    "entries": [e.name for e in waiting],
                },
            )
            drop_drafts(tournament)
    for entry in waiting:
        entry.status = Entry.Status.CHECKED_IN
    return waiting


def guest_names(text: str) -> list[str]:
    """Names typed one per line: blank lines and surrounding spaces dropped."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def add_several(
    tournament: Tournament,
    *,
    by: User,
    players: Sequence[int] = (),
    guests: Sequence[str] = (),
) -> list[Entry]:
    """Enter several of the club's players (by id) and several new guests (by name)
    at once (scorers and directors). All or nothing."""
    require_role(by, tournament.club, Role.SCORER)
    require_editable(tournament)
    if tournament.entry_kind != Tournament.EntryKind.INDIVIDUAL:
        raise ServiceError(_("this tournament's entrants are teams: enter teams one by one"))
    if not players and not guests:
        raise ServiceError(
            _("tick at least one club player or type at least one guest's name"),
            field="players",
        )
    if len(players) + len(guests) > MAX_AT_ONCE:
        raise ServiceError(_("at most %(n)s entries at once") % {"n": MAX_AT_ONCE}, field="players")
    if len(set(players)) != len(players):
        raise ServiceError(_("a club player is ticked twice"), field="players")
    club = tournament.club
    entered = []
    with transaction.atomic():
        for player_id in players:
            player = club_service.club_player(club, player_id, field="players")
            entered.append(tournament_service.register(tournament, by=by, player=player))
        for number, name in enumerate(guests, start=1):
            try:
                guest = club_service.add_guest(club, by=by, name=name)
                entered.append(tournament_service.register(tournament, by=by, player=guest))
            except ServiceError as error:
                raise type(error)(
                    _("guest %(n)s (%(name)s): %(error)s")
                    % {"n": number, "name": name.strip() or _("no name"), "error": error},
                    field="guests",
                ) from None
    return entered
