"""``tournaments.services.audit.record``: what one audit row holds, and that it lives
and dies with the act's transaction."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.db import transaction
from django.utils import translation

from tests.support.factories import make_club
from tournaments.models import AuditEntry
from tournaments.services import audit
from tournaments.services.audit_words import changes


def test_a_row_says_who_when_what_and_what_changed(club, owner, cup):
    with transaction.atomic():
        entry = audit.record(
            actor=owner,
            club=club,
            action="tournament-settings-changed",
            subject=cup.name,
            before={"rounds": 3, "starts": datetime.date(2026, 5, 1)},
            after={"rounds": 4, "id": uuid.UUID(int=7)},
            tournament=cup,
        )
    entry = AuditEntry.objects.get(pk=entry.pk)
    assert (entry.club, entry.tournament, entry.tournament_name) == (club, cup, "Spring Cup")
    assert (entry.actor, entry.actor_name) == (owner, "Olga Ferri")
    assert entry.action == "tournament-settings-changed" and entry.subject == "Spring Cup"
    assert entry.before == {"rounds": 3, "starts": "2026-05-01"}
    assert entry.after == {"rounds": 4, "id": str(uuid.UUID(int=7))}
    assert entry.at is not None


def test_the_system_acts_without_an_actor(club):
    entry = audit.record(actor=None, club=club, action="round-closed", subject="Round 1")
    assert entry.actor_id is None and entry.actor_name == ""
    assert entry.before is None and entry.after is None


def test_a_failed_act_leaves_no_audit_row(club, owner):
    class ActFailed(Exception):
        pass

    with pytest.raises(ActFailed), transaction.atomic():
        audit.record(actor=owner, club=club, action="member-removed", subject="Sam")
        raise ActFailed
    assert not AuditEntry.objects.filter(action="member-removed").exists()


@pytest.mark.parametrize("action", ["Member removed", "member_removed", "", "-x", "a" * 65])
def test_an_action_is_a_stable_code(club, owner, action):
    with pytest.raises(ValueError):
        audit.record(actor=owner, club=club, action=action, subject="Sam")


def test_a_tournament_of_another_club_is_refused(club, owner, cup):
    with pytest.raises(ValueError):
        audit.record(
            actor=owner, club=make_club(), action="entry-added", subject="x", tournament=cup
        )


def test_a_change_of_tiebreaks_reads_as_their_names_in_the_readers_language():
    before = {"tiebreaks": ["buchholz"]}
    after = {"tiebreaks": ["buchholz_cut1", "sonneborn_berger"]}
    with translation.override("en"):
        (line,) = changes(before, after)
    assert "buchholz_cut1" not in line and "Buchholz" in line and "Sonneborn" in line
    with translation.override("it"):
        (line,) = changes(before, after)
    assert "Buchholz ridotto" in line and "buchholz_cut1" not in line
