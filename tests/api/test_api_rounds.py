"""The rounds API: pair, preview, swap, publish, correct; drafts hidden from the
public; the whole flow from creating a tournament to a correction over HTTP."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.support.api import api, check, club_url, cup_url
from tests.support.factories import enter_guests, make_tournament, make_user, member
from tournaments.models import Club, Game, Role, Round, RoundCorrection, Tournament
from tournaments.services import rounds
from tournaments.services.game_store import append_event

pytestmark = pytest.mark.django_db


def outsiders(club: Club, stranger_director: Any) -> list[Any]:
    """Everyone below director in ``club``: anonymous, a stranger, a player, a scorer,
    another club's director."""
    return [
        None,
        make_user(),
        member(club, Role.PLAYER),
        member(club, Role.SCORER),
        stranger_director,
    ]


def seated(round_json: dict[str, Any]) -> list[list[int]]:
    return [[e["id"] for e in t["entrants"]] for t in round_json["tables"]]


def test_the_whole_flow_over_http(club: Club, director: Any) -> None:
    """create → enter → check in → pair → preview → swap → publish → correction."""
    client = api(director)
    base = club_url(club) + "tournaments/"
    cup = check(
        client.post(base, {"name": "Flow Cup", "game_type": "german_whist"}, format="json"), 201
    )
    url = base + cup["slug"] + "/"
    check(client.post(url + "status", {"status": "open"}, format="json"), 200)
    entries = []
    for n in range(5):
        guest = check(
            client.post(club_url(club) + "players/", {"name": f"Guest {n}"}, format="json"), 201
        )
        entry = check(
            client.post(
                url + "entries/", {"player": guest["id"], "rating": 1000 - n}, format="json"
            ),
            201,
        )
        entries.append(entry["id"])
    for entry_id in entries:
        check(client.post(url + f"entries/{entry_id}/check-in"), 200)

    draft = check(client.post(url + "rounds/"), 201)
    assert draft["number"] == 1 and draft["status"] == "draft"
    assert len(draft["tables"]) == 2 and len(draft["byes"]) == 1
    assert all(t["game"] is None for t in draft["tables"])
    assert [e["position"] for e in draft["tables"][0]["entrants"]] == [0, 1]
    assert check(api().get(url + "rounds/"), 200) == []  # the public sees no draft
    check(api().get(url + "rounds/1/"), 404)

    shown = check(client.get(url + "rounds/1/preview"), 200)
    assert shown["rematches"] == 0 and shown["forbidden"] == 0
    assert shown["score_cost"] == 0 and len(shown["byes"]) == 1
    assert shown["tables"][0]["score_gap"] == 0

    (a, b), (c, d) = seated(draft)
    bye = draft["byes"][0]["id"]
    swapped = check(
        client.post(url + "rounds/1/swap", {"first": b, "second": bye}, format="json"), 200
    )
    assert seated(swapped) == [[a, bye], [c, d]] and swapped["byes"][0]["id"] == b

    published = check(client.post(url + "rounds/1/publish"), 200)
    assert published["status"] == "published" and published["published_at"]
    games = [t["game"] for t in published["tables"]]
    assert all(games) and Game.objects.filter(pk__in=games).count() == 2
    public = check(api().get(url + "rounds/1/"), 200)
    assert public == published
    assert public["tables"][0]["entrants"][0]["name"].startswith("Guest")
    assert [t["disputed"] for t in public["tables"]] == [False, False]
    listed = check(api().get(url + "rounds/"), 200)
    assert listed == [
        {
            "number": 1,
            "status": "published",
            "method": "swiss",
            "published_at": published["published_at"],
            "closed_at": None,
            "tables": 2,
            "byes": 1,
        }
    ]

    fix = check(
        client.post(
            url + "rounds/1/corrections",
            {"first": bye, "second": c, "reason": "Guest arrived late"},
            format="json",
        ),
        201,
    )
    assert fix["round"] == 1 and fix["made_by"] == director.username
    assert fix["change"]["swap"] == [bye, c] and fix["reason"] == "Guest arrived late"
    assert check(api().get(url + "rounds/1/corrections"), 200) == [fix]
    after = check(api().get(url + "rounds/1/"), 200)
    assert seated(after) == [[a, c], [bye, d]] and after["byes"][0]["id"] == b
    assert Game.objects.get(pk=games[1]).status == Game.Status.VOID
    assert check(api().get(url), 200)["rounds_published"] == 1


def test_drafts_are_hidden_from_everyone_but_directors(
    club: Club, cup: Tournament, director: Any, stranger_director: Any
) -> None:
    enter_guests(cup, director, 4)
    rounds.pair_next_round(cup, by=director)
    url = cup_url(cup) + "rounds/"
    for who in outsiders(club, stranger_director):
        assert check(api(who).get(url), 200) == []
        check(api(who).get(url + "1/"), 404)
        check(api(who).get(url + "1/corrections"), 404)
    assert check(api(director).get(url), 200)[0]["status"] == "draft"
    assert check(api(director).get(url + "1/"), 200)["status"] == "draft"


def test_only_directors_pair_preview_swap_publish_and_correct(
    club: Club, cup: Tournament, director: Any, stranger_director: Any
) -> None:
    enter_guests(cup, director, 4)
    draft = rounds.pair_next_round(cup, by=director)
    (a, b), (c, _) = [[p.entry_id for p in t.places.all()] for t in draft.tables.all()]
    url = cup_url(cup) + "rounds/"
    for who in outsiders(club, stranger_director):
        client = api(who)
        refused = 403 if who else 401  # anonymous: 401, log in (or send a token)
        check(client.post(url), refused)
        check(client.get(url + "1/preview"), refused)
        check(client.post(url + "1/swap", {"first": b, "second": c}, format="json"), refused)
        check(client.post(url + "1/publish"), refused)
    assert Round.objects.get(pk=draft.pk).status == "draft"
    rounds.publish(Round.objects.get(pk=draft.pk), by=director)
    for who in outsiders(club, stranger_director):
        data = {"first": b, "second": c, "reason": "x"}
        refused = 403 if who else 401
        check(api(who).post(url + "1/corrections", data, format="json"), refused)
        check(api(who).get(url + "1/preview"), refused)
    assert not RoundCorrection.objects.exists()
    assert check(api(director).get(url + "1/preview"), 200)["status"] == "published"


def test_pairing_without_checked_in_entries_is_a_conflict(cup: Tournament, director: Any) -> None:
    enter_guests(cup, director, 4, check_in=False)
    answer = check(api(director).post(cup_url(cup) + "rounds/"), 409)
    assert "check entries in" in answer["detail"]
    assert not Round.objects.exists()


def test_repairing_replaces_the_draft(cup: Tournament, director: Any) -> None:
    enter_guests(cup, director, 4)
    check(api(director).post(cup_url(cup) + "rounds/"), 201)
    again = check(api(director).post(cup_url(cup) + "rounds/"), 201)
    assert again["number"] == 1 and cup.rounds.count() == 1


def test_no_more_rounds_than_planned(club: Club, director: Any) -> None:
    cup = make_tournament(club, director, {"rounds_planned": 1})
    enter_guests(cup, director, 2)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    assert "all 1 rounds" in check(api(director).post(cup_url(cup) + "rounds/"), 409)["detail"]


def test_preview_shows_rematches_and_forbidden_pairs(cup: Tournament, director: Any) -> None:
    entries = enter_guests(cup, director, 4)
    rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    draft = rounds.pair_next_round(cup, by=director, confirm_unfinished=True)
    (_, b), (c, _) = [[p.entry_id for p in t.places.all()] for t in draft.tables.all()]
    client = api(director)
    url = cup_url(cup)
    check(client.post(url + "rounds/2/swap", {"first": b, "second": c}, format="json"), 200)
    first, second = entries[0].pk, entries[1].pk
    check(client.post(url + "forbidden/", {"first": first, "second": second}, format="json"), 201)
    # Forbidding a pair drops the draft: pair again, then undo the pairing's choice.
    assert check(client.get(url + "rounds/"), 200)[-1]["number"] == 1
    check(client.post(url + "rounds/", {"confirm_unfinished": True}, format="json"), 201)
    shown = check(client.get(url + "rounds/2/preview"), 200)
    assert shown["forbidden"] == 0
    tables = [[e["id"] for e in t["entrants"]] for t in shown["tables"]]
    # Move entries so that the forbidden pair shares a table, and look again.
    partner_of_first = next(t for t in tables if first in t)
    other = next(e for e in partner_of_first if e != first)
    if second not in partner_of_first:
        check(
            client.post(url + "rounds/2/swap", {"first": other, "second": second}, format="json"),
            200,
        )
    shown = check(client.get(url + "rounds/2/preview"), 200)
    assert shown["forbidden"] == 1
    banned = [t for t in shown["tables"] if t["forbidden"]][0]
    assert {banned["forbidden"][0]["first"]["id"], banned["forbidden"][0]["second"]["id"]} == {
        first,
        second,
    }
    assert shown["rematches"] == sum(len(t["rematches"]) for t in shown["tables"])


def test_bad_swaps_are_refused(cup: Tournament, director: Any) -> None:
    enter_guests(cup, director, 4)
    draft = rounds.pair_next_round(cup, by=director)
    a = draft.tables.first().places.first().entry_id
    url = cup_url(cup) + "rounds/1/swap"
    client = api(director)
    assert (
        "two different"
        in check(client.post(url, {"first": a, "second": a}, format="json"), 400)["detail"]
    )
    answer = check(client.post(url, {"first": a, "second": 999999}, format="json"), 400)
    assert "not in round 1" in answer["detail"]
    for data, field in (
        ({"first": a}, "second"),
        ({"first": "a", "second": a}, "first"),
        ({"first": a, "second": a, "reason": "x"}, "reason"),
        ({"first": a, "second": 2**64}, "second"),
    ):
        assert field in check(client.post(url, data, format="json"), 400)["errors"]
    check(
        client.post(cup_url(cup) + "rounds/7/swap", {"first": a, "second": a}, format="json"), 404
    )
    check(client.post(cup_url(cup) + f"rounds/{2**40}/publish"), 404)


def test_a_published_round_changes_only_by_correction(cup: Tournament, director: Any) -> None:
    enter_guests(cup, director, 4)
    published = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    (a, b), (c, _) = [[p.entry_id for p in t.places.all()] for t in published.tables.all()]
    client = api(director)
    url = cup_url(cup) + "rounds/1/"
    assert (
        "correction"
        in check(client.post(url + "swap", {"first": b, "second": c}, format="json"), 409)["detail"]
    )
    assert "correction" in check(client.post(url + "publish"), 409)["detail"]
    answer = check(
        client.post(url + "corrections", {"first": b, "second": c, "reason": " "}, format="json"),
        400,
    )
    assert "reason" in answer["detail"]
    answer = check(client.post(url + "corrections", {"first": b, "second": c}, format="json"), 400)
    assert "reason" in answer["errors"]
    # A table that has begun cannot change; nothing is written.
    table = published.tables.first()
    append_event(
        table.game_id,
        {"type": "tally", "tricks": [7, 6]},
        event_id=uuid.uuid4(),
        expected_version=0,
    )
    answer = check(
        client.post(
            url + "corrections", {"first": b, "second": c, "reason": "late"}, format="json"
        ),
        409,
    )
    assert "has begun" in answer["detail"]
    assert not RoundCorrection.objects.exists()
    assert [p.entry_id for p in table.places.all()] == [a, b]


def test_corrections_need_a_published_round(cup: Tournament, director: Any) -> None:
    enter_guests(cup, director, 4)
    draft = rounds.pair_next_round(cup, by=director)
    (_, b), (c, _) = [[p.entry_id for p in t.places.all()] for t in draft.tables.all()]
    data = {"first": b, "second": c, "reason": "x"}
    answer = check(
        api(director).post(cup_url(cup) + "rounds/1/corrections", data, format="json"), 409
    )
    assert "not published" in answer["detail"]
