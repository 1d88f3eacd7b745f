"""The public standings pages, the live poll, the exports and the API."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.test import Client

from scoring import store
from scoring.models import StandingsState
from tests.support.factories import german_whist_cup
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import Tournament
from tournaments.services import rounds as round_service

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup():
    club, director, t, entries = german_whist_cup(5)
    r1 = play_round(t, director)
    for table, _ in tables_of(r1):
        finish(table, director, (8, 5))
    r2 = play_round(t, director)
    first_table = tables_of(r2)[0][0]
    finish(first_table, director, (4, 9))  # round 2: one table still playing
    store.recompute(t.pk)
    return club, director, t, entries


def url(club, t, tail=""):
    return f"/clubs/{club.slug}/t/{t.slug}/{tail}"


def test_the_standings_page_is_public_with_named_tiebreaks_rounds_and_provisional_marker(cup):
    club, _, t, entries = cup
    page = Client().get(url(club, t, "standings/"))
    assert page.status_code == 200
    html = page.content.decode()
    for name in ("Buchholz cut-1", "Buchholz", "Sonneborn-Berger", "Progressive"):
        assert name in html
    assert "After round 2" in html and "provisional" in html
    assert "1 of 2 tables" in html
    assert "game against oneself" in html  # the note on byes for Buchholz
    assert "Points: win 2, draw 1, loss 0; a bye 2." in html  # how a game scores
    assert 'hx-trigger="every' in html  # polls while the round is in progress
    assert all(e.name in html for e in entries)
    old = Client().get(url(club, t, "standings/?round=1")).content.decode()
    assert "After round 1" in old and "provisional" not in old.split("After round 1")[1][:40]
    assert 'hx-trigger="every' not in old  # a past round does not poll


def test_the_live_poll_answers_204_until_the_standings_change(cup):
    club, director, t, _ = cup
    version = StandingsState.objects.get(pk=t.pk).version
    live = url(club, t, f"standings/live?round=2&v={version}")
    assert Client().get(live).status_code == 204
    r2 = t.rounds.get(number=2)
    finish(tables_of(r2)[1][0], director, (7, 6))
    store.recompute(t.pk)
    answer = Client().get(live)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'id="standings"' in html and "provisional" not in html
    assert f"v={version}" not in html  # the new version is polled next


def test_csv_and_json_exports(cup):
    club, _, t, entries = cup
    data = json.loads(Client().get(url(club, t, "standings.json")).content)
    assert data["round"] == 2 and data["provisional"] and data["rounds"] == [1, 2]
    assert data["tiebreaks"] == ["buchholz_cut1", "buchholz", "sonneborn_berger", "progressive"]
    assert [r["rank"] for r in data["rows"]] == [1, 2, 3, 4, 5]
    assert set(data["rows"][0]["tiebreaks"]) == set(data["tiebreaks"])
    answer = Client().get(url(club, t, "standings.csv?round=1"))
    assert answer["Content-Type"].startswith("text/csv")
    assert "round-1" in answer["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    assert len(rows) == 5 and rows[0]["rank"] == "1"
    assert {"buchholz", "sonneborn_berger", "points", "name"} <= set(rows[0])
    round1 = json.loads(Client().get(url(club, t, "standings.json?round=1")).content)
    assert [r["name"] for r in round1["rows"]] == [r["name"] for r in rows]


def test_the_player_page_shows_games_opponents_results_and_running_score(cup):
    club, _, t, _ = cup
    r1 = t.rounds.get(number=1)
    (table, (a, b)) = tables_of(r1)[0]
    page = Client().get(url(club, t, f"players/{a.pk}/"))
    assert page.status_code == 200
    html = page.content.decode()
    assert a.name in html and b.name in html
    assert "8 – 5" in html  # its result in round 1
    assert url(club, t, f"players/{b.pk}/") in html  # opponents link to their pages
    assert Client().get(url(club, t, "players/999999/")).status_code == 404
    # Past the largest id a row can have: not found, not a database error.
    for number in (2**63 - 1, 2**63, 10**30):
        assert Client().get(url(club, t, f"players/{number}/")).status_code == 404


def test_the_api_serves_the_standings_and_is_in_the_schema(cup):
    club, _, t, _ = cup
    answer = Client().get(f"/api/clubs/{club.slug}/tournaments/{t.slug}/standings/?round=1")
    assert answer.status_code == 200
    body = answer.json()
    assert body["round"] == 1 and len(body["rows"]) == 5 and not body["provisional"]
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    assert "/api/clubs/{slug}/tournaments/{tournament}/standings/" in schema
    missing = Client().get(f"/api/clubs/{club.slug}/tournaments/nope/standings/")
    assert missing.status_code == 404


def test_a_tournament_being_set_up_and_draft_rounds_are_never_shown(cup):
    club, director, t, _ = cup
    round_service.pair_next_round(t, by=director, confirm_unfinished=True)  # round 3, a draft
    store.recompute(t.pk)
    data = json.loads(Client().get(url(club, t, "standings.json")).content)
    assert data["rounds"] == [1, 2]
    assert Client().get(url(club, t, "standings/?round=3")).status_code == 200
    assert "After round 3" not in Client().get(url(club, t, "standings/?round=3")).content.decode()

    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.DRAFT)
    for tail in ("standings/", "standings.json", "standings.csv", "players/1/"):
        assert Client().get(url(club, t, tail)).status_code == 404
    api = Client().get(f"/api/clubs/{club.slug}/tournaments/{t.slug}/standings/")
    assert api.status_code == 404
    insider = Client()
    insider.force_login(director)
    assert insider.get(url(club, t, "standings/")).status_code == 200
