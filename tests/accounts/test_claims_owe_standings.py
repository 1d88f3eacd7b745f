"""A claim renames the guest's entries: each of the guest's tournaments owes standings
(the claim service says so itself; see ``tests/standings/test_owed_triggers.py``)."""

from __future__ import annotations

import logging
from unittest import mock

import pytest

from scoring import tasks
from scoring.models import StandingsState
from tests.support.factories import director_of, make_club, make_tournament, signed_up
from tournaments.services import claims, clubs, tournaments

pytestmark = pytest.mark.django_db


def test_a_claim_owes_the_standings_of_each_of_the_guests_tournaments(
    caplog, django_capture_on_commit_callbacks
):
    club = make_club()
    director = director_of(club)
    guest = clubs.add_guest(club, by=director, name="Carla B.")
    cups = [make_tournament(club, director, {"name": name}) for name in ("Spring", "Summer")]
    for cup in cups:
        tournaments.register(cup, by=director, player=guest)
    code = claims.issue_claim_code(guest, director).code
    user = signed_up("carla", name="Carla Bianchi")
    caplog.set_level(logging.DEBUG, logger="scoring.owed")
    with (
        mock.patch.object(tasks, "enqueue") as sent,
        django_capture_on_commit_callbacks(execute=True),
    ):
        claims.claim(user, code)
        for cup in cups:
            assert StandingsState.objects.get(pk=cup.pk).dirty
    assert sorted(c.args for c in sent.call_args_list) == sorted((c.pk,) for c in cups)
    whys = {(r.args[0], r.args[1]) for r in caplog.records if r.name == "scoring.owed"}
    assert whys == {(cup.pk, "name claimed") for cup in cups}
