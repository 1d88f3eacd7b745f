"""Checking a tournament's stored standings against a recomputation: the standings'
half of ``manage.py verify_store`` (the games' half is
:mod:`tournaments.services.store_check`).

The recomputation is the one the standings worker stores (:func:`scoring.results.gather`
and :func:`~scoring.results.compute`, as :func:`scoring.store.recompute` calls them);
here it is compared, never stored. Reading the input may store a finished game's final
score the first time it is read (:func:`scoring.gather.final_scores`): that is done in a
savepoint rolled back at once, so nothing is written.

What is compared, round by round: which rounds have standings; each round's
``provisional``, ``pending_tables``, ``tables`` and tiebreak names; each entry's row
(points, rank, tiebreaks, games played, wins …; not the entry's name, which follows the
player's own record); and each entry's own row of points and rank
(:class:`~scoring.models.EntryRoundStanding`). Standings still owed (the tournament is
*dirty*: a result changed and the worker has not recomputed yet) are not compared: the
worker will replace them; they are counted as owed.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.errors import ScoringError
from scoring.models import EntryRoundStanding, RoundStandings, StandingsState
from scoring.results import ComputedRound, compute, gather
from tournaments.models import Round, Table, Tournament

SHOWN = 5
"""How many entries of one round a problem names before "and N more"."""

ROUND_FIELDS = ("provisional", "pending_tables", "tables", "tiebreaks")
IGNORED_ROW_KEYS = frozenset({"name"})


@dataclass
class StandingsCheck:
    """What checking one tournament's standings found."""

    rounds: int = 0
    """Rounds whose stored standings were compared."""
    owed: bool = False
    """Dirty (or never computed): not compared, the worker will recompute them."""
    problems: list[str] = field(default_factory=list)


def where_tournament(tournament: Tournament) -> str:
    return _("Tournament “%(name)s” (id %(id)s)") % {"name": tournament.name, "id": tournament.pk}


def tournaments_to_check(
    game_ids: Collection[Any] = (), tournament_ids: Collection[int] = ()
) -> QuerySet[Tournament]:
    """The tournaments to check: all, or (either list given) those of
    ``tournament_ids`` and those whose tables play a game of ``game_ids``."""
    tournaments = Tournament.objects.order_by("pk")
    if game_ids or tournament_ids:
        played = Table.objects.filter(game_id__in=list(game_ids)).values("round__tournament_id")
        tournaments = tournaments.filter(Q(pk__in=list(tournament_ids)) | Q(pk__in=played))
    return tournaments


def checked_standings(
    tournaments: QuerySet[Tournament],
) -> Iterator[tuple[Tournament, StandingsCheck]]:
    for tournament in tournaments.iterator(chunk_size=100):
        yield tournament, check_standings(tournament)


def check_standings(tournament: Tournament) -> StandingsCheck:
    check = StandingsCheck()
    state = StandingsState.objects.filter(tournament_id=tournament.pk).first()
    published = tournament.rounds.filter(status=Round.Status.PUBLISHED).exists()
    if state is None or state.dirty or state.computed_at is None:
        check.owed = published or state is not None
        return check
    try:
        with transaction.atomic():
            computed = compute(gather(tournament))
            transaction.set_rollback(True)  # a final score read for the first time
    except ScoringError as error:
        check.problems.append(_("its standings cannot be computed: %(reason)s") % {"reason": error})
        return check
    except DatabaseError as error:  # e.g. a final score stored meanwhile by the worker
        check.problems.append(
            _("its standings could not be recomputed now (%(reason)s): run the check again")
            % {"reason": str(error).strip()}
        )
        return check
    stored = {
        standings.round: standings
        for standings in RoundStandings.objects.filter(tournament_id=tournament.pk)
    }
    own_rows: dict[int, dict[int, tuple[Any, int]]] = {}
    for number, entry, points, rank in EntryRoundStanding.objects.filter(
        tournament_id=tournament.pk
    ).values_list("round", "entry", "points", "rank"):
        own_rows.setdefault(number, {})[entry] = (points, rank)
    check.rounds = len(computed)
    check.problems += compare(computed, stored, own_rows)
    return check


def compare(
    computed: list[ComputedRound],
    stored: dict[int, RoundStandings],
    own_rows: dict[int, dict[int, tuple[Any, int]]],
) -> list[str]:
    """What differs between the recomputed rounds and the stored ones (pure)."""
    problems = []
    wanted = {rnd.round: rnd for rnd in computed}
    for number in sorted(set(stored) - set(wanted)):
        problems.append(
            _("standings are stored for round %(round)s, which has no published results")
            % {"round": number}
        )
    for number in sorted(set(own_rows) - set(wanted)):
        problems.append(
            _("entries' own rows are stored for round %(round)s, which has no standings")
            % {"round": number}
        )
    for number, rnd in sorted(wanted.items()):
        saved = stored.get(number)
        if saved is None:
            problems.append(_("round %(round)s has no stored standings") % {"round": number})
            continue
        for name in ROUND_FIELDS:
            if getattr(saved, name) != getattr(rnd, name):
                problems.append(
                    _(
                        "round %(round)s: the stored “%(field)s” is %(stored)s, "
                        "a recomputation gives %(computed)s"
                    )
                    % {
                        "round": number,
                        "field": name,
                        "stored": _shown(getattr(saved, name)),
                        "computed": _shown(getattr(rnd, name)),
                    }
                )
        problems += _rows_differ(number, saved.rows, rnd.rows)
        problems += _own_rows_differ(number, own_rows.get(number, {}), rnd.rows)
    return problems


def _rows_differ(number: int, saved: Any, rows: list[dict[str, Any]]) -> list[str]:
    if not isinstance(saved, list):
        return [_("round %(round)s: the stored rows are not a list") % {"round": number}]
    by_entry = {row.get("entry"): row for row in saved if isinstance(row, dict)}
    wrong = []
    for row in rows:
        mine = by_entry.pop(row["entry"], None)
        if mine is None:
            wrong.append(_("%(entry)s has no stored row") % {"entry": _entry(row)})
            continue
        for key in row:
            if key not in IGNORED_ROW_KEYS and mine.get(key) != row[key]:
                wrong.append(
                    _("%(entry)s: “%(field)s” is %(stored)s, a recomputation gives %(computed)s")
                    % {
                        "entry": _entry(row),
                        "field": key,
                        "stored": _shown(mine.get(key)),
                        "computed": _shown(row[key]),
                    }
                )
                break
    wrong += [
        _("%(entry)s has a stored row but is not in the standings") % {"entry": _entry(row)}
        for row in by_entry.values()
    ]
    return _round_problems(number, wrong)


def _own_rows_differ(
    number: int, own: dict[int, tuple[Any, int]], rows: list[dict[str, Any]]
) -> list[str]:
    own = dict(own)
    wrong = []
    for row in rows:
        mine = own.pop(row["entry"], None)
        if mine != (row["points"], row["rank"]):
            wrong.append(
                _("%(entry)s: its own row says %(stored)s, a recomputation gives %(computed)s")
                % {
                    "entry": _entry(row),
                    "stored": _points_rank(mine),
                    "computed": _points_rank((row["points"], row["rank"])),
                }
            )
    wrong += [
        _("entry %(entry)s has its own row but is not in the standings") % {"entry": entry}
        for entry in own
    ]
    return _round_problems(number, wrong)


def _round_problems(number: int, wrong: list[str]) -> list[str]:
    if not wrong:
        return []
    shown = "; ".join(wrong[:SHOWN])
    rest = len(wrong) - SHOWN
    if rest > 0:
        shown = ngettext("%(shown)s; and %(n)s more", "%(shown)s; and %(n)s more", rest) % {
            "shown": shown,
            "n": rest,
        }
    return [_("round %(round)s: %(differences)s") % {"round": number, "differences": shown}]


def _entry(row: dict[str, Any]) -> str:
    return _("entry %(number)s (%(name)s)") % {"number": row.get("number"), "name": row.get("name")}


def _points_rank(pair: tuple[Any, int] | None) -> str:
    if pair is None:
        return _("nothing")
    return _("%(points)s points, rank %(rank)s") % {"points": pair[0], "rank": pair[1]}


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)
