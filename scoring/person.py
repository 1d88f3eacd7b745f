"""What a person's public page shows, read (never computed) from the stored data:
their clubs, their ratings in every scope with each one's history, their games (a page
at a time), and their tournaments with the final placings of the stored standings.

Everything is keyed by :class:`~tournaments.models.Player`: a guest record claimed by a
user has had its entries and seats moved to the user's player, so one person's page
holds both. Nothing private is read (no login name, no e-mail), and of a game only
what its public pages show. Each function reads a fixed number of queries, whatever
the number of games, scopes or tournaments.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q

from scoring.models import EntryRoundStanding, Rating, RatingChange, RatingScope
from scoring.ratings import scale
from scoring.ratings.plot import PlotPoint
from scoring.tablemates import Table, tables
from tavolo.ids import is_row_id
from tournaments.models import Club, Entry, Game, Player, PlayerClaim, Seat, Tournament

GAMES_PER_PAGE = 20
MOST_TOURNAMENTS = 100


def person_or_none(player_id: int) -> Player | None:
    """The player of that id (never a bot: a bot is no person)."""
    if not is_row_id(player_id):
        return None
    return Player.objects.filter(pk=player_id, is_bot=False).first()


def claimed_into(player_id: int) -> int | None:
    """The player a removed record's history moved to (a claimed guest record, or the
    bare player a sign-up made), so that an old address still finds the person."""
    if not is_row_id(player_id):
        return None
    claim = PlayerClaim.objects.filter(
        Q(removed_player_id=player_id) | Q(guest_id=player_id)
    ).first()
    return claim.player_id if claim is not None and claim.player_id != player_id else None


def clubs_of(player: Player) -> list[Club]:
    """The clubs a person is known in: the club that entered them, the clubs their
    login is a member of (a claim makes them one), those whose tournaments they played
    and those they are rated in (one query)."""
    played = Entry.objects.filter(Q(player=player) | Q(team__memberships__player=player)).values(
        "tournament__club_id"
    )
    rated = Rating.objects.filter(player=player, scope__club__isnull=False).values("scope__club_id")
    known = Q(pk=player.club_id) | Q(pk__in=played) | Q(pk__in=rated)
    if player.user_id is not None:
        known |= Q(memberships__user_id=player.user_id)
    return list(Club.objects.filter(known).distinct().order_by("name"))


# ---------------------------------------------------------------------- ratings


@dataclass
class ScopeRating:
    """A person's rating in one scope, as people read it."""

    scope: RatingScope
    rating: int
    uncertainty: int
    games: int
    wins: int
    last_played: dt.datetime
    provisional: bool


def ratings_of(player: Player) -> list[ScopeRating]:
    """Every scope the person is rated in: by game (most games first), the all-clubs
    rating before each club's (one query)."""
    rows = list(Rating.objects.filter(player=player).select_related("scope__club"))
    per_game: dict[str, int] = defaultdict(int)
    for row in rows:
        if row.scope.club_id is None:
            per_game[row.scope.game_type] += row.games
    rows.sort(
        key=lambda r: (
            -per_game[r.scope.game_type],
            r.scope.game_type,
            r.scope.club_id is not None,
            r.scope.club.name.casefold() if r.scope.club else "",
        )
    )
    return [
        ScopeRating(
            scope=r.scope,
            rating=scale.shown(r.mu),
            uncertainty=scale.shown_uncertainty(r.sigma),
            games=r.games,
            wins=r.wins,
            last_played=r.last_played,
            provisional=scale.is_provisional(r.games),
        )
        for r in rows
    ]


def history(player: Player, scope: RatingScope) -> list[PlotPoint]:
    """The rating after each rated game of the scope, oldest first (one query)."""
    rows = (
        RatingChange.objects.filter(player=player, scope=scope)
        .order_by("sequence")
        .values_list("played_at", "mu", "sigma")
    )
    return [
        PlotPoint(when, scale.shown(mu), scale.shown_uncertainty(sigma)) for when, mu, sigma in rows
    ]


# ---------------------------------------------------------------------- games


@dataclass
class PlayedGame:
    """One finished game in the person's list."""

    game: Game
    when: dt.datetime | None
    club: Club | None
    tournament: Tournament | None
    round: int | None
    table: int | None
    place: int | None
    sides: int
    outcome: str | None
    partners: list[tuple[int, str]]
    opponents: list[tuple[int, str]]
    change: int | None
    """What the game did to the all-clubs rating, as people read it (None: not rated)."""


def games_page(player: Player, number: Any) -> tuple[Page[Any], list[PlayedGame]]:
    """One page of the person's finished games, newest first (six queries)."""
    seats = (
        Seat.objects.filter(player=player, game__status=Game.Status.FINISHED)
        .select_related("game__table__round__tournament__club")
        .order_by("-game__finished_at", "-game_id")
    )
    page = Paginator(seats, GAMES_PER_PAGE).get_page(number)
    games = [seat.game for seat in page.object_list]
    found = tables([g.pk for g in games])
    changes = {
        game_id: scale.shown(mu) - scale.shown(before)
        for game_id, mu, before in RatingChange.objects.filter(
            player=player, scope__club__isnull=True, game_id__in=[g.pk for g in games]
        ).values_list("game_id", "mu", "mu_before")
    }
    return page, [_played(player, game, found.get(game.pk), changes) for game in games]


def _played(player: Player, game: Game, table: Table | None, changes: dict[Any, int]) -> PlayedGame:
    placed = getattr(game, "table", None)
    tournament = placed.round.tournament if placed is not None else None
    partners: list[tuple[int, str]] = []
    opponents: list[tuple[int, str]] = []
    place, outcome, sides = None, None, game.players
    if table is not None and player.pk in table.players:
        partners = [(p, table.names[p]) for p in table.partners(player.pk)]
        opponents = [(p, table.names[p]) for p in table.opponents(player.pk)]
        place = table.places.get(player.pk)
        outcome = table.result(player.pk)
        sides = len(set(table.side_of)) if table.side_of else len(table.players)
    return PlayedGame(
        game=game,
        when=game.finished_at,
        club=tournament.club if tournament else None,
        tournament=tournament,
        round=placed.round.number if placed is not None else None,
        table=placed.number if placed is not None else None,
        place=place,
        sides=sides,
        outcome=outcome,
        partners=partners,
        opponents=opponents,
        change=changes.get(game.pk),
    )


# ---------------------------------------------------------------------- tournaments


@dataclass
class Placing:
    """A tournament the person entered and where they stood at its end (or now)."""

    entry: Entry
    tournament: Tournament
    rank: int | None
    entrants: int
    points: Any
    after_round: int | None
    finished: bool
    team: str = ""


def placings(player: Player) -> tuple[list[Placing], int]:
    """The person's tournaments, newest first (at most :data:`MOST_TOURNAMENTS`), with
    their rank in the latest stored standings, and how many there are in all (four
    queries)."""
    entries = (
        Entry.objects.filter(Q(player=player) | Q(team__memberships__player=player))
        .exclude(tournament__status=Tournament.Status.DRAFT)
        .select_related("tournament__club", "team")
        .order_by("-tournament__starts_on", "-tournament__created_at", "-pk")
        .distinct()
    )
    total = entries.count()
    chosen = list(entries[:MOST_TOURNAMENTS])
    tournament_ids = [e.tournament_id for e in chosen]
    latest: dict[int, tuple[int, Any, int]] = {}
    for entry_id, number, points, rank in EntryRoundStanding.objects.filter(
        tournament_id__in=tournament_ids, entry__in=[e.pk for e in chosen]
    ).values_list("entry", "round", "points", "rank"):
        if entry_id not in latest or latest[entry_id][0] < number:
            latest[entry_id] = (number, points, rank)
    entrants = dict(
        Entry.objects.filter(tournament_id__in=tournament_ids)
        .exclude(status=Entry.Status.WITHDRAWN)
        .values("tournament_id")
        .annotate(n=Count("pk"))
        .order_by()
        .values_list("tournament_id", "n")
    )
    out = []
    for entry in chosen:
        number, points, rank = latest.get(entry.pk, (None, None, None))
        out.append(
            Placing(
                entry=entry,
                tournament=entry.tournament,
                rank=rank,
                entrants=entrants.get(entry.tournament_id, 0),
                points=points,
                after_round=number,
                finished=entry.tournament.status == Tournament.Status.FINISHED,
                team=entry.team.name if entry.team_id else "",  # type: ignore[union-attr]
            )
        )
    return out, total
