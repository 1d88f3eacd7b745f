"""Players entering and withdrawing themselves (web page and API alike).

Where the director allows it (the tournament's ``self_entry``), a logged-in player
enters while entries are taken (:func:`~tournaments.services.tournament_details.entries_taken`:
open, not started, not full) and withdraws before play begins.

**Teams** (the simplest sound rule): a player enters a team that includes them —
either a team of the club they are in, or a new one they form with partners chosen
by name from the club's players (guests and members). A new team is named after its
players ("Anna & Bruno") and seated in the order given, the entering player first.
Nobody can enter a team they are not in, and a player already entered (alone or in
another team) is refused by name.

A player who withdrew and comes back before play begins gets their old entry and
start number back, if there is room.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.owed import owe_standings
from tournaments.models import Entry, Player, Team, TeamMember, Tournament
from tournaments.services import tournaments as tournament_service
from tournaments.services.clubs import User, club_player, club_players, club_team
from tournaments.services.errors import Conflict, Forbidden, NotFound, ServiceError
from tournaments.services.players import player_of_user
from tournaments.services.tournament_details import (
    entries_taken,
    full_message,
    has_started,
    is_full,
)
from tournaments.services.versions import bump


def own_entry(tournament: Tournament, user: User) -> Entry | None:
    """The user's entry (alone or in a team), withdrawn or not; ``None`` if none."""
    if not user.is_authenticated:
        return None
    mine = Q(player__user_id=user.pk) | Q(team__memberships__player__user_id=user.pk)
    return tournament.entries.filter(mine).select_related("player", "team").distinct().first()


def partner_choices(tournament: Tournament, user: User) -> list[Player]:
    """The club's players a user may form a team with: not themselves, not entered."""
    entered = Entry.objects.filter(tournament=tournament)
    taken = set(entered.values_list("player_id", flat=True)) | set(
        TeamMember.objects.filter(team__entries__in=entered).values_list("player_id", flat=True)
    )
    players = club_players(tournament.club)
    return [p for p in players if p.user_id != user.pk and p.pk not in taken]


def own_teams(tournament: Tournament, user: User) -> list[Team]:
    """The club's teams the user is in, of the size this tournament seats."""
    size = tournament_service.seats_per_side(tournament)
    teams = Team.objects.filter(club=tournament.club, memberships__player__user_id=user.pk)
    return [t for t in teams.distinct() if t.memberships.count() == size]


def enter_self(
    tournament: Tournament,
    *,
    by: User,
    team_id: int | None = None,
    partner_ids: Sequence[int] = (),
) -> Entry:
    """The logged-in player enters: alone, or (team tournaments) with one of their
    teams or with partners from the club's players."""
    if not by.is_authenticated:
        raise Forbidden(_("Log in to enter a tournament."))
    closed = entries_taken(tournament)
    if closed is not None:
        raise Conflict(closed)
    is_team = tournament.entry_kind == Tournament.EntryKind.TEAM
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        mine = own_entry(tournament, by)
        if mine is not None and mine.status != Entry.Status.WITHDRAWN:
            raise Conflict(_("You are already entered, as number %(n)s.") % {"n": mine.number})
        if mine is not None:
            return _come_back(tournament, mine)
        player = player_of_user(by.get_username())
        if not is_team:
            if team_id is not None or partner_ids:
                raise ServiceError(
                    _("This tournament's entrants are individuals: enter alone."), field="team"
                )
            return tournament_service.register(tournament, by=by, player=player)
        team = _team_for(tournament, player, team_id, partner_ids)
        return tournament_service.register(tournament, by=by, team=team)


def _come_back(tournament: Tournament, entry: Entry) -> Entry:
    if is_full(tournament):
        raise Conflict(full_message(tournament))
    bump(entry)
    entry.status = Entry.Status.REGISTERED
    entry.withdrawn_after = None
    entry.save(update_fields=["status", "withdrawn_after"])
    tournament.rounds.filter(status="draft").delete()
    return entry


def _team_for(
    tournament: Tournament, player: Player, team_id: int | None, partner_ids: Sequence[int]
) -> Team:
    size = tournament_service.seats_per_side(tournament)
    if team_id is not None:
        if partner_ids:
            raise ServiceError(
                _("Choose one of your teams, or partners for a new one, not both."), field="team"
            )
        team = club_team(tournament.club, team_id)
        if not team.memberships.filter(player=player).exists():
            raise Forbidden(_("You can only enter a team you play in."), field="team")
        return team
    ids = list(dict.fromkeys(partner_ids))
    if len(ids) != size - 1 or len(ids) != len(partner_ids):
        raise ServiceError(
            ngettext(
                "A team here has %(size)s players: choose your partner.",
                "A team here has %(size)s players: choose %(n)s different partners.",
                size - 1,
            )
            % {"size": size, "n": size - 1},
            field="partners",
        )
    partners = [club_player(tournament.club, pk, field="partners") for pk in ids]
    if any(p.pk == player.pk for p in partners):
        raise ServiceError(_("Choose partners other than yourself."), field="partners")
    members = [player, *partners]
    return _team_of(tournament, members)


def _team_of(tournament: Tournament, members: list[Player]) -> Team:
    """The club's team of exactly these players in this order, made if there is none."""
    club = tournament.club
    wanted = [p.pk for p in members]
    for team in Team.objects.filter(club=club, memberships__player=members[0]).distinct():
        if [m.player_id for m in team.memberships.order_by("position")] == wanted:
            return team
    base = " & ".join(p.name for p in members)[:110]
    for n in range(1, 100):
        name = base if n == 1 else f"{base} ({n})"
        try:
            with transaction.atomic():
                team = Team.objects.create(club=club, name=name)
        except IntegrityError:
            continue
        TeamMember.objects.bulk_create(
            TeamMember(team=team, player=p, position=i) for i, p in enumerate(members)
        )
        return team
    raise Conflict(_("Too many teams are called %(name)s.") % {"name": base})


def withdraw_self(tournament: Tournament, *, by: User) -> Entry:
    """The logged-in player withdraws their entry (their team's, for a team) before
    play begins; afterwards the director withdraws them."""
    if not by.is_authenticated:
        raise Forbidden(_("Log in to withdraw."))
    mine = own_entry(tournament, by)
    if mine is None or mine.status == Entry.Status.WITHDRAWN:
        raise NotFound(_("You are not entered in %(t)s.") % {"t": tournament.name})
    if has_started(tournament):
        raise Conflict(_("The tournament has started: ask the director to withdraw you."))
    with transaction.atomic():
        bump(mine)
        mine.status = Entry.Status.WITHDRAWN
        mine.withdrawn_after = 0
        mine.save(update_fields=["status", "withdrawn_after"])
        owe_standings(tournament.pk, "withdrawal")
        tournament.rounds.filter(status="draft").delete()
    return mine
