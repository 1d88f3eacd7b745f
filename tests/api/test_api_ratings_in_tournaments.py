"""Ratings in a tournament through the API (issue 18): the two settings (refused in
plain words when bad, audited when changed), an entry's rating and its source (null
goes back to the computed rating), ratings in a round and in the standings only when
shown, and expected results only when the director allows them."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import store
from tests.support.api import api, check, cup_url
from tests.support.seeding_data import rated_cup
from tournaments.models import AuditEntry, Entry
from tournaments.services import round_closing, tournaments

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"show_ratings": "yes"}, "show_ratings"),
        ({"show_ratings": 1}, "show_ratings"),
        ({"expected_results": "sometimes"}, "expected_results"),
        ({"expected_results": None}, "expected_results"),
    ],
)
def test_bad_settings_are_refused_in_words_and_change_nothing(change: dict, field: str) -> None:
    club, director, cup, _round = rated_cup()
    answer = check(api(director).patch(cup_url(cup), change, format="json"), 400)
    assert field in answer["errors"]
    assert "[" not in answer["detail"]  # words, never a field path
    cup.refresh_from_db()
    assert (cup.show_ratings, cup.expected_results) == (False, "hidden")


def test_the_settings_are_set_read_back_and_audited() -> None:
    club, director, cup, _round = rated_cup()
    change = {"show_ratings": True, "expected_results": "after"}
    answer = check(api(director).patch(cup_url(cup), change, format="json"), 200)
    assert (answer["show_ratings"], answer["expected_results"]) == (True, "after")
    logged = AuditEntry.objects.filter(action="tournament-settings-changed").latest("pk")
    assert logged.before == {"expected_results": "hidden", "show_ratings": False}
    assert logged.after == change
    assert check(api().get(cup_url(cup)), 200)["show_ratings"] is True


def test_a_player_cannot_change_them() -> None:
    club, director, cup, _round = rated_cup()
    stranger = api(None)
    stranger_answer = stranger.patch(cup_url(cup), {"show_ratings": True}, format="json")
    assert stranger_answer.status_code in (401, 403)
    cup.refresh_from_db()
    assert cup.show_ratings is False


def test_an_entry_reads_its_rating_source_and_null_goes_back_to_the_computed_one() -> None:
    club, director, cup, _round = rated_cup()
    ada = Entry.objects.get(tournament=cup, player__name="Ada")
    url = cup_url(cup) + f"entries/{ada.pk}/"
    read = check(api().get(url), 200)
    assert (read["rating"], read["rating_source"], read["rating_games"]) == (1800, "club", 30)
    assert read["provisional"] is False
    typed = check(api(director).patch(url, {"rating": 1234}, format="json"), 200)
    assert (typed["rating"], typed["rating_source"], typed["rating_games"]) == (1234, "typed", None)
    back = check(api(director).patch(url, {"rating": None}, format="json"), 200)
    assert (back["rating"], back["rating_source"]) == (1800, "club")
    answer = check(api(director).patch(url, {"rating": -3}, format="json"), 400)
    assert "rating" in answer["errors"]


def _entrants(cup: Any) -> dict[str, dict[str, Any]]:
    answer = check(api().get(cup_url(cup) + "rounds/1/"), 200)
    return {e["name"]: e for t in answer["tables"] for e in t["entrants"]}


def test_a_round_shows_ratings_and_expected_results_only_when_allowed() -> None:
    club, director, cup, round_ = rated_cup({"expected_results": "after"})
    hidden = _entrants(cup)
    assert {(e["rating"], e["provisional"], e["expected"]) for e in hidden.values()} == {
        (None, None, None)
    }
    tournaments.update_tournament(cup, by=director, settings={"show_ratings": True})
    shown = _entrants(cup)
    assert {n: (e["rating"], e["provisional"]) for n, e in shown.items()} == {
        "Ada": (1800, False),
        "Bea": (1620, True),
        "Cyd": (1500, False),
        "Dan": (None, None),
    }
    assert all(e["expected"] is None for e in shown.values())  # still at play
    round_closing.close_round(round_, by=director)
    closed = _entrants(cup)
    assert all(0 < e["expected"] < 1 for e in closed.values())
    assert sum(e["expected"] for e in closed.values()) == pytest.approx(2, abs=1e-3)


def test_the_standings_rows_carry_ratings_only_when_shown() -> None:
    club, director, cup, _round = rated_cup()
    store.recompute(cup.pk)
    url = cup_url(cup) + "standings/"
    rows = check(api().get(url), 200)["rows"]
    assert {r["rating"] for r in rows} == {None}
    tournaments.update_tournament(cup, by=director, settings={"show_ratings": True})
    rows = check(api().get(url), 200)["rows"]
    assert {r["name"]: (r["rating"], r["provisional"]) for r in rows} == {
        "Ada": (1800, False),
        "Bea": (1620, True),
        "Cyd": (1500, False),
        "Dan": (None, None),
    }
