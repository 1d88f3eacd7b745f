"""Every act on a club writes its audit row: roles and members, the club's settings,
guests, teams, claim codes. Each row says who acted, the action, on what, and what
changed; a refused act writes none."""

from __future__ import annotations

import pytest

from tests.support.factories import make_user, member
from tournaments.models import AuditEntry, Role
from tournaments.services import audit, claims, clubs
from tournaments.services.errors import Conflict, Forbidden


def rows(action: str) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action=action).order_by("id"))


def only(action: str) -> AuditEntry:
    found = rows(action)
    assert len(found) == 1, [(r.action, r.subject) for r in found]
    return found[0]


def test_creating_a_club_is_on_record(club, owner):
    row = only("club-created")
    assert (row.club, row.actor, row.subject) == (club, owner, club.name)
    assert row.after == {"name": club.name, "time_zone": "Europe/Rome", "language": "it"}


def test_a_member_added_changed_and_removed(club, owner):
    make_user("dora")
    clubs.set_role(club, by=owner, username="dora", role="scorer")
    added = only("member-added")
    assert (added.actor, added.subject, added.before, added.after) == (
        owner,
        "dora",
        None,
        {"role": "scorer"},
    )
    clubs.set_role(club, by=owner, username="dora", role="director")
    changed = only("member-role-changed")
    assert (changed.before, changed.after) == ({"role": "scorer"}, {"role": "director"})
    clubs.set_role(club, by=owner, username="dora", role="director")  # no change, no row
    assert len(rows("member-role-changed")) == 1
    clubs.remove_member(club, by=owner, username="dora")
    removed = only("member-removed")
    assert (removed.actor, removed.subject, removed.before, removed.after) == (
        owner,
        "dora",
        {"role": "director"},
        None,
    )


def test_the_issue_a_directors_removal_of_a_scorer_is_recorded(club, director):
    """Issue 15: a director removed a scorer's membership and nothing recorded it."""
    scorer = member(club, Role.SCORER, "sam")
    clubs.remove_member(club, by=director, username=scorer.get_username())
    row = only("member-removed")
    assert (row.actor, row.subject, row.before) == (director, "sam", {"role": "scorer"})


def test_a_refused_act_writes_no_row(club, director, scorer):
    with pytest.raises(Forbidden):
        clubs.remove_member(club, by=scorer, username=director.get_username())
    with pytest.raises(Forbidden):  # only an owner removes a director
        clubs.remove_member(club, by=director, username=director.get_username())
    with pytest.raises(Conflict):  # the last owner stays
        owner = club.memberships.get(role=Role.OWNER).user
        clubs.set_role(club, by=owner, username=owner.get_username(), role="player")
    assert not AuditEntry.objects.exclude(action="club-created").exists()


def test_the_clubs_settings(club, director):
    clubs.set_time_zone(club, by=director, time_zone="Europe/London")
    clubs.set_language(club, by=director, language="en")
    clubs.set_language(club, by=director, language="en")  # no change, no row
    found = rows("club-settings-changed")
    assert [(r.actor, r.before, r.after) for r in found] == [
        (director, {"time_zone": "Europe/Rome"}, {"time_zone": "Europe/London"}),
        (director, {"language": "it"}, {"language": "en"}),
    ]


def test_guests_teams_and_claim_codes(club, director, scorer):
    ada = clubs.add_guest(club, by=scorer, name="Ada", household="Rossi")
    bea = clubs.add_guest(club, by=scorer, name="Bea")
    guest = rows("guest-added")[0]
    assert (guest.actor, guest.subject, guest.after) == (
        scorer,
        "Ada",
        {"name": "Ada", "household": "Rossi"},
    )
    clubs.create_team(club, by=director, name="Aces", players=[ada, bea])
    team = only("team-created")
    assert (team.actor, team.subject, team.after) == (
        director,
        "Aces",
        {"name": "Aces", "players": ["Ada", "Bea"]},
    )
    issued = claims.issue_claim_code(ada, director)
    code = only("claim-code-issued")
    assert (code.actor, code.subject) == (director, "Ada")
    assert set(code.after) == {"expires_at"}
    assert issued.code.replace("-", "") not in str(code.after) + code.subject


def test_the_actor_name_outlives_a_rename(club, owner):
    row = audit.record(actor=owner, club=club, action="club-settings-changed", subject="x")
    owner.first_name = "Renamed"
    owner.save()
    row.refresh_from_db()
    assert row.actor_name == "Olga Ferri"
