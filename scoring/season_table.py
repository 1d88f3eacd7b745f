"""A season's table, read from its tournaments' stored standings (the pages, the
exports and the API all come here).

Computed on read, cached: the cache key names every input, i.e. the season's version,
the counted tournaments and each one's stored-standings version (``StandingsState
.version`` goes up whenever its stored rows change), so a change anywhere gives a new
key and nothing stale is ever served; no Celery task, no stored table to keep in step.
Why on read: a season is a few dozen tournaments of a few dozen entrants; computing it
takes milliseconds (figures in docs/benchmarks.md, ``benchmarks/season_bench.py``),
and a cached read costs the two small queries that build the key and a third for the
players' names, read fresh on every request (a renamed player reads right at once).

A tournament counts with its final stored standings (the latest published round's);
one still being played counts with its standings so far and is marked as such. An
entrant counts as having played a tournament when they played a game, had a bye or
won by forfeit in it. A team entry credits each of its members with the team's
points and place.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _

from scoring import numbers, read
from scoring import seasons as formulas
from scoring.models import RoundStandings, StandingsState
from tournaments.models import Entry, Player, Round, Season, TeamMember, Tournament
from tournaments.services import seasons as season_service

CACHE_SECONDS = 3600


@dataclass(frozen=True)
class Counted:
    """A tournament of the season as the table shows it."""

    tournament: Tournament
    number: int
    """1, 2, …: its column in the table."""
    finished: bool
    round: int | None
    """The round of the standings used (``None``: no standings yet)."""
    updating: bool
    """Its standings are being recomputed (the table follows shortly)."""


@dataclass(frozen=True)
class Line:
    row: formulas.Row
    name: str
    cells: list[formulas.Cell | None]
    """One per counted tournament, in the table's order (``None``: did not play)."""


@dataclass(frozen=True)
class SeasonTable:
    season: Season
    tournaments: list[Counted]
    lines: list[Line]

    @property
    def updating(self) -> bool:
        return any(c.updating for c in self.tournaments)

    @property
    def complete(self) -> bool:
        return all(c.finished for c in self.tournaments)


def _states(tournaments: list[Tournament]) -> dict[int, StandingsState]:
    found = StandingsState.objects.filter(tournament_id__in=[t.pk for t in tournaments])
    return {s.tournament_id: s for s in found}


def _key(season: Season, tournaments: list[Tournament], states: dict[int, StandingsState]) -> str:
    """Every input of the table: the season's settings (its version, and when it was
    made: ids come back after a database is rebuilt, a cache outlives it), and each
    counted tournament's stored standings (their fingerprint, the SHA-256 of their whole
    input, and when they were computed)."""
    parts = []
    for t in tournaments:
        state = states.get(t.pk)
        stamp = state.computed_at.timestamp() if state and state.computed_at else 0
        parts.append(f"{t.pk}.{state.fingerprint[:16] if state else '-'}.{stamp}")
    made = season.created_at.timestamp()
    inputs = hashlib.sha256(",".join(parts).encode()).hexdigest()
    return f"scoring:season:{season.pk}.{made}:{season.version}:{inputs}"


def season_table(season: Season) -> SeasonTable:
    """The season's table as it stands now."""
    tournaments = season_service.counted_tournaments(season)
    states = _states(tournaments)
    packed = _cached(
        _key(season, tournaments, states), lambda: _pack(*_compute(season, tournaments, states))
    )
    rows, rounds = _unpack(packed)
    names = dict(Player.objects.filter(pk__in=[r.player for r in rows]).values_list("pk", "name"))
    column = {t.pk: i for i, t in enumerate(tournaments)}
    lines = []
    for row in rows:
        cells: list[formulas.Cell | None] = [None] * len(tournaments)
        for cell in row.cells:
            cells[column[cell.tournament]] = cell
        lines.append(Line(row, names.get(row.player, "?"), cells))
    counted = [
        Counted(
            tournament=t,
            number=i,
            finished=t.status == Tournament.Status.FINISHED,
            round=rounds.get(t.pk),
            updating=bool(t.pk in states and states[t.pk].dirty),
        )
        for i, t in enumerate(tournaments, 1)
    ]
    return SeasonTable(season, counted, lines)


def _cached(key: str, make: Any) -> Any:
    try:
        value = cache.get(key)
    except Exception:  # the cache is a convenience: never fail a page for it
        return make()
    if value is None:
        value = make()
        with contextlib.suppress(Exception):
            cache.set(key, value, CACHE_SECONDS)
    return value


Packed = tuple[tuple[Any, ...], dict[int, int]]


def _pack(rows: list[formulas.Row], rounds: dict[int, int]) -> Packed:
    """The table as plain ints and exact numbers (a third of the pickled size of the
    dataclasses, and several times quicker to read back from the cache)."""

    def number(f: Fraction) -> int | tuple[int, int]:
        return f.numerator if f.denominator == 1 else (f.numerator, f.denominator)

    return (
        tuple(
            (
                r.rank,
                r.player,
                number(r.total),
                r.played,
                r.counted,
                tuple(
                    (c.tournament, number(c.points), c.rank, c.entrants)
                    + (number(c.season_points), c.counted)
                    for c in r.cells
                ),
            )
            for r in rows
        ),
        rounds,
    )


def _unpack(packed: Packed) -> tuple[list[formulas.Row], dict[int, int]]:
    def number(v: int | tuple[int, int]) -> Fraction:
        return Fraction(v) if isinstance(v, int) else Fraction(*v)

    rows, rounds = packed
    return [
        formulas.Row(
            rank,
            player,
            number(total),
            played,
            counted,
            tuple(
                formulas.Cell(t, number(pts), place, n, number(season_pts), kept)
                for t, pts, place, n, season_pts, kept in cells
            ),
        )
        for rank, player, total, played, counted, cells in rows
    ], rounds


def _compute(
    season: Season, tournaments: list[Tournament], states: dict[int, StandingsState]
) -> tuple[list[formulas.Row], dict[int, int]]:
    """The table's rows (players by id) and the round of standings each tournament
    counted with."""
    ids = [t.pk for t in tournaments]
    published = dict(
        Round.objects.filter(tournament_id__in=ids)
        .values("tournament_id")
        .annotate(n=Count("pk", filter=Q(status=Round.Status.PUBLISHED)))
        .values_list("tournament_id", "n")
    )
    for t in tournaments:  # never computed although published: ask for them
        if published.get(t.pk) and t.pk not in states:
            read.ensure_requested(t, None, 1)
    latest = dict(
        RoundStandings.objects.filter(tournament_id__in=ids)
        .values("tournament_id")
        .annotate(last=Max("round"))
        .values_list("tournament_id", "last")
    )
    rounds = {t: min(r, published.get(t, 0)) for t, r in latest.items() if published.get(t, 0)}
    wanted = Q(pk__in=[])
    for t, r in rounds.items():
        wanted |= Q(tournament_id=t, round=r)
    stored = {s.tournament_id: s.rows for s in RoundStandings.objects.filter(wanted)}
    players = _players_of_entries(
        [int(row["entry"]) for rows in stored.values() for row in rows if _took_part(row)]
    )
    results = []
    for t in tournaments:
        rows = stored.get(t.pk, [])
        placings = [
            formulas.Placing(player, Fraction(row["points"]), int(row["rank"]))
            for row in rows
            if _took_part(row)
            for player in players.get(int(row["entry"]), ())
        ]
        results.append(formulas.TournamentResult(t.pk, len(rows), placings))
    names = dict(Player.objects.filter(pk__in=_all(players)).values_list("pk", "name"))
    table = formulas.table(results, season_service.formula_of(season), names)
    return table, rounds


def _took_part(row: dict[str, Any]) -> bool:
    return bool(row.get("played") or row.get("byes") or row.get("forfeits_won"))


def _players_of_entries(entry_ids: list[int]) -> dict[int, tuple[int, ...]]:
    """Each entry's player, or its team's members in their seating order."""
    entries = Entry.objects.filter(pk__in=entry_ids).values_list("pk", "player_id", "team_id")
    members: dict[int, list[int]] = defaultdict(list)
    teams = {team for _pk, _player, team in entries if team is not None}
    for team, player in (
        TeamMember.objects.filter(team_id__in=teams)
        .order_by("team_id", "position")
        .values_list("team_id", "player_id")
    ):
        members[team].append(player)
    return {
        pk: (player,) if player is not None else tuple(members.get(team, ()))
        for pk, player, team in entries
    }


def _all(players: dict[int, tuple[int, ...]]) -> set[int]:
    return {p for group in players.values() for p in group}


# -------------------------------------------------------------------------- exports


def formula_words(season: Season) -> str:
    """How the season counts, in the active language."""
    if season.formula == formulas.BEST:
        return _("Sum of each player's best %(n)d tournaments") % {"n": season.best_of}
    if season.formula == formulas.PLACEMENT:
        table = " · ".join(numbers.shown(p) for p in season.place_points)
        words = _("Points by final place: %(table)s") % {"table": table}
        if season.best_of:
            words += " " + _("(best %(n)d tournaments)") % {"n": season.best_of}
        return words
    return _("Sum of tournament points")


def export_rows(table: SeasonTable) -> list[dict[str, Any]]:
    """The table for programs: numbers as JSON numbers and exact strings."""
    out = []
    for line in table.lines:
        row = line.row
        out.append(
            {
                "rank": row.rank,
                "player": row.player,
                "name": line.name,
                "points": numbers.approximate(numbers.exact(row.total)),
                "points_exact": numbers.exact(row.total),
                "played": row.played,
                "counted": row.counted,
                "tournaments": [
                    {
                        "tournament": cell.tournament,
                        "points": numbers.approximate(numbers.exact(cell.points)),
                        "rank": cell.rank,
                        "entrants": cell.entrants,
                        "season_points": numbers.approximate(numbers.exact(cell.season_points)),
                        "counted": cell.counted,
                    }
                    for cell in row.cells
                ],
            }
        )
    return out


def export_csv(table: SeasonTable) -> str:
    """One line per player, headed in the active language (the club's, for its
    spreadsheets): rank, name, points, tournaments played and counted, then for each
    tournament the place and the season points it gave (``*`` after one not counted)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    heads = []
    for c in table.tournaments:
        named = {"n": c.number, "name": c.tournament.name}
        heads += [_("%(n)d. %(name)s: place") % named, _("%(n)d. %(name)s: points") % named]
    writer.writerow(
        [_("Rank"), _("Name"), _("Points"), _("Played"), _("Counted"), *[_cell(h) for h in heads]]
    )
    for line in table.lines:
        row = line.row
        cells: list[Any] = []
        for cell in line.cells:
            if cell is None:
                cells += ["", ""]
            else:
                shown = numbers.shown(cell.season_points)
                cells += [cell.rank, shown if cell.counted else f"{shown}*"]
        writer.writerow(
            [row.rank, _cell(line.name), numbers.shown(row.total), row.played, row.counted, *cells]
        )
    return out.getvalue()


def _cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
