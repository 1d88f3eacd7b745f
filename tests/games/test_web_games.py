"""The game pages (tournaments/web): spectators, seats, actions, live updates."""

from __future__ import annotations

import json
import random
import re
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from engine import Card
from tests.support.factories import SEAT_NAMES as NAMES
from tests.support.factories import make_game
from tournaments.models import Game, GameEvent, Player
from tournaments.services.game_store import append_event, read_state
from tournaments.services.games import create_game, seat_view, start_game
from tournaments.services.seats import seat_by_authority
from tournaments.web import cards

GAMES = [("whist", 4), ("german_whist", 2), ("three_handed_whist", 3), ("italian_whist", 3)]


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def hands(game: Game) -> list[list[str]]:
    return read_state(
        fresh(game), lambda s: [[c.code for c in s.hand(n)] for n in range(s.players)]
    )


def to_act(game: Game) -> list[int]:
    return read_state(fresh(game), lambda s: s.seats_to_act())


def act_randomly(game: Game, rng: random.Random, seat: int | None = None) -> dict[str, Any]:
    """Append one random legal action (of ``seat``, or of any seat to act)."""
    game = fresh(game)
    event = read_state(game, lambda s: s.random_action(rng, seat).to_event())
    append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=game.version)
    return event


def advance(game: Game, rng: random.Random, until: Any, limit: int = 400) -> None:
    """Random legal moves until ``until(view)`` holds (bounded)."""
    for _ in range(limit):
        if until(seat_view(fresh(game), None)):
            return
        act_randomly(game, rng)
    raise AssertionError("the game never reached the wanted state")


def stamp(html: str) -> dict[str, str]:
    """The hidden event id and version of the (first) action form on a page."""
    event_id = re.search(r'name="event_id" value="([0-9a-f-]{36})"', html)
    version = re.search(r'name="version" value="(\d+)"', html)
    assert event_id and version, "no action form on the page"
    return {"event_id": event_id.group(1), "version": version.group(1)}


def seat_url(game: Game, seat: int, suffix: str = "") -> str:
    return f"/games/{game.pk}/seat/{seat}/{suffix}"


def shows_card(html: str, code: str) -> bool:
    """Whether the page draws, offers or names card ``code`` (by its French name, or
    its Italian one: Scopa, Briscola and Tresette draw the Italian deck)."""
    with cards.showing(cards.ITALIAN):
        italian = cards.face(code).name
    names = {Card.parse(code).name, italian}
    return (
        f'data-card="{code}"' in html
        or f'value="{code}"' in html
        or any(f'"{name}"' in html or f"the {name}" in html for name in names)
    )


def codes_in(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value (a view)."""
    text = json.dumps(value)
    return {code for code in re.findall(r'"([2-9TJQKA][SHDC]|RJ|BJ)"', text)}


# ---------------------------------------------------------------------- pages render


@pytest.mark.parametrize(("game_type", "players"), GAMES)
def test_spectator_page_shows_the_public_table_and_no_hand(client, organiser, game_type, players):
    game, _ = make_game(game_type, players, organiser)
    advance(game, random.Random(1), lambda v: v["phase"] == "play" and len(v["trick"]) >= 1)

    response = client.get(f"/games/{game.pk}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    for name in NAMES[:players]:
        assert name.title() in html
    assert game.seed_commitment in html
    assert bytes(game.seed).hex() not in html  # the seed stays secret until the end
    assert "The seed is revealed when the game is over" in html
    public = codes_in(seat_view(fresh(game), None))
    for hand in hands(game):
        for code in hand:
            if code not in public:
                assert not shows_card(html, code), code
    assert 'hx-trigger="every 1s, live"' in html  # polls, and refreshes on a push
    assert f'data-live="/ws/games/{game.pk}/"' in html
    assert f"/games/{game.pk}/board?v={fresh(game).version}" in html


@pytest.mark.parametrize(("game_type", "players"), GAMES)
def test_seat_page_shows_its_hand_and_never_another_seats_cards(
    client, organiser, game_type, players
):
    game, users = make_game(game_type, players, organiser)
    # Mid-deal: a trick on the table and one behind (Italian Whist: after the split).
    advance(game, random.Random(2), lambda v: v["phase"] == "play" and len(v["last_trick"]) > 0)
    advance(game, random.Random(3), lambda v: v["phase"] == "play" and len(v["trick"]) > 0)
    held = hands(game)

    for seat in range(players):
        client.force_login(users[seat])
        response = client.get(seat_url(game, seat))
        assert response.status_code == 200
        html = response.content.decode()
        for code in held[seat]:
            assert f'data-card="{code}"' in html, code
        allowed = codes_in(seat_view(fresh(game), seat))  # what the engine lets it see
        for other in range(players):
            if other == seat:
                continue
            for code in held[other]:
                if code not in allowed:
                    assert not shows_card(html, code), (seat, other, code)


def test_seat_page_of_another_users_seat_is_403(client, organiser):
    game, users = make_game("whist", 4, organiser)
    client.force_login(users[0])

    response = client.get(seat_url(game, 1))

    assert response.status_code == 403
    html = response.content.decode()
    assert "Not your seat" in html
    for code in hands(game)[1]:
        assert f'data-card="{code}"' not in html
    assert client.get(seat_url(game, 1, "board") + "?v=-1").status_code == 403
    before = fresh(game).version
    posted = client.post(seat_url(game, 1, "act"), {"action": "play", "card": hands(game)[1][0]})
    assert posted.status_code == 403
    assert fresh(game).version == before


def test_seat_page_needs_a_login_and_only_the_seats_player_sees_it(client, organiser):
    game, users = make_game("whist", 4, organiser)

    response = client.get(seat_url(game, 2))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")

    client.force_login(organiser)  # created the game and does not play in it
    assert client.get(seat_url(game, 2)).status_code == 403  # issue 15: never a hand
    client.force_login(users[2])
    assert client.get(seat_url(game, 2)).status_code == 200
    assert client.get(f"/games/{game.pk}/seat/9/").status_code == 404
    assert client.get(f"/games/{uuid.uuid4()}/").status_code == 404


def test_login_page_renders(client, db):
    response = client.get("/accounts/login/")
    assert response.status_code == 200
    assert 'name="password"' in response.content.decode()


def test_pages_load_htmx_from_local_static_files(client, organiser):
    game, _ = make_game("whist", 4, organiser)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert '<script src="/static/vendor/htmx.min.js" defer></script>' in html
    assert '<link rel="stylesheet" href="/static/css/tavolo.css">' in html
    # The page's CSRF token (64 random letters and digits) may spell "cdn" by chance.
    without_tokens = re.sub(r"\b[A-Za-z0-9]{64}\b", "", html)
    assert "cdn" not in without_tokens.lower()
    assert "unpkg" not in without_tokens
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert assets and not [a for a in assets if "://" in a or a.startswith("//")]


def test_game_list_shows_my_games_and_games_to_watch(client, organiser):
    game, users = make_game("german_whist", 2, organiser)

    anonymous = client.get("/games/").content.decode()
    assert f"/games/{game.pk}/" in anonymous
    assert "seat/" not in anonymous

    client.force_login(users[1])
    html = client.get("/games/").content.decode()
    assert "Your games" in html
    assert seat_url(game, 1) in html
    assert seat_url(game, 0) not in html


# ---------------------------------------------------------------------- acting


def _whist_at_turn(client, organiser) -> tuple[Game, int, str]:
    """A whist game, logged in as the seat to act, with its page's HTML."""
    game, users = make_game("whist", 4, organiser)
    seat = to_act(game)[0]
    client.force_login(users[seat])
    response = client.get(seat_url(game, seat))
    assert response.status_code == 200
    return game, seat, response.content.decode()


def test_posting_a_legal_play_advances_the_game(client, organiser):
    game, seat, html = _whist_at_turn(client, organiser)
    assert "Your turn: play a card." in html
    card = hands(game)[seat][0]
    before = fresh(game).version

    response = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "play", "card": card}
    )

    assert response.status_code == 302
    assert response["Location"] == seat_url(game, seat)
    assert fresh(game).version == before + 1
    last = GameEvent.objects.get(game=game, sequence=before)
    assert last.payload == {"type": "play", "seat": seat, "card": card}
    page = client.get(seat_url(game, seat)).content.decode()
    assert f'data-card="{card}"' in page  # now on the table, in the trick
    assert f'value="{card}"' not in page  # and no longer in the hand


def test_posting_with_htmx_answers_the_new_board(client, organiser):
    game, seat, html = _whist_at_turn(client, organiser)
    card = hands(game)[seat][0]

    response = client.post(
        seat_url(game, seat, "act"),
        {**stamp(html), "action": "play", "card": card},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 200
    board = response.content.decode()
    assert board.lstrip().startswith('<section id="board"')
    assert f'data-version="{fresh(game).version}"' in board
    assert "<html" not in board


def test_the_same_form_posted_twice_adds_one_event(client, organiser):
    game, seat, html = _whist_at_turn(client, organiser)
    form = {**stamp(html), "action": "play", "card": hands(game)[seat][0]}
    before = GameEvent.objects.filter(game=game).count()

    first = client.post(seat_url(game, seat, "act"), form)
    second = client.post(seat_url(game, seat, "act"), form)  # a double tap

    assert first.status_code == 302
    assert second.status_code == 302
    assert GameEvent.objects.filter(game=game).count() == before + 1


def test_a_stale_form_shows_the_conflict_banner(client, organiser):
    game, seat, html = _whist_at_turn(client, organiser)
    first, second = hands(game)[seat][:2]
    # The same seat plays from another tab first …
    append_event(
        game.pk,
        {"type": "play", "seat": seat, "card": first},
        event_id=uuid.uuid4(),
        expected_version=fresh(game).version,
    )
    after = fresh(game).version

    # … then this page's form (rendered before) is sent.
    response = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "play", "card": second}
    )

    assert response.status_code == 409
    page = response.content.decode()
    assert "Someone acted first — the table has been refreshed." in page
    assert f'data-version="{after}"' in page  # the refreshed table
    assert fresh(game).version == after


@pytest.mark.parametrize("htmx", [False, True])
def test_an_illegal_play_shows_the_engine_message_and_changes_nothing(client, organiser, htmx):
    game, seat, html = _whist_at_turn(client, organiser)
    not_mine = hands(game)[(seat + 1) % 4][0]
    before = fresh(game).version
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}

    response = client.post(
        seat_url(game, seat, "act"),
        {**stamp(html), "action": "play", "card": not_mine},
        **headers,
    )

    assert response.status_code == 400
    page = response.content.decode()
    assert 'class="banner"' in page
    assert f"cannot play {not_mine}: it does not hold the" in page
    assert fresh(game).version == before
    for code in hands(game)[(seat + 1) % 4]:
        if code != not_mine:  # only the card it named itself is echoed
            assert f'data-card="{code}"' not in page


def test_acting_out_of_turn_and_garbled_forms_are_4xx_not_500(client, organiser):
    game, users = make_game("whist", 4, organiser)
    waiting = (to_act(game)[0] + 1) % 4
    client.force_login(users[waiting])
    html = client.get(seat_url(game, waiting)).content.decode()
    # No move's form while it is another seat's turn: only the table's acts, open at any
    # time (resigning the game, conceding the deal where the game allows it).
    assert set(re.findall(r'name="action" value="(\w+)"', html)) <= {"concede", "resign"}
    assert 'name="card"' not in html
    before = fresh(game).version
    card = hands(game)[waiting][0]
    form_stamp = {"event_id": str(uuid.uuid4()), "version": str(before)}

    out_of_turn = client.post(
        seat_url(game, waiting, "act"), {**form_stamp, "action": "play", "card": card}
    )
    assert out_of_turn.status_code == 400
    # The engine names seats from 0; the page counts from 1 (numbering.count_from_one).
    refusal = out_of_turn.content.decode()
    assert f"Seat {waiting + 1} cannot play now" in refusal
    expected = to_act(game)[0]
    assert f"it is seat {expected + 1}&#x27;s turn" in refusal

    for form in (
        {"action": "play", "card": card},  # no event id or version
        {**form_stamp, "action": "dance"},
        {**form_stamp, "action": "play"},
        {**form_stamp, "action": "play", "card": "ZZ"},
        {**form_stamp, "action": "play", "card": ["AS", "KS"]},
        {**form_stamp, "action": "tally", "tricks_0": "x"},
        {**form_stamp, "action": "tally", "tricks_0": "7", "tricks_1": "6"},
        {**form_stamp, "version": "-3", "action": "play", "card": card},
        {**form_stamp, "event_id": "not-a-uuid", "action": "play", "card": card},
    ):
        response = client.post(seat_url(game, waiting, "act"), form)
        assert 400 <= response.status_code < 500, form
        assert 'class="banner"' in response.content.decode()
    assert client.get(seat_url(game, waiting, "act")).status_code == 405
    assert fresh(game).version == before


# ---------------------------------------------------------------------- live updates


def test_board_answers_204_while_the_version_is_unchanged(
    client, organiser, django_assert_num_queries
):
    game, users = make_game("whist", 4, organiser)
    seat = to_act(game)[0]
    client.force_login(users[seat])
    version = fresh(game).version

    with django_assert_num_queries(1):  # Game.version only: no replay, no session
        unchanged = client.get(seat_url(game, seat, "board") + f"?v={version}&s=active")
    assert unchanged.status_code == 204
    assert unchanged.content == b""
    assert client.get(f"/games/{game.pk}/board?v={version}").status_code == 204

    html = client.get(seat_url(game, seat)).content.decode()
    card = hands(game)[seat][0]
    client.post(seat_url(game, seat, "act"), {**stamp(html), "action": "play", "card": card})

    changed = client.get(seat_url(game, seat, "board") + f"?v={version}&s=active")
    assert changed.status_code == 200
    board = changed.content.decode()
    assert f'data-version="{version + 1}"' in board
    assert f"board?v={version + 1}&amp;s=active" in board
    assert f'data-card="{card}"' in board
    assert "no-store" in changed["Cache-Control"]
    spectators = client.get(f"/games/{game.pk}/board?v={version}")
    assert spectators.status_code == 200
    assert f'data-version="{version + 1}"' in spectators.content.decode()
    assert client.get(f"/games/{game.pk}/board?v={version + 1}").status_code == 204


def test_board_of_a_seat_still_checks_access_when_the_version_moved(client, organiser):
    game, users = make_game("whist", 4, organiser)
    client.force_login(users[0])
    response = client.get(seat_url(game, 1, "board") + "?v=0")
    assert response.status_code == 403


# ---------------------------------------------------------------------- game-specific forms


def test_italian_whist_split_form(client, organiser):
    game, users = make_game("italian_whist", 3, organiser)
    client.force_login(users[1])
    html = client.get(seat_url(game, 1)).content.decode()
    assert "Choose the 9 cards of your first hand." in html
    assert html.count('type="checkbox" name="first"') == 18
    assert "data-split-count" in html
    hand = hands(game)[1]
    before = fresh(game).version

    too_few = client.post(
        seat_url(game, 1, "act"), {**stamp(html), "action": "split", "first": hand[:8]}
    )
    assert too_few.status_code == 400
    assert "must choose exactly 9" in too_few.content.decode()
    assert fresh(game).version == before

    response = client.post(
        seat_url(game, 1, "act"), {**stamp(html), "action": "split", "first": hand[:9]}
    )
    assert response.status_code == 302
    assert fresh(game).version == before + 1
    page = client.get(seat_url(game, 1)).content.decode()
    assert "Your first hand" in page
    assert 'name="first"' not in page  # no second split
    assert "Waiting for Alice and Chiara to split." in page
    for code in hand[:9]:
        assert f'data-card="{code}"' in page
    # The other seats' pages still offer their split, and never show seat 1's cards.
    client.force_login(users[0])
    other = client.get(seat_url(game, 0)).content.decode()
    assert "Choose the 9 cards of your first hand." in other
    for code in hand:
        assert not shows_card(other, code)


def test_italian_whist_play_and_joker_declaration(client, organiser):
    game, users = make_game("italian_whist", 3, organiser)
    rng = random.Random(7)
    advance(game, rng, lambda v: v["phase"] == "play")
    seat = to_act(game)[0]
    client.force_login(users[seat])
    html = client.get(seat_url(game, seat)).content.decode()
    assert "Your turn: play a card." in html
    assert "The second hand you formed" in html

    advance(game, rng, lambda v: v["phase"] == "joker", limit=200)
    seat = to_act(game)[0]
    client.force_login(users[seat])
    html = client.get(seat_url(game, seat)).content.decode()
    assert "stands for" in html
    choices = re.findall(r'name="as" value="(\w\w)"', html)
    assert choices
    before = fresh(game).version

    response = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "joker", "as": choices[0]}
    )

    assert response.status_code == 302
    event = GameEvent.objects.get(game=game, sequence=before).payload
    assert event == {"type": "joker", "seat": seat, "as": choices[0]}


def test_three_handed_whist_exchange_buttons(client, organiser):
    game, users = make_game("three_handed_whist", 3, organiser)
    seat = to_act(game)[0]
    client.force_login(users[seat])
    html = client.get(seat_url(game, seat)).content.decode()
    assert "Keep my hand" in html
    assert "Take the spare hand (the dummy" in html
    old_hand = set(hands(game)[seat])

    response = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "exchange", "take": "1"}
    )

    assert response.status_code == 302
    assert set(hands(game)[seat]).isdisjoint(old_hand)
    page = client.get(seat_url(game, seat)).content.decode()
    assert "took the dummy" in page
    for code in old_hand:  # the hand it laid down is the spare now: shown to nobody
        assert not shows_card(page, code)


TALLIES = {
    "whist": ({"tricks_0": "8", "tricks_1": "5"}, {"tricks_0": "8", "tricks_1": "6"}, [2, 0]),
    "german_whist": (
        {"tricks_0": "6", "tricks_1": "7"}, {"tricks_0": "6", "tricks_1": "6"}, [6, 7]
    ),
    "three_handed_whist": (
        {"dummy": "1", "tricks_0": "3", "tricks_1": "6", "tricks_2": "4"},
        {"dummy": "", "tricks_0": "3", "tricks_1": "6", "tricks_2": "5"},
        [0, 2, 1],
    ),
    "italian_whist": (
        {"first_0": "5", "second_0": "1", "first_1": "2", "second_1": "4", "first_2": "2",
         "second_2": "4"},
        {"first_0": "5", "second_0": "1", "first_1": "2", "second_1": "4", "first_2": "3",
         "second_2": "4"},
        [4, -2, -2],
    ),
}  # fmt: skip


@pytest.mark.parametrize(("game_type", "players"), GAMES)
def test_tally_form_of_a_physical_game(client, organiser, game_type, players):
    options = {"deals": 2} if game_type == "german_whist" else None  # not over after one
    game, users = make_game(game_type, players, organiser, mode="physical", options=options)
    good, bad, scores = TALLIES[game_type]
    client.force_login(users[0])
    html = client.get(seat_url(game, 0)).content.decode()
    assert "Score sheet: deal 1" in html
    for name in good:
        assert f'name="{name}"' in html

    refused = client.post(seat_url(game, 0, "act"), {**stamp(html), "action": "tally", **bad})
    assert refused.status_code == 400
    assert "Tally rejected" in refused.content.decode()
    assert fresh(game).version == 0

    response = client.post(seat_url(game, 0, "act"), {**stamp(html), "action": "tally", **good})
    assert response.status_code == 302
    assert fresh(game).version == 1
    assert seat_view(fresh(game), None)["scores"] == scores
    assert "Score sheet: deal 2" in client.get(seat_url(game, 0)).content.decode()


# ---------------------------------------------------------------------- the end


def test_a_finished_game_reveals_its_seed_and_record(client, organiser):
    game, users = make_game("german_whist", 2, organiser)
    assert client.get(f"/games/{game.pk}/record.json").status_code == 404
    advance(game, random.Random(4), lambda v: v["over"], limit=80)
    game = fresh(game)
    assert game.is_over

    html = client.get(f"/games/{game.pk}/").content.decode()
    assert bytes(game.seed).hex() in html
    assert "python -m tournaments.fairness verify RECORD.json" in html
    assert "Game over" in html
    assert "hx-trigger" not in html  # nothing left to poll for
    record = client.get(f"/games/{game.pk}/record.json").json()
    assert record["seed"] == bytes(game.seed).hex()

    client.force_login(users[0])
    page = client.get(seat_url(game, 0)).content.decode()
    assert "Game over" in page
    late = client.post(
        seat_url(game, 0, "act"),
        {
            "event_id": str(uuid.uuid4()),
            "version": str(game.version),
            "action": "play",
            "card": "AS",
        },
    )
    assert late.status_code == 409
    assert "takes no events now" in late.content.decode()


def test_a_game_being_set_up_renders_and_polls_for_its_start(client, organiser):
    game = create_game(game_type="three_handed_whist", players=3, created_by=organiser)
    user = get_user_model().objects.create_user("solo", password="pw")
    seat_by_authority(game, 2, Player.objects.create(name="Solo", user=user))

    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    assert "Waiting for the game to start." in page.content.decode()
    client.force_login(user)
    seat = client.get(seat_url(game, 2)).content.decode()
    assert "Waiting for the game to start." in seat
    assert 'name="event_id"' not in seat
    # Starting a game played with real cards adds no event: the status tells the poll.
    assert client.get(seat_url(game, 2, "board") + "?v=0&s=setup").status_code == 204
    for number in (0, 1):
        seat_by_authority(game, number, Player.objects.create(name=f"P{number}"))
    Game.objects.filter(pk=game.pk).update(mode=Game.Mode.PHYSICAL)
    start_game(game.pk)
    assert fresh(game).version == 0
    started = client.get(seat_url(game, 2, "board") + "?v=0&s=setup")
    assert started.status_code == 200
    assert "Score sheet: deal 1" in started.content.decode()
