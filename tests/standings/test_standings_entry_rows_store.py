"""Storing a recomputation writes only the per-entry rows that changed."""

from __future__ import annotations

import pytest
from django.db import connection

from scoring import store
from scoring.models import EntryRoundStanding, RoundStandings
from tests.standings.test_standings_player_page import entry_rows, played_cup, stored_by_entry
from tests.support.factories import german_whist_cup

pytestmark = pytest.mark.django_db


def versions(t) -> dict[tuple[int, int], object]:
    """Each entry row's identity as written: its id, and on PostgreSQL the transaction
    that wrote it (an upsert keeps the id of the row it updates)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT entry, round, id, xmin::text FROM scoring_entryroundstanding"
                " WHERE tournament_id = %s",
                [t.pk],
            )
            return {(e, r): (pk, xmin) for e, r, pk, xmin in cursor.fetchall()}
    return {
        (e, r): pk
        for e, r, pk in EntryRoundStanding.objects.filter(tournament=t).values_list(
            "entry", "round", "pk"
        )
    }


def test_a_changed_round_rewrites_only_its_entry_rows_whose_values_changed():
    club, t, entries = played_cup(4)
    before = versions(t)
    changed = (entries[0].pk, 2)
    EntryRoundStanding.objects.filter(tournament=t, entry=changed[0], round=2).update(rank=99)
    before[changed] = versions(t)[changed]
    RoundStandings.objects.filter(tournament=t, round=2).update(fingerprint="old")
    store.recompute(t.pk)
    assert entry_rows(t) == stored_by_entry(t)
    after = versions(t)
    assert after[changed] != before[changed]  # written again, with its true rank
    del after[changed], before[changed]
    assert after == before  # the others, unchanged, were not touched


def test_an_entry_row_no_longer_in_a_changed_round_is_deleted():
    club, t, entries = played_cup(4)
    EntryRoundStanding.objects.create(tournament=t, entry=10**9, round=2, points=0, rank=5)
    EntryRoundStanding.objects.create(tournament=t, entry=10**9, round=1, points=0, rank=5)
    RoundStandings.objects.filter(tournament=t, round=2).update(fingerprint="old")
    store.recompute(t.pk)
    # Round 2 changed: its stray row goes; round 1 did not, nothing of it is rewritten.
    assert set(entry_rows(t)) - set(stored_by_entry(t)) == {(10**9, 1)}


def test_a_tournament_deleted_takes_its_entry_rows_with_it():
    # No constraint in the database: Django deletes them (a tournament that was played
    # is protected by its games; one not yet played can go).
    club, director, t, entries = german_whist_cup(4)
    EntryRoundStanding.objects.create(tournament=t, entry=entries[0].pk, round=1, points=0, rank=1)
    pk = t.pk
    t.delete()
    assert not EntryRoundStanding.objects.filter(tournament_id=pk).exists()
