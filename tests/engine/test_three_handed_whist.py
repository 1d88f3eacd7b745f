"""Three-handed whist: one test per rule of RULES.md §4 (and the seed 003), on
hand-built decks."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import (
    CardNotHeld,
    InvalidOption,
    InvalidTally,
    MalformedEvent,
    MustFollowSuit,
    NotYourTurn,
    WrongPhase,
    new_game,
)
from engine.cards import french_deck
from engine.game import Game
from tests.support.engine import cards_of, hand_of, passes_check, play, record_files, rejects

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"

# MIXED (dealer 0): seat 1 leads; seat 2 is void in spades and holds low clubs.
MIXED_1 = "AS KS QS JS 2H 3H 4H 5H 6H 7H 8H 9H TH"
MIXED_2 = "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 7D 8D 9D"
MIXED_0 = "TS 9S 8S 7S 6S JH QH KH AH TD JD QD KD"
MIXED_DUMMY = "5S 4S 3S 2S AD 7C 8C 9C TC JC QC KC AC"


def deck_for(hand0: str, hand1: str, hand2: str, dummy: str) -> list[str]:
    """The deck dealing hand 0 to ``dealer + 1``, hand 1 to ``dealer + 2``, hand 2 to
    the dealer and the dummy: ``deck[i]`` goes to hand ``i mod 4``."""
    hands = [cards_of(hand0), cards_of(hand1), cards_of(hand2), cards_of(dummy)]
    assert all(len(hand) == 13 for hand in hands)
    deck = [hands[index % 4][index // 4] for index in range(52)]
    assert sorted(deck) == sorted(c.code for c in french_deck())
    return deck


def dealt(
    hands: tuple[str, str, str, str] = (SPADES, HEARTS, DIAMONDS, CLUBS),
    dealer: int = 0,
    **options: Any,
) -> Game:
    game = new_game("three_handed_whist", 3, options, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck_for(*hands)})
    return game


def mixed(dealer: int = 0) -> Game:
    """MIXED dealt and everybody keeping their hand."""
    game = dealt((MIXED_1, MIXED_2, MIXED_0, MIXED_DUMMY), dealer=dealer)
    for seat in ((dealer + 1) % 3, (dealer + 2) % 3, dealer):
        exchange(game, seat, False)
    return game


def exchange(game: Game, seat: int, take: bool) -> None:
    game.apply({"type": "exchange", "seat": seat, "take": take})


def tally(game: Game, dummy: int | None, tricks: list[int]) -> None:
    game.apply({"type": "tally", "dummy": dummy, "tricks": tricks})


def play_out(game: Game, rng: random.Random) -> None:
    """Play the current deal (exchanges included) at random to its end."""
    while game.phase != "deal" and not game.over:
        game.push(game.random_action(rng))


def codes_in(view: dict[str, Any]) -> str:
    return json.dumps(view)


# ---------------------------------------------------------------------- the deal


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_into_four_hands_the_fourth_is_the_dummy(dealer: int) -> None:
    game = dealt(dealer=dealer)
    assert hand_of(game, (dealer + 1) % 3) == set(cards_of(SPADES))
    assert hand_of(game, (dealer + 2) % 3) == set(cards_of(HEARTS))
    assert hand_of(game, dealer) == set(cards_of(DIAMONDS))
    held = set().union(*(hand_of(game, seat) for seat in range(3)))
    assert not held & set(cards_of(CLUBS))  # the dummy is nobody's
    assert game.view(None)["hand_sizes"] == [13, 13, 13]
    assert game.view(None)["spare_size"] == 13


def test_deck_index_i_goes_to_hand_i_mod_4() -> None:
    deck = [c.code for c in french_deck()]
    random.Random(9).shuffle(deck)
    game = new_game("three_handed_whist", 3, first_dealer=2)
    game.apply({"type": "deal", "deck": deck})
    seats = [0, 1, 2]  # dealer 2: hands 0, 1, 2 are seats 0, 1, 2
    for index, code in enumerate(deck):
        if index % 4 < 3:
            assert code in hand_of(game, seats[index % 4])


# ---------------------------------------------------------------------- exchange


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_exchange_in_order_left_of_dealer_first(dealer: int) -> None:
    game = dealt(dealer=dealer)
    order = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    for position, seat in enumerate(order):
        assert game.to_act == seat
        assert game.phase == "exchange"
        for other in order:
            if other != seat:
                rejects(game, {"type": "exchange", "seat": other, "take": True}, NotYourTurn)
        exchange(game, seat, position == 1)
    assert game.phase == "play"


def test_exchange_legal_actions_are_keep_or_take() -> None:
    game = dealt()
    assert [a.to_event() for a in game.legal_actions()] == [
        {"type": "exchange", "seat": 1, "take": False},
        {"type": "exchange", "seat": 1, "take": True},
    ]
    assert game.legal_actions(2) == []
    assert game.view(1)["legal"] == [
        {"type": "exchange", "seat": 1, "take": False},
        {"type": "exchange", "seat": 1, "take": True},
    ]


def test_keeping_the_hand_changes_nothing_but_the_turn() -> None:
    game = dealt()
    exchange(game, 1, False)
    assert hand_of(game, 1) == set(cards_of(SPADES))
    assert game.view(None)["spare_is_dummy"] is True


def test_taking_the_dummy_swaps_it_for_the_own_hand() -> None:
    game = dealt()
    exchange(game, 1, True)
    assert hand_of(game, 1) == set(cards_of(CLUBS))
    # Seat 1's spades are now the spare: the next player may take them.
    exchange(game, 2, True)
    assert hand_of(game, 2) == set(cards_of(SPADES))
    exchange(game, 0, True)
    assert hand_of(game, 0) == set(cards_of(HEARTS))


def test_play_starts_after_all_three_exchanges_left_of_dealer_leads() -> None:
    for dealer in range(3):
        game = dealt(dealer=dealer)
        exchange(game, (dealer + 1) % 3, False)
        exchange(game, (dealer + 2) % 3, True)
        assert game.phase == "exchange"
        exchange(game, dealer, False)
        assert game.phase == "play"
        assert game.to_act == (dealer + 1) % 3
        assert game.tricks == [0, 0, 0]


def test_no_play_during_the_exchange() -> None:
    game = dealt()
    error = rejects(game, {"type": "play", "seat": 1, "card": "AS"}, WrongPhase)
    assert "exchange" in str(error)


def test_no_exchange_once_play_has_started() -> None:
    game = mixed()
    for seat in range(3):
        error = rejects(game, {"type": "exchange", "seat": seat, "take": True}, WrongPhase)
        assert f"seat {seat}" in str(error) and "exchange" in str(error)


def test_no_exchange_before_a_deal() -> None:
    game = new_game("three_handed_whist", 3)
    rejects(game, {"type": "exchange", "seat": 1, "take": False}, WrongPhase)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "exchange", "seat": 1},
        {"type": "exchange", "seat": 1, "take": "yes"},
        {"type": "exchange", "seat": 1, "take": 1},
        {"type": "exchange", "take": True},
        {"type": "exchange", "seat": 3, "take": True},
    ],
)
def test_malformed_exchange(event: dict[str, Any]) -> None:
    rejects(dealt(), event, MalformedEvent)


def test_a_spare_card_cannot_be_played() -> None:
    game = dealt()
    exchange(game, 1, False)
    exchange(game, 2, False)
    exchange(game, 0, False)
    error = rejects(game, {"type": "play", "seat": 1, "card": "AC"}, CardNotHeld)
    assert "AC" in str(error)
    for hidden in cards_of(CLUBS)[1:]:
        assert hidden not in str(error)


# ---------------------------------------------------------------------- targets


def test_taking_the_original_dummy_sets_target_four() -> None:
    game = dealt()
    exchange(game, 1, False)
    exchange(game, 2, True)
    exchange(game, 0, False)
    assert game.view(None)["targets"] == [3, 3, 4]
    assert game.view(None)["dummy_taker"] == 2


def test_taking_discarded_hand_keeps_target_three() -> None:
    game = dealt()
    exchange(game, 1, True)  # takes the dummy
    exchange(game, 2, True)  # takes seat 1's discarded spades
    exchange(game, 0, True)  # takes seat 2's discarded hearts
    assert game.view(None)["targets"] == [3, 4, 3]


def test_nobody_taking_the_dummy_leaves_every_target_at_three() -> None:
    game = mixed()
    assert game.view(None)["targets"] == [3, 3, 3]
    assert game.view(None)["dummy_taker"] is None


def test_deal_score_is_tricks_minus_target() -> None:
    # Seat 2 takes the clubs dummy (target 4) and wins all 13 tricks with trumps.
    game = dealt()
    exchange(game, 1, False)
    exchange(game, 2, True)
    exchange(game, 0, True)  # seat 2's hearts: target 3
    spades, hearts, clubs = cards_of(SPADES), cards_of(HEARTS), cards_of(CLUBS)
    play(game, 1, spades[0])
    play(game, 2, clubs[-1])
    play(game, 0, hearts[0])
    for number in range(1, 13):
        play(game, 2, clubs[number - 1])
        play(game, 0, hearts[number])
        play(game, 1, spades[number])
    assert game.tricks == [0, 0, 13]
    assert game.deal_scores == [-3, -3, 9]
    assert game.scores == [-3, -3, 9]


@pytest.mark.parametrize("seed", range(6))
def test_deal_score_of_any_played_deal(seed: int) -> None:
    rng = random.Random(seed)
    game = new_game("three_handed_whist", 3)
    game.apply(game.random_deal_event(rng))
    while game.phase == "exchange":
        game.push(game.random_action(rng))
    targets = game.view(None)["targets"]
    play_out(game, rng)
    tricks = game.tricks
    assert tricks is not None and sum(tricks) == 13
    assert game.deal_scores == [t - target for t, target in zip(tricks, targets, strict=True)]


# ---------------------------------------------------------------------- play


def test_clubs_are_always_trumps() -> None:
    game = mixed()
    assert game.view(None)["trump"] == "C"
    play(game, 1, "AS")
    play(game, 2, "2C")  # void in spades: trumps with the lowest club
    play(game, 0, "TS")
    assert game.view(None)["last_trick_winner"] == 2
    assert game.to_act == 2


@pytest.mark.parametrize("seed", range(3))
def test_clubs_are_trumps_whatever_the_deck(seed: int) -> None:
    game = new_game("three_handed_whist", 3)
    game.apply(game.random_deal_event(random.Random(seed)))
    assert game.view(None)["trump"] == "C"


def test_must_follow_suit() -> None:
    game = mixed()
    play(game, 1, "AS")
    play(game, 2, "2C")
    error = rejects(game, {"type": "play", "seat": 0, "card": "JH"}, MustFollowSuit)
    assert "seat 0" in str(error) and "spades" in str(error)
    assert {a.to_event()["card"] for a in game.legal_actions()} == set(cards_of("TS 9S 8S 7S 6S"))


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    game = mixed()
    play(game, 1, "AS")
    assert {a.to_event()["card"] for a in game.legal_actions()} == set(cards_of(MIXED_2))


def test_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    game = mixed()
    play(game, 1, "AS")
    play(game, 2, "2C")
    play(game, 0, "TS")
    play(game, 2, "2D")
    play(game, 0, "TD")
    play(game, 1, "2H")  # void in diamonds, no trump
    assert game.view(None)["last_trick_winner"] == 0
    assert game.to_act == 0


def test_winner_of_a_trick_leads_the_next() -> None:
    game = mixed()
    play(game, 1, "AS")
    play(game, 2, "2C")
    play(game, 0, "TS")
    rejects(game, {"type": "play", "seat": 1, "card": "KS"}, NotYourTurn)
    assert game.to_act == 2


def test_thirteen_tricks_a_deal() -> None:
    game = dealt()
    play_out(game, random.Random(4))
    assert game.tricks is not None and sum(game.tricks) == 13
    assert game.phase == "deal"


# ---------------------------------------------------------------------- views


def test_views_hide_the_spare() -> None:
    game = dealt()
    dummy = cards_of(CLUBS)
    for seat in (None, 0, 1, 2):
        text = codes_in(game.view(seat))
        assert not any(f'"{code}"' in text for code in dummy)
    exchange(game, 1, True)  # seat 1 takes the dummy; its spades are the spare
    assert set(game.view(1)["hand"]) == set(dummy)
    for seat in (None, 0, 2):
        text = codes_in(game.view(seat))
        assert not any(f'"{code}"' in text for code in dummy + cards_of(SPADES))
    exchange(game, 2, False)
    exchange(game, 0, False)
    # The spades are out of the deal: nobody sees them, even during play.
    for seat in (None, 0, 1, 2):
        text = codes_in(game.view(seat))
        assert not any(f'"{code}"' in text for code in cards_of(SPADES))


def test_views_show_own_hand_only() -> None:
    game = dealt()
    view = game.view(2)
    assert set(view["hand"]) == set(cards_of(HEARTS))
    text = codes_in(view)
    for code in cards_of(SPADES) + cards_of(DIAMONDS):
        assert f'"{code}"' not in text
    assert view["hand_sizes"] == [13, 13, 13]


def test_spectators_see_no_hands() -> None:
    game = mixed()
    view = game.view(None)
    assert view["hand"] is None
    text = codes_in(view)
    for code in cards_of(MIXED_0) + cards_of(MIXED_1) + cards_of(MIXED_2):
        assert f'"{code}"' not in text


def test_exchange_decisions_are_public() -> None:
    game = dealt()
    exchange(game, 1, False)
    exchange(game, 2, True)
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["exchanges"] == [False, True]
        assert view["dummy_taker"] == 2
        assert view["spare_is_dummy"] is False
        assert view["to_act"] == 0


# ---------------------------------------------------------------------- options and the end


def test_options_default_to_target_score_21_and_no_deal_count() -> None:
    game = new_game("three_handed_whist", 3)
    assert game.options == {"deals": None, "target_score": 21}


@pytest.mark.parametrize("deals", [1, 2, 4, 5, 7, 0, -3])
def test_deals_option_must_be_multiple_of_three(deals: int) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("three_handed_whist", 3, {"deals": deals})
    assert caught.value.option == "deals"
    assert "multiple of 3" in str(caught.value)


@pytest.mark.parametrize("deals", ["3", 3.0, True, [3]])
def test_deals_option_must_be_a_whole_number(deals: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("three_handed_whist", 3, {"deals": deals})
    assert caught.value.option == "deals"


@pytest.mark.parametrize("deals", [3, 6, 30, None])
def test_deals_option_accepts_multiples_of_three_or_null(deals: int | None) -> None:
    assert new_game("three_handed_whist", 3, {"deals": deals}).options["deals"] == deals


@pytest.mark.parametrize("target_score", [0, -1, "21", None, 2.5])
def test_target_score_must_be_a_positive_whole_number(target_score: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("three_handed_whist", 3, {"target_score": target_score})
    assert caught.value.option == "target_score"


@pytest.mark.parametrize("deals", [3, 6])
def test_game_ends_after_deals_multiple_of_three(deals: int) -> None:
    game = new_game("three_handed_whist", 3, {"deals": deals})
    for _ in range(deals):
        assert not game.over
        tally(game, None, [13, 0, 0])  # +10 a deal: far past the target score
    assert game.deal_number == deals
    assert game.over and game.winner == 0


def test_game_with_deals_plays_every_deal_to_the_end() -> None:
    game = new_game("three_handed_whist", 3, {"deals": 3}, first_dealer=1)
    rng = random.Random(8)
    dealers = []
    while not game.over:
        dealers.append(game.dealer)
        game.apply(game.random_deal_event(rng))
        play_out(game, rng)
    assert dealers == [1, 2, 0]
    assert game.to_act is None


def test_game_ends_when_total_reaches_target_score() -> None:
    game = new_game("three_handed_whist", 3, {"target_score": 5})
    tally(game, 1, [3, 8, 2])  # [0, 4, -1]
    assert not game.over
    tally(game, None, [3, 4, 6])  # [0, 1, 3] -> totals [0, 5, 2]: 5 reaches 5
    assert game.scores == [0, 5, 2]
    assert game.over and game.winner == 1


def test_game_with_default_target_runs_to_21() -> None:
    game = new_game("three_handed_whist", 3)
    tally(game, None, [13, 0, 0])  # +10
    tally(game, None, [13, 0, 0])  # +20
    assert not game.over
    tally(game, None, [4, 9, 0])  # +21
    assert game.scores == [21, 0, -9]
    assert game.over and game.winner == 0


def test_highest_total_wins_even_if_another_reached_the_target() -> None:
    game = new_game("three_handed_whist", 3, {"target_score": 3})
    tally(game, 0, [2, 4, 7])  # [-2, 1, 4]
    assert game.over and game.winner == 2


def test_tied_leaders_share_the_win() -> None:
    game = new_game("three_handed_whist", 3, {"target_score": 2})
    tally(game, None, [5, 5, 3])  # [2, 2, 0]
    assert game.over and game.winner == [0, 1]


def test_deals_option_overrides_target_score() -> None:
    game = new_game("three_handed_whist", 3, {"deals": 3, "target_score": 1})
    tally(game, None, [13, 0, 0])
    assert not game.over
    tally(game, None, [0, 13, 0])
    tally(game, None, [0, 0, 13])
    assert game.over and game.winner == [0, 1, 2]


def test_dealer_passes_to_the_left_after_every_deal() -> None:
    game = new_game("three_handed_whist", 3, first_dealer=2)
    dealers = []
    for _ in range(4):
        dealers.append(game.dealer)
        tally(game, None, [5, 4, 4])
    assert dealers == [2, 0, 1, 2]


# ---------------------------------------------------------------------- tallies


@pytest.mark.parametrize(
    ("dummy", "tricks", "scores"),
    [
        (0, [5, 6, 2], [1, 3, -1]),  # the seed's example, with the tricks adding to 13
        (None, [3, 3, 7], [0, 0, 4]),
        (2, [3, 6, 4], [0, 3, 0]),
        (1, [13, 0, 0], [10, -4, -3]),
    ],
)
def test_tally_scores_tricks_minus_target_four_for_the_dummy(
    dummy: int | None, tricks: list[int], scores: list[int]
) -> None:
    game = new_game("three_handed_whist", 3)
    tally(game, dummy, tricks)
    assert game.deal_scores == scores


@pytest.mark.parametrize("tricks", [[4, 4, 4], [5, 5, 5], [0, 0, 0], [13, 1, 0]])
def test_tally_must_sum_to_13(tricks: list[int]) -> None:
    error = rejects(
        new_game("three_handed_whist", 3),
        {"type": "tally", "dummy": None, "tricks": tricks},
        InvalidTally,
    )
    assert "13" in str(error)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "tally", "tricks": [4, 4, 5]},
        {"type": "tally", "dummy": 3, "tricks": [4, 4, 5]},
        {"type": "tally", "dummy": -1, "tricks": [4, 4, 5]},
        {"type": "tally", "dummy": True, "tricks": [4, 4, 5]},
        {"type": "tally", "dummy": "0", "tricks": [4, 4, 5]},
        {"type": "tally", "dummy": None},
        {"type": "tally", "dummy": None, "tricks": [6, 7]},
        {"type": "tally", "dummy": None, "tricks": [14, -1, 0]},
    ],
)
def test_malformed_tally(event: dict[str, Any]) -> None:
    rejects(new_game("three_handed_whist", 3), event, MalformedEvent)


def test_tally_is_only_allowed_between_deals() -> None:
    game = dealt()
    rejects(game, {"type": "tally", "dummy": None, "tricks": [4, 4, 5]}, WrongPhase)
    game = mixed()
    rejects(game, {"type": "tally", "dummy": None, "tricks": [4, 4, 5]}, WrongPhase)


# ---------------------------------------------------------------------- rejected events


def test_rejected_events_leave_the_game_unchanged() -> None:
    game = dealt((MIXED_1, MIXED_2, MIXED_0, MIXED_DUMMY))
    rejects(game, {"type": "exchange", "seat": 0, "take": True}, NotYourTurn)
    rejects(game, {"type": "play", "seat": 1, "card": "AS"}, WrongPhase)
    rejects(game, {"type": "deal", "deck": deck_for(SPADES, HEARTS, DIAMONDS, CLUBS)}, WrongPhase)
    exchange(game, 1, False)
    exchange(game, 2, False)
    exchange(game, 0, False)
    play(game, 1, "AS")
    play(game, 2, "2C")
    rejects(game, {"type": "play", "seat": 0, "card": "AH"}, MustFollowSuit)
    rejects(game, {"type": "play", "seat": 0, "card": "AC"}, CardNotHeld)
    rejects(game, {"type": "play", "seat": 1, "card": "KS"}, NotYourTurn)
    rejects(game, {"type": "exchange", "seat": 0, "take": True}, WrongPhase)
    rejects(game, {"type": "play", "seat": 0, "card": "ZZ"}, MalformedEvent)


def test_anything_after_the_game_is_over_is_wrong_phase() -> None:
    game = new_game("three_handed_whist", 3, {"deals": 3})
    for _ in range(3):
        tally(game, None, [5, 4, 4])
    rejects(game, {"type": "tally", "dummy": None, "tricks": [5, 4, 4]}, WrongPhase)
    rejects(game, {"type": "exchange", "seat": 1, "take": False}, WrongPhase)


def test_random_games_finish() -> None:
    rng = random.Random(77)
    for options in ({"deals": 3}, {"target_score": 5}, {}):
        game = new_game("three_handed_whist", 3, options)
        while not game.over:
            game.apply(game.random_deal_event(rng))
            play_out(game, rng)
        assert game.winner is not None


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize("path", record_files("three_handed_whist"), ids=lambda p: p.name)
def test_records_pass_the_check(path: Path) -> None:
    passes_check(path)


def test_there_are_three_handed_whist_records() -> None:
    assert record_files("three_handed_whist")
