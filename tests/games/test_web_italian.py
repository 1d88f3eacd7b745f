"""The game pages of Scopa, Briscola and Tresette: every seat's board, plays through
the page (Scopa's capture choices, Tresette's signals), refusals, hidden cards, the
log in words and the tally forms of games played with real cards."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.games.test_web_games import (
    NAMES,
    act_randomly,
    fresh,
    make_game,
    seat_url,
    shows_card,
    stamp,
    to_act,
)
from tournaments.models import Game, GameEvent
from tournaments.services.game_store import read_state
from tournaments.services.games import seat_view

ITALIAN = [
    ("scopa", 2),
    ("scopa", 3),
    ("scopa", 4),
    ("scopa", 6),
    ("briscola", 2),
    ("briscola", 3),
    ("briscola", 4),
    ("tresette", 4),
]


def secret_of(game: Game, viewer: int | None) -> set[str]:
    """The cards ``viewer`` may not see now: other hands, and the stock (Briscola's
    turned card is public)."""

    def collect(state: Any) -> set[str]:
        hidden = {c.code for s in range(state.players) if s != viewer for c in state.hand(s)}
        if state.name in ("scopa", "briscola") and state.phase == "play":
            hidden |= {c.code for c in state.stock[state.stock_pos :]}
        if state.name == "briscola" and state.briscola is not None:
            hidden.discard(state.briscola.code)
        return hidden

    return read_state(fresh(game), collect)


def legal_of(game: Game, seat: int) -> list[dict[str, Any]]:
    return read_state(fresh(game), lambda s: [a.to_event() for a in s.legal_actions(seat)])


def page(client: Any, game: Game, users: list[Any], seat: int) -> str:
    client.force_login(users[seat])
    response = client.get(seat_url(game, seat))
    assert response.status_code == 200
    return response.content.decode()


def move_value(event: dict[str, Any]) -> str:
    signal = [event["signal"]] if event.get("signal") else []
    return " ".join([event["card"], *event.get("capture", []), *signal])


def play_until(game: Game, rng: random.Random, wanted: Any, limit: int = 300) -> int:
    """Random plays until the seat to act has legal actions ``wanted`` accepts; that seat."""
    for _ in range(limit):
        seat = to_act(game)[0]
        if wanted(legal_of(game, seat), seat):
            return seat
        act_randomly(game, rng)
    raise AssertionError("never reached the wanted state")


# ---------------------------------------------------------------------- every seat


@pytest.mark.parametrize(("game_type", "players"), ITALIAN)
def test_every_seat_sees_its_hand_and_no_hidden_card(client, organiser, game_type, players):
    game, users = make_game(game_type, players, organiser)
    rng = random.Random(players)
    for _ in range(players + 2):  # a few plays: a trick or captures on the table
        act_randomly(game, rng)
    for seat in range(players):
        html = page(client, game, users, seat)
        held = read_state(fresh(game), lambda s, n=seat: [c.code for c in s.hand(n)])
        for code in held:
            assert f'data-card="{code}"' in html, (seat, code)
        for code in secret_of(game, seat):
            assert not shows_card(html, code), (game_type, seat, code)
    spectator = client.get(f"/games/{game.pk}/").content.decode()
    for code in secret_of(game, None):
        assert not shows_card(spectator, code), (game_type, "spectator", code)
    for name in NAMES[:players]:
        assert name.title() in spectator


def test_scopa_board_shows_table_stock_captures_and_last_play(client, organiser):
    game, users = make_game("scopa", 2, organiser)
    view = seat_view(fresh(game), 0)
    html = page(client, game, users, 0)
    assert 'aria-label="Cards on the table"' in html
    for code in view["table"]:
        assert f'data-card="{code}"' in html
    assert f"{view['stock_size']} cards face down" in html
    assert '<th class="num" scope="col">Taken</th>' in html and ">Scope</th>" in html
    seat = play_until(game, random.Random(5), lambda legal, s: any(e.get("capture") for e in legal))
    capture = next(e for e in legal_of(game, seat) if e.get("capture"))
    html = page(client, game, users, seat)
    client.post(seat_url(game, seat, "act"), {**stamp(html), "action": "play",
                                              "move": move_value(capture)})  # fmt: skip
    after = page(client, game, users, seat)
    assert "Last capture" in after and "Last play" in after
    assert "taking" in after and "and takes" in after  # the fact and the log


# ---------------------------------------------------------------------- Scopa's choices


def _scopa_with_a_choice(organiser: Any) -> tuple[Game, list[Any], int, str]:
    """A Scopa game where the seat to act has a card that captures in several ways."""
    game, users = make_game("scopa", 2, organiser)

    def several(legal: list[dict[str, Any]], seat: int) -> bool:
        cards = [e["card"] for e in legal]
        return any(cards.count(c) > 1 for c in cards)

    seat = play_until(game, random.Random(1), several, limit=400)
    cards = [e["card"] for e in legal_of(game, seat)]
    return game, users, seat, next(c for c in cards if cards.count(c) > 1)


def test_scopa_lists_every_legal_capture_as_a_choice_and_plays_the_chosen_one(client, organiser):
    game, users, seat, card = _scopa_with_a_choice(organiser)
    legal = legal_of(game, seat)
    html = page(client, game, users, seat)
    values = re.findall(r'name="move" value="([^"]+)"', html)
    assert sorted(values) == sorted(move_value(e) for e in legal)  # each one, once
    assert f'data-choices="choices-{card}"' in html
    assert f'id="choices-{card}" data-for="{card}" hidden' in html  # closed until tapped

    # Without the page's script, tapping the card asks the server: the choices open.
    before = fresh(game).version
    opened = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "play", "choose": card}
    )
    assert opened.status_code == 200 and fresh(game).version == before
    assert f'id="choices-{card}" data-for="{card}">' in opened.content.decode()

    chosen = [e for e in legal if e["card"] == card][-1]
    response = client.post(
        seat_url(game, seat, "act"),
        {**stamp(html), "action": "play", "move": move_value(chosen)},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert fresh(game).version == before + 1
    stored = GameEvent.objects.get(game=game, sequence=before).payload
    assert stored == chosen


def test_scopa_illegal_play_shows_the_engine_reason_and_changes_nothing(client, organiser):
    game, users = make_game("scopa", 2, organiser)
    seat = play_until(game, random.Random(3), lambda legal, s: any(e.get("capture") for e in legal))
    capture = next(e for e in legal_of(game, seat) if e.get("capture"))
    html = page(client, game, users, seat)
    before = fresh(game).version
    response = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "play", "move": capture["card"]}
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert 'class="banner"' in text and "must capture" in text
    assert fresh(game).version == before


# ---------------------------------------------------------------------- Briscola


def test_briscola_board_plays_through_the_page_and_refuses_another_seats_card(client, organiser):
    game, users = make_game("briscola", 2, organiser)
    seat = to_act(game)[0]
    view = seat_view(fresh(game), seat)
    html = page(client, game, users, seat)
    assert "Briscola" in html and f'data-card="{view["briscola"]}"' in html
    assert f"{view['stock_size']} cards to draw" in html and ">Points</th>" in html
    before = fresh(game).version
    other = read_state(fresh(game), lambda s: s.hand(1 - seat)[0].code)
    refused = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "play", "card": other}
    )
    assert refused.status_code == 400 and fresh(game).version == before
    card = view["hand"][0]
    response = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "play", "card": card}
    )
    assert response.status_code == 302 and fresh(game).version == before + 1
    assert f'data-card="{card}"' in page(client, game, users, seat)  # in the trick now


# ---------------------------------------------------------------------- Tresette


def test_tresette_leader_chooses_among_the_offered_signals(client, organiser):
    game, users = make_game("tresette", 4, organiser)
    seat = to_act(game)[0]
    legal = legal_of(game, seat)
    html = page(client, game, users, seat)
    values = re.findall(r'name="move" value="([^"]+)"', html)
    assert sorted(values) == sorted(move_value(e) for e in legal)
    assert "busso" in " ".join(values) and "Declarations" not in html
    volo = {e["card"] for e in legal if e.get("signal") == "volo"}
    for code in {e["card"] for e in legal} - volo:
        assert f"{code} volo" not in values  # volo only where the engine offers it
    chosen = next(e for e in legal if e.get("signal") == "striscio")
    before = fresh(game).version
    response = client.post(
        seat_url(game, seat, "act"),
        {**stamp(html), "action": "play", "move": move_value(chosen)},
    )
    assert response.status_code == 302
    assert GameEvent.objects.get(game=game, sequence=before).payload == chosen
    after = page(client, game, users, seat)
    assert '<span class="signal">striscio</span>' in after
    assert "leads (striscio" in after


def test_tresette_follow_suit_and_declarations_after_the_first_trick(client, organiser):
    game, users = make_game("tresette", 4, organiser)
    rng = random.Random(8)
    act_randomly(game, rng)
    seat = to_act(game)[0]
    legal = legal_of(game, seat)
    held = read_state(fresh(game), lambda s: [c.code for c in s.hand(seat)])
    allowed = {e["card"] for e in legal}
    html = page(client, game, users, seat)
    for code in held:
        assert (f'name="move" value="{code}"' in html) == (code in allowed)
    off_suit = [c for c in held if c not in allowed]
    if off_suit:
        before = fresh(game).version
        refused = client.post(
            seat_url(game, seat, "act"), {**stamp(html), "action": "play", "move": off_suit[0]}
        )
        assert refused.status_code == 400 and "follow" in refused.content.decode()
        assert fresh(game).version == before
    while read_state(fresh(game), lambda s: len(s.last_trick)) == 0:
        act_randomly(game, rng)
    declarations = seat_view(fresh(game), None)["declarations"]
    spectator = client.get(f"/games/{game.pk}/").content.decode()
    if declarations:
        assert "Declarations" in spectator
    else:
        assert "none this deal" in spectator


# ---------------------------------------------------------------------- tally forms


TALLIES = {
    "scopa": (
        2,
        {"cards_0": "22", "coins_0": "6", "scope_0": "1", "primiera_0": "78",
         "cards_1": "18", "coins_1": "4", "scope_1": "0", "primiera_1": "70",
         "settebello": "0"},
        {"cards_0": "22", "coins_0": "6", "scope_0": "1", "primiera_0": "78",
         "cards_1": "19", "coins_1": "4", "scope_1": "0", "primiera_1": "70",
         "settebello": "0"},
        [5, 0],
        "must add up to 40",
    ),
    "briscola": (
        2, {"points_0": "70", "points_1": "50"}, {"points_0": "119", "points_1": "1"}, [70, 50],
        "no set of cards",
    ),
    "tresette": (
        4,
        {"thirds_0": "20", "thirds_1": "12", "last_trick": "1", "declared_0": "3",
         "declared_1": "0"},
        {"thirds_0": "20", "thirds_1": "12", "last_trick": "1", "declared_0": "5",
         "declared_1": "0"},
        [9, 5],
        "no two hands can declare 5",
    ),
}  # fmt: skip


@pytest.mark.parametrize("game_type", sorted(TALLIES))
def test_tally_form_of_a_physical_italian_game(client, organiser, game_type):
    players, good, bad, scores, reason = TALLIES[game_type]
    options = {"games": 2} if game_type == "briscola" else None  # not over after one
    game, users = make_game(game_type, players, organiser, mode="physical", options=options)
    client.force_login(users[0])
    html = client.get(seat_url(game, 0)).content.decode()
    assert "Score sheet: deal 1" in html
    for name in good:
        assert f'name="{name}"' in html

    refused = client.post(seat_url(game, 0, "act"), {**stamp(html), "action": "tally", **bad})
    assert refused.status_code == 400
    assert reason in refused.content.decode()
    assert fresh(game).version == 0

    response = client.post(seat_url(game, 0, "act"), {**stamp(html), "action": "tally", **good})
    assert response.status_code == 302
    assert seat_view(fresh(game), None)["scores"] == scores
    page_after = client.get(seat_url(game, 0)).content.decode()
    assert "Score sheet: deal 2" in page_after
    assert "Score sheet:" in page_after and ("thirds" in page_after or game_type != "tresette")
