"""Seats are consented, and a hand is seen only by its seat (issue 15).

A player is seated only by themself, through an invitation, or by a director of the
tournament the game belongs to; one account never holds two seats of a game. The
hidden-information sweep here goes through every role that is not a seat's player
(the club's owner, the tournament's director, a casual game's creator, staff, a
stranger, the player of another seat) and every way in (the API's views, the event
log, moves and their errors, the record, the web's seat pages and the table page):
none shows a card of a hand that is not the viewer's own. A director's look at a
seat is a separate, reasoned act (``…/seats/{n}/look``), recorded in the audit log.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.support.factories import make_user, published
from tournaments.models import Game, GameEvent, Membership, Player, Role, Seat
from tournaments.models.audit import AuditEntry
from tournaments.services import casual, state_cache
from tournaments.services.errors import Conflict
from tournaments.services.seats import seat_by_authority

pytestmark = pytest.mark.django_db

GAMES = "/api/games/"
CARD = re.compile(r'"([2-9TJQKA][SHDC])"')
"""A card code as JSON and the pages write it (``"QH"``, ``data-card="QH"``)."""
OVERRIDE_LOG = "tournaments.services.seat_override"


def api(user: Any) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def web(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def content(response: Any) -> str:
    return response.content.decode()


def secret(game: Game, viewer: int | None) -> set[str]:
    """The cards ``viewer`` (``None``: a spectator) may not see in a German whist game
    now: the other seat's hand and the stock, less its face-up top card and the
    face-up cards taken from it."""
    state = state_cache.full_replay(Game.objects.get(pk=game.pk))
    hidden = {c for s in range(state.players) if s != viewer for c in state.hand(s)}
    if state.phase == "play":
        hidden.update(state.stock[state.stock_pos :])
        hidden.discard(state.stock_top)
        for number, taken in enumerate(state.taken_face_up):
            hidden -= set(taken) & set(state.hand(number))
    return {c.code for c in hidden}


def leaked(response: Any, game: Game, viewer: int | None, asked: Any = None) -> set[str]:
    echoed = set(CARD.findall(json.dumps(asked))) if asked is not None else set()
    return (set(CARD.findall(content(response))) - echoed) & secret(game, viewer)


def looks(caplog: Any) -> list[str]:
    """The looks recorded so far (the server's log of :mod:`seat_override`)."""
    return [r.getMessage() for r in caplog.records if r.name == OVERRIDE_LOG]


def stored(game: Game) -> tuple[int, int]:
    game.refresh_from_db()
    return game.version, GameEvent.objects.filter(game=game).count()


@pytest.fixture
def cup() -> Any:
    """A German whist tournament's table, online (the server deals), with two
    logged-in players seated by the director's pairing; its club's owner."""
    setup = published("german_whist", 2, options={"deals": 1}, mode="online")
    game = setup.tables[0].game
    owner = Membership.objects.get(club=setup.club, role=Role.OWNER).user
    return setup, game, owner


def outsiders(setup: Any, owner: Any) -> dict[str, Any]:
    return {
        "owner": owner,
        "director": setup.director,
        "staff": make_user("staffer", staff=True),
        "stranger": make_user("mallory"),
    }


# ---------------------------------------------------------------------- the sweep


def test_nobody_but_a_seats_player_sees_its_hand_through_the_api(cup):
    setup, game, owner = cup
    players = setup.seated[1]
    before = stored(game)
    viewers: list[tuple[str, Any, int | None]] = [
        (name, user, None) for name, user in outsiders(setup, owner).items()
    ]
    viewers += [(f"seat {n}", user, n) for n, user in enumerate(players)]
    for name, user, own in viewers:
        client = api(user)
        for number in range(2):
            for path in ("view", "legal", "events"):
                response = client.get(f"{GAMES}{game.pk}/{path}", {"seat": number})
                if number == own:
                    assert response.status_code == 200, (name, path)
                else:
                    assert response.status_code == 403, (name, number, path)
                assert not leaked(response, game, own), (name, number, path)
            hand = state_cache.full_replay(game).hand(number)
            event = {"type": "play", "seat": number, "card": hand[0].code}
            if number != own:
                response = client.post(
                    f"{GAMES}{game.pk}/events",
                    {"event_id": str(uuid.uuid4()), "expected_version": game.version,
                     "event": event},
                    format="json",
                )  # fmt: skip
                assert response.status_code == 403, (name, number)
                assert not leaked(response, game, own, event), (name, number)
        for path in ("view", "events", ""):
            response = client.get(f"{GAMES}{game.pk}/{path}")
            assert response.status_code == 200
            assert not leaked(response, game, None), (name, path)
        response = client.get(f"{GAMES}{game.pk}/record")
        assert response.status_code == 409, name
        assert not leaked(response, game, None)
    assert stored(game) == before


def test_nobody_but_a_seats_player_sees_its_hand_on_the_pages(cup):
    setup, game, owner = cup
    players = setup.seated[1]
    viewers = [(name, user, None) for name, user in outsiders(setup, owner).items()]
    viewers += [(f"seat {n}", user, n) for n, user in enumerate(players)]
    for name, user, own in viewers:
        client = web(user)
        for number in range(2):
            base = f"/games/{game.pk}/seat/{number}/"
            for response in (client.get(base), client.get(base + "board")):
                assert response.status_code == (200 if number == own else 403), (name, number)
                assert not leaked(response, game, own), (name, number)
            if number != own:
                card = state_cache.full_replay(game).hand(number)[0].code
                response = client.post(base + "act", {"move": json.dumps({"card": card})})
                assert response.status_code == 403, (name, number)
                assert not leaked(response, game, own, card), (name, number)
        for path in ("", "board", "record.json"):
            response = client.get(f"/games/{game.pk}/{path}")
            assert response.status_code in (200, 404), path
            assert not leaked(response, game, None), (name, path)


def test_a_casual_games_creator_who_does_not_play_sees_the_table_only():
    creator, alice, bruno = make_user("creator"), make_user("alice"), make_user("bruno")
    response = api(creator).post(
        GAMES, {"game": "german_whist", "players": 2, "options": {"deals": 1}}, format="json"
    )
    game = Game.objects.get(pk=response.json()["id"])
    for number, user in enumerate((alice, bruno)):
        invitation = casual.invite(game, number, creator)
        assert api(user).post(f"{GAMES}join/{invitation.token}").status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    for number in range(2):
        response = api(creator).get(f"{GAMES}{game.pk}/view", {"seat": number})
        assert response.status_code == 403
        response = web(creator).get(f"/games/{game.pk}/seat/{number}/")
        assert response.status_code == 403
        assert f"/games/{game.pk}/" in content(response)  # the way to the table
    response = api(creator).post(
        f"{GAMES}{game.pk}/seats/0/look", {"reason": "curious"}, format="json"
    )
    assert response.status_code == 403  # no tournament: nobody looks


# ---------------------------------------------------------------------- a director's look


def test_a_directors_look_at_a_seat_needs_a_reason_and_is_recorded(cup, caplog):
    setup, game, owner = cup
    players = setup.seated[1]
    director = api(setup.director)
    path = f"{GAMES}{game.pk}/seats/1/look"
    with caplog.at_level(logging.WARNING, logger=OVERRIDE_LOG):
        for refused in ({}, {"reason": "   "}, {"reason": "x" * 301}):
            response = director.post(path, refused, format="json")
            assert response.status_code == 400, refused
            assert not leaked(response, game, None)
        assert not looks(caplog)  # a refused look is not recorded: nothing was shown
        assert not AuditEntry.objects.filter(action="seat-view-override").exists()
        for user in (players[0], make_user("mallory"), make_user("staffer", staff=True)):
            response = api(user).post(path, {"reason": "a dispute"}, format="json")
            assert response.status_code == 403
            assert not leaked(response, game, 0 if user == players[0] else None)
        response = director.post(path, {"reason": "Seat 1 says seat 2 revoked"}, format="json")
        assert response.status_code == 200
        hand = [c.code for c in state_cache.full_replay(game).hand(1)]
        assert response.json()["view"]["hand"] == hand
        assert response.json()["reason"] == "Seat 1 says seat 2 revoked"
    (entry,) = AuditEntry.objects.filter(action="seat-view-override")
    assert entry.actor_id == setup.director.pk and entry.club_id == setup.club.pk
    assert entry.tournament_id == setup.round.tournament_id
    assert entry.after == {
        "game": str(game.pk),
        "round": 1,
        "table": 1,
        "seat": 2,
        "reason": "Seat 1 says seat 2 revoked",
    }
    assert "seat 2" in entry.subject and "table 1" in entry.subject
    assert not set(CARD.findall(json.dumps([entry.subject, entry.after])))  # never a card
    (record,) = looks(caplog)
    assert "seat-view-override" in record
    assert "seat 2 of game" in record and "revoked" in record
    assert setup.director.get_username() in record
    # A query parameter still shows the director nothing.
    assert director.get(f"{GAMES}{game.pk}/view", {"seat": 1}).status_code == 403


def test_a_directors_look_on_the_table_page(cup, caplog):
    setup, game, owner = cup
    client = web(setup.director)
    form = f'action="/games/{game.pk}/look"'
    assert form in content(client.get(f"/games/{game.pk}/"))
    assert form not in content(web(make_user("bob")).get(f"/games/{game.pk}/"))
    response = client.post(f"/games/{game.pk}/look", {"seat": "2", "reason": ""})
    assert response.status_code == 400
    assert not leaked(response, game, None)
    with caplog.at_level(logging.WARNING, logger=OVERRIDE_LOG):
        response = client.post(f"/games/{game.pk}/look", {"seat": "2", "reason": "a dispute"})
    assert response.status_code == 200
    assert len(looks(caplog)) == 1
    assert AuditEntry.objects.filter(action="seat-view-override").count() == 1
    state = state_cache.full_replay(game)
    shown = set(CARD.findall(content(response)))
    assert {c.code for c in state.hand(1)} <= shown  # seat 2, counted from 1
    assert not shown & secret(game, 1)  # nothing but seat 2's hand and the public table
    stranger = web(make_user("mallory"))
    response = stranger.post(f"/games/{game.pk}/look", {"seat": "2", "reason": "please"})
    assert response.status_code == 403
    assert not leaked(response, game, None)


# ---------------------------------------------------------------------- consent


def test_naming_another_user_does_not_seat_them_and_writes_nothing():
    creator, alice = make_user("creator"), make_user("alice")
    client = api(creator)
    game_id = client.post(GAMES, {"game": "german_whist"}, format="json").json()["id"]
    for who in ({"username": "alice"}, {"username": "nobody"}):
        response = client.put(f"{GAMES}{game_id}/seats/1", who, format="json")
        assert response.status_code == 403
        assert "invitation" in response.json()["detail"]
    alices = Player.objects.create(name="Alice", user=alice)
    response = client.put(f"{GAMES}{game_id}/seats/1", {"player": alices.pk}, format="json")
    assert response.status_code == 403
    response = client.put(f"{GAMES}{game_id}/seats/1", {"name": "Gianni"}, format="json")
    assert response.status_code == 403  # a guest cannot play online: nobody sees his cards
    assert "real cards" in response.json()["detail"]
    assert not Seat.objects.filter(game_id=game_id).exists()
    assert not Player.objects.filter(name="Gianni").exists()
    assert Player.objects.filter(user=alice).count() == 1


def test_one_account_never_holds_two_seats_in_any_path():
    creator, alice = make_user("creator"), make_user("alice")
    client = api(creator)
    game_id = client.post(GAMES, {"game": "whist"}, format="json").json()["id"]
    response = client.put(f"{GAMES}{game_id}/seats/0", {"username": "creator"}, format="json")
    assert response.status_code == 200
    response = client.put(f"{GAMES}{game_id}/seats/2", {"username": "creator"}, format="json")
    assert response.status_code == 409
    assert "already holds seat 1" in response.json()["detail"]
    # An invitation: the creator may not take a second seat with it, nor may alice.
    game = Game.objects.get(pk=game_id)
    link = casual.invite(game, 1, creator)
    assert client.post(f"{GAMES}join/{link.token}").status_code == 409
    assert api(alice).post(f"{GAMES}join/{link.token}").status_code == 200
    again = casual.invite(game, 3, creator)
    response = api(alice).post(f"{GAMES}join/{again.token}")
    assert response.status_code == 409
    assert list(Seat.objects.filter(game=game).values_list("number", flat=True)) == [0, 1]
    # The trusted path (a tournament's seating, the demo) keeps the rule too …
    with pytest.raises(Conflict, match="already holds seat 1"):
        seat_by_authority(game, 2, Player.objects.get(user=creator))
    # … and the database is the second line.
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=game, number=3, player=Player.objects.get(user=alice))


def test_a_player_seats_themself_and_a_guest_only_with_real_cards():
    creator = make_user("creator")
    client = api(creator)
    body = {"game": "german_whist", "mode": "physical"}
    game_id = client.post(GAMES, body, format="json").json()["id"]
    response = client.put(f"{GAMES}{game_id}/seats/0", {"username": "creator"}, format="json")
    assert response.status_code == 200
    response = client.put(f"{GAMES}{game_id}/seats/1", {"name": "Gianni"}, format="json")
    assert response.status_code == 200
    assert client.post(f"{GAMES}{game_id}/start").status_code == 200
    seats = client.get(f"{GAMES}{game_id}/").json()["seats"]
    assert [(s["name"], s["username"]) for s in seats] == [("creator", "creator"), ("Gianni", None)]


def test_a_new_casual_game_seats_its_creator_only_on_the_page_and_in_the_api():
    creator, alice = make_user("creator"), make_user("alice")
    alices = Player.objects.create(name="Alice", user=alice)
    form = {"game": "scopa", "players": "2", "seat": "0", "option_target": "11"}
    form.update({"option_refill": "deal", "username": "alice"})
    response = web(creator).post("/games/new", {**form, "player": str(alices.pk)})
    assert response.status_code == 302
    body = {"game": "german_whist", "players": 2, "seat": 1, "username": "alice"}
    response = api(creator).post(f"{GAMES}casual", body, format="json")
    assert response.status_code in (201, 400)  # an unknown field is ignored or refused
    assert list(Seat.objects.values_list("player__user", flat=True)) == [creator.pk] * (
        1 + (response.status_code == 201)
    )
    assert not Seat.objects.filter(player=alices).exists()
