"""Every service that changes a result owes the standings itself (no model signal does).

Each test calls one service and checks, before anything commits, that the tournament
is dirty, that the call said why (``scoring.owed`` logs it), and, on commit, that the
recomputation is sent. A service that forgets :func:`scoring.owed.owe_standings` fails
its test here.
"""

from __future__ import annotations

import logging
import uuid
from unittest import mock

import pytest

from scoring import tasks
from scoring.models import StandingsState
from tests.support.factories import (
    director_of,
    german_whist_cup,
    make_club,
    make_tournament,
    make_user,
)
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import Entry, Forfeit
from tournaments.services import rounds, self_entry, sheets, undo
from tournaments.services import tournaments as tournament_service

pytestmark = pytest.mark.django_db


@pytest.fixture
def owed(caplog, django_capture_on_commit_callbacks):
    """``owed(t, call)``: run ``call()``; the reasons the tournament was owed standings
    for (checked dirty before commit, and sent on commit)."""

    def run(t, call):
        before = StandingsState.objects.filter(pk=t.pk).values_list("requested", flat=True)
        before = before.first() or 0
        caplog.clear()
        with mock.patch.object(tasks, "enqueue") as sent:
            with django_capture_on_commit_callbacks(execute=True):
                call()
                state = StandingsState.objects.filter(pk=t.pk).first()
                if state is not None:  # (a deleted tournament takes its state along)
                    assert state.dirty and state.requested > before
            assert (t.pk,) in [c.args for c in sent.call_args_list]
        return {r.args[1] for r in caplog.records if r.name == "scoring.owed" and r.args[0] == t.pk}

    caplog.set_level(logging.DEBUG, logger="scoring.owed")
    return run


@pytest.fixture
def cup():
    _, director, t, entries = german_whist_cup(4)
    return director, t, entries


def test_publishing_a_round(cup, owed):
    director, t, _ = cup
    draft = rounds.pair_next_round(t, by=director)
    assert owed(t, lambda: rounds.publish(draft, by=director)) == {"round published"}


def test_a_game_finishing(cup, owed):
    director, t, _ = cup
    (table, _), _ = tables_of(play_round(t, director))
    assert owed(t, lambda: finish(table, director, (7, 6))) == {"game finished"}


def test_a_forfeit_or_no_show(cup, owed):
    director, t, _ = cup
    (table, (a, _)), _ = tables_of(play_round(t, director))
    whys = owed(t, lambda: sheets.record_forfeit(table, a, Forfeit.Kind.FORFEIT, director))
    assert whys == {"forfeit"}


def test_a_ruling_on_the_sheet(cup, owed):
    director, t, _ = cup
    (table, _), _ = tables_of(play_round(t, director))
    whys = owed(
        t, lambda: sheets.resolve(table, 1, director, uuid.uuid4(), tally={"tricks": [7, 6]})
    )
    assert "ruling" in whys  # (and the game finishes with it)


def test_a_correction_on_the_sheet(cup, owed):
    director, t, _ = cup
    (table, _), _ = tables_of(play_round(t, director))
    sheets.resolve(table, 1, director, uuid.uuid4(), tally={"tricks": [7, 6]})
    table.refresh_from_db()
    whys = owed(
        t,
        lambda: sheets.correct(
            table, 1, {"tricks": [6, 7]}, director, uuid.uuid4(), reason="swapped"
        ),
    )
    assert "sheet corrected" in whys


def test_correcting_a_published_round(cup, owed):
    director, t, entries = cup
    play_round(t, director)
    a, b = entries[0], entries[-1]
    whys = owed(
        t,
        lambda: rounds.correct(
            t.rounds.get(number=1), by=director, first=a.pk, second=b.pk, reason="wrong table"
        ),
    )
    assert whys == {"round corrected"}


def test_unpublishing_a_round(cup, owed):
    director, t, _ = cup
    round_ = play_round(t, director)
    assert owed(t, lambda: undo.unpublish(round_, by=director)) == {"round unpublished"}


def test_a_withdrawal(cup, owed):
    director, t, entries = cup
    play_round(t, director)
    whys = owed(t, lambda: tournament_service.withdraw(entries[0], by=director))
    assert whys == {"withdrawal"}


def test_a_change_to_a_withdrawn_entry(cup, owed):
    director, t, entries = cup
    play_round(t, director)
    tournament_service.withdraw(entries[0], by=director)
    entry = Entry.objects.get(pk=entries[0].pk)
    whys = owed(t, lambda: tournament_service.update_entry(entry, by=director, rating=1500))
    assert whys == {"withdrawn entry changed"}


def test_withdrawing_oneself(owed):
    club = make_club()
    director = director_of(club)
    t = tournament_service.set_status(
        make_tournament(club, director, {"name": "Open cup"}), by=director, status="open"
    )
    user = make_user()
    self_entry.enter_self(t, by=user)
    assert owed(t, lambda: self_entry.withdraw_self(t, by=user)) == {"withdrawal"}


def test_changing_the_settings_once_a_round_is_published(cup, owed):
    director, t, _ = cup
    play_round(t, director)
    settings = {"scoring": {"method": "raw_score"}}
    whys = owed(t, lambda: tournament_service.update_tournament(t, by=director, settings=settings))
    assert whys == {"settings"}


def test_deleting_a_tournament_with_a_published_round(cup, owed):
    director, t, _ = cup
    play_round(t, director)
    assert owed(t, lambda: undo.delete_tournament(t, by=director)) == {"tournament deleted"}
