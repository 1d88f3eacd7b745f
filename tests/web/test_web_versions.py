"""Optimistic concurrency on the web (issue 15): forms that edit a record in place carry
its version in a hidden field; a form saved after someone else changed the record is
shown again with the current values and a plain message (409), and nothing is saved."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.support.factories import enter_guests, member
from tournaments.models import Club, Membership, Role, Tournament
from tournaments.services import access

pytestmark = pytest.mark.django_db

STALE = "Someone else changed these settings while you were editing"


def html(response) -> str:
    return response.content.decode()


def url(cup: Tournament, suffix: str = "") -> str:
    return f"/clubs/{cup.club.slug}/t/{cup.slug}/{suffix}"


def hidden_version(page: str, before: str = "") -> str:
    """The value of the first hidden ``version`` field (after the text ``before``)."""
    found = re.search(r'name="version" value="(\d*)"', page[page.index(before) :])
    assert found, "no version field"
    return found.group(1)


def setup_data(**changes: str) -> dict[str, str]:
    data = {
        "name": "Spring Cup",
        "status": "open",
        "game_type": "german_whist",
        "table_sizes": "2",
        "option_deals": "1",
        "mode": "physical",
        "entry_kind": "individual",
        "rounds_planned": "5",
        "pairing_method": "swiss",
        "first_round": "rating",
        "group_size": "",
        "late_entry_score": "0",
        "avoid_same_household": "on",
        "registration_open": "on",
        "self_entry": "on",
        "points_method": "",
    }
    data.update(changes)
    return data


def two_directors(club: Club, director) -> tuple[Client, Client]:
    first, second = Client(), Client()
    first.force_login(director)
    second.force_login(member(club, Role.DIRECTOR))
    return first, second


def test_two_directors_save_the_setup_form_the_second_is_shown_the_first_ones(club, director, cup):
    first, second = two_directors(club, director)
    version_a = hidden_version(html(first.get(url(cup, "setup"))))
    version_b = hidden_version(html(second.get(url(cup, "setup"))))
    assert version_a == version_b == str(cup.version)
    saved = first.post(url(cup, "setup"), setup_data(name="Cup A", version=version_a))
    assert saved.status_code == 302
    response = second.post(
        url(cup, "setup"), setup_data(name="Cup B", venue="Sala B", version=version_b)
    )
    page = html(response)
    assert response.status_code == 409 and STALE in page
    assert 'value="Cup A"' in page and "Cup B" not in page
    cup.refresh_from_db()
    assert (cup.name, cup.venue) == ("Cup A", "")
    # The form shown again carries the current version: saving it now works.
    again = second.post(url(cup, "setup"), setup_data(name="Cup B", version=hidden_version(page)))
    assert again.status_code == 302
    cup.refresh_from_db()
    assert cup.name == "Cup B"


def test_a_refused_setup_form_keeps_the_version_it_started_from(client, director, cup):
    client.force_login(director)
    started = hidden_version(html(client.get(url(cup, "setup"))))
    refused = client.post(url(cup, "setup"), setup_data(rounds_planned="0", version=started))
    assert refused.status_code == 400 and hidden_version(html(refused)) == started


def test_a_stale_status_change_is_refused_too(club, director, cup):
    first, second = two_directors(club, director)
    version = hidden_version(html(second.get(url(cup, "setup"))))
    assert first.post(url(cup, "setup"), setup_data(status="running")).status_code == 302
    response = second.post(url(cup, "setup"), setup_data(status="finished", version=version))
    assert response.status_code == 409
    cup.refresh_from_db()
    assert cup.status == "running"


def test_a_stale_entry_edit_is_refused_and_the_page_shows_the_current_values(club, director, cup):
    (entry,) = enter_guests(cup, director, 1)
    first, second = two_directors(club, director)
    page = html(second.get(url(cup, "entries")))
    version = hidden_version(page, f"entries/{entry.pk}/edit")
    prefix = f"e{entry.pk}-"
    mine = {prefix + "rating": "1800", prefix + "household": "", prefix + "affiliation": ""}
    assert first.post(url(cup, f"entries/{entry.pk}/edit"), mine).status_code == 302
    theirs = {prefix + "rating": "900", prefix + "household": "Verdi", "version": version}
    theirs[prefix + "affiliation"] = ""
    response = second.post(url(cup, f"entries/{entry.pk}/edit"), theirs)
    assert response.status_code == 409 and STALE in html(response)
    assert 'value="1800"' in html(response)
    entry.refresh_from_db()
    assert (entry.rating, entry.household) == (1800, "")


def test_stale_club_settings_are_refused(club, director):
    first, second = two_directors(club, director)
    manage = f"/clubs/{club.slug}/manage/"
    version = hidden_version(html(second.get(manage)), "manage/zone")
    assert first.post(manage + "zone", {"time_zone": "Asia/Tokyo"}).status_code == 302
    response = second.post(manage + "language", {"language": "en", "version": version})
    assert response.status_code == 409 and STALE in html(response)
    response = second.post(manage + "zone", {"time_zone": "Europe/Paris", "version": version})
    assert response.status_code == 409 and "Asia/Tokyo" in html(response)
    club.refresh_from_db()
    assert (club.time_zone, club.language) == ("Asia/Tokyo", "it")
    fresh = hidden_version(html(response), "manage/zone")
    assert (
        second.post(manage + "zone", {"time_zone": "Europe/Paris", "version": fresh}).status_code
        == 302
    )


def test_a_stale_role_change_is_refused(club, director):
    owner = Membership.objects.get(club=club, role=Role.OWNER).user
    nino = member(club, Role.PLAYER, "nino")
    first, second = Client(), Client()
    first.force_login(owner)
    second.force_login(director)
    manage = f"/clubs/{club.slug}/manage/"
    version = str(Membership.objects.get(club=club, user=nino).version)
    assert first.post(manage + "role", {"username": "nino", "role": "director"}).status_code == 302
    data = {"username": "nino", "role": "scorer", "version": version}
    response = second.post(manage + "role", data)
    assert response.status_code == 409 and STALE in html(response)
    assert access.role_in(nino, club) == Role.DIRECTOR
    response = second.post(manage + "remove", {"username": "nino", "version": version})
    assert response.status_code == 409
    assert access.role_in(nino, club) == Role.DIRECTOR
