"""The services' versions (issue 15): every change bumps a record's version, an edit
from an older version is refused with the record as it is now, and a refused edit
leaves the version as it was (the races themselves: test_version_races.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.factories import enter_guests, make_user, member
from tournaments.models import Club, Entry, Membership, Role, Tournament
from tournaments.services import clubs, rounds, self_entry, tournaments
from tournaments.services.errors import Conflict, Forbidden, NotFound
from tournaments.services.versions import StaleVersion, claim, parse_version

pytestmark = pytest.mark.django_db


def test_a_stale_edit_is_refused_with_the_current_record(cup: Tournament, director: Any) -> None:
    start = cup.version
    tournaments.update_tournament(cup, by=director, settings={"venue": "A"}, expected_version=start)
    with pytest.raises(StaleVersion) as refused:
        tournaments.update_tournament(
            cup, by=director, settings={"venue": "B"}, expected_version=start
        )
    assert refused.value.status == 409 and refused.value.current.venue == "A"
    assert refused.value.details["version"] == start + 1
    cup.refresh_from_db()
    assert (cup.venue, cup.version) == ("A", start + 1)


def test_a_withdrawal_is_not_undone_by_a_check_in_read_before_it(
    cup: Tournament, director: Any
) -> None:
    (entry,) = enter_guests(cup, director, 1, check_in=False)
    seen_before = Entry.objects.get(pk=entry.pk)
    tournaments.withdraw(entry, by=director)
    with pytest.raises(Conflict, match="withdrawn"):
        tournaments.check_in(seen_before, by=director)
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.WITHDRAWN


def test_every_change_bumps_the_version(club: Club, cup: Tournament, director: Any) -> None:
    entries = enter_guests(cup, director, 4)
    before = Tournament.objects.get(pk=cup.pk).version
    rounds.pair_next_round(cup, by=director)  # the tournament starts running
    assert Tournament.objects.get(pk=cup.pk).version == before + 1
    checked = entries[0].version
    tournaments.withdraw(entries[0], by=director)
    assert Entry.objects.get(pk=entries[0].pk).version == checked + 1
    zone = club.version
    clubs.set_time_zone(club, by=director, time_zone="Asia/Tokyo")
    clubs.set_language(club, by=director, language="en")
    assert Club.objects.get(pk=club.pk).version == zone + 2


def test_a_player_withdrawing_themselves_bumps_their_entry(club: Club, director: Any) -> None:
    cup = tournaments.create_tournament(
        club, by=director, settings={"name": "Open", "game_type": "german_whist"}
    )
    tournaments.set_status(cup, by=director, status="open")
    player = make_user("pia")
    mine = self_entry.enter_self(cup, by=player)
    self_entry.withdraw_self(cup, by=player)
    assert Entry.objects.get(pk=mine.pk).version == mine.version + 1


def test_a_refused_role_change_leaves_the_version(club: Club, director: Any) -> None:
    other = member(club, Role.DIRECTOR, "dino")
    membership = Membership.objects.get(club=club, user=other)
    with pytest.raises(Forbidden):  # only an owner changes a director
        clubs.set_role(club, by=director, username="dino", role="scorer", expected_version=1)
    assert Membership.objects.get(pk=membership.pk).version == membership.version


def test_a_gone_record_is_not_found_and_versions_parse_safely(cup: Tournament) -> None:
    with pytest.raises(NotFound):
        claim(Tournament, cup.pk + 1000, 1)
    assert [parse_version(v) for v in (None, "", "3", " 4 ", "x", "-2")] == [
        None, None, 3, 4, -1, -1,
    ]  # fmt: skip
