"""Storing recomputed standings, marking tournaments dirty, reading stored standings.

:func:`recompute` computes a tournament's standings from scratch
(:mod:`scoring.results`) and stores those rounds whose input fingerprint changed; it
clears the tournament's dirty marker only if no change was signalled while it ran.
:func:`mark_dirty` is what :func:`scoring.owed.owe_standings` does inside the
transaction that changed a result, so "result saved" and "standings owed" are committed
together, whatever happens to the broker afterwards.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db import DatabaseError, connection, transaction
from django.db.models import F
from django.db.models.functions import Coalesce
from django.utils import timezone

from scoring.collector import collector_paused
from scoring.errors import ScoringError
from scoring.models import EntryRoundStanding, RoundStandings, StandingsState
from scoring.results import ComputedRound, compute, gather
from tournaments.models import Round, Tournament

log = logging.getLogger(__name__)

__all__ = [
    "Recomputed",
    "current_points",
    "mark_dirty",
    "parse_number",
    "recompute",
    "state_of",
]


def state_of(tournament_id: int) -> StandingsState:
    state, _ = StandingsState.objects.get_or_create(tournament_id=tournament_id)
    return state


def mark_dirty(tournament_id: int) -> None:
    """Note that the tournament's standings are owed (in the caller's transaction).

    Never raises: a failure here must not lose the result being saved (it is logged;
    the stale standings then wait for the next change or the sweep)."""
    try:
        with transaction.atomic():
            now = timezone.now()
            updated = StandingsState.objects.filter(tournament_id=tournament_id).update(
                dirty=True,
                requested=F("requested") + 1,
                dirty_since=Coalesce(F("dirty_since"), now),
            )
            if not updated:
                StandingsState.objects.get_or_create(
                    tournament_id=tournament_id,
                    defaults={"dirty": True, "requested": 1, "dirty_since": now},
                )
    except DatabaseError:
        log.exception("could not mark the standings of tournament %s dirty", tournament_id)


@dataclass(frozen=True)
class Recomputed:
    tournament_id: int
    rounds: int
    written: int
    """Rounds whose stored rows changed."""
    version: int
    dirty: bool
    """Still dirty: a change arrived while computing (another recomputation follows)."""
    error: str = ""


def _store_rounds(tournament_id: int, rounds: list[ComputedRound], now: Any) -> None:
    """Store the changed rounds' standings, and each entry's row of them."""
    if not rounds:
        return
    if connection.vendor == "postgresql":
        _upsert_rounds_postgresql(tournament_id, rounds, now)
    else:
        _update_or_create_rounds(tournament_id, rounds, now)
    _store_entry_rows(tournament_id, rounds)


def _update_or_create_rounds(tournament_id: int, rounds: list[ComputedRound], now: Any) -> None:
    for computed in rounds:
        RoundStandings.objects.update_or_create(
            tournament_id=tournament_id,
            round=computed.round,
            defaults={**_stored_fields(computed), "computed_at": now},
        )


def _stored_fields(computed: ComputedRound) -> dict[str, Any]:
    """What a round's stored standings hold, besides its tournament, round and time."""
    return {
        "provisional": computed.provisional,
        "pending_tables": computed.pending_tables,
        "tables": computed.tables,
        "tiebreaks": computed.tiebreaks,
        "rows": computed.rows,
        "fingerprint": computed.fingerprint,
    }


def _store_entry_rows(tournament_id: int, rounds: list[ComputedRound]) -> None:
    """Each entry's row again, on its own, so a player's page reads only its rows:
    only rows whose points or rank changed, or that are new or gone, are written or
    deleted (the rounds' rows must be stored already, in this transaction)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            numbers = [computed.round for computed in rounds]
            cursor.execute(_ENTRY_ROWS_SYNC, {"tournament": tournament_id, "rounds": numbers})
        return
    wanted = {
        (computed.round, row["entry"]): (row["points"], row["rank"])
        for computed in rounds
        for row in computed.rows
    }
    stale = []
    for pk, number, entry, points, rank in EntryRoundStanding.objects.filter(
        tournament_id=tournament_id, round__in=[computed.round for computed in rounds]
    ).values_list("pk", "round", "entry", "points", "rank"):
        if wanted.get((number, entry)) == (points, rank):
            del wanted[number, entry]  # stored as it should be
        else:
            stale.append(pk)  # changed (written again below) or gone
    for start in range(0, len(stale), _DELETE_BATCH):
        EntryRoundStanding.objects.filter(pk__in=stale[start : start + _DELETE_BATCH]).delete()
    EntryRoundStanding.objects.bulk_create(
        EntryRoundStanding(
            tournament_id=tournament_id, entry=entry, round=number, points=points, rank=rank
        )
        for (number, entry), (points, rank) in wanted.items()
    )


_DELETE_BATCH = 900  # under SQLite's older limit of 999 parameters a statement

# The rounds arrive as one JSON document (one string parameter: psycopg quotes it in C,
# where an array of JSON texts went through a Python regular expression per element).
_ROUNDS_UPSERT = """
    INSERT INTO scoring_roundstandings (tournament_id, round, provisional, pending_tables,
        tables, tiebreaks, rows, fingerprint, computed_at)
    SELECT %s, r.round, r.provisional, r.pending_tables, r.tables, r.tiebreaks, r.rows,
        r.fingerprint, %s
    FROM jsonb_to_recordset(%s::jsonb) AS r(round integer, provisional boolean,
        pending_tables integer, tables integer, tiebreaks jsonb, rows jsonb, fingerprint text)
    ON CONFLICT (tournament_id, round) DO UPDATE SET provisional = EXCLUDED.provisional,
        pending_tables = EXCLUDED.pending_tables, tables = EXCLUDED.tables,
        tiebreaks = EXCLUDED.tiebreaks, rows = EXCLUDED.rows,
        fingerprint = EXCLUDED.fingerprint, computed_at = EXCLUDED.computed_at
"""
# Each entry's rows are taken by the database from the rounds' rows just stored (no
# second copy of the values crosses the connection, no row is built in Python), once,
# for both the rows to delete (entries no longer in a round) and those to write: only
# the new ones and those whose points or rank changed (an unchanged row is not touched).
_ENTRY_ROWS_SYNC = """
    WITH wanted AS MATERIALIZED (
        SELECT s.tournament_id, s.round, (r->>'entry')::bigint AS entry,
            r->'points' AS points, (r->>'rank')::integer AS rank
        FROM scoring_roundstandings AS s, jsonb_array_elements(s.rows) AS r
        WHERE s.tournament_id = %(tournament)s AND s.round = ANY(%(rounds)s::integer[])
    ), gone AS (
        DELETE FROM scoring_entryroundstanding AS old
        WHERE old.tournament_id = %(tournament)s AND old.round = ANY(%(rounds)s::integer[])
            AND NOT EXISTS (
                SELECT FROM wanted AS w WHERE w.round = old.round AND w.entry = old.entry
            )
    )
    INSERT INTO scoring_entryroundstanding (tournament_id, round, entry, points, rank)
    SELECT tournament_id, round, entry, points, rank FROM wanted
    ON CONFLICT (tournament_id, entry, round) DO UPDATE
        SET points = EXCLUDED.points, rank = EXCLUDED.rank
        WHERE (scoring_entryroundstanding.points, scoring_entryroundstanding.rank)
            IS DISTINCT FROM (EXCLUDED.points, EXCLUDED.rank)
"""


def _upsert_rounds_postgresql(tournament_id: int, rounds: list[ComputedRound], now: Any) -> None:
    """One statement whatever the number of rounds (then one more for the entries')."""
    with connection.cursor() as cursor:
        rows = [{"round": computed.round, **_stored_fields(computed)} for computed in rounds]
        # Without spaces: a seventh less for the server to parse into jsonb.
        document = json.dumps(rows, separators=(",", ":"))
        cursor.execute(_ROUNDS_UPSERT, [tournament_id, now, document])


def recompute(tournament_id: int) -> Recomputed:
    """Recompute the tournament's standings from scratch and store what changed."""
    with collector_paused():  # see scoring.collector: the collector cost ~40 % of reading
        return _recompute(tournament_id)


def _recompute(tournament_id: int) -> Recomputed:
    try:
        tournament = Tournament.objects.get(pk=tournament_id)
    except Tournament.DoesNotExist:
        return Recomputed(tournament_id, 0, 0, 0, False, "no such tournament")
    state = state_of(tournament_id)
    seen = state.requested
    data = gather(tournament)
    fingerprints = data.fingerprints()
    fingerprint = fingerprints[-1] if fingerprints else ""
    stored = dict(
        RoundStandings.objects.filter(tournament_id=tournament_id).values_list(
            "round", "fingerprint"
        )
    )
    # Rounds whose stored rows came from this very input are not ranked again.
    unchanged = {
        fp
        for number, fp in zip(data.round_numbers, fingerprints, strict=True)
        if stored.get(number) == fp
    }
    error = ""
    computed: list[ComputedRound] = []
    try:
        computed = compute(data, skip=unchanged, fingerprints=fingerprints)
    except ScoringError as exc:
        error = str(exc)
        log.warning("standings of tournament %s cannot be computed: %s", tournament_id, error)
    now = timezone.now()
    written = 0
    with transaction.atomic():
        state = StandingsState.objects.select_for_update().get(pk=tournament_id)
        if not error:
            stored = dict(
                RoundStandings.objects.filter(tournament_id=tournament_id).values_list(
                    "round", "fingerprint"
                )
            )
            changed_rounds = [rnd for rnd in computed if stored.get(rnd.round) != rnd.fingerprint]
            _store_rounds(tournament_id, changed_rounds, now)
            written += len(changed_rounds)
            gone = set(stored) - set(data.round_numbers)
            if gone:
                RoundStandings.objects.filter(tournament_id=tournament_id, round__in=gone).delete()
                EntryRoundStanding.objects.filter(
                    tournament_id=tournament_id, round__in=gone
                ).delete()
                written += len(gone)
        changed = written > 0 or error != state.error
        still_dirty = state.requested != seen
        state.version += 1 if changed else 0
        state.fingerprint = fingerprint if not error else state.fingerprint
        state.computed_at = now
        state.recomputations += 1
        state.error = error
        state.dirty = still_dirty
        state.dirty_since = state.dirty_since if still_dirty else None
        state.save()
    return Recomputed(tournament_id, len(data.rounds), written, state.version, still_dirty, error)


def parse_number(value: int | str) -> Fraction:
    """A stored exact number (int or ``"p/q"``) as a Fraction."""
    return Fraction(value)


def current_points(tournament: Tournament) -> dict[int, Decimal]:
    """Each entry's tournament points after the last published round, from the stored
    standings, recomputed first (synchronously) if they are dirty or missing; entries
    not in the standings yet are left out."""
    state = StandingsState.objects.filter(tournament_id=tournament.pk).first()
    if state is None and not tournament.rounds.filter(status=Round.Status.PUBLISHED).exists():
        return {}  # nothing played: everyone has their start score
    if state is None or state.dirty or state.computed_at is None:
        recompute(tournament.pk)
    last = (
        RoundStandings.objects.filter(tournament_id=tournament.pk)
        .order_by("-round")
        .values_list("rows", flat=True)
        .first()
    )
    out: dict[int, Decimal] = {}
    for row in last or ():
        p = parse_number(row["points"])
        out[int(row["entry"])] = Decimal(p.numerator) / Decimal(p.denominator)
    return out
