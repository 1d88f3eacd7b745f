"""The game interface every game shares (engine/__init__.py, engine/game.py), tried on whist:
creating games, options, malformed and illegal events, and that a rejected event
leaves the game exactly as it was."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine import (
    CardNotHeld,
    IllegalEvent,
    InvalidOption,
    MalformedEvent,
    MustFollowSuit,
    NotYourTurn,
    UnknownGame,
    WrongPhase,
    new_game,
)
from engine.cards import french_deck
from engine.game import Game
from tests.support.engine import dealing_order, play_until_over, rejects, snapshot


def dealt_whist(seed: int = 7, **options: Any) -> Game:
    game = new_game("whist", 4, options)
    game.apply(game.random_deal_event(random.Random(seed)))
    return game


# ---------------------------------------------------------------------- games and options


def test_available_games_include_whist() -> None:
    names = engine.available_games()
    assert "whist" in names
    for name in names:
        cls = engine.game_class(name)
        assert cls.name == name
        assert issubclass(cls, Game)


def test_engine_version_is_a_string() -> None:
    assert isinstance(engine.ENGINE_VERSION, str) and engine.ENGINE_VERSION


@pytest.mark.parametrize("name", ["poker", "Whist", "", None, 3, ["whist"]])
def test_unknown_game(name: Any) -> None:
    with pytest.raises(UnknownGame) as caught:
        new_game(name, 4)
    assert "whist" in str(caught.value)  # lists the games there are
    with pytest.raises(UnknownGame):
        engine.game_class(name)


@pytest.mark.parametrize("players", [0, 1, 2, 3, 5, 6, -4])
def test_wrong_player_count(players: int) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("whist", players)
    assert str(players) in str(caught.value)
    assert caught.value.option is None


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_player_count_must_be_a_whole_number(players: Any) -> None:
    with pytest.raises(InvalidOption):
        new_game("whist", players)


def test_unknown_option_is_named() -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("whist", 4, {"target": 5, "honours": True})
    assert caught.value.option == "honours"
    assert "'honours'" in str(caught.value)
    assert "target" in str(caught.value)  # the options it does have


@pytest.mark.parametrize("value", ["5", 5.0, True, None, [5], {"n": 5}])
def test_option_of_the_wrong_type_is_named(value: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("whist", 4, {"target": value})
    assert caught.value.option == "target"
    assert "'target'" in str(caught.value)


@pytest.mark.parametrize("value", [0, -1, 101, 10**9])
def test_option_out_of_range_is_named(value: int) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("whist", 4, {"target": value})
    assert caught.value.option == "target"


@pytest.mark.parametrize("options", [["target"], "target=5", 5])
def test_options_must_be_an_object(options: Any) -> None:
    with pytest.raises(InvalidOption):
        new_game("whist", 4, options)


def test_options_default_and_are_honoured() -> None:
    assert new_game("whist", 4).options == {"target": 5}
    assert new_game("whist", 4, None).options == {"target": 5}
    assert new_game("whist", 4, {"target": 1}).options == {"target": 1}


@pytest.mark.parametrize("first_dealer", [-1, 4, 10, "0", 1.0, True, None])
def test_bad_first_dealer(first_dealer: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("whist", 4, first_dealer=first_dealer)
    assert "first_dealer" in str(caught.value)


@pytest.mark.parametrize("first_dealer", [0, 1, 2, 3])
def test_first_dealer(first_dealer: int) -> None:
    game = new_game("whist", 4, first_dealer=first_dealer)
    assert game.dealer == first_dealer
    assert game.view(None)["dealer"] == first_dealer


def test_a_new_game_awaits_a_deal() -> None:
    game = new_game("whist", 4)
    assert game.awaiting == "deal"
    assert game.to_act is None
    assert game.legal_actions() == []
    assert game.scores == [0, 0]
    assert game.deal_scores is None
    assert not game.over and game.winner is None


@pytest.mark.parametrize("seat", [-1, 4, "0", 1.5, True])
def test_view_of_a_seat_that_does_not_exist(seat: Any) -> None:
    with pytest.raises(InvalidOption):
        new_game("whist", 4).view(seat)


# ---------------------------------------------------------------------- malformed events


@pytest.mark.parametrize("event", [None, "play", 3, ["play", 1, "AS"], ("type", "play")])
def test_an_event_must_be_an_object(event: Any) -> None:
    rejects(dealt_whist(), event, MalformedEvent)
    rejects(new_game("whist", 4), event, MalformedEvent)


@pytest.mark.parametrize(
    "event",
    [
        {},
        {"type": "bid", "seat": 1, "bid": 7},
        {"type": "split", "seat": 1, "first": []},
        {"type": "PLAY", "seat": 1, "card": "AS"},
        {"type": None},
        {"type": 1},
        {"seat": 1, "card": "AS"},
    ],
)
def test_unknown_event_type(event: dict[str, Any]) -> None:
    error = rejects(dealt_whist(), event, MalformedEvent)
    assert "play" in str(error)  # lists the events the game has


@pytest.mark.parametrize(
    "event",
    [
        {"type": "play", "card": "AS"},
        {"type": "play", "seat": 1},
        {"type": "play", "seat": None, "card": "AS"},
        {"type": "play", "seat": "1", "card": "AS"},
        {"type": "play", "seat": True, "card": "AS"},
        {"type": "play", "seat": 4, "card": "AS"},
        {"type": "play", "seat": -1, "card": "AS"},
        {"type": "play", "seat": 1, "card": "as"},
        {"type": "play", "seat": 1, "card": "1S"},
        {"type": "play", "seat": 1, "card": "A"},
        {"type": "play", "seat": 1, "card": None},
        {"type": "play", "seat": 1, "card": 14},
        {"type": "deal"},
        {"type": "deal", "deck": "AS KS"},
        {"type": "deal", "deck": None},
        {"type": "deal", "deck": ["AS", "ks"]},
        {"type": "tally"},
        {"type": "tally", "tricks": [7]},
        {"type": "tally", "tricks": [7, 6, 0]},
        {"type": "tally", "tricks": ["7", "6"]},
        {"type": "tally", "tricks": [7.0, 6]},
        {"type": "tally", "tricks": [True, 12]},
        {"type": "tally", "tricks": [14, -1]},
        {"type": "tally", "tricks": 13},
    ],
)
def test_malformed_event(event: dict[str, Any]) -> None:
    rejects(dealt_whist(), event, MalformedEvent)
    rejects(new_game("whist", 4), event, MalformedEvent)


def test_malformed_event_messages_name_the_field() -> None:
    game = dealt_whist()
    assert "'seat'" in str(rejects(game, {"type": "play", "card": "AS"}, MalformedEvent))
    assert "'card'" in str(rejects(game, {"type": "play", "seat": 1}, MalformedEvent))
    error = rejects(game, {"type": "play", "seat": 1, "card": "as"}, MalformedEvent)
    assert "'AS'" in str(error)  # the spelling it should have
    assert error.event == {"type": "play", "seat": 1, "card": "as"}


def test_a_malformed_card_in_an_event_is_a_malformed_event_not_a_crash() -> None:
    error = rejects(dealt_whist(), {"type": "play", "seat": 1, "card": "XX"}, MalformedEvent)
    assert "XX" in str(error)


# ---------------------------------------------------------------------- illegal events


def test_play_before_the_deal_is_wrong_phase() -> None:
    game = new_game("whist", 4)
    error = rejects(game, {"type": "play", "seat": 1, "card": "AS"}, WrongPhase)
    assert isinstance(error, IllegalEvent)
    assert error.seat == 1
    assert error.rule == "phase"


def test_not_your_turn() -> None:
    game = dealt_whist()
    assert game.to_act == 1
    for seat in (0, 2, 3):
        held = game.hand(seat)[0]
        error = rejects(game, {"type": "play", "seat": seat, "card": held.code}, NotYourTurn)
        assert error.seat == seat
        assert error.rule == "turn order"
        assert "seat 1" in str(error)


def test_card_not_held() -> None:
    game = dealt_whist()
    other = game.hand(2)[0]
    error = rejects(game, {"type": "play", "seat": 1, "card": other.code}, CardNotHeld)
    assert error.seat == 1
    assert other.code in str(error)
    assert error.rule == "cards in hand"


def test_a_card_already_played_is_not_held() -> None:
    game = dealt_whist()
    played = game.hand(1)[0]
    game.apply({"type": "play", "seat": 1, "card": played.code})
    # seat 1 plays again later in the hand: find its turn
    rng = random.Random(3)
    while game.to_act != 1:
        game.apply(game.random_action(rng).to_event())
    rejects(game, {"type": "play", "seat": 1, "card": played.code}, CardNotHeld)


def _suit_hands() -> dict[int, list[str]]:
    ranks = "23456789TJQKA"
    return {seat: [r + suit for r in ranks] for seat, suit in enumerate("SHDC")}


def test_must_follow_suit() -> None:
    # Seat 1 holds all the hearts, seat 2 all the diamonds... give seat 2 one heart.
    hands = _suit_hands()
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]  # 2D to seat 1, 2H to seat 2
    game = new_game("whist", 4)
    game.apply({"type": "deal", "deck": dealing_order(hands, french_deck())})
    game.apply({"type": "play", "seat": 1, "card": "AH"})
    error = rejects(game, {"type": "play", "seat": 2, "card": "AD"}, MustFollowSuit)
    assert error.rule == "follow suit"
    assert "hearts" in str(error)
    game.apply({"type": "play", "seat": 2, "card": "2H"})


def test_anything_after_the_game_is_over_is_wrong_phase() -> None:
    game = play_until_over(new_game("whist", 4, {"target": 1}), random.Random(0))
    assert game.over
    deck = [c.code for c in french_deck()]
    for event in (
        {"type": "deal", "deck": deck},
        {"type": "play", "seat": 0, "card": "AS"},
        {"type": "play", "seat": game.dealer, "card": "2C"},
        {"type": "tally", "tricks": [7, 6]},
    ):
        rejects(game, event, WrongPhase)
    assert game.to_act is None
    assert game.legal_actions() == []


def test_deal_during_a_hand_is_wrong_phase() -> None:
    game = dealt_whist()
    rejects(game, game.random_deal_event(random.Random(1)), WrongPhase)


def test_tally_during_a_hand_is_wrong_phase() -> None:
    game = dealt_whist()
    rejects(game, {"type": "tally", "tricks": [7, 6]}, WrongPhase)


@pytest.mark.parametrize(
    "change",
    ["short", "long", "duplicate", "joker", "empty", "double"],
)
def test_a_deal_must_be_a_permutation_of_the_deck(change: str) -> None:
    deck = [c.code for c in french_deck()]
    if change == "short":
        deck = deck[:-1]
    elif change == "long":
        deck = [*deck, "AS"]
    elif change == "duplicate":
        deck[0] = deck[1]
    elif change == "joker":
        deck[-1] = "RJ"
    elif change == "empty":
        deck = []
    elif change == "double":
        deck = deck + deck
    game = new_game("whist", 4)
    error = rejects(game, {"type": "deal", "deck": deck}, IllegalEvent)
    assert "52" in str(error)
    assert game.awaiting == "deal"


def test_a_good_deal_in_any_order_is_accepted() -> None:
    deck = [c.code for c in french_deck()]
    random.Random(5).shuffle(deck)
    game = new_game("whist", 4)
    game.apply({"type": "deal", "deck": deck})
    assert game.to_act == 1
    assert sorted(len(game.hand(s)) for s in range(4)) == [13, 13, 13, 13]


def test_rejected_events_mid_hand_leave_the_game_unchanged() -> None:
    game = dealt_whist(seed=11)
    rng = random.Random(11)
    for _ in range(25):  # into the middle of the hand
        game.apply(game.random_action(rng).to_event())
    seat = game.to_act
    assert isinstance(seat, int)
    legal = {a.card for a in game.legal_actions()}
    held = game.hand(seat)
    for c in held:
        if c not in legal:
            rejects(game, {"type": "play", "seat": seat, "card": c.code}, MustFollowSuit)
    for other in range(4):
        if other != seat and game.hand(other):
            event = {"type": "play", "seat": other, "card": game.hand(other)[0].code}
            rejects(game, event, NotYourTurn)
    foreign = next(c for c in french_deck() if c not in held)
    rejects(game, {"type": "play", "seat": seat, "card": foreign.code}, CardNotHeld)


def test_apply_returns_the_action_and_to_event_round_trips() -> None:
    game = dealt_whist()
    action = game.legal_actions()[0]
    event = action.to_event()
    assert event == {"type": "play", "seat": 1, "card": action.card.code}  # type: ignore[union-attr]
    assert game.apply(event) == action


def test_copy_is_independent() -> None:
    game = dealt_whist()
    before = snapshot(game)
    clone = game.copy()
    clone.apply(clone.legal_actions()[0].to_event())
    assert snapshot(game) == before
    assert snapshot(clone) != before


def test_views_are_json() -> None:
    game = dealt_whist()
    for seat in [None, 0, 1, 2, 3]:
        view = game.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert view["seat"] == seat
    assert game.view(1)["legal"]
    assert game.view(0)["legal"] == []
    assert "legal" not in game.view(None)


def test_event_handlers_are_gathered_from_the_decorated_methods() -> None:
    from engine.game import Game, applier, parser
    from engine.games.whist import Whist

    assert Whist.EVENTS == {
        "deal": ("_parse_deal", "_apply_deal"),
        "tally": ("_parse_tally", "_apply_tally"),
        "play": ("_parse_play", "_apply_play"),
        "resign": ("_parse_resign", "_apply_resign"),
        "concede": ("_parse_concede", "_apply_concede"),
        "adjourn": ("_parse_adjourn", "_apply_adjourn"),
        "resume": ("_parse_resume", "_apply_resume"),
    }

    with pytest.raises(TypeError, match="lacking a parser or an applier: bid"):

        class Broken(Game):  # a parser and no applier
            @parser("bid")
            def _parse_bid(self, event: Any) -> Any:
                raise NotImplementedError

    class Bidding(Whist):
        @parser("bid")
        def _parse_bid(self, event: Any) -> Any:
            raise NotImplementedError

        @applier("bid")
        def _apply_bid(self, action: Any) -> None:
            raise NotImplementedError

    assert Bidding.EVENTS["bid"] == ("_parse_bid", "_apply_bid")
    assert "bid" not in Whist.EVENTS
