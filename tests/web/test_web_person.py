"""A person's public page (/players/<id>/) and the head-to-head page of two people
(/players/<id>/versus/<other>/), read through the views with real games, tournaments
and stored standings; the ratings are made by tests/support/ladder_data.py."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring import store
from scoring.models import Rating, RatingChange, RatingScope
from scoring.ratings import scale
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
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import Game, Player, Tournament
from tournaments.services import claims, clubs
from tournaments.services import tournaments as tournament_service
from tournaments.web.forms import game_title

pytestmark = pytest.mark.django_db

GAME = game_title("german_whist")


def page(path: str) -> tuple[int, str]:
    response = Client().get(path)
    return response.status_code, response.content.decode()


@pytest.fixture
def rivals():
    """Anna and Bruno: twelve casual games, rated (all-clubs scope only)."""
    anna, bruno = make_players(2)
    Player.objects.filter(pk=anna.pk).update(name="Anna Rossi")
    Player.objects.filter(pk=bruno.pk).update(name="Bruno Bianchi")
    anna.refresh_from_db()
    bruno.refresh_from_db()
    games = played_casually(anna, bruno, WINS)
    rate(games)
    return anna, bruno, games


def test_the_page_shows_the_rating_as_people_read_it_and_its_history_drawn(rivals):
    anna, _bruno, _games = rivals
    rating = Rating.objects.get(player=anna)
    status, html = page(f"/players/{anna.pk}/")
    assert status == 200
    shown = f"{scale.shown(rating.mu)}"
    assert rating.games == 12 and not scale.is_provisional(rating.games)
    assert f"<strong>{shown}</strong>" in html
    assert f"± {scale.shown_uncertainty(rating.sigma)}" in html
    assert f"{GAME}, all clubs" in text_of(html)
    # The plot: an SVG image with its title and description, and the same numbers in a table.
    svg = re.search(r"<svg class=\"rating-plot\".*?</svg>", html, re.S).group(0)
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    history = RatingChange.objects.filter(player=anna).order_by("sequence")
    assert len(re.search(r'class="plot-line" points="([^"]+)"', svg).group(1).split()) == 12
    table = html[html.index("The numbers of the plot") :]
    for change in history:
        uncertainty = scale.shown_uncertainty(change.sigma)
        assert f"<td>{scale.shown(change.mu)}</td><td>± {uncertainty}</td>" in table
    assert "8 Jan 2026" in table  # the first game's day, on the site's clock (Rome)
    assert "<script" not in svg and "style=" not in svg


def test_a_few_games_make_a_provisional_rating_and_say_so(rivals):
    _anna, _bruno, _games = rivals
    newcomer, opponent = make_players(2)
    rate(played_casually(newcomer, opponent, [(9, 4), (9, 4)], START))
    status, html = page(f"/players/{newcomer.pk}/")
    assert status == 200
    assert "provisional" in html and "2 rated games" in text_of(html)
    _status, anna_html = page(f"/players/{_anna.pk}/")
    assert "badge--provisional" not in anna_html


def test_the_games_are_listed_newest_first_a_page_at_a_time_with_the_rating_change(rivals):
    anna, bruno, games = rivals
    more = played_casually(anna, bruno, [(8, 5)] * 10, START.replace(year=2025))
    assert len(games) + len(more) == 22
    status, html = page(f"/players/{anna.pk}/")
    games_part = section(html, "games")
    rows = re.findall(r"<tr>\s*<td class=\"name\" data-label=\"Date\">.*?</tr>", games_part, re.S)
    assert len(rows) == 20 and "Page 1 of 2" in games_part
    assert "26 Mar 2026" in rows[0]  # the twelfth week, the newest
    newest = RatingChange.objects.get(player=anna, game=games[-1])
    change = scale.shown(newest.mu) - scale.shown(newest.mu_before)
    assert change < 0  # the last five were lost
    assert f"−{-change}" in rows[0] and "lost" in rows[0]
    assert f'href="/players/{bruno.pk}/"' in rows[0]
    status, second = page(f"/players/{anna.pk}/?page=2")
    assert status == 200 and "Page 2 of 2" in second
    older = re.findall(r"data-label=\"Date\"><span class=\"value\">([^<]+)<", second)
    assert len(older) == 2 and all("2025" in day for day in older)
    # Not rated (the 2025 games were never rated here): no change shown for them.
    assert "won" in second


def test_partners_and_opponents_are_counted_with_results_and_lead_to_head_to_head(rivals):
    anna, bruno, _games = rivals
    status, html = page(f"/players/{anna.pk}/")
    part = section(html, "people")
    row = re.search(rf'<a href="/players/{bruno.pk}/">Bruno Bianchi</a>(.*?)</tr>', part, re.S)
    assert [int(n) for n in re.findall(r"<td>(\d+)</td>", row.group(1))] == [12, 7, 0, 5]
    assert f"/players/{anna.pk}/versus/{bruno.pk}/" in row.group(1)


def test_head_to_head_counts_the_games_as_opponents_from_either_side(rivals):
    anna, bruno, _games = rivals
    status, html = page(f"/players/{anna.pk}/versus/{bruno.pk}/")
    assert status == 200
    words = text_of(html)
    assert "12 games: Anna Rossi won 7, drew 0, lost 5" in words
    assert "never partners" in words
    assert words.count("Anna Rossi won") == 1 + 7 and words.count("Anna Rossi lost") == 5
    status, html = page(f"/players/{bruno.pk}/versus/{anna.pk}/")
    assert "12 games: Bruno Bianchi won 5, drew 0, lost 7" in text_of(html)
    assert page(f"/players/{anna.pk}/versus/{anna.pk}/")[0] == 302
    assert page(f"/players/{anna.pk}/versus/999999999/")[0] == 404


def test_partners_are_the_players_of_ones_side():
    # A whist drive (partnership whist, partners change each round): two rounds played.
    club, director, t, entries = german_whist_cup(
        8, {"game_type": "whist", "pairing_method": "whist_drive", "options": {"target": 1}}
    )
    for _ in range(2):
        for table, _entries in tables_of(play_round(t, director)):
            finish_whist(table, director)
    store.recompute(t.pk)
    someone = entries[0].player
    _status, html = page(f"/players/{someone.pk}/")
    part = section(html, "people")
    partners = part[part.index("Most frequent partners") :]
    partner_rows = re.findall(r"<tr><td class=\"name\">(.*?)</tr>", partners, re.S)
    assert len(partner_rows) == 2  # one partner a round
    for row in partner_rows:
        games, won, drawn, lost = (int(n) for n in re.findall(r"<td>(\d+)</td>", row))
        assert games == 1 and won + lost == 1 and drawn == 0
    opponents = part[: part.index("Most frequent partners")]
    assert len(re.findall(r"<tr><td class=\"name\">", opponents)) in (3, 4)
    versus = re.search(r'href="(/players/\d+/versus/\d+/)"', partners).group(1)
    status, html = page(versus)
    assert status == 200 and "1 game: won" in text_of(html)


def test_tournaments_show_the_final_places_of_the_stored_standings():
    club, director, t, entries = threes_cup(6, 2)
    t.status = Tournament.Status.FINISHED
    t.save(update_fields=["status"])
    store.recompute(t.pk)
    last = t.round_standings.order_by("-round").first()
    for row in last.rows:
        entry = next(e for e in entries if e.pk == row["entry"])
        status, html = page(f"/players/{entry.player_id}/")
        assert status == 200
        part = text_of(section(html, "tournaments"))
        assert f"Final place: {row['rank']} of 6" in part
        assert t.name in part and club.name in part
        assert f"/clubs/{club.slug}/t/{t.slug}/players/{entry.pk}/" in html
        three = text_of(section(html, "games"))
        assert re.search(r"(1st|2nd|3rd) of 3", three)


def test_a_tournament_under_way_says_after_which_round_and_drafts_are_not_shown():
    club, director, t, entries = german_whist_cup(4)
    for table, _entries in tables_of(play_round(t, director)):
        finish(table, director, (8, 5))
    store.recompute(t.pk)
    draft = tournament_service.create_tournament(
        club, by=director, settings={"name": "Secret draft", "game_type": "german_whist"}
    )
    tournament_service.register(draft, by=director, player=entries[0].player)
    _status, html = page(f"/players/{entries[0].player_id}/")
    assert "after round 1 (under way)" in text_of(html)
    assert "Secret draft" not in html


def test_nothing_private_is_shown():
    user = signed_up("vera", name="Vera Neri")
    player = Player.objects.get(user=user)
    other = make_players(1)[0]
    rate(played_casually(player, other, [(8, 5)]))
    status, html = page(f"/players/{player.pk}/")
    assert status == 200 and "Vera Neri" in html
    assert "vera@example.org" not in html and ">vera<" not in html and "vera" not in text_of(html)
    game = Game.objects.filter(seats__player=player).get()
    assert game.seed.hex() not in html


def test_a_claimed_guest_is_one_person_across_clubs_and_old_addresses_lead_there():
    first, second = make_club(name="Circolo Uno"), make_club(name="Circolo Due")
    director = first.memberships.get().user
    guest_one = clubs.add_guest(first, by=director, name="Guest One")
    guest_two = clubs.add_guest(second, by=second.memberships.get().user, name="Guest Two")
    rival = make_players(1)[0]
    played_casually(guest_one, rival, [(8, 5)] * 2)
    played_casually(guest_two, rival, [(5, 8)] * 3, START.replace(year=2025))
    user = signed_up("dora", name="Dora Gialli")
    for guest, club in ((guest_one, first), (guest_two, second)):
        owner = club.memberships.get().user
        code = claims.issue_claim_code(guest, by=owner).code
        claims.claim(user, code)
    person = Player.objects.get(user=user)
    assert person.pk == guest_one.pk  # adopted first, then the second merged into it
    status, html = page(f"/players/{person.pk}/")
    assert status == 200
    assert "Dora Gialli" in html and "Circolo Uno" in html and "Circolo Due" in html
    games = section(html, "games")
    assert games.count('data-label="Date"><span') == 5
    response = Client().get(f"/players/{guest_two.pk}/")
    assert response.status_code == 301 and response["Location"] == f"/players/{person.pk}/"


def test_unknown_people_and_bots_are_not_found_and_bad_choices_refused_in_words(rivals):
    anna, _bruno, _games = rivals
    assert page("/players/999999999/")[0] == 404
    assert page(f"/players/{2**63}/")[0] == 404
    bot = Player.objects.create(name="Bot", is_bot=True)
    assert page(f"/players/{bot.pk}/")[0] == 404
    for query in ("?page=abc", "?page=0", "?scope=xyz", "?scope=999999"):
        status, html = page(f"/players/{anna.pk}/{query}")
        assert status == 400, query
        assert 'class="banner" role="alert"' in html and "Anna Rossi" in html
        assert "[" not in text_of(
            html[html.index("banner") : html.index("</p>", html.index("banner"))]
        )


def test_each_scope_has_its_own_history_the_all_clubs_one_first():
    club, director, t, entries = german_whist_cup(4)
    games = []
    for _ in range(2):
        for table, _entries in tables_of(play_round(t, director)):
            finish(table, director, (8, 5))
            games.append(Game.objects.get(pk=table.game_id))
    someone = entries[0].player
    casual = played_casually(someone, make_players(1)[0], [(9, 4)] * 3, START.replace(year=2025))
    rate(casual + games)
    everywhere = RatingScope.objects.get(game_type="german_whist", club=None)
    here = RatingScope.objects.get(game_type="german_whist", club=club)
    _status, html = page(f"/players/{someone.pk}/")
    ratings = html[html.index('id="ratings-title"') : html.index('id="history"')]
    assert ratings.index(f"{GAME}, all clubs") < ratings.index(f"{GAME}, {club.name}")
    assert f'?scope={everywhere.pk}#history" aria-current="true"' in ratings
    assert "5 rated games" in text_of(ratings) and "2 rated games" in text_of(ratings)
    status, html = page(f"/players/{someone.pk}/?scope={here.pk}")
    assert status == 200
    svg = re.search(r"<svg class=\"rating-plot\".*?</svg>", html, re.S).group(0)
    assert len(re.search(r'class="plot-line" points="([^"]+)"', svg).group(1).split()) == 2
    assert f"/clubs/{club.slug}/ladder/?game=german_whist" in html


@pytest.mark.parametrize("weeks", [3, 12])
def test_the_page_costs_the_same_queries_whatever_the_history(weeks, django_assert_num_queries):
    anna, bruno = make_players(2)
    rate(played_casually(anna, bruno, [(8, 5)] * weeks))
    client = Client()
    client.get(f"/players/{anna.pk}/")  # warm: sessions, content types
    # The person; their ratings; the history; the games (a count and a page); the
    # games' tables (seats, scores, places); the page's rating changes; partners and
    # opponents (seats, scores, places); the tournaments (count, page, standings,
    # entrants); the clubs.
    with django_assert_num_queries(QUERIES):
        assert client.get(f"/players/{anna.pk}/").status_code == 200
    with django_assert_num_queries(VERSUS_QUERIES):
        assert client.get(f"/players/{anna.pk}/versus/{bruno.pk}/").status_code == 200


QUERIES = 15
VERSUS_QUERIES = 9


def test_the_tournament_player_page_leads_to_the_persons_page():
    club, director, t, entries = german_whist_cup(4)
    for table, _entries in tables_of(play_round(t, director)):
        finish(table, director, (8, 5))
    store.recompute(t.pk)
    entry = entries[0]
    _status, html = page(f"/clubs/{club.slug}/t/{t.slug}/players/{entry.pk}/")
    assert f'<h1><a href="/players/{entry.player_id}/">{entry.player.name}</a></h1>' in html
    status, person_html = page(f"/players/{entry.player_id}/")
    assert status == 200 and f"/clubs/{club.slug}/t/{t.slug}/players/{entry.pk}/" in person_html


def test_the_plot_speaks_the_readers_language(rivals):
    anna, _bruno, _games = rivals
    html = Client(HTTP_ACCEPT_LANGUAGE="it").get(f"/players/{anna.pk}/").content.decode()
    svg = re.search(r"<svg class=\"rating-plot\".*?</svg>", html, re.S).group(0)
    labels = re.findall(r'class="plot-label"[^>]*>([^<]+)<', svg)
    assert "feb 2026" in labels and "mar 2026" in labels  # Italian months, lower case
    assert "Andamento dell’Elo" in svg and "tutti i circoli" in svg


def test_a_team_entrys_members_lead_to_their_pages_and_list_the_tournament():
    club = make_club()
    director = club.memberships.get().user
    cup = tournament_service.create_tournament(
        club, by=director, settings={"name": "Coppa a squadre", "game_type": "whist",
                                     "entry_kind": "team"},
    )  # fmt: skip
    tournament_service.set_status(cup, by=director, status="open")
    ada, bea = (clubs.add_guest(club, by=director, name=n) for n in ("Ada Neri", "Bea Blu"))
    team = clubs.create_team(club, by=director, name="Le Nere", players=[ada, bea])
    entry = tournament_service.register(cup, by=director, team=team)
    status, html = page(f"/clubs/{club.slug}/t/{cup.slug}/players/{entry.pk}/")
    assert status == 200
    assert (
        f'<a href="/players/{ada.pk}/">Ada Neri</a>, <a href="/players/{bea.pk}/">Bea Blu</a>'
        in html
    )
    status, html = page(f"/players/{bea.pk}/")
    part = text_of(section(html, "tournaments"))
    assert status == 200 and "Coppa a squadre" in part and "team Le Nere" in part
