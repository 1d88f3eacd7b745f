"""Every service that changes a rated result owes the ratings itself (no model signal).

Each test calls one service and checks, before anything commits, that the game type
is marked owed (a :class:`~scoring.rating_settings.RatingsOwed` row), that the call
said why (``scoring.owed`` logs it) and, on commit, that the update is sent.
"""

from __future__ import annotations

import logging
import uuid
from unittest import mock

import pytest

from scoring import tasks
from scoring.rating_settings import RatingsOwed
from tests.support.factories import (
    finished_casual_game,
    german_whist_cup,
    make_players,
    signed_up,
)
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import Forfeit, Player
from tournaments.services import claims, sheets

pytestmark = pytest.mark.django_db


@pytest.fixture
def owed(caplog, django_capture_on_commit_callbacks):
    """``owed(call)``: run ``call()``; the reasons German whist was owed ratings for."""

    def run(call):
        before = RatingsOwed.objects.filter(game_type="german_whist").first()
        caplog.clear()
        with mock.patch.object(tasks, "enqueue_ratings") as sent:
            with django_capture_on_commit_callbacks(execute=True):
                call()
                after = RatingsOwed.objects.get(game_type="german_whist")
                assert after.requested > (before.requested if before else 0)
            assert ("german_whist",) in [c.args for c in sent.call_args_list]
        return {
            r.args[1] for r in caplog.records if r.name == "scoring.owed" and "ratings" in r.msg
        }

    caplog.set_level(logging.DEBUG, logger="scoring.owed")
    return run


@pytest.fixture
def cup():
    _, director, t, entries = german_whist_cup(4)
    return director, t, entries


def test_a_game_finishing(cup, owed):
    director, t, _ = cup
    (table, _), _ = tables_of(play_round(t, director))
    assert owed(lambda: finish(table, director, (7, 6))) == {"game finished"}


def test_a_casual_game_finishing(owed):
    assert owed(lambda: finished_casual_game(make_players(2), (7, 6))) == {"game finished"}


def test_a_forfeit_or_no_show(cup, owed):
    director, t, _ = cup
    (table, (a, _)), _ = tables_of(play_round(t, director))
    whys = owed(lambda: sheets.record_forfeit(table, a, Forfeit.Kind.FORFEIT, director))
    assert whys == {"forfeit"}


def test_a_ruling_on_the_sheet(cup, owed):
    director, t, _ = cup
    (table, _), _ = tables_of(play_round(t, director))
    whys = owed(lambda: sheets.resolve(table, 1, director, uuid.uuid4(), tally={"tricks": [7, 6]}))
    assert "ruling" in whys  # (and the game finishes with it)


def test_a_correction_on_the_sheet(cup, owed):
    director, t, _ = cup
    (table, _), _ = tables_of(play_round(t, director))
    sheets.resolve(table, 1, director, uuid.uuid4(), tally={"tricks": [7, 6]})
    table.refresh_from_db()
    whys = owed(
        lambda: sheets.correct(
            table, 1, {"tricks": [6, 7]}, director, uuid.uuid4(), reason="swapped"
        )
    )
    assert "sheet corrected" in whys


def test_a_claim_that_moves_a_guests_seats(cup, owed):
    director, t, entries = cup
    (table, _), _ = tables_of(play_round(t, director))
    finish(table, director, (7, 6))
    carla = Player.objects.get(user=signed_up("carla"))
    finished_casual_game([carla, make_players(1)[0]], (7, 6))  # her own history: a merge
    code = claims.issue_claim_code(entries[0].player, director).code
    assert owed(lambda: claims.claim(carla.user, code)) == {"name claimed"}
