"""Results read from the database: finished games, forfeits, byes, withdrawals, late
entries and tables still playing; stored standings equal a recomputation from scratch."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring import store
from scoring.models import GameScore, RoundStandings, StandingsState
from scoring.results import compute, gather
from tests.support.factories import german_whist_cup
from tests.support.standings import by_entry, finish, forfeit, play_round, tables_of
from tournaments.models import Entry, Tournament
from tournaments.services import rounds as round_service
from tournaments.services import tournaments as tournament_service

pytestmark = pytest.mark.django_db


def test_a_finished_game_scores_and_an_unfinished_table_is_not_counted_yet():
    _, director, t, _ = german_whist_cup(5)
    r1 = play_round(t, director)
    (t1, (a, b)), (t2, (c, d)) = tables_of(r1)
    bye = r1.byes.get().entry
    finish(t1, director, (5, 8))  # b wins

    [after] = compute(gather(t))
    rows = by_entry(after.rows)
    assert after.round == 1 and after.provisional and after.pending_tables == 1
    assert after.tables == 2
    assert rows[b.pk]["points"] == 2 and rows[b.pk]["wins"] == 1
    assert rows[a.pk]["points"] == 0 and rows[a.pk]["losses"] == 1
    assert rows[bye.pk]["points"] == 2 and rows[bye.pk]["byes"] == 1  # a bye is a win
    for e in (c, d):  # still playing: nothing for the round, marked pending
        assert rows[e.pk]["points"] == 0 and rows[e.pk]["played"] == 0
        assert rows[e.pk]["pending"] and rows[e.pk]["absences"] == 0
    # The final score came from the engine once, and is kept.
    assert GameScore.objects.get(game_id=t1.game_id).scores == [5, 8]

    finish(t2, director, (6, 7))
    [after] = compute(gather(t))
    rows = by_entry(after.rows)
    assert not after.provisional and after.pending_tables == 0
    assert (rows[c.pk]["points"], rows[d.pk]["points"]) == (0, 2)
    assert not any(r["pending"] for r in after.rows)


def test_a_forfeit_beats_the_game_and_scores_forfeit_win_and_loss():
    _, director, t, _ = german_whist_cup(4, {"scoring": {"forfeit_win_points": 3}})
    r1 = play_round(t, director)
    (t1, (a, b)), (t2, (c, d)) = tables_of(r1)
    forfeit(t1, a, director)
    finish(t2, director, (9, 4))
    [after] = compute(gather(t))
    rows = by_entry(after.rows)
    assert rows[a.pk]["forfeits_lost"] == 1 and rows[a.pk]["points"] == 0
    assert rows[b.pk]["forfeits_won"] == 1 and rows[b.pk]["points"] == 3
    assert rows[b.pk]["played"] == 0  # a forfeit is not a game played
    assert not after.provisional  # the forfeited table has its result


def test_a_withdrawal_keeps_the_points_and_a_late_entry_starts_with_its_score():
    club, director, t, entries = german_whist_cup(4, {"late_entry_score": "1.5"})
    r1 = play_round(t, director)
    for table, _ in tables_of(r1):
        finish(table, director, (8, 5))
    winner = tables_of(r1)[0][1][0]
    tournament_service.withdraw(Entry.objects.get(pk=winner.pk), by=director)
    from tournaments.services import clubs

    late_player = clubs.add_guest(club, by=director, name="Late Comer")
    late = tournament_service.register(t, by=director, player=late_player)
    late = tournament_service.check_in(late, by=director)
    assert late.joins_round == 2 and late.start_score == Decimal("1.50")

    r2 = play_round(t, director)
    for table, _ in tables_of(r2):
        finish(table, director, (6, 7))
    first, second = compute(gather(t))
    assert late.pk not in by_entry(first.rows)  # not entered yet after round 1
    rows = by_entry(second.rows)
    assert rows[winner.pk]["withdrawn"] and rows[winner.pk]["points"] == 2
    assert rows[winner.pk]["played"] == 1
    # The late entry: 1.5 to start with, plus its round-2 result.
    late_row = rows[late.pk]
    assert late_row["played"] + late_row["byes"] == 1
    expected = Decimal("1.5") + (2 if late_row["byes"] or late_row["wins"] else 0)
    assert Decimal(str(float(store.parse_number(late_row["points"])))) == expected
    assert r2.byes.count() + 2 * r2.tables.count() == 4  # 3 left + 1 late


def test_an_entry_not_paired_is_absent_and_draft_rounds_are_never_read():
    _, director, t, entries = german_whist_cup(4)
    r1 = play_round(t, director)
    for table, _ in tables_of(r1):
        finish(table, director, (7, 6))
    out = entries[0]
    tournament_service.check_in(out, by=director, checked_in=False)
    round_service.pair_next_round(t, by=director)  # a draft: not read
    data = gather(t)
    assert data.round_numbers == [1]
    r2 = round_service.publish(t.rounds.get(number=2), by=director)
    for table, _ in tables_of(r2):
        finish(table, director, (7, 6))
    _, second = compute(gather(t))
    rows = by_entry(second.rows)
    assert rows[out.pk]["absences"] == 1


def test_stored_standings_equal_a_recomputation_from_scratch():
    _, director, t, _ = german_whist_cup(7)
    for _ in range(3):
        rnd = play_round(t, director)
        for k, (table, _) in enumerate(tables_of(rnd)):
            finish(table, director, (k % 3 + 5, 13 - (k % 3 + 5)))
    first = store.recompute(t.pk)
    assert first.rounds == 3 and not first.dirty  # rounds 1-2 were stored by pairing
    again = store.recompute(t.pk)
    assert again.written == 0 and again.version == first.version  # nothing changed
    stored = {
        r.round: (r.rows, r.tiebreaks, r.provisional, r.fingerprint)
        for r in RoundStandings.objects.filter(tournament=t)
    }
    fresh = {
        r.round: (r.rows, r.tiebreaks, r.provisional, r.fingerprint) for r in compute(gather(t))
    }
    assert stored == fresh
    GameScore.objects.all().delete()  # even the cached game scores are rebuilt the same
    assert {r.round: r.rows for r in compute(gather(t))} == {k: v[0] for k, v in stored.items()}
    state = StandingsState.objects.get(pk=t.pk)
    assert not state.dirty and state.fingerprint == fresh[3][3]


def test_bad_settings_are_stored_as_the_reason_not_raised():
    # The service refuses such settings at setup; a tournament saved before that check,
    # or edited by hand in the database, must still not break the worker.
    _, director, t, _ = german_whist_cup(4)
    Tournament.objects.filter(pk=t.pk).update(scoring={"method": "victory_points_wbf"})
    play_round(t, director)
    done = store.recompute(t.pk)
    assert "wbf_deals" in done.error
    assert "wbf_deals" in StandingsState.objects.get(pk=t.pk).error


def test_pairing_uses_the_standings_points_recomputed_when_dirty():
    _, director, t, entries = german_whist_cup(4)
    r1 = play_round(t, director)
    for table, _ in tables_of(r1):
        finish(table, director, (9, 4))
    store.mark_dirty(t.pk)
    scores = round_service.scores(t, entries)
    winners = {seated[0].pk for _, seated in tables_of(r1)}
    assert {pk for pk, v in scores.items() if v == 2} == winners
    assert {pk for pk, v in scores.items() if v == 0} == {e.pk for e in entries} - winners
    assert not StandingsState.objects.get(pk=t.pk).dirty  # recomputed synchronously
    data = round_service.pairing_input(t, 2)
    assert sorted(e["score"] for e in data["entrants"]) == [0, 0, 2, 2]


def test_a_whist_drive_player_scores_the_total_of_the_partnership_it_played_in():
    _, director, t, _ = german_whist_cup(
        8,
        {
            "game_type": "whist",
            "pairing_method": "whist_drive",
            "options": {"target": 1},
            "scoring": {"method": "raw_score"},
        },
    )
    r1 = play_round(t, director)
    for table, _ in tables_of(r1):
        finish(table, director, (8, 5))  # seats 0 and 2 take 8 tricks: 2 points
    [after] = compute(gather(t))
    rows = by_entry(after.rows)
    for _, seated in tables_of(r1):
        totals = [rows[e.pk]["points"] for e in seated]
        assert totals == [2, 0, 2, 0]  # partners (positions 0 and 2) share their side's total


def test_whist_drive_partners_win_together_and_are_not_each_others_opponents():
    # No scoring set: a whist drive's two partnerships default to win/draw/loss 2/1/0.
    _, director, t, _ = german_whist_cup(
        8, {"game_type": "whist", "pairing_method": "whist_drive", "options": {"target": 1}}
    )
    r1 = play_round(t, director)
    for table, _ in tables_of(r1):
        finish(table, director, (8, 5))  # seats 0 and 2 win
    [after] = compute(gather(t))
    rows = by_entry(after.rows)
    for _, seated in tables_of(r1):
        assert [rows[e.pk]["points"] for e in seated] == [2, 0, 2, 0]
        assert [rows[e.pk]["wins"] for e in seated] == [1, 0, 1, 0]
        assert [rows[e.pk]["draws"] for e in seated] == [0, 0, 0, 0]
    # Buchholz counts the two opponents, never the partner: 0 + 0 for a winner (with
    # the partner's 2 it would be 2), 2 + 2 for a loser.
    column = after.tiebreaks.index("buchholz")
    for _, seated in tables_of(r1):
        assert [rows[e.pk]["tiebreaks"][column] for e in seated] == [0, 4, 0, 4]
