"""Optimistic concurrency in the API (issue 15): records edited in place answer an
``ETag`` (their version); a write with ``If-Match`` naming an older version changes
nothing and answers 412 with the record as it is now. ``If-Match`` is optional."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import api, check, club_url, cup_url
from tests.support.factories import enter_guests, make_user, member
from tournaments.models import Club, Entry, Membership, Role, Tournament
from tournaments.services import access, rounds, tournaments

pytestmark = pytest.mark.django_db


def test_a_tournament_answers_its_version_as_etag(cup: Tournament, director: Any) -> None:
    response = api().get(cup_url(cup))
    assert response["ETag"] == '"1"' and check(response, 200)["version"] == 1
    changed = api(director).patch(
        cup_url(cup), {"venue": "Sala"}, format="json", HTTP_IF_MATCH='"1"'
    )
    assert changed["ETag"] == '"2"' and check(changed, 200)["version"] == 2


def test_two_directors_race_the_loser_gets_412_with_the_winners_settings(
    club: Club, cup: Tournament, director: Any
) -> None:
    other = member(club, Role.DIRECTOR)
    tag_a = api(director).get(cup_url(cup))["ETag"]
    tag_b = api(other).get(cup_url(cup))["ETag"]
    assert tag_a == tag_b
    won = api(director).patch(cup_url(cup), {"name": "Cup A"}, format="json", HTTP_IF_MATCH=tag_a)
    check(won, 200)
    lost = api(other).patch(
        cup_url(cup), {"name": "Cup B", "venue": "B's"}, format="json", HTTP_IF_MATCH=tag_b
    )
    refused = check(lost, 412)
    assert "changed" in refused["detail"] and "If-Match" in refused["detail"]
    assert refused["version"] == 2 and lost["ETag"] == '"2"'
    assert refused["current"]["name"] == "Cup A" and refused["current"]["version"] == 2
    cup.refresh_from_db()
    assert (cup.name, cup.venue, cup.version) == ("Cup A", "", 2)
    # With the new ETag the second director's edit goes through.
    again = api(other).patch(cup_url(cup), {"venue": "B's"}, format="json", HTTP_IF_MATCH='"2"')
    assert check(again, 200)["name"] == "Cup A" and again["ETag"] == '"3"'


def test_if_match_is_optional_and_star_matches_any_version(cup: Tournament, director: Any) -> None:
    check(api(director).patch(cup_url(cup), {"venue": "One"}, format="json"), 200)
    star = api(director).patch(cup_url(cup), {"venue": "Two"}, format="json", HTTP_IF_MATCH="*")
    assert check(star, 200)["version"] == 3


@pytest.mark.parametrize("header", ['W/"1"', '"abc"', '"0"', '"99999999999"'])
def test_a_tag_naming_no_current_version_is_refused(
    cup: Tournament, director: Any, header: str
) -> None:
    response = api(director).patch(
        cup_url(cup), {"venue": "X"}, format="json", HTTP_IF_MATCH=header
    )
    assert check(response, 412)["current"]["venue"] == ""
    cup.refresh_from_db()
    assert cup.venue == "" and cup.version == 1


def test_an_unquoted_if_match_is_bad_input_in_words(cup: Tournament, director: Any) -> None:
    response = api(director).patch(cup_url(cup), {"venue": "X"}, format="json", HTTP_IF_MATCH="1")
    refused = check(response, 400)
    assert refused["field"] == "If-Match" and "in quotes" in refused["detail"]


def test_a_refused_edit_does_not_bump_the_version(cup: Tournament, director: Any) -> None:
    bad = api(director).patch(
        cup_url(cup), {"rounds_planned": 0}, format="json", HTTP_IF_MATCH='"1"'
    )
    check(bad, 400)
    cup.refresh_from_db()
    assert cup.version == 1


def test_the_status_honours_if_match(cup: Tournament, director: Any) -> None:
    tournaments.set_status(cup, by=director, status="open")  # someone else: version 2
    response = api(director).post(
        cup_url(cup) + "status", {"status": "finished"}, format="json", HTTP_IF_MATCH='"1"'
    )
    assert check(response, 412)["current"]["status"] == "open"
    cup.refresh_from_db()
    assert cup.status == "open"


def test_publishing_a_round_makes_an_open_settings_edit_stale(
    cup: Tournament, director: Any
) -> None:
    enter_guests(cup, director, 4)
    tag = api(director).get(cup_url(cup))["ETag"]
    rounds.pair_next_round(cup, by=director)  # sets the tournament running
    response = api(director).patch(cup_url(cup), {"venue": "V"}, format="json", HTTP_IF_MATCH=tag)
    assert check(response, 412)["current"]["status"] == "running"


# ---------------------------------------------------------------------- entries


def entry_url(cup: Tournament, entry: Entry, suffix: str = "") -> str:
    return f"{cup_url(cup)}entries/{entry.pk}/{suffix}"


def test_two_directors_race_on_an_entry(club: Club, cup: Tournament, director: Any) -> None:
    (entry,) = enter_guests(cup, director, 1, check_in=False)
    other = member(club, Role.DIRECTOR)
    tag = api(director).get(entry_url(cup, entry))["ETag"]
    assert tag == f'"{entry.version}"'
    check(api(director).patch(entry_url(cup, entry), {"rating": 1500}, format="json",
                              HTTP_IF_MATCH=tag), 200)  # fmt: skip
    lost = api(other).patch(entry_url(cup, entry), {"rating": 900, "household": "X"},
                            format="json", HTTP_IF_MATCH=tag)  # fmt: skip
    current = check(lost, 412)["current"]
    assert current["rating"] == 1500 and current["household"] == ""
    entry.refresh_from_db()
    assert (entry.rating, entry.household) == (1500, "")


def test_check_in_and_withdrawal_honour_if_match(cup: Tournament, director: Any) -> None:
    (entry,) = enter_guests(cup, director, 1, check_in=False)
    tag = f'"{entry.version}"'
    check(api(director).post(entry_url(cup, entry, "check-in"), HTTP_IF_MATCH=tag), 200)
    stale = api(director).post(entry_url(cup, entry, "withdraw"), HTTP_IF_MATCH=tag)
    assert check(stale, 412)["current"]["status"] == "checked_in"
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CHECKED_IN
    fresh = f'"{entry.version}"'
    assert check(api(director).post(entry_url(cup, entry, "withdraw"), HTTP_IF_MATCH=fresh),
                 200)["status"] == "withdrawn"  # fmt: skip


# ---------------------------------------------------------------------- members


def test_two_owners_race_on_a_role(club: Club) -> None:
    first = Membership.objects.get(club=club, role=Role.OWNER).user
    second = member(club, Role.OWNER)
    nino = member(club, Role.PLAYER, "nino")
    listed = check(api(first).get(club_url(club) + "members/"), 200)
    version = next(m["version"] for m in listed if m["username"] == "nino")
    url = club_url(club) + "members/nino"
    tag = f'"{version}"'
    check(api(first).put(url, {"role": "scorer"}, format="json", HTTP_IF_MATCH=tag), 200)
    lost = api(second).put(url, {"role": "director"}, format="json", HTTP_IF_MATCH=tag)
    assert check(lost, 412)["current"] == {"username": "nino", "role": "scorer", "version": 2}
    assert access.role_in(nino, club) == Role.SCORER
    gone = api(second).delete(url, HTTP_IF_MATCH=tag)
    check(gone, 412)
    assert Membership.objects.filter(club=club, user=nino).exists()
    check(api(second).delete(url, HTTP_IF_MATCH='"2"'), 204)
    assert not Membership.objects.filter(club=club, user=nino).exists()


def test_a_removed_member_is_not_found_by_a_stale_edit(club: Club) -> None:
    owner = Membership.objects.get(club=club, role=Role.OWNER).user
    make_user("nina")
    url = club_url(club) + "members/nina"
    check(api(owner).put(url, {"role": "player"}, format="json"), 200)
    check(api(owner).delete(url), 204)
    check(api(owner).put(url, {"role": "scorer"}, format="json", HTTP_IF_MATCH='"1"'), 404)
