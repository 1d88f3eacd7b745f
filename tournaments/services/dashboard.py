"""What a person sees after logging in.

A director or scorer of a club sees the evening: their clubs, the tournaments of
today, each one's running round with its tables playing, waiting for a
confirmation or disputed, the disputes to rule and the entrants still to check in.
A player sees their own tournaments (with where they sit now) and their games.

Which tournaments are "today's" is decided in one place, :func:`tournaments_today`,
so it can switch to a tournament date once tournaments have one.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from django.db.models import Q, QuerySet
from django.utils import timezone

from tournaments.models import Club, Entry, Game, Role, Round, Tournament
from tournaments.services import access
from tournaments.services.access import User
from tournaments.services.seating import Place, my_place
from tournaments.services.table_states import (
    DISPUTED,
    PLAYING,
    WAITING,
    TableState,
    counts,
    table_states,
)


@dataclass
class ClubRole:
    club: Club
    role: str

    @property
    def directs(self) -> bool:
        return access.at_least(self.role, Role.DIRECTOR)

    @property
    def label(self) -> str:
        """The role as the page names it, in the page's language ("director")."""
        return str(Role(self.role).label).lower()


@dataclass
class Evening:
    """One of today's tournaments as its director sees it."""

    tournament: Tournament
    directs: bool
    round: Round | None = None
    counts: dict[str, int] = field(default_factory=dict)
    playing: list[TableState] = field(default_factory=list)
    waiting: list[TableState] = field(default_factory=list)
    disputed: list[TableState] = field(default_factory=list)
    to_check_in: list[Entry] = field(default_factory=list)
    draft: Round | None = None


@dataclass
class PlayerView:
    tournaments: list[tuple[Tournament, Entry, Place | None]] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)


def official_clubs(user: User) -> list[ClubRole]:
    """The clubs the user scores or directs (staff: every club, as an owner)."""
    return [ClubRole(club, role) for club, role in access.club_roles(user, Role.SCORER)]


def tournaments_today(clubs: list[Club]) -> QuerySet[Tournament]:
    """The clubs' tournaments of today, none archived or finished: every running one,
    those dated today on their club's clock, and those with no date yet that are open
    for entries or were set up today."""
    dated_today, made_today = Q(), Q()
    for club in clubs:
        zone = ZoneInfo(club.time_zone)
        today = timezone.localdate(timezone=zone)
        dated_today |= Q(club=club, starts_on=today)
        # "Set up today" on the club's clock too (not the page's zone).
        midnight = dt.datetime.combine(today, dt.time.min, tzinfo=zone)
        made_today |= Q(
            club=club, created_at__gte=midnight, created_at__lt=_next_midnight(today, zone)
        )
    undated = Q(starts_on__isnull=True) & (Q(status=Tournament.Status.OPEN) | made_today)
    return (
        Tournament.objects.filter(club__in=clubs, archived_at__isnull=True)
        .filter(Q(status=Tournament.Status.RUNNING) | dated_today | undated)
        .exclude(status=Tournament.Status.FINISHED)
        .select_related("club")
        .order_by("club__name", "name")
    )


def _next_midnight(day: dt.date, zone: ZoneInfo) -> dt.datetime:
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min, tzinfo=zone)


def evening(tournament: Tournament, *, directs: bool) -> Evening:
    """The tournament's running round and what waits for its director."""
    found = Evening(tournament=tournament, directs=directs)
    rounds = list(tournament.rounds.order_by("number"))
    published = [r for r in rounds if r.is_published]
    found.draft = next((r for r in rounds if not r.is_published), None) if directs else None
    if published:
        found.round = published[-1]
        states = table_states(found.round)
        found.counts = counts(states)
        found.playing = [s for s in states if s.state == PLAYING]
        found.waiting = [s for s in states if s.state == WAITING]
        found.disputed = [s for s in states if s.state == DISPUTED]
    found.to_check_in = list(
        tournament.entries.filter(status=Entry.Status.REGISTERED)
        .select_related("player", "team")
        .order_by("number")
    )
    return found


def director_view(user: User) -> tuple[list[ClubRole], list[Evening]]:
    clubs = official_clubs(user)
    roles = {c.club.pk: c for c in clubs}
    today = tournaments_today([c.club for c in clubs])
    # A running tournament first: its tables are what the evening is about.
    ordered = sorted(today, key=lambda t: t.status != Tournament.Status.RUNNING)
    evenings = [evening(t, directs=roles[t.club_id].directs) for t in ordered]
    return clubs, evenings


def player_view(user: User) -> PlayerView:
    """The user's own tournaments (not finished, not archived) and recent games."""
    shown = PlayerView()
    if not user.is_authenticated:
        return shown
    entries = (
        Entry.objects.filter(
            Q(player__user_id=user.pk) | Q(team__memberships__player__user_id=user.pk)
        )
        .exclude(tournament__status=Tournament.Status.FINISHED)
        .filter(tournament__archived_at__isnull=True)
        .select_related("tournament__club", "player", "team")
        .distinct()
        .order_by("-tournament__created_at")
    )
    for entry in entries[:20]:
        place = my_place(entry.tournament, user) if entry.tournament.rounds.exists() else None
        shown.tournaments.append((entry.tournament, entry, place))
    shown.games = list(
        Game.objects.filter(seats__player__user_id=user.pk)
        .exclude(status=Game.Status.VOID)
        .distinct()
        .order_by("-created_at")
        .prefetch_related("seats__player")[:10]
    )
    return shown


def summary(user: User) -> dict[str, Any]:
    """Everything the dashboard shows for ``user``."""
    clubs, evenings = director_view(user)
    return {"clubs": clubs, "evenings": evenings, "me": player_view(user)}
