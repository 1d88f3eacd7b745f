"""Casual online games from the web: the new-game page, invitation links, the
grouped game list (tournaments/web/new_game.py, invitations.py, game_lists.py)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from tests.support.factories import make_user, published
from tournaments.models import Game, GameInvitation, Seat
from tournaments.services import casual


def html(response: Any) -> str:
    return response.content.decode()


def visible(page: str) -> str:
    """The page's text as a person reads it (no tags, attributes or scripts)."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", "", page, flags=re.S))


def scopa_form(**changes: Any) -> dict[str, Any]:
    form = {
        "game": "scopa",
        "players": "2",
        "seat": "1",
        "option_target": "11",
        "option_refill": "deal",
    }
    form.update(changes)
    return form


def links(page: str) -> list[str]:
    return re.findall(r'value="(http://testserver/games/join/[^"]+/)"', page)


# ---------------------------------------------------------------------- the new-game page


def test_the_new_game_page_needs_a_login(client, db):
    response = client.get("/games/new")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_new_game_page_shows_options_in_words_never_raw_values(client, db):
    client.force_login(make_user())
    page = html(client.get("/games/new?game=scopa"))
    assert "New cards" in page
    assert "Three more cards each when every hand is empty" in page
    assert "Draw a card from the stock after each play" in page
    # The raw names and values are the form's values, never what a person reads.
    text = visible(page)
    for raw in ("each_play", "refill", "Refill", "last_sweep_counts", "Last sweep counts"):
        assert raw not in text
    # Seats from 1; the players' choices of the game.
    assert ">Seat 1<" in page and ">Seat 2<" in page and ">Seat 0<" not in page
    assert re.search(r'<select name="players".*?</select>', page, re.S)
    # The game's fields swap in by htmx, with the players and seats of that game.
    fields = html(client.get("/games/new/fields?game=tresette"))
    assert (
        "4 players" in fields and ">Seat 4<" in fields and "Seats 1 and 3 play together" in fields
    )
    assert "The four of coins leads" in fields


def test_creating_a_game_seats_its_creator_and_makes_one_link_per_other_seat(client, db):
    olga = make_user("olga")
    client.force_login(olga)
    response = client.post("/games/new", scopa_form(players="4", seat="2"))
    game = Game.objects.get(created_by=olga)
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/invite"
    assert (game.game_type, game.players, game.mode, game.status) == ("scopa", 4, "online", "setup")
    assert game.options == {
        "target": 11,
        "refill": "deal",
        "last_sweep_counts": False,
        "primiera_needs_all_suits": False,
    }
    assert list(game.seats.values_list("number", "player__user")) == [(2, olga.pk)]
    assert sorted(game.invitations.values_list("seat", flat=True)) == [0, 1, 3]

    page = html(client.get(f"/games/{game.pk}/invite"))
    assert len(set(links(page))) == 3
    assert "Seat 3: " in page and "Seat 1</h2>" in page and "Seat 4</h2>" in page
    assert "Seat 0" not in page
    assert page.count("data-copy=") == 3 and page.count('src="data:image/svg+xml') == 3
    assert "Withdraw this link" in page


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"option_target": "0"}, "option_target", "greater than or equal to 1"),
        ({"option_refill": "each_hand"}, "option_refill", "Select a valid choice"),
        ({"players": "5"}, "players", "Scopa is played by 2 or 3 or 4 or 6 players."),
        ({"players": "2", "seat": "3"}, "seat", "Choose one of the seats listed."),
        ({"game": "scopa", "option_target": "x"}, "option_target", "Enter a whole number"),
    ],
)
def test_a_bad_form_is_refused_next_to_its_field_and_creates_nothing(
    client, db, changes, field, message
):
    client.force_login(make_user())
    response = client.post("/games/new", scopa_form(**changes))
    page = html(response)
    assert response.status_code == 400
    assert Game.objects.count() == 0 and GameInvitation.objects.count() == 0
    error = re.search(
        rf'<div class="field field--error[^"]*">\s*<label for="id_{field}">.*?</div>', page, re.S
    )
    assert error and message in error.group(0), page
    assert 'class="field-error"' in error.group(0)


def test_a_service_refusal_goes_next_to_the_option_it_names(client, db, monkeypatch):
    from engine import InvalidOption

    def refuse(**kwargs: Any) -> Any:
        raise InvalidOption("option 'target' clashes with the moon", option="target")

    monkeypatch.setattr(casual, "create_game", refuse)
    client.force_login(make_user())
    page = html(client.post("/games/new", scopa_form()))
    assert re.search(r"id_option_target.*?clashes with the moon", page, re.S)
    assert Game.objects.count() == 0


# ---------------------------------------------------------------------- invitations


@pytest.fixture
def invited(db):
    """Olga's Scopa for three in seat 0; links for seats 1 and 2."""
    olga = make_user("olga")
    game, invitations = casual.new_casual_game(
        user=olga, game_type="scopa", players=3, options={}, seat=0
    )
    return olga, game, {i.seat: i for i in invitations}


def test_a_logged_out_visitor_is_asked_to_log_in_and_comes_back(client, invited):
    _olga, game, by_seat = invited
    path = f"/games/join/{by_seat[1].token}/"
    page = html(client.get(path))
    assert "invites you to play Scopa (3 players), in seat 2." in page
    assert f'href="/accounts/login/?next={path.replace("/", "%2F")}"' in page
    # Posting without a login changes nothing and asks to log in.
    response = client.post(path)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert game.seats.count() == 1


def test_someone_invited_signs_up_and_comes_back_to_the_invitation(client, invited):
    path = f"/games/join/{invited[2][1].token}/"
    page = html(client.get(path))
    assert f'href="/accounts/signup/?next={path.replace("/", "%2F")}"' in page
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "name": "Nora Nuova",
            "email": "nora@example.org",
            "password1": "a long Sunday of scopa",
            "password2": "a long Sunday of scopa",
            "next": path,
        },
    )
    assert response.status_code == 302 and response["Location"] == path
    assert "Take seat 2" in html(client.get(path))


def test_sign_up_never_sends_anyone_off_the_site(client, db):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "name": "Nora Nuova",
            "email": "nora@example.org",
            "password1": "a long Sunday of scopa",
            "password2": "a long Sunday of scopa",
            "next": "https://evil.example/",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/verify/sent"


def test_taking_seats_by_link_starts_the_game_when_the_last_is_taken(client, invited):
    olga, game, by_seat = invited
    bruno, chiara = make_user("bruno"), make_user("chiara")
    client.force_login(bruno)
    path = f"/games/join/{by_seat[1].token}/"
    page = html(client.get(path))
    assert "Take seat 2" in page and game.seats.count() == 1  # a GET takes nothing
    response = client.post(path)
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/seat/1/"
    seat_page = html(client.get(response["Location"]))
    assert "You have seat 2. The game starts when every seat is taken." in seat_page
    assert "Waiting for the game to start." in seat_page and "seat 2" in seat_page
    game.refresh_from_db()
    assert game.status == "setup"

    client.force_login(chiara)
    response = client.post(f"/games/join/{by_seat[2].token}/")
    game.refresh_from_db()
    assert game.status == "active" and game.version > 0  # dealt
    seat_page = html(client.get(response["Location"]))
    assert "Everyone is here: the game has started." in seat_page
    assert "seat 0" not in seat_page.lower()
    # The creator's page now sends them to their seat.
    client.force_login(olga)
    assert client.get(f"/games/{game.pk}/invite")["Location"] == f"/games/{game.pk}/seat/0/"
    poll = client.get(f"/games/{game.pk}/invite/seats", HTTP_HX_REQUEST="true")
    assert poll["HX-Redirect"] == f"/games/{game.pk}/seat/0/"


def refused(client: Any, token: str, status: int, words: str, game: Game) -> None:
    seats, version = game.seats.count(), Game.objects.get(pk=game.pk).version
    used = set(GameInvitation.objects.filter(used_at__isnull=False).values_list("pk", flat=True))
    response = client.post(f"/games/join/{token}/")
    assert response.status_code == status
    assert words in html(response)
    assert game.seats.count() == seats and Game.objects.get(pk=game.pk).version == version
    assert used == set(
        GameInvitation.objects.filter(used_at__isnull=False).values_list("pk", flat=True)
    )


def test_used_withdrawn_expired_and_forged_links_are_refused_and_change_nothing(client, invited):
    olga, game, by_seat = invited
    bruno, chiara = make_user("bruno"), make_user("chiara")
    client.force_login(bruno)
    client.post(f"/games/join/{by_seat[1].token}/")
    client.force_login(chiara)
    refused(client, by_seat[1].token, 409, "This invitation has already been used.", game)
    token = by_seat[2].token
    forged = token[:-1] + ("x" if token[-1] != "x" else "y")
    refused(client, forged, 404, "This invitation link is not valid", game)
    refused(client, "not-a-token", 404, "This invitation link is not valid", game)

    client.force_login(olga)
    response = client.post(f"/games/{game.pk}/invite/withdraw", {"seat": "2"})
    assert response.status_code == 302
    assert "The link for seat 3 no longer works." in html(client.get(response["Location"]))
    client.force_login(chiara)
    refused(client, by_seat[2].token, 409, "This invitation was withdrawn", game)

    client.force_login(olga)
    client.post(f"/games/{game.pk}/invite/new", {"seat": "2"})
    fresh = casual.live_invitations(game)[2]
    GameInvitation.objects.filter(pk=fresh.pk).update(expires_at=timezone.now() - timedelta(1))
    client.force_login(chiara)
    refused(client, fresh.token, 409, "This invitation has expired", game)
    assert html(client.get(f"/games/join/{fresh.token}/")).count("Take seat") == 0


def test_a_seat_already_taken_and_a_second_seat_are_refused(client, invited):
    olga, game, by_seat = invited
    # Seat 2's index is taken behind the link's back (e.g. by the API's seating).
    other = make_user("dario")
    Seat.objects.create(game=game, number=2, player=casual.player_for(other))
    client.force_login(make_user("elena"))
    refused(client, by_seat[2].token, 409, "Seat 3 is already taken.", game)
    # The creator cannot take a second seat with a link.
    client.force_login(olga)
    refused(client, by_seat[1].token, 409, "You already have a seat at this game.", game)


def test_only_the_creator_manages_the_links(client, invited):
    _olga, game, by_seat = invited
    client.force_login(make_user("mallory"))
    assert client.get(f"/games/{game.pk}/invite").status_code == 403
    response = client.post(f"/games/{game.pk}/invite/withdraw", {"seat": "1"})
    assert response.status_code == 403
    assert casual.live_invitations(game)[1].pk == by_seat[1].pk
    assert client.post(f"/games/{game.pk}/invite/new", {"seat": "1"}).status_code == 403
    assert GameInvitation.objects.filter(game=game).count() == 2


def test_the_seat_list_polls_cheaply_until_something_changes(client, invited):
    olga, game, by_seat = invited
    client.force_login(olga)
    page = html(client.get(f"/games/{game.pk}/invite"))
    poll = re.search(r'hx-get="([^"]+/invite/seats\?v=[^"]+)"', page).group(1)
    assert client.get(poll.replace("&amp;", "&")).status_code == 204
    casual.take_seat(by_seat[1].token, make_user("bruno"))
    changed = client.get(poll.replace("&amp;", "&"))
    assert changed.status_code == 200 and "Seat 2: bruno" in html(changed)


# ---------------------------------------------------------------------- the game list


def test_the_game_list_is_grouped(client, db):
    setup = published("german_whist", 4)  # round 1: two tables
    tournament = setup.round.tournament
    player = setup.seat(0, table=1)
    rival = setup.seat(1, table=1)
    # A casual game the player set up, and one they finished long ago.
    waiting, _links = casual.new_casual_game(
        user=player, game_type="briscola", players=2, options={}, seat=1
    )
    done, links_ = casual.new_casual_game(
        user=player, game_type="scopa", players=2, options={}, seat=0
    )
    casual.take_seat(links_[0].token, rival)
    Game.objects.filter(pk=done.pk).update(status=Game.Status.FINISHED)

    table = setup.table(1).game
    from tournaments.services.game_store import read_state

    acting = read_state(table, lambda s: s.seats_to_act())
    me = setup.seated[1].index(player)
    client.force_login(player)
    page = html(client.get("/games/"))
    heading = f"{tournament.name} — round 1"
    assert "New game" in page and 'href="/games/new"' in page
    casual_part = page[page.index("Your games") :]
    assert "Briscola" in casual_part.split("Tournament games")[0]
    assert "waiting for 1 player" in page and "Invite players" in page
    if me in acting:
        turn = page[page.index("Your turn") : page.index("Your games")]
        assert "Table 1" in turn
    else:
        assert heading in page and "Table 1 · " in page[page.index(heading) :]
    finished = re.search(r'<details class="game-group finished-games">.*?</details>', page, re.S)
    assert finished and "Finished: 1 game" in finished.group(0) and "Scopa" in finished.group(0)
    assert "seat 0" not in page.lower()
    assert f"Play seat {me + 1}" in page


# ---------------------------------------------------------------------- the clock (issue 16)


def test_the_new_game_page_offers_a_clock_in_words(client, db):
    client.force_login(make_user("olga"))
    page = visible(html(client.get("/games/new")))
    for words in ("No clock", "30 s a move", "10 min a game, plus 5 s a move", "automatic move"):
        assert words in page


def test_a_game_made_with_a_clock_keeps_its_time_control(client, db):
    olga = make_user("olga")
    client.force_login(olga)
    response = client.post("/games/new", scopa_form(clock="bank:600:5", on_timeout="forfeit_game"))
    assert response.status_code == 302
    game = Game.objects.get(created_by=olga)
    assert game.time_control == {
        "kind": "bank",
        "seconds": 600,
        "increment": 5,
        "on_timeout": "forfeit_game",
    }
    client.post("/games/new", scopa_form(clock=""))
    assert Game.objects.filter(created_by=olga, time_control__isnull=True).count() == 1


def test_forfeiting_a_deal_where_no_deal_can_be_conceded_is_refused_next_to_the_choice(client, db):
    client.force_login(make_user())
    # Burraco has no conceding of a deal (the engine refuses it: docs/engine.md).
    form = {"game": "burraco", "players": "2", "seat": "1", "option_target": "2005"}
    response = client.post("/games/new", {**form, "clock": "move:30", "on_timeout": "forfeit_deal"})
    assert response.status_code == 400
    assert Game.objects.count() == 0
    error = re.search(
        r'<div class="field field--error[^"]*">\s*<label for="id_on_timeout">.*?</div>',
        html(response),
        re.S,
    )
    assert error and "conced" in error.group(0)
