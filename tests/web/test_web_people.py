"""People count from 1 on every page (seats, sides, melds), and the site's chrome:
the navigation, the developers' footer and the favicon."""

from __future__ import annotations

import re

import pytest

from tests.support.factories import make_user, published
from tournaments.models import Player
from tournaments.services.games import create_game, start_game
from tournaments.services.numbering import count_from_one as from_one
from tournaments.services.seats import seat_by_authority

SEAT_ZERO = re.compile(r"\b(seat|side|meld)s?\s*(\(s\))?\s*0\b", re.I)


def visible(page: str) -> str:
    """What a person reads: the page without tags, attributes and scripts."""
    text = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def assert_counts_from_one(page: str, where: str) -> None:
    found = SEAT_ZERO.search(visible(page))
    assert found is None, f"{where} shows {found.group(0)!r}"


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        (
            "seat 0 cannot play 7H now: it is seat 2's turn",
            "seat 1 cannot play 7H now: it is seat 3's turn",
        ),
        ("it is the turn of seat(s) 0, 2", "it is the turn of seat(s) 1, 3"),
        ("seats 0 and 2 are partners", "seats 1 and 3 are partners"),
        ("side 1 cannot make 3 scope", "side 2 cannot make 3 scope"),
        ("seat 1 cannot add (5H 6H) to meld 0: …", "seat 2 cannot add (5H 6H) to meld 1: …"),
        ("the closer (seat 0) has 0 hand points", "the closer (seat 1) has 0 hand points"),
        # Not an index: left alone.
        ("seat must be from 0 to 3, not 7", "seat must be from 0 to 3, not 7"),
        ("a meld needs at least 3 cards", "a meld needs at least 3 cards"),
        ("seats per table: 4", "seats per table: 4"),
        ("this tournament seats 3 players", "this tournament seats 3 players"),
        ("Scopa here seats 4 entrants", "Scopa here seats 4 entrants"),
        ("tables that seat 2 or 4 players", "tables that seat 2 or 4 players"),
    ],
)
def test_messages_count_seats_sides_and_melds_from_one(message, shown):
    assert from_one(message) == shown


def test_no_game_page_shows_seat_0(client, db):
    organiser = make_user("olga")
    game = create_game(game_type="whist", players=4, created_by=organiser)
    users = []
    for n in range(4):
        user = make_user(f"player{n}")
        seat_by_authority(game, n, Player.objects.create(name=f"Player {n + 1}", user=user))
        users.append(user)
    start_game(game.pk)
    client.force_login(users[0])
    seat_page = client.get(f"/games/{game.pk}/seat/0/").content.decode()
    assert "Player 1, seat 1" in seat_page
    assert_counts_from_one(seat_page, "the seat page")
    assert re.search(r"Player 1 <small>seat 1 · you</small>", seat_page)
    assert_counts_from_one(client.get(f"/games/{game.pk}/").content.decode(), "the table")
    games = client.get("/games/").content.decode()
    assert "Play seat 1" in games
    assert_counts_from_one(games, "the game list")
    forbidden = client.get(f"/games/{game.pk}/seat/1/")
    assert forbidden.status_code == 403 and "player of seat 2" in forbidden.content.decode()
    client.force_login(users[1])
    watching = client.get(f"/games/{game.pk}/").content.decode()
    assert "your seat 2" in watching
    assert_counts_from_one(watching, "the table")


def test_no_tournament_page_shows_seat_0(client, db):
    setup = published("german_whist", 4)
    tournament = setup.round.tournament
    base = f"/clubs/{setup.club.slug}/t/{tournament.slug}/"
    cards = client.get(base + "rounds/1/cards").content.decode()
    assert 'Seat 1</span> <span class="seat-name">' in cards
    assert_counts_from_one(cards, "the table cards")
    assert_counts_from_one(client.get(base + "rounds/1/").content.decode(), "the pairings")
    client.force_login(setup.seat(0))
    mine = client.get(base).content.decode()
    assert re.search(r"<strong>table 1</strong>, seat 1\b", mine)
    assert_counts_from_one(mine, "the tournament page")


# ---------------------------------------------------------------------- chrome


def nav(page: str) -> str:
    found = re.search(r"<header>.*?</header>", page, re.S)
    assert found
    return found.group(0)


def test_the_public_navigation_has_no_api_or_health_check(client, db):
    for path in ("/", "/games/", "/clubs/"):
        page = client.get(path).content.decode()
        header = nav(page)
        assert "/api/" not in header and ">API<" not in header and "healthz" not in header
        footer = re.search(r"<footer>.*?</footer>", page, re.S).group(0)
        assert "For developers" in footer and 'href="/api/docs/"' in footer
        assert "healthz" not in page


def test_the_favicon(client, db, settings):
    page = client.get("/").content.decode()
    assert re.search(r'<link rel="icon" href="/static/favicon\.svg" type="image/svg\+xml">', page)
    svg = (settings.BASE_DIR / "static" / "favicon.svg").read_text()
    assert svg.startswith("<svg") and 'viewBox="0 0 64 64"' in svg
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon["Content-Type"] == "image/x-icon"
    assert icon.content[:4] == b"\x00\x00\x01\x00"  # an ICO file


def test_the_home_page_offers_a_new_game_to_a_logged_in_player(client, db):
    assert "/games/new" not in client.get("/").content.decode()
    client.force_login(make_user())
    assert 'href="/games/new"' in client.get("/").content.decode()
