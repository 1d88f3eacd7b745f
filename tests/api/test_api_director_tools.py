"""The API of the director's bulk and undo steps: check in all, several at once, CSV
import (one bad line: 400 naming it, nothing imported), archive (hidden from the
list, read-only), delete (refused with results), unpublish; and role boundaries."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import api, check, club_url, cup_url
from tests.support.factories import enter_guests, member, published
from tests.support.sheets import cid
from tournaments.models import Club, Role, Round, Tournament
from tournaments.services import clubs, rounds, sheets

pytestmark = pytest.mark.django_db

IW_A = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}


def test_check_in_all(cup: Tournament, director: Any, club: Club, stranger_director: Any) -> None:
    enter_guests(cup, director, 3, check_in=False)
    url = cup_url(cup) + "entries/check-in-all"
    check(api(stranger_director).post(url), 403)
    check(api(member(club, Role.PLAYER)).post(url), 403)
    done = check(api(member(club, Role.SCORER)).post(url), 200)
    assert done["checked_in"] == 3 and {e["status"] for e in done["entries"]} == {"checked_in"}
    assert check(api(director).post(url), 200)["checked_in"] == 0


def test_several_at_once(cup: Tournament, director: Any, club: Club) -> None:
    ada = clubs.add_guest(club, by=director, name="Ada")
    url = cup_url(cup) + "entries/bulk"
    body = {"players": [ada.pk], "guests": ["Bea", "Cris"]}
    entered = check(api(director).post(url, body, format="json"), 201)
    assert [e["name"] for e in entered] == ["Ada", "Bea", "Cris"]
    again = check(
        api(director).post(url, {"players": [ada.pk], "guests": ["Dino"]}, format="json"), 409
    )
    assert "Ada is already entered" in again["detail"]
    assert len(check(api().get(cup_url(cup) + "entries/"), 200)) == 3
    check(api(director).post(url, {"players": ["1"]}, format="json"), 400)
    check(api(member(club, Role.PLAYER)).post(url, {"guests": ["Eve"]}, format="json"), 403)


def test_csv_import_with_one_bad_line_imports_nothing(cup: Tournament, director: Any) -> None:
    url = cup_url(cup) + "entries/import"
    text = "name,rating\nAda,1500\nBea,high\nCris,1300\n"
    refused = check(api(director).post(url, {"csv": text}, format="json"), 400)
    assert refused["lines"] == [
        {"line": 3, "error": "the rating “high” is not a whole number from 0 to 999999"}
    ]
    assert refused["field"] == "file" and "Line 3" in refused["detail"]
    assert check(api().get(cup_url(cup) + "entries/"), 200) == []
    entered = check(
        api(director).post(url, {"csv": text.replace("high", "1400")}, format="json"), 201
    )
    assert [(e["name"], e["rating"]) for e in entered] == [
        ("Ada", 1500),
        ("Bea", 1400),
        ("Cris", 1300),
    ]


def test_csv_import_refuses_other_clubs(cup: Tournament, stranger_director: Any) -> None:
    url = cup_url(cup) + "entries/import"
    check(api(stranger_director).post(url, {"csv": "name\nAda\n"}, format="json"), 403)
    check(api(stranger_director).post(url, {"csv": 5}, format="json"), 400)


def test_archive_hides_from_the_list_and_makes_read_only(
    cup: Tournament, director: Any, club: Club
) -> None:
    entries = enter_guests(cup, director, 2, check_in=False)
    url = cup_url(cup)
    check(api(member(club, Role.SCORER)).post(url + "archive"), 403)
    archived = check(api(director).post(url + "archive"), 200)
    assert archived["archived_at"] is not None
    assert check(api().get(club_url(club) + "tournaments/"), 200) == []
    assert check(api().get(url), 200)["name"] == "Spring Cup"  # still reachable
    refused = check(api(director).post(url + f"entries/{entries[0].pk}/check-in"), 409)
    assert "archived" in refused["detail"]
    check(api(director).post(url + "archive", {"archived": False}, format="json"), 200)
    assert len(check(api().get(club_url(club) + "tournaments/"), 200)) == 1


def test_delete_only_without_results(director: Any, club: Club, stranger_director: Any) -> None:
    setup = published("italian_whist", 3)
    cup = setup.round.tournament
    url = cup_url(cup) + "delete"
    check(api(stranger_director).post(url), 403)
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0), cid())
    refused = check(api(setup.director).post(url), 409)
    assert refused["detail"].endswith("its games have results. Archive it instead.")
    other = published("italian_whist", 3)
    check(api(other.director).post(cup_url(other.round.tournament) + "delete"), 204)
    assert not Tournament.objects.filter(pk=other.round.tournament.pk).exists()


def test_unpublish(cup: Tournament, director: Any, club: Club, stranger_director: Any) -> None:
    enter_guests(cup, director, 4)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    url = cup_url(cup) + "rounds/1/unpublish"
    check(api(member(club, Role.SCORER)).post(url), 403)
    check(api(stranger_director).post(url), 403)
    fix = check(api(director).post(url, {"reason": "a late arrival"}, format="json"), 200)
    assert fix["change"]["unpublished"] is True and fix["reason"] == "a late arrival"
    assert cup.rounds.get(number=1).status == Round.Status.DRAFT
    assert check(api().get(cup_url(cup) + "rounds/"), 200) == []  # a draft again
    check(api(director).post(url), 409)


def test_unpublish_refused_once_begun() -> None:
    setup = published("italian_whist", 3)
    sheets.submit(setup.table(1), 1, IW_A, setup.seat(0), cid())
    url = cup_url(setup.round.tournament) + "rounds/1/unpublish"
    refused = check(api(setup.director).post(url), 409)
    assert "table 1 has begun playing" in refused["detail"]


def test_the_new_endpoints_are_in_the_schema(client: Any) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in (
        "entries/check-in-all",
        "entries/bulk",
        "entries/import",
        "{tournament}/archive",
        "{tournament}/delete",
        "rounds/{number}/unpublish",
        "confirm_unfinished",
    ):
        assert path in schema, path
