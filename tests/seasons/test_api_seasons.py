"""The seasons API: directors list, create, change (If-Match) and delete a club's
seasons; anyone reads a public season's table, a private one is the members'; bad
input is a 4xx naming the field in words."""

from __future__ import annotations

import pytest

from tests.support.api import api, check
from tests.support.factories import member, season_club
from tournaments.models import AuditEntry, Role, Season

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    return season_club(count=2, players=4)


def seasons_url(club) -> str:
    return f"/api/clubs/{club.slug}/seasons/"


BODY = {"name": "Spring 2026", "starts_on": "2026-03-01", "ends_on": "2026-03-31"}


def test_a_director_creates_reads_changes_and_deletes_a_season(played):
    club, director, cups, people = played
    made = api(director).post(seasons_url(club), BODY, format="json")
    season = check(made, 201)
    assert made["ETag"] == '"1"'
    assert season["slug"] == "spring-2026" and season["formula"] == "sum"
    assert season["tournaments"] == [] and season["public"] is True
    url = seasons_url(club) + "spring-2026"
    assert check(api().get(seasons_url(club)), 200)[0]["name"] == "Spring 2026"
    table = check(api().get(url + "/table"), 200)
    assert [t["id"] for t in table["tournaments"]] == [c.pk for c in cups]
    assert table["complete"] is True and len(table["rows"]) == 4
    assert {r["name"] for r in table["rows"]} == {p.name for p in people}
    assert all(r["played"] == 2 and len(r["tournaments"]) == 2 for r in table["rows"])
    assert table["rows"][0]["rank"] == 1
    changed = api(director).patch(
        url,
        {"formula": "placement", "place_points": [10, "13/2", 3.5], "best_of": 1},
        format="json",
        HTTP_IF_MATCH='"1"',
    )
    body = check(changed, 200)
    assert body["place_points"] == [10, 6.5, 3.5] and body["version"] == 2
    assert "Points by final place" in body["formula_words"]
    rows = check(api().get(url + "/table"), 200)["rows"]
    assert rows[0]["points"] == 10 and rows[0]["counted"] == 1
    stale = api(director).patch(url, {"name": "Old"}, format="json", HTTP_IF_MATCH='"1"')
    assert check(stale, 412)["current"]["version"] == 2
    check(api(director).delete(url, HTTP_IF_MATCH='"1"'), 412)
    assert api(director).delete(url, HTTP_IF_MATCH='"2"').status_code == 204
    assert not Season.objects.filter(club=club).exists()
    actions = set(AuditEntry.objects.filter(club=club).values_list("action", flat=True))
    assert {"season-created", "season-changed", "season-deleted"} <= actions


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({**BODY, "ends_on": "2026-02-01"}, "ends_on", "cannot end before it starts"),
        ({**BODY, "ends_on": "soon"}, "ends_on", "format"),
        ({**BODY, "formula": "best"}, "best_of", "how many"),
        ({**BODY, "formula": "median"}, "formula", "not one of"),
        ({**BODY, "formula": "placement", "place_points": "25 18"}, "place_points", "1st"),
        ({**BODY, "formula": "placement", "place_points": [1, 2]}, "place_points", "place 2"),
        ({**BODY, "formula": "placement", "place_points": [True]}, "place_points", "True"),
        ({**BODY, "tournaments": [0]}, "tournaments", "not a tournament"),
        ({**BODY, "tournaments": "all"}, "tournaments", "list the tournaments"),
        ({**BODY, "game_type": "poker"}, "game_type", "no game"),
        ({**BODY, "colour": "red"}, "colour", "unknown field"),
        ({**BODY, "name": "   "}, "name", ""),
    ],
)
def test_bad_input_is_a_400_naming_the_field_in_words(played, body, field, words):
    club, director, _cups, _people = played
    answer = api(director).post(seasons_url(club), body, format="json")
    refused = check(answer, 400)
    text = str(refused)
    assert field in text and words in text
    assert "[0]" not in text
    assert not Season.objects.filter(club=club).exists()


def test_only_directors_write_and_private_seasons_are_hidden(played):
    club, director, _cups, _people = played
    player = member(club, Role.PLAYER)
    check(api(player).post(seasons_url(club), BODY, format="json"), 403)
    check(api().post(seasons_url(club), BODY, format="json"), 403)
    check(api(director).post(seasons_url(club), {**BODY, "public": False}, format="json"), 201)
    url = seasons_url(club) + "spring-2026"
    assert check(api().get(seasons_url(club)), 200) == []
    check(api().get(url), 404)
    check(api().get(url + "/table"), 404)
    assert check(api(player).get(url + "/table"), 200)["season"]["public"] is False
    check(api(player).patch(url, {"name": "Mine"}, format="json"), 403)
    check(api(player).delete(url), 403)
    check(api(director).patch(url, {}, format="json"), 400)


def test_an_unknown_club_or_season_is_a_404(played):
    club, _director, _cups, _people = played
    check(api().get("/api/clubs/no-such-club/seasons/"), 404)
    check(api().get(seasons_url(club) + "nothing/table"), 404)
