"""The API side of a tournament's details (date, start time on the club's clock,
venue, limit) and of players entering themselves (``…/my-entry``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import api, check, club_url, cup_url
from tests.support.factories import enter_guests, make_tournament, make_user, member
from tournaments.models import Club, Role, Tournament
from tournaments.services import clubs
from tournaments.services import tournaments as tournament_service

pytestmark = pytest.mark.django_db


def test_details_go_in_and_come_back_with_the_clubs_offset(club: Club, director: Any) -> None:
    url = club_url(club) + "tournaments/"
    data = {
        "name": "Trio",
        "game_type": "german_whist",
        "starts_on": "2026-12-05",
        "start_time": "20:30",
        "venue": "Sala Verdi",
        "description": "Prizes.",
        "entry_limit": 24,
        "self_entry": False,
    }
    made = check(api(director).post(url, data, format="json"), 201)
    assert made["starts_on"] == "2026-12-05" and made["start_time"] == "20:30"
    assert made["time_zone"] == "Europe/Rome"
    assert made["starts_at"] == "2026-12-05T20:30:00+01:00"
    assert made["venue"] == "Sala Verdi" and made["entry_limit"] == 24 and made["entries"] == 0
    assert made["self_entry"] is False and made["registration_open"] is True
    assert made["entries_closed"].startswith("The director enters the players")
    changed = check(
        api(director).patch(url + "trio/", {"start_time": None, "starts_on": None}, format="json"),
        200,
    )
    assert changed["starts_at"] is None


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"starts_on": "5/12/2026"}, "Date has wrong format"),
        ({"start_time": "20:30", "name": "T"}, "A start time needs a date"),
        ({"entry_limit": 1}, "greater than or equal to 2"),
        ({"scoring": {"method": "placement", "placement_points": [1]}}, "placement points"),
        ({"tiebreaks": ["buchholz", "buchholz"]}, "tiebreak number 2: 'buchholz' is listed twice"),
        ({"rounds_planned": "5"}, "a whole number"),
    ],
)
def test_bad_settings_are_refused_in_words(club: Club, director: Any, given, words) -> None:
    url = club_url(club) + "tournaments/"
    answer = check(
        api(director).post(
            url, {"name": "T", "game_type": "italian_whist", **given}, format="json"
        ),
        400,
    )
    assert words in str(answer)
    assert "scoring." not in answer.get("detail", "") and "[1]" not in answer.get("detail", "")
    assert not Tournament.objects.exists()


def test_a_club_is_created_with_its_time_zone(director: Any) -> None:
    made = check(
        api(director).post(
            "/api/clubs/", {"name": "Porto", "time_zone": "Europe/Lisbon"}, format="json"
        ),
        201,
    )
    assert made["time_zone"] == "Europe/Lisbon"
    answer = check(
        api(director).post(
            "/api/clubs/", {"name": "Mars", "time_zone": "Mars/Base"}, format="json"
        ),
        400,
    )
    assert "not a time zone" in answer["detail"]


# ---------------------------------------------------------------------- my-entry


def open_cup(club: Club, director: Any, **settings: Any) -> Tournament:
    cup = make_tournament(club, director, {"name": "Cup", **settings})
    return tournament_service.set_status(cup, by=director, status="open")


def test_a_player_enters_and_withdraws_through_the_api(club: Club, director: Any) -> None:
    cup = open_cup(club, director, entry_limit=2)
    url = cup_url(cup) + "my-entry"
    user = make_user()
    check(api().post(url, {}, format="json"), 401)
    check(api(user).get(url), 404)
    entry = check(api(user).post(url, {}, format="json"), 201)
    assert entry["number"] == 1 and entry["status"] == "registered"
    assert check(api(user).get(url), 200)["id"] == entry["id"]
    answer = check(api(user).post(url, {}, format="json"), 409)
    assert answer["detail"] == "You are already entered, as number 1."
    enter_guests(cup, director, 1, check_in=False)
    answer = check(api(make_user()).post(url, {}, format="json"), 409)
    assert answer["detail"] == "The tournament is full: all 2 places are taken."
    assert check(api(user).delete(url), 200)["status"] == "withdrawn"
    assert check(api().get(cup_url(cup)), 200)["entries"] == 1
    check(api(user).delete(url), 404)


def test_a_player_enters_a_team_with_a_partner_through_the_api(club: Club, director: Any) -> None:
    cup = open_cup(club, director, game_type="whist", entry_kind="team")
    url = cup_url(cup) + "my-entry"
    anna = member(club, Role.PLAYER, "anna")
    bruno = clubs.add_guest(club, by=director, name="Bruno")
    answer = check(api(anna).post(url, {"partners": [bruno.pk, bruno.pk]}, format="json"), 400)
    assert "choose your partner" in answer["detail"]
    entry = check(api(anna).post(url, {"partners": [bruno.pk]}, format="json"), 201)
    assert entry["name"] == "anna & Bruno" and entry["team"] is not None
    check(api(anna).post(url, {"team": 1, "partners": [2]}, format="json"), 400)
