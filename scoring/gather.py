"""A tournament's published results, read from the database as the standings' input.

:func:`gather` reads one tournament (a handful of queries, whatever its size) into a
:class:`TournamentInput`, the input of :func:`scoring.standings.compute_standings` with
the fingerprints that tell whether stored standings are still current. Draft rounds
are never read. :mod:`scoring.results` ranks it.

**Who scores what in a published round** (entrants are entry ids as strings):

- *A table whose game is finished* (the engine says it is over: every agreed tally
  appended, or played out online): a :class:`~scoring.points.TableResult` with each
  entry's final game score. An entry at ``position`` p scores its side's total:
  ``scores[side_of(p)]``. Individuals sit at seat = position; a team at side p holds
  seats p, p+2, … (side p); in a whist-drive movement four individuals sit at seats
  0-3 and each scores the total of the partnership (side ``p % 2``) it played in.
  The table result names those sides, so partners win or lose together and are
  never each other's opponents in the tiebreaks. When the game's totals are penalty
  points (``fewest_points_win``: Scala 40) each score is the total negated
  (:func:`scoring.score_direction.ranked`), so that the fewest points win, margins are
  the same differences, and game-score tiebreaks add up minus the penalty points.
- *A table with a forfeit* (a :class:`~tournaments.models.Forfeit` row, no-show or
  concession, recorded by a director): the game counts as not played for everyone at
  the table, whatever its game says. Those with a Forfeit row score the tournament's
  ``forfeit_loss_points`` (kind ``forfeit_loss``), everyone else at the table
  ``forfeit_win_points`` (``forfeit_win``). At a table of three or more, when one
  entrant forfeits, every other one is credited a forfeit win (no partial game is
  scored); when all of them forfeit, all lose.
- *A game a player resigned* (online play, issue 16: the finished game's final state
  says ``resigned``, i.e. its log holds a ``resign`` event, whoever or whatever sent
  it): scored as that seat's entrant's forfeit, exactly as a Forfeit row would be
  (the entrant at the seat's position; at a team table the team whose side the seat
  is on). No Forfeit row is written: the game's events are the record.
- *A table with neither* (its game still in play, or not begun): **not counted yet**.
  Its entrants get nothing for the round (an empty record: no points, no opponent, not
  a round played), and the round's standings are marked *provisional* with the number
  of tables still out. When the result arrives the standings are recomputed.
- *A bye* (:class:`~tournaments.models.Bye`): ``bye_points``, kind ``bye``.
- *Not paired* (an entry already in the standings that is neither seated nor on a bye:
  checked out, absent): kind ``absent``, ``absence_points``.
- *Withdrawn*: from the round after ``Entry.withdrawn_after`` (or after the last round
  it was seated in, if later) it is listed as withdrawn once and keeps its points.
  An entry that withdrew before ever playing is left out.
- *Not yet entered*: an entry appears in the standings from the first published round
  it is seated in or has a bye. Earlier rounds are ``not_entered`` (no opponent, not
  played); a late entry's start score (``Entry.start_score``, which the tournaments
  service sets to the tournament's ``late_entry_score``) is credited once, on the first
  of them. An entry never seated is not in the standings yet.

Settings: ``Tournament.scoring`` is the points settings (``PointsSettings`` JSON),
``Tournament.tiebreaks`` the tiebreak order (empty: the defaults), ``Tournament.seed``
the lot; late entries' credit comes from their start score as above.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import QuerySet

from scoring.models import GameScore
from scoring.numbers import exact as number_json
from scoring.points import TableResult
from scoring.score_direction import fewest_points_win, ranked
from scoring.standings import RoundResults
from tournaments.models import (
    Bye,
    Entry,
    Forfeit,
    Game,
    GameEvent,
    Round,
    Table,
    TableEntry,
    Tournament,
)
from tournaments.services import scoring_settings
from tournaments.services.state_cache import read_state

__all__ = [
    "ROWS_FORMAT",
    "TournamentInput",
    "final_scores",
    "final_scores_read_with",
    "gather",
    "number_json",
    "resignations",
    "settings_json",
]

_ZERO = Fraction(0)
ROWS_FORMAT = 2
"""Goes up when the stored rows gain a field (2: ``places``), so that a tournament's
stored standings are recomputed in the new form (it is part of every fingerprint)."""


def settings_json(tournament: Tournament) -> dict[str, Any]:
    """The pure module's settings for the tournament, defaults filled in (see
    :mod:`tournaments.services.scoring_settings`)."""
    return scoring_settings.of_tournament(tournament)


@dataclass
class TournamentInput:
    """Everything :func:`compute` needs, and the fingerprints of it."""

    settings: dict[str, Any]
    round_numbers: list[int]
    rounds: list[RoundResults]
    pending: list[set[str]]
    """Per round: entrants whose table has no result yet."""
    pending_tables: list[int]
    tables: list[int]
    start: dict[str, Fraction]
    """Late entries' start credit."""
    names: dict[str, tuple[int, str]] = field(default_factory=dict)
    """entrant → (start number, name)."""

    def fingerprints(self) -> list[str]:
        """One SHA-256 per round, each covering the settings, the names and every
        round up to it (a chain: a change in round 3 changes rounds 3 onwards)."""
        head = hashlib.sha256(
            json.dumps(
                {
                    "format": ROWS_FORMAT,
                    "settings": self.settings,
                    "names": self.names,
                    "start": {e: number_json(v) for e, v in sorted(self.start.items())},
                },
                sort_keys=True,
                default=str,
            ).encode()
        ).hexdigest()
        out = []
        for number, rnd, pending in zip(self.round_numbers, self.rounds, self.pending, strict=True):
            body = {
                "round": number,
                "tables": [
                    [
                        t.entrants,
                        [number_json(s) for s in t.scores],
                        sorted(t.forfeited),
                        t.sides,
                    ]
                    for t in rnd.tables
                ],
                "byes": rnd.byes,
                "absent": rnd.absent,
                "withdrawn": rnd.withdrawn,
                "pending": sorted(pending),
            }
            head = hashlib.sha256((head + json.dumps(body, sort_keys=True)).encode()).hexdigest()
            out.append(head)
        return out


def _fraction(value: Decimal | int | float) -> Fraction:
    return Fraction(str(value)) if not isinstance(value, int) else Fraction(value)


def final_scores(games: Sequence[tuple[Any, int]]) -> dict[Any, tuple[list[int], list[int]]]:
    """Each finished game's ``(scores per side, side of each seat)``, for ``(game id,
    version)`` pairs: from the stored :class:`~scoring.models.GameScore` when it is of
    the game's current version, else read from the engine (a replay, at most once per
    game version) and stored."""
    if not games:
        return {}
    stored = {
        game_id: (version, scores, side_of)
        for game_id, version, scores, side_of in GameScore.objects.filter(
            game_id__in=[g for g, _ in games]
        ).values_list("game_id", "version", "scores", "side_of")
    }
    out: dict[Any, tuple[list[int], list[int]]] = {}
    missing = []
    for game_id, version in games:
        row = stored.get(game_id)
        if row is not None and row[0] == version:
            out[game_id] = (row[1], row[2])
        else:
            missing.append(game_id)
    fresh: list[GameScore] = []
    for game in Game.objects.filter(pk__in=missing):
        scores, side_of = read_state(
            game, lambda s: (list(s.scores), [s.side_of(seat) for seat in range(s.players)])
        )
        out[game.pk] = (scores, side_of)
        fresh.append(GameScore(game=game, version=game.version, scores=scores, side_of=side_of))
    if fresh:
        GameScore.objects.bulk_create(
            fresh,
            update_conflicts=True,
            unique_fields=["game"],
            update_fields=["version", "scores", "side_of"],
        )
    return out


def final_scores_read_with(
    games: Iterable[tuple[Any, int, int | None, Any, Any]],
) -> dict[Any, tuple[list[int], list[int]]]:
    """:func:`final_scores` of ``(game id, version, stored version, stored scores,
    stored sides)`` rows, the stored final score read with the games (a join through
    ``final_score__``, where a second query by a list of thousands of game ids cost
    twice as much): a stored score of the game's version is taken as it is, the others
    are read (and stored) once."""
    out: dict[Any, tuple[list[int], list[int]]] = {}
    missing = []
    for game_id, version, stored_version, totals, side_of in games:
        if stored_version == version:
            out[game_id] = (totals, side_of)
        else:
            missing.append((game_id, version))
    out.update(final_scores(missing))
    return out


def resignations(**games: Any) -> dict[Any, int]:
    """The seat that resigned each game a seat resigned, of the games the ``games``
    lookups on :class:`GameEvent` pick (``game__in=…``, ``game__table__round_id__in=…``):
    the seat of its ``resign`` event (a resignation ends the game, so there is at most
    one, and it is what the final state's ``resigned`` says)."""
    return dict(_resignation_rows(**games))


def _resignation_rows(**games: Any) -> QuerySet[GameEvent, tuple[Any, int]]:
    """:func:`resignations`' rows, read through the partial index
    ``event_resign_by_game`` and in no order, so that no other event of those games is
    read, however long their logs (the events' default order would join the games)."""
    return (
        GameEvent.objects.filter(payload__type="resign", **games)
        .exclude(seat__isnull=True)
        .order_by()
        .values_list("game_id", "seat")
    )


def _resigned_entrant(
    places: Sequence[tuple[int, int]], seat: int, side_of: Sequence[int]
) -> str | None:
    """The entrant who resigned for ``seat``: the one at that position (individuals,
    a whist drive), else the team at the seat's side."""
    by_position = {position: str(entry) for position, entry in places}
    if seat in by_position and len(places) == len(side_of):
        return by_position[seat]
    return by_position.get(side_of[seat]) if 0 <= seat < len(side_of) else None


def gather(tournament: Tournament) -> TournamentInput:
    """Read the tournament's published rounds and results (see the module docstring)."""
    rounds = list(
        Round.objects.filter(tournament=tournament, status=Round.Status.PUBLISHED)
        .order_by("number")
        .values_list("id", "number")
    )
    round_ids = [rid for rid, _ in rounds]
    index_of_round = {rid: i for i, (rid, _) in enumerate(rounds)}

    # One query for the tables, their games and the games' stored final scores (a join:
    # no list of thousands of game ids sent back to the database).
    tables = []
    finished = []
    for row in (
        Table.objects.filter(round_id__in=round_ids)
        .order_by("round_id", "number")
        .values_list(
            "id",
            "round_id",
            "game_id",
            "game__status",
            "game__version",
            "game__final_score__version",
            "game__final_score__scores",
            "game__final_score__side_of",
        )
    ):
        table_id, round_id, game_id, status, version, stored_version, totals, side_of = row
        tables.append((table_id, round_id, game_id))
        if game_id is None or status != Game.Status.FINISHED:
            continue
        finished.append((game_id, version, stored_version, totals, side_of))
    seated: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for table_id, position, entry_id in TableEntry.objects.filter(
        round_id__in=round_ids
    ).values_list("table_id", "position", "entry_id"):
        seated[table_id].append((position, entry_id))
    forfeits: dict[int, set[str]] = defaultdict(set)
    for table_id, entry_id in Forfeit.objects.filter(table__round_id__in=round_ids).values_list(
        "table_id", "entry_id"
    ):
        forfeits[table_id].add(str(entry_id))
    byes: dict[int, list[str]] = defaultdict(list)
    for round_id, entry_id in (
        Bye.objects.filter(round_id__in=round_ids)
        .order_by("round_id", "entry_id")
        .values_list("round_id", "entry_id")
    ):
        byes[round_id].append(str(entry_id))

    scores = final_scores_read_with(finished)
    resigned = resignations(game__table__round_id__in=round_ids, game__status=Game.Status.FINISHED)

    entries = {
        str(e["id"]): e
        for e in Entry.objects.filter(tournament=tournament).values(
            "id", "number", "player__name", "team__name", "withdrawn_after", "start_score"
        )
    }

    # Penalty totals (Scala 40) are negated: the standings compare higher-is-better.
    fewest_win = fewest_points_win(tournament.game_type)
    n = len(rounds)
    table_results: list[list[TableResult]] = [[] for _ in range(n)]
    pending: list[set[str]] = [set() for _ in range(n)]
    pending_tables = [0] * n
    table_count = [0] * n
    present: list[set[str]] = [set() for _ in range(n)]
    for table_id, round_id, game_id in tables:
        i = index_of_round[round_id]
        places = sorted(seated.get(table_id, ()))
        entrants = tuple(str(e) for _, e in places)
        if not entrants:
            continue
        table_count[i] += 1
        present[i].update(entrants)
        if len(entrants) < 2:
            # A table of one cannot be scored: count it as that entrant's absence.
            continue
        out = forfeits.get(table_id, set()) & set(entrants)
        if not out and game_id in resigned and game_id in scores:
            gone = _resigned_entrant(places, resigned[game_id], scores[game_id][1])
            out = {gone} if gone is not None else set()
        if out:
            table_results[i].append(TableResult(entrants, forfeited=frozenset(out)))
        elif game_id in scores:
            totals, side_of = scores[game_id]
            side_scores = ranked(totals, fewest_win)
            table_results[i].append(
                TableResult(
                    entrants,
                    tuple(side_scores[side_of[p]] for p, _ in places),
                    sides=tuple(side_of[p] for p, _ in places),
                )
            )
        else:
            pending[i].update(entrants)
            pending_tables[i] += 1
    for round_id, ids in byes.items():
        present[index_of_round[round_id]].update(ids)

    first: dict[str, int] = {}
    last: dict[str, int] = {}
    for i in range(n):
        for e in present[i]:
            first.setdefault(e, i)
            last[e] = i
    # The round index an entrant is listed as withdrawn in (None: never).
    leaves: dict[str, int] = {}
    for e, row in entries.items():
        after = row["withdrawn_after"]
        if after is None or e not in first:
            continue
        # withdrawn_after is a round number; the round index after it, and never
        # before the entrant's last seated round.
        position = max(sum(1 for _, num in rounds if num <= after), last[e] + 1)
        if position < n:
            leaves[e] = position

    results: list[RoundResults] = []
    for i, (round_id, _) in enumerate(rounds):
        counted = {e for t in table_results[i] for e in t.entrants}
        in_byes = tuple(byes.get(round_id, ()))
        absent = []
        withdrawn = []
        for e in sorted(first, key=lambda x: (entries.get(x, {}).get("number", 0), x)):
            if first[e] > i or e in counted or e in in_byes:
                continue
            if e in leaves and leaves[e] <= i:
                if leaves[e] == i:
                    withdrawn.append(e)
                continue
            absent.append(e)  # not paired, or at a table not counted yet (pending)
        results.append(
            RoundResults(tuple(table_results[i]), in_byes, tuple(absent), tuple(withdrawn))
        )

    start = {}
    for e, i in first.items():
        credit = _fraction(entries[e]["start_score"]) if e in entries else _ZERO
        if i > 0 and credit:
            start[e] = credit
    names = {
        e: (int(entries[e]["number"]), str(entries[e]["player__name"] or entries[e]["team__name"]))
        for e in first
        if e in entries
    }
    return TournamentInput(
        settings=settings_json(tournament),
        round_numbers=[num for _, num in rounds],
        rounds=results,
        pending=pending,
        pending_tables=pending_tables,
        tables=table_count,
        start=start,
        names=names,
    )
