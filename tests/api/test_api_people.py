"""The people API (/api/players/<id>, …/games, …/versus/<other>): the same data as the
person's page and the head-to-head page, read from real games, tournaments and stored
standings, and its 404s and refusals in words."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring import store
from scoring.models import RatingChange
from scoring.ratings import scale
from tests.support.api import api, body
from tests.support.factories import (
    german_whist_cup,
    make_club,
    make_players,
    signed_up,
    threes_cup,
)
from tests.support.ladder_data import (
    START,
    WINS,
    finish_whist,
    played_casually,
    rate,
    section,
    text_of,
)
from tests.support.standings import play_round, tables_of
from tournaments.models import Game, Player, Tournament
from tournaments.services import claims, clubs

pytestmark = pytest.mark.django_db


@pytest.fixture
def rivals():
    """Anna and Bruno: twelve rated casual games in 2026 (Anna wins seven), and ten in
    2025 neither rated nor scored, which count as played with no result."""
    anna, bruno = make_players(2)
    Player.objects.filter(pk=anna.pk).update(name="Anna Rossi")
    Player.objects.filter(pk=bruno.pk).update(name="Bruno Bianchi")
    anna.refresh_from_db()
    bruno.refresh_from_db()
    games = played_casually(anna, bruno, WINS)
    rate(games)
    played_casually(anna, bruno, [(8, 5)] * 10, START.replace(year=2025))
    return anna, bruno, games


def get(url: str) -> tuple[int, dict]:
    answer = api().get(url)
    return answer.status_code, body(answer)


def test_the_person_has_their_opponents_counted_as_on_the_page(rivals):
    anna, bruno, _games = rivals
    status, data = get(f"/api/players/{anna.pk}")
    assert status == 200
    assert (data["player"], data["name"]) == (anna.pk, "Anna Rossi")
    assert data["partners"] == [] and data["tournaments"] == [] and data["tournaments_total"] == 0
    (record,) = data["opponents"]
    assert record == {
        "player": bruno.pk, "name": "Bruno Bianchi", "games": 22, "won": 7, "drawn": 0, "lost": 5
    }  # fmt: skip
    html = Client().get(f"/players/{anna.pk}/").content.decode()
    row = re.search(r"Bruno Bianchi</a>(.*?)</tr>", section(html, "people"), re.S).group(1)
    assert [int(n) for n in re.findall(r"<td>(\d+)</td>", row)] == [22, 7, 0, 5]


def test_the_games_come_newest_first_a_page_at_a_time_with_the_rating_change(rivals):
    anna, bruno, games = rivals
    status, first = get(f"/api/players/{anna.pk}/games")
    assert status == 200
    assert (first["page"], first["pages"], first["count"]) == (1, 2, 22)
    assert len(first["games"]) == 20
    newest = first["games"][0]
    assert newest["game"] == str(games[-1].pk) and newest["game_name"]
    assert newest["result"] == "lost" and (newest["place"], newest["sides"]) == (2, 2)
    assert newest["opponents"] == [{"player": bruno.pk, "name": "Bruno Bianchi"}]
    assert newest["partners"] == [] and newest["club"] is None and newest["round"] is None
    change = RatingChange.objects.get(player=anna, game=games[-1], scope__club__isnull=True)
    assert newest["rating_change"] == scale.shown(change.mu) - scale.shown(change.mu_before) < 0
    days = [g["finished_at"] for g in first["games"]]
    assert days == sorted(days, reverse=True)
    _status, second = get(f"/api/players/{anna.pk}/games?page=2")
    assert second["page"] == 2 and len(second["games"]) == 2
    assert all(g["rating_change"] is None and g["result"] is None for g in second["games"])
    assert all(g["finished_at"].startswith("2025") for g in second["games"])


@pytest.mark.parametrize(
    "page,words",
    [
        ("abc", "page: that is not a page number: pages are numbered from 1"),
        ("0", "page: that is not a page number: pages are numbered from 1"),
        ("-1", "page: that is not a page number: pages are numbered from 1"),
        ("1.5", "page: that is not a page number: pages are numbered from 1"),
        ("3", "there is no page 3: the games fill 2 pages"),
        ("99999999999", "there is no page 99999999999: the games fill 2 pages"),
    ],
)
def test_a_bad_page_number_is_refused_in_words(rivals, page, words):
    anna, _bruno, _games = rivals
    status, data = get(f"/api/players/{anna.pk}/games?page={page}")
    assert status == 400
    assert data["detail"] == words
    assert get(f"/api/players/{anna.pk}/games?pgae=1")[0] == 400


def test_the_head_to_head_counts_from_either_side(rivals):
    anna, bruno, games = rivals
    status, data = get(f"/api/players/{anna.pk}/versus/{bruno.pk}")
    assert status == 200
    assert data["player"] == {"player": anna.pk, "name": "Anna Rossi"}
    assert data["as_opponents"] == {"games": 22, "won": 7, "drawn": 0, "lost": 5}
    assert data["as_partners"] == {"games": 0, "won": 0, "drawn": 0, "lost": 0}
    assert len(data["games"]) == 22 and data["more"] == 0
    assert data["games"][0]["game"] == str(games[-1].pk)
    assert data["games"][0]["result"] == "lost" and data["games"][0]["together"] is False
    html = Client().get(f"/players/{anna.pk}/versus/{bruno.pk}/").content.decode()
    assert "22 games: Anna Rossi won 7, drew 0, lost 5" in text_of(html)
    _status, back = get(f"/api/players/{bruno.pk}/versus/{anna.pk}")
    assert back["as_opponents"] == {"games": 22, "won": 5, "drawn": 0, "lost": 7}
    status, same = get(f"/api/players/{anna.pk}/versus/{anna.pk}")
    assert status == 400 and same["detail"] == "a head-to-head needs two different people"


def test_tournaments_have_their_final_places_and_games_their_round_and_table():
    club, director, t, entries = threes_cup(6, 2)
    t.status = Tournament.Status.FINISHED
    t.save(update_fields=["status"])
    store.recompute(t.pk)
    last = t.round_standings.order_by("-round").first()
    for row in last.rows:
        entry = next(e for e in entries if e.pk == row["entry"])
        _status, data = get(f"/api/players/{entry.player_id}")
        (placing,) = data["tournaments"]
        assert (placing["place"], placing["entrants"], placing["finished"]) == (
            row["rank"],
            6,
            True,
        )
        assert (placing["club"], placing["tournament"]) == (club.slug, t.slug)
        assert placing["after_round"] == last.round and placing["points"] == float(row["points"])
        assert data["clubs"] == [{"club": club.slug, "club_name": club.name}]
        html = Client().get(f"/players/{entry.player_id}/").content.decode()
        assert f"Final place: {placing['place']} of 6" in text_of(section(html, "tournaments"))
    _status, games = get(f"/api/players/{entries[0].player_id}/games")
    assert {g["round"] for g in games["games"]} == {1, 2}
    assert all(g["table"] >= 1 and g["sides"] == 3 for g in games["games"])
    assert all(g["tournament"] == t.slug for g in games["games"])


def test_partners_are_the_players_of_ones_side():
    club, director, t, entries = german_whist_cup(
        8, {"game_type": "whist", "pairing_method": "whist_drive", "options": {"target": 1}}
    )
    for _ in range(2):
        for table, _entries in tables_of(play_round(t, director)):
            finish_whist(table, director)
    store.recompute(t.pk)
    someone = entries[0].player
    _status, data = get(f"/api/players/{someone.pk}")
    assert len(data["partners"]) == 2
    assert all(p["games"] == 1 and p["won"] + p["lost"] == 1 for p in data["partners"])
    partner = data["partners"][0]["player"]
    _status, versus = get(f"/api/players/{someone.pk}/versus/{partner}")
    assert versus["as_partners"]["games"] == 1  # an opponent in the other round, maybe
    assert [g["together"] for g in versus["games"]].count(True) == 1


def test_nothing_private_is_in_the_answers():
    user = signed_up("vera", name="Vera Neri")
    player = Player.objects.get(user=user)
    other = make_players(1)[0]
    rate(played_casually(player, other, [(8, 5)]))
    game = Game.objects.filter(seats__player=player).get()
    for url in (
        f"/api/players/{player.pk}",
        f"/api/players/{player.pk}/games",
        f"/api/players/{player.pk}/versus/{other.pk}",
    ):
        text = api().get(url).content.decode()
        assert "Vera Neri" in text
        assert "vera@example.org" not in text and '"vera"' not in text
        for hidden in (game.seed.hex(), "seed", "hand", "deck", "email", "username"):
            assert hidden not in text


def test_unknown_people_and_bots_are_404s_in_words(rivals):
    anna, _bruno, _games = rivals
    bot = Player.objects.create(name="Bot", is_bot=True)
    for path in (f"{bot.pk}", "999999999", f"{2**63}", f"{2**70}", "-1", "abc"):
        for url in (
            f"/api/players/{path}",
            f"/api/players/{path}/games",
            f"/api/players/{path}/versus/{anna.pk}",
            f"/api/players/{anna.pk}/versus/{path}",
        ):
            status, data = get(url)
            assert status == 404, url
            assert data["detail"]
    (nobody,) = make_players(1)
    status, data = get(f"/api/players/{nobody.pk}/games?page=1")
    assert status == 200 and (data["pages"], data["count"], data["games"]) == (1, 0, [])


def test_a_claimed_guests_old_id_says_whose_history_it_is_now():
    club = make_club(name="Circolo Uno")
    owner = club.memberships.get().user
    first, second = (clubs.add_guest(club, by=owner, name=n) for n in ("Guest One", "Guest Two"))
    rival = make_players(1)[0]
    played_casually(second, rival, [(8, 5)] * 2)
    user = signed_up("dora", name="Dora Gialli")
    for guest in (first, second):
        claims.claim(user, claims.issue_claim_code(guest, by=owner).code)
    person = Player.objects.get(user=user)
    status, data = get(f"/api/players/{second.pk}")
    assert status == 404
    assert data["detail"] == f"player {second.pk}'s history is now player {person.pk}'s"
    _status, found = get(f"/api/players/{person.pk}/games")
    assert found["count"] == 2 and found["name"] == "Dora Gialli"


def test_the_answers_cost_the_same_queries_whatever_the_history():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(weeks: int) -> list[int]:
        anna, bruno = make_players(2)
        rate(played_casually(anna, bruno, [(8, 5)] * weeks))
        counts = []
        for url in (
            f"/api/players/{anna.pk}",
            f"/api/players/{anna.pk}/games",
            f"/api/players/{anna.pk}/versus/{bruno.pk}",
        ):
            api().get(url)  # warm: content types, sessions
            with CaptureQueriesContext(connection) as captured:
                assert api().get(url).status_code == 200
            counts.append(len(captured))
        return counts

    assert queries(2) == queries(9)
