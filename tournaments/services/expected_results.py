"""Each table's expected result (issue 18): every side's chance of finishing first,
from the players' ratings as they were before the round.

**Which ratings.** A player's rating before the round is the last rating change
(:class:`scoring.rating_models.RatingChange`) of a game that finished before the round
was published, in the tournament's club, else in all clubs; a player with none counts
as a newcomer (the model's starting rating, 1500 as people read it). So the chances
are those the ratings gave before anyone sat down, and a table's own result never
moves them. The entry's seeding rating is not used: a director may have typed it on
any scale. A side's players are rated together as the rating model rates a side
(:func:`scoring.ratings.scale.win_chances`): a team's members, or in a whist-drive
movement the two partners of the round.

**When.** The director chooses (``Tournament.expected_results``): never (the
default); once a table has its result (its game over, or a forfeit or no-show
recorded) or the round is closed; or from the moment the round is published. A
draft round never shows them, and while a table is at play under "once a table has
its result" nobody sees its chances, not even through the API.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable

from django.db.models import OuterRef, Subquery

from scoring.rating_models import RatingChange, RatingScope
from scoring.ratings import scale
from tournaments.models import Player, Round, TableEntry, TeamMember, Tournament
from tournaments.services import table_states
from tournaments.services.table_states import TableState

WHEN = Tournament.ExpectedResults

Strength = tuple[float, float]
"""A player's ``(mu, sigma)``."""


def ratings_before(
    tournament: Tournament, players: Iterable[int], when: dt.datetime
) -> dict[int, Strength]:
    """Each player's ``(mu, sigma)`` after their last rated game that finished before
    ``when``: in the tournament's club, else in all clubs, else a newcomer's."""
    players = set(players)
    found: dict[int, Strength] = {}
    scopes = RatingScope.objects.filter(game_type=tournament.game_type)
    club_scope = scopes.filter(club_id=tournament.club_id).values_list("pk", flat=True).first()
    all_scope = scopes.filter(club__isnull=True).values_list("pk", flat=True).first()
    for scope in (club_scope, all_scope):
        wanted = players - set(found)
        if scope is None or not wanted:
            continue
        last = RatingChange.objects.filter(
            scope_id=scope, player_id=OuterRef("pk"), played_at__lt=when
        ).order_by("-sequence")
        rows = (
            Player.objects.filter(pk__in=wanted)
            .annotate(mu=Subquery(last.values("mu")[:1]), sigma=Subquery(last.values("sigma")[:1]))
            .filter(mu__isnull=False)
            .values_list("pk", "mu", "sigma")
        )
        found.update({pk: (mu, sigma) for pk, mu, sigma in rows})
    return {p: found.get(p, (scale.MU, scale.SIGMA)) for p in players}


def _side(tournament: Tournament, position: int) -> int:
    """The side an entrant at ``position`` plays for: partners in a whist-drive
    movement share one (seats 1 & 3, 2 & 4); otherwise each entrant is a side."""
    if tournament.pairing_method == Tournament.PairingMethod.WHIST_DRIVE:
        return position % 2
    return position


def shown_tables(round_: Round, states: Iterable[TableState] | None = None) -> set[int]:
    """The numbers of the round's tables whose expected result may be shown now."""
    when = round_.tournament.expected_results
    if when == WHEN.HIDDEN or not round_.is_published:
        return set()
    if when == WHEN.ALWAYS or round_.is_closed:
        return set(round_.tables.values_list("number", flat=True))
    listed = states if states is not None else table_states.table_states(round_)
    return {s.number for s in listed if s.finished}


def expected_results(
    round_: Round, states: Iterable[TableState] | None = None
) -> dict[int, dict[int, float]]:
    """Table number → entry id → the chance, before the round, that the entry's side
    finishes first at its table; only the tables :func:`shown_tables` allows."""
    tournament = round_.tournament
    tables = shown_tables(round_, states)
    if not tables:
        return {}
    places = list(
        TableEntry.of_round(round_)
        .filter(table__number__in=tables)
        .values_list("table__number", "position", "entry_id", "entry__player_id", "entry__team_id")
    )
    members: dict[int, list[int]] = defaultdict(list)
    for team_id, player_id in TeamMember.objects.filter(
        team_id__in={p[4] for p in places if p[4] is not None}
    ).values_list("team_id", "player_id"):
        members[team_id].append(player_id)
    players_of = {
        entry_id: [player_id] if player_id is not None else members[team_id]
        for _n, _pos, entry_id, player_id, team_id in places
    }
    start = round_.published_at or round_.paired_at  # a round published before it was kept
    strength = ratings_before(tournament, {p for ps in players_of.values() for p in ps}, start)
    seated: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for number, position, entry_id, _player, _team in places:
        seated[number][_side(tournament, position)].append(entry_id)
    out: dict[int, dict[int, float]] = {}
    for number, sides in seated.items():
        if len(sides) < 2:
            continue
        order = sorted(sides)
        teams = [[strength[p] for e in sides[s] for p in players_of[e]] for s in order]
        chances = scale.win_chances(teams)
        out[number] = {
            e: chance for s, chance in zip(order, chances, strict=True) for e in sides[s]
        }
    return out


def percent(chance: float) -> int:
    """A chance as the whole percentage people read (never 0 or 100: nothing is sure)."""
    return min(99, max(1, round(100 * chance)))
