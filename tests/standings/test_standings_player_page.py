"""A player's public page reads only that player's stored standings rows."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.test import Client

from scoring import store
from scoring.models import EntryRoundStanding, RoundStandings
from tests.support.factories import german_whist_cup
from tests.support.standings import finish, forfeit, play_round, tables_of
from tournaments.models import Bye

pytestmark = pytest.mark.django_db

CACHED = 3
"""The club (once for the middlewares and the gate), the tournament, and the entry with
the standings' version (the rounds table then comes from the cache)."""
QUERIES = CACHED + 2
"""... and, the first time, the rounds (with the entry's byes and standings rows), and
every place at the entry's tables (with games, scores and forfeits)."""


def played_cup(entrants: int, rounds: int = 2):
    club, director, t, entries = german_whist_cup(entrants)
    for _ in range(rounds):
        rnd = play_round(t, director)
        for table, _ in tables_of(rnd):
            finish(table, director, (8, 5))
    store.recompute(t.pk)
    return club, t, entries


def page_of(club, t, entry):
    return Client().get(f"/clubs/{club.slug}/t/{t.slug}/players/{entry.pk}/")


def stored_by_entry(t):
    return {
        (row["entry"], stored.round): (row["points"], row["rank"])
        for stored in RoundStandings.objects.filter(tournament=t)
        for row in stored.rows
    }


def entry_rows(t):
    return {
        (e, r): (p, k)
        for e, r, p, k in EntryRoundStanding.objects.filter(tournament=t).values_list(
            "entry", "round", "points", "rank"
        )
    }


@pytest.mark.parametrize("entrants", [4, 12])
def test_the_player_page_costs_the_same_few_queries_whatever_the_tournament_size(
    entrants, django_assert_max_num_queries
):
    club, t, entries = played_cup(entrants)
    page_of(club, t, entries[0])  # warm: sessions, translations
    with django_assert_max_num_queries(QUERIES):
        page = page_of(club, t, entries[-1])
    with django_assert_max_num_queries(CACHED):
        again = page_of(club, t, entries[-1])
    assert page.status_code == 200
    html = page.content.decode()
    table = html.split('<table class="standings rounds">')[1].split("</table>")[0]
    assert table and table in again.content.decode()  # the same, from the cache
    points, rank = stored_by_entry(t)[(entries[-1].pk, 2)]
    assert f'<span class="value">{points}</span>' in html  # the running score
    assert f'<span class="value">{rank}</span>' in html


def test_each_entry_s_rows_are_stored_beside_the_round_and_follow_a_change():
    club, t, entries = played_cup(4)
    assert entry_rows(t) == stored_by_entry(t)
    assert len(entry_rows(t)) == 4 * 2
    # A changed input rewrites the round's rows, and its entry rows with it.
    RoundStandings.objects.filter(tournament=t, round=2).update(fingerprint="old", rows=[])
    EntryRoundStanding.objects.filter(tournament=t, round=2).update(rank=99)
    store.recompute(t.pk)
    assert entry_rows(t) == stored_by_entry(t)
    assert not EntryRoundStanding.objects.filter(tournament=t, rank=99).exists()


def test_standings_stored_before_the_entry_rows_existed_are_copied_by_the_migration():
    club, t, entries = played_cup(4)
    EntryRoundStanding.objects.filter(tournament=t).delete()
    migration = importlib.import_module("scoring.migrations.0004_entry_round_standings")
    migration.fill_from_stored_rounds(apps, None)
    assert entry_rows(t) == stored_by_entry(t)
    page = page_of(club, t, entries[0]).content.decode()
    assert "Running score" in page


def test_a_result_shows_at_once_on_a_player_page_seen_before():
    club, director, t, entries = german_whist_cup(4)
    r1 = play_round(t, director)
    (table, (a, b)), (other, _) = tables_of(r1)[:2]
    finish(other, director, (8, 5))
    store.recompute(t.pk)
    assert "playing" in page_of(club, t, a).content.decode()
    finish(table, director, (3, 10))
    store.recompute(t.pk)  # as the worker does (its final score is read then)
    html = page_of(club, t, a).content.decode()
    assert "3 – 10" in html and "playing" not in html


def test_forfeits_and_a_bye_read_on_the_player_page_with_their_stored_points():
    club, director, t, entries = german_whist_cup(5)  # an odd field: a bye
    r1 = play_round(t, director)
    (table, (a, b)), (other, _) = tables_of(r1)[:2]
    forfeit(table, b, director)
    finish(other, director, (8, 5))
    store.recompute(t.pk)
    sat_out = Bye.objects.get(round=r1).entry
    stored = stored_by_entry(t)
    for entry, result in ((a, "won by forfeit"), (b, "forfeit (lost)"), (sat_out, "bye")):
        html = page_of(club, t, entry).content.decode()
        assert f'<span class="value">{result}</span>' in html
        points, rank = stored[(entry.pk, 1)]
        assert f'<span class="value">{points}</span>' in html  # the running score
        assert f'<span class="value">{rank}</span>' in html
    assert "forfeit" not in page_of(club, t, sat_out).content.decode()


def test_a_round_taken_back_takes_its_entry_rows_with_it():
    from tournaments.services import undo

    club, director, t, entries = german_whist_cup(4)
    r1 = play_round(t, director)
    for table, _ in tables_of(r1):
        finish(table, director, (8, 5))
    r2 = play_round(t, director)  # published, no game begun
    store.recompute(t.pk)
    assert EntryRoundStanding.objects.filter(tournament=t, round=2).count() == 4
    undo.unpublish(r2, by=director)
    store.recompute(t.pk)
    assert not EntryRoundStanding.objects.filter(tournament=t, round=2).exists()
    assert entry_rows(t) == stored_by_entry(t)


def test_a_round_paired_in_draft_is_not_on_the_player_page():
    from tournaments.services import rounds

    club, director, t, entries = german_whist_cup(4)
    r1 = play_round(t, director)
    for table, _ in tables_of(r1):
        finish(table, director, (8, 5))
    draft = rounds.pair_next_round(t, by=director)  # paired, not published
    store.recompute(t.pk)
    for table, places in tables_of(draft):
        assert table.places.count() == 2  # the draft's places exist in the database
        first, second = places
        html = page_of(club, t, first).content.decode()
        assert html.count('data-label="Round"') == 1  # round 1's row only
        assert second.name not in html  # the draft's opponent is not named
