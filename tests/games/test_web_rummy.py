"""The game pages of Burraco and Scala 40: every seat's board (hand, piles, melds; no
hidden card, counted in copies: two decks), draws, melds, additions, the Scala 40
opening staged on the page, discards, refusals with the engine's reason, the meld
check, the wildcard choices and the log in words."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

import engine
from engine.games import scala40_play
from tests.games.test_api_games import copies
from tests.games.test_web_games import (
    NAMES,
    act_randomly,
    fresh,
    make_game,
    seat_url,
    stamp,
    to_act,
)
from tournaments.games.scala40 import joker_names
from tournaments.models import Game, GameEvent
from tournaments.services.game_store import read_state
from tournaments.web import rummy_actions

RUMMY = [("burraco", 2), ("burraco", 4), ("scala40", 2), ("scala40", 4)]
LOG = re.compile(r'<details class="log-box".*?</details>', re.S)
PUBLIC = ("meld", "add", "discard", "open", "swap")


def page(client: Any, game: Game, users: list[Any], seat: int) -> str:
    client.force_login(users[seat])
    response = client.get(seat_url(game, seat))
    assert response.status_code == 200
    return response.content.decode()


def drawn(html: str) -> Counter[str]:
    """Copies of each card the page draws or offers, outside the log."""
    board = LOG.sub("", html)
    return Counter(re.findall(r'data-card="([^"]+)"', board))


def assert_no_hidden_copy(game: Game, html: str, viewer: int | None) -> None:
    hidden, seen = read_state(fresh(game), lambda s: copies(s, viewer))
    shown = drawn(html)
    for code, n in shown.items():
        if hidden[code]:
            assert n <= seen[code], (viewer, code, n, seen[code])
    # The log names only cards of public plays.
    public: Counter[str] = Counter()
    for payload in GameEvent.objects.filter(game=game).values_list("payload", flat=True):
        if payload.get("type") in PUBLIC:
            public.update(re.findall(r"([2-9TJQKA][SHDC]|RJ|BJ)", str(payload)))
    logged = re.findall(r'data-card="([^"]+)"', "".join(LOG.findall(html)))
    assert set(logged) <= set(public), (viewer, set(logged) - set(public))


def post(client: Any, game: Game, seat: int, html: str, **data: Any) -> Any:
    return client.post(seat_url(game, seat, "act"), {**stamp(html), **data})


def state_of(game: Game) -> Any:
    return read_state(fresh(game), lambda s: s)


def until(game: Game, rng: random.Random, wanted: Any, limit: int = 600) -> int:
    """Random moves until ``wanted(state, seat)`` holds for the seat to act; that seat."""
    for _ in range(limit):
        seat = to_act(game)[0]
        if read_state(fresh(game), lambda s, n=seat: wanted(s, n)):
            return seat
        act_randomly(game, rng)
    raise AssertionError("never reached the wanted state")


# ---------------------------------------------------------------------- every seat


@pytest.mark.parametrize(("game_type", "players"), RUMMY)
def test_every_seat_sees_its_hand_the_table_and_no_hidden_copy(
    client, organiser, game_type, players
):
    game, users = make_game(game_type, players, organiser)
    rng = random.Random(players)
    spectator = ""
    for step in range(60):
        if not to_act(game):
            # A game of one hand (Burraco without a target; Scala 40 when a hand left
            # holds the limit) may end before 60 random moves; the states up to its
            # end were looked at, every 20 moves.
            break
        act_randomly(game, rng)
        if step % 20 == 19:
            for seat in range(players):
                html = page(client, game, users, seat)
                held = read_state(fresh(game), lambda s, n=seat: [c.code for c in s.hand(n)])
                board = drawn(html)
                for code, n in Counter(held).items():
                    assert board[code] >= n, (seat, code)
                assert "Stock" in html and "Discard pile" in html
                assert_no_hidden_copy(game, html, seat)
            spectator = client.get(f"/games/{game.pk}/").content.decode()
            assert_no_hidden_copy(game, spectator, None)
    assert spectator, "the game ended before its first look (20 moves)"
    for name in NAMES[:players]:
        assert name.title() in spectator


def test_burraco_turn_draw_meld_add_discard_through_the_page(client, organiser):
    game, users = make_game("burraco", 2, organiser)
    rng = random.Random(3)

    def naturals(state: Any, seat: int) -> list[list[str]]:
        events = [a.to_event() for a in state.meld_candidates(seat)]
        return [
            e["cards"]
            for e in events
            if e["type"] == "meld" and not any(c[0] == "2" or c[1] == "J" for c in e["cards"])
        ]

    def natural_meld(state: Any, seat: int) -> bool:
        return state.phase == "meld" and bool(naturals(state, seat))

    seat = until(game, rng, lambda s, n: s.phase == "draw")
    html = page(client, game, users, seat)
    assert "Draw from the stock" in html and "Take the discard pile" in html
    assert post(client, game, seat, html, action="draw_stock").status_code == 302
    assert fresh(game).version == GameEvent.objects.filter(game=game).count()
    seat = until(game, rng, natural_meld)
    cards = read_state(fresh(game), lambda s: naturals(s, seat))[0]
    html = page(client, game, users, seat)
    assert "Meld" in html and "tap to select" in html
    # The meld check answers, and changes nothing.
    check = client.get(seat_url(game, seat, "meld-check"), {"cards": cards[::-1]})
    assert check.status_code == 200 and "✓ A legal" in check.content.decode()
    version = fresh(game).version
    response = post(client, game, seat, html, action="meld", cards=cards[::-1])
    assert response.status_code == 302
    last = GameEvent.objects.filter(game=game).order_by("-sequence").first()
    assert last.payload["type"] == "meld" and sorted(last.payload["cards"]) == sorted(cards)
    assert fresh(game).version == version + 1
    html = page(client, game, users, seat)
    assert 'data-meld="0"' in html  # the new meld can be tapped to add to
    legal = read_state(fresh(game), lambda s: [a.to_event() for a in s.legal_actions(seat)])
    card = next(e["card"] for e in legal if e["type"] == "discard")
    assert post(client, game, seat, html, action="discard", cards=[card]).status_code == 302
    assert "discards" in page(client, game, users, seat)


def test_an_illegal_meld_shows_the_engine_reason_and_changes_nothing(client, organiser):
    game, users = make_game("burraco", 2, organiser)
    rng = random.Random(4)
    seat = until(game, rng, lambda s, n: s.phase == "meld")
    hand = [c.code for c in state_of(game).hand(seat)]
    # Two cards are never a meld.
    pick = hand[:2]
    check = client.get(seat_url(game, seat, "meld-check"), {"cards": pick})
    client.force_login(users[seat])
    check = client.get(seat_url(game, seat, "meld-check"), {"cards": pick})
    assert "✗" in check.content.decode() and "at least 3 cards" in check.content.decode()
    html = page(client, game, users, seat)
    version = fresh(game).version
    response = client.post(
        seat_url(game, seat, "act"),
        {**stamp(html), "action": "meld", "cards": pick},
        HTTP_HX_REQUEST="true",
    )
    text = response.content.decode()
    assert response.status_code == 400
    assert 'class="banner"' in text and "at least 3 cards" in text
    assert fresh(game).version == version
    for code in pick:  # the selection is kept
        assert re.search(rf'value="{code}"[^>]*checked', text)
    # Adding to a meld that is not there, discarding two cards: refused too.
    assert post(client, game, seat, html, action="add", meld="7", cards=pick).status_code == 400
    assert post(client, game, seat, html, action="discard", cards=pick).status_code == 400
    assert fresh(game).version == version
    # Another seat may not ask.
    other = (seat + 1) % 2
    assert client.get(seat_url(game, other, "meld-check"), {"cards": pick}).status_code == 403


def test_scala40_opening_is_staged_on_the_page_then_sent_whole(client, organiser):
    game, users = make_game("scala40", 2, organiser)
    rng = random.Random(6)

    def can_open(state: Any, seat: int) -> bool:
        return (
            state.phase == "play"
            and state.drawn
            and not state.opened[seat]
            and state.must_use is None
            and scala40_play.find_open(state.hands[seat], random.Random(0)) is not None
        )

    seat = until(game, rng, can_open)
    state = state_of(game)
    melds = scala40_play.find_open(state.hands[seat], random.Random(0))
    html = page(client, game, users, seat)
    assert "Stage this meld" in html and "Open" in html
    staged: list[str] = []
    for meld in melds:
        tokens = meld.tokens()
        cards = [t.partition("=")[0] for t in tokens]
        joker = next((t.partition("=")[2] for t in tokens if "=" in t), "")
        data = {"action": "stage", "cards": cards, "staged": staged, "joker_as": joker}
        response = post(client, game, seat, html, **data)
        assert response.status_code == 200, response.content.decode()[:2000]
        html = response.content.decode()
        staged = re.findall(r'name="staged" value="([^"]+)"', html)
    assert len(staged) == len(melds) and "Your opening so far" in html
    version = fresh(game).version
    # Taking one back, and opening with too little, change nothing.
    response = post(client, game, seat, html, action="unstage 0", staged=staged)
    assert len(re.findall(r'name="staged"', response.content.decode())) == len(melds) - 1
    assert fresh(game).version == version
    response = post(client, game, seat, html, action="open", staged=staged)
    assert response.status_code == 302, response.content.decode()[:3000]
    last = GameEvent.objects.filter(game=game).order_by("-sequence").first().payload
    assert last["type"] == "open" and len(last["melds"]) == len(melds)
    html = page(client, game, users, seat)
    assert "opened" in html and "opens with" in html


def test_scala40_illegal_meld_and_opening_refused_with_the_engine_reason(client, organiser):
    game, users = make_game("scala40", 2, organiser)
    rng = random.Random(8)
    seat = until(game, rng, lambda s, n: s.phase == "play" and s.drawn and not s.opened[n])
    hand = [c.code for c in state_of(game).hand(seat)]
    html = page(client, game, users, seat)
    version = fresh(game).version
    response = post(client, game, seat, html, action="meld", cards=hand[:3])
    assert response.status_code == 400 and 'class="banner"' in response.content.decode()
    response = post(client, game, seat, html, action="stage", cards=hand[:2])
    assert response.status_code == 400 and "at least 3 cards" in response.content.decode()
    client.force_login(users[seat])
    check = client.get(seat_url(game, seat, "meld-check"), {"cards": hand[:2], "target": "open"})
    assert "✗" in check.content.decode()
    assert fresh(game).version == version


# ---------------------------------------------------------------------- wildcard choices


def test_burraco_wildcard_choices_come_from_the_engine():
    state = engine.new_game("burraco", 2)
    state.apply(state.random_deal_event(random.Random(1)))
    seat = state.to_act
    state.apply({"type": "draw", "seat": seat, "from": "stock"})
    state.hands[seat] = [engine.Card.parse(c) for c in ("5H", "6H", "BJ", "9S", "9D", "KC")]
    tokens, answer = rummy_actions.tokens_for("burraco", state, seat, ["5H", "6H", "BJ"], None, "")
    labels = sorted(label for _, label in answer.choices)
    assert labels == ["as 4♥\ufe0e", "as 7♥\ufe0e"] and not answer.chosen
    value = next(v for v, label in answer.choices if "7" in label)
    tokens, answer = rummy_actions.tokens_for(
        "burraco", state, seat, ["5H", "6H", "BJ"], None, value
    )
    assert tokens == ["5H", "6H", "BJ"] and answer.chosen == value
    # One way only: used without asking.
    tokens, answer = rummy_actions.tokens_for("burraco", state, seat, ["5H", "BJ", "9S"], None, "")
    assert not answer.ok and answer.text


def test_scala40_joker_names_offered_are_the_ones_that_make_a_meld():
    state = engine.new_game("scala40", 2)
    state.apply(state.random_deal_event(random.Random(1)))
    names = joker_names(state, ["5H", "6H", "RJ"], None)
    assert [value for value, _ in names] == ["4H", "7H"]
    names = joker_names(state, ["KS", "KH", "BJ"], None)
    assert sorted(value for value, _ in names) == ["KC", "KD"]
    tokens, answer = rummy_actions.tokens_for("scala40", state, 0, ["KS", "KH", "BJ"], None, "KD")
    assert tokens == ["KS", "KH", "BJ=KD"] and answer.chosen == "KD"


def test_scala40_melds_are_not_offered_for_additions_before_opening(client, organiser):
    """Before opening a player may not add to melds: the melds on the table are not
    buttons (tapping one would aim at an 'Add' the page does not offer)."""
    game, users = make_game("scala40", 3, organiser)
    rng = random.Random(5)

    def waiting_to_open_with_melds_down(state: Any, seat: int) -> bool:
        return (
            state.phase == "play" and state.drawn and not state.opened[seat] and bool(state.melds)
        )

    seat = until(game, rng, waiting_to_open_with_melds_down, limit=1500)
    html = page(client, game, users, seat)
    assert "Stage this meld" in html
    assert "data-meld=" not in html and 'name="meld"' not in html
