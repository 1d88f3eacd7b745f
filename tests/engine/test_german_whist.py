"""Two-player whist with drafting: one test per rule of RULES.md §2 (and the seed
001), on hand-built decks."""

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
from engine.games.german_whist import GermanWhist
from tests.support.engine import (
    cards_of,
    hand_of,
    passes_check,
    play,
    play_until_over,
    record_files,
    rejects,
)


def deck_for(first: str, second: str, stock: str) -> list[str]:
    """The deck that deals ``first`` (in order) to ``dealer + 1``, ``second`` to the
    dealer, and leaves ``stock`` (top first) as the stock."""
    first_hand, second_hand, stock_cards = cards_of(first), cards_of(second), cards_of(stock)
    assert len(first_hand) == len(second_hand) == 13 and len(stock_cards) == 26
    deck = [code for pair in zip(first_hand, second_hand, strict=True) for code in pair]
    deck += stock_cards
    assert sorted(deck) == sorted(c.code for c in french_deck())
    return deck


# SPADES_HEARTS: dealer + 1 holds every spade, the dealer every heart. The stock's
# even places (the cards a trick's winner takes, face up) are low diamonds and clubs,
# its odd places (the loser's unseen draws) the high ones; 2D on top: diamonds trump.
ALL_SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
ALL_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
LOW_THEN_HIGH = "2D AD 3D KD 4D QD 5D JD 6D TD 7D 9D 2C 8D 3C AC 4C KC 5C QC 6C JC 7C TC 8C 9C"

# RUFF: dealer + 1 holds every spade; the dealer holds hearts and one trump (2D), so
# it can trump the first trick. 3D on top: diamonds trump; 2H is the loser's draw.
RUFF_HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2D"
RUFF_STOCK = "3D 2H 4D 2C 5D 3C 6D 4C 7D 5C 8D 6C 9D 7C TD 8C JD 9C QD TC KD JC AD QC KC AC"


def dealt(first: str, second: str, stock: str, dealer: int = 0, **options: Any) -> Game:
    game = new_game("german_whist", 2, options, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck_for(first, second, stock)})
    return game


def play_phase_one_spades_against_hearts(game: Game) -> None:
    """On SPADES_HEARTS (dealer 0): seat 1 leads its spades high to low, seat 0
    discards its hearts low to high; seat 1 wins all 13 drafting tricks."""
    for spade, heart in zip(cards_of(ALL_SPADES), cards_of(ALL_HEARTS), strict=True):
        play(game, 1, spade)
        play(game, 0, heart)


def play_lowest_until_deal_over(game: Game) -> None:
    while game.phase == "play":
        game.push(game.legal_actions()[0])


# ---------------------------------------------------------------------- the deal


@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_alternates_from_dealer_plus_one(dealer: int) -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH, dealer=dealer)
    assert hand_of(game, (dealer + 1) % 2) == set(cards_of(ALL_SPADES))
    assert hand_of(game, dealer) == set(cards_of(ALL_HEARTS))
    assert game.view(None)["hand_sizes"] == [13, 13]
    assert game.view(None)["stock_size"] == 26


def test_deck_index_i_goes_to_seat_dealer_plus_one_plus_i() -> None:
    deck = [c.code for c in french_deck()]
    random.Random(3).shuffle(deck)
    game = new_game("german_whist", 2, first_dealer=1)
    game.apply({"type": "deal", "deck": deck})
    for index in range(26):
        assert deck[index] in hand_of(game, (1 + 1 + index) % 2)


@pytest.mark.parametrize(("top", "trump"), [("2D", "D"), ("AS", "S")])
def test_stock_top_card_sets_trumps(top: str, trump: str) -> None:
    deck = [c.code for c in french_deck()]
    deck.remove(top)
    deck.insert(26, top)
    game = new_game("german_whist", 2)
    game.apply({"type": "deal", "deck": deck})
    assert game.view(0)["trump"] == trump
    assert game.view(None)["stock_top"] == top
    assert top not in hand_of(game, 0) | hand_of(game, 1)


def reference_winner(trick: list[dict[str, Any]], trump: str) -> int:
    """Highest trump, else highest card of the suit led (ranks by RANK_CHARS)."""
    ranks = "23456789TJQKA"

    def strength(entry: dict[str, Any]) -> tuple[int, int]:
        code = entry["card"]
        led = trick[0]["card"][1]
        tier = 2 if code[1] == trump else 1 if code[1] == led else 0
        return tier, ranks.index(code[0])

    return int(max(trick, key=strength)["seat"])


@pytest.mark.parametrize("seed", range(5))
def test_stock_top_suit_is_trumps_in_both_phases(seed: int) -> None:
    rng = random.Random(seed)
    game = new_game("german_whist", 2)
    deal = game.random_deal_event(rng)
    trump = deal["deck"][26][1]
    game.apply(deal)
    tricks = 0
    while game.phase == "play":
        seat = game.to_act
        game.push(game.random_action(rng))
        view = game.view(None)
        if not view["trick"] and seat == view["last_trick"][-1]["seat"]:
            tricks += 1
            assert view["trump"] == trump
            assert view["last_trick_winner"] == reference_winner(view["last_trick"], trump)
    assert tricks == 26


@pytest.mark.parametrize("dealer", [0, 1])
def test_dealer_plus_one_leads_the_first_trick(dealer: int) -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH, dealer=dealer)
    assert game.to_act == (dealer + 1) % 2
    rejects(game, {"type": "play", "seat": dealer, "card": "2H"}, NotYourTurn)


# ---------------------------------------------------------------------- tricks


def test_must_follow_suit() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    play(game, 0, "2D")  # void in spades: may trump
    # Seat 1 drew 2H unseen; seat 0 leads hearts, so seat 1 must play the 2H.
    play(game, 0, "AH")
    error = rejects(game, {"type": "play", "seat": 1, "card": "KS"}, MustFollowSuit)
    assert "seat 1" in str(error) and "hearts" in str(error)
    assert [a.to_event()["card"] for a in game.legal_actions()] == ["2H"]


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    legal = {a.to_event()["card"] for a in game.legal_actions()}
    assert legal == set(cards_of(RUFF_HEARTS))


def test_a_trump_wins_the_trick() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    play(game, 0, "2D")
    assert game.view(None)["last_trick_winner"] == 0


def test_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    play(game, 1, "2S")
    play(game, 0, "AH")  # an off-suit ace does not win
    assert game.view(None)["last_trick_winner"] == 1


def test_winner_of_a_trick_leads_the_next() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    play(game, 0, "2D")
    assert game.to_act == 0
    rejects(game, {"type": "play", "seat": 1, "card": "KS"}, NotYourTurn)


def test_a_card_not_held_is_rejected_without_naming_hidden_cards() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    # 3D is the face-up top card: nobody holds it yet.
    error = rejects(game, {"type": "play", "seat": 1, "card": "3D"}, CardNotHeld)
    assert "3D" in str(error)
    for hidden in cards_of(RUFF_STOCK)[1:]:
        assert hidden not in str(error)


# ---------------------------------------------------------------------- phase 1: drafting


def test_trick_winner_takes_face_up_card_loser_takes_next() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    play(game, 0, "2D")  # seat 0 trumps and wins
    assert "3D" in hand_of(game, 0)  # the winner took the face-up top card
    assert "2H" in hand_of(game, 1)  # the loser the next one
    assert game.view(None)["hand_sizes"] == [13, 13]
    assert game.view(None)["stock_size"] == 24


def test_leader_who_wins_takes_the_face_up_card() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    play(game, 1, "AS")
    play(game, 0, "2H")
    assert "2D" in hand_of(game, 1)
    assert "AD" in hand_of(game, 0)


def test_new_top_card_is_turned_face_up_after_each_trick() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    stock = cards_of(LOW_THEN_HIGH)
    for number, (spade, heart) in enumerate(
        zip(cards_of(ALL_SPADES), cards_of(ALL_HEARTS), strict=True)
    ):
        view = game.view(None)
        assert view["stock_top"] == stock[2 * number]
        assert view["stock_size"] == 26 - 2 * number
        play(game, 1, spade)
        play(game, 0, heart)
    assert game.view(None)["stock_top"] is None
    assert game.view(None)["stock_size"] == 0


def test_drawn_cards_can_be_played_in_phase_one() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    play(game, 0, "2D")
    play(game, 0, "3D")  # the face-up card it just took
    assert game.view(None)["trick"] == [{"seat": 0, "card": "3D"}]


def test_phase_one_is_thirteen_tricks_that_empty_the_stock() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    play_phase_one_spades_against_hearts(game)
    view = game.view(None)
    assert view["drafting"] is False
    assert view["stock_size"] == 0
    assert view["hand_sizes"] == [13, 13]
    # The winner of each trick took the even places, the loser the odd ones.
    stock = cards_of(LOW_THEN_HIGH)
    assert hand_of(game, 1) == set(stock[0::2])
    assert hand_of(game, 0) == set(stock[1::2])


def test_phase_one_tricks_do_not_score() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    for spade, heart in list(zip(cards_of(ALL_SPADES), cards_of(ALL_HEARTS), strict=True))[:12]:
        play(game, 1, spade)
        play(game, 0, heart)
    assert game.tricks == [0, 12]  # phase 1 is the current hand
    play(game, 1, "2S")
    play(game, 0, "AH")
    assert game.tricks == [0, 0]  # phase 2 starts from nothing
    assert game.to_act == 1  # the winner of the last drafting trick leads
    # Seat 1 won every drafting trick but drafted low cards: seat 0 wins all of phase 2.
    play_lowest_until_deal_over(game)
    assert game.deal_scores == [13, 0]
    assert game.scores == [13, 0]
    assert game.over and game.winner == 0


def test_deal_score_is_phase_two_tricks_and_sums_to_13() -> None:
    rng = random.Random(11)
    for _ in range(20):
        game = new_game("german_whist", 2)
        game.apply(game.random_deal_event(rng))
        while game.view(None)["drafting"]:
            game.push(game.random_action(rng))
        phase_two_wins = [0, 0]
        while game.phase == "play":
            before = game.view(None)["trick_number"]
            game.push(game.random_action(rng))
            winner = game.view(None)["last_trick_winner"]
            if game.phase != "play" or game.view(None)["trick_number"] != before:
                phase_two_wins[winner] += 1
        assert game.deal_scores == phase_two_wins
        assert sum(phase_two_wins) == 13


# ---------------------------------------------------------------------- views


def test_views_hide_the_stock_below_the_face_up_card() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    hidden = set(cards_of(LOW_THEN_HIGH)[1:])
    for seat in (None, 0, 1):
        text = json.dumps(game.view(seat))
        assert not any(f'"{code}"' in text for code in hidden)
        assert '"2D"' in text  # the face-up card is public


def test_views_hide_opponents_unseen_draw() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    play(game, 0, "2D")
    # Seat 1 lost and drew 2H: only seat 1 sees it.
    assert "2H" in game.view(1)["hand"]
    for seat in (None, 0):
        text = json.dumps(game.view(seat))
        assert '"2H"' not in text
    assert game.view(0)["hand_sizes"][1] == 13


def test_views_show_own_hand_and_opponents_count_only() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    view = game.view(0)
    assert set(view["hand"]) == set(cards_of(ALL_HEARTS))
    assert not any(f'"{code}"' in json.dumps(view) for code in cards_of(ALL_SPADES))
    assert view["hand_sizes"] == [13, 13]


def test_spectators_see_no_hands() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    view = game.view(None)
    assert view["hand"] is None
    text = json.dumps(view)
    for code in cards_of(ALL_SPADES) + cards_of(ALL_HEARTS):
        assert f'"{code}"' not in text


def test_face_up_cards_taken_are_public_until_played() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    play(game, 0, "2D")
    for seat in (None, 0, 1):
        assert game.view(seat)["face_up_held"] == [["3D"], []]
    play(game, 0, "3D")
    assert game.view(1)["face_up_held"] == [[], []]


def test_view_between_deals_shows_no_stock() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH, deals=2)
    play_phase_one_spades_against_hearts(game)
    play_lowest_until_deal_over(game)
    view = game.view(0)
    assert view["phase"] == "deal"
    assert view["stock_top"] is None and view["stock_size"] == 0
    assert view["drafting"] is False


# ---------------------------------------------------------------------- deals and the game


def test_deals_option_defaults_to_one() -> None:
    game = new_game("german_whist", 2)
    assert game.options["deals"] == 1
    game.apply({"type": "tally", "tricks": [6, 7]})
    assert game.over and game.winner == 1


@pytest.mark.parametrize("deals", [0, -1, "2", 1.5, True, None])
def test_deals_option_must_be_a_positive_whole_number(deals: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("german_whist", 2, {"deals": deals})
    assert caught.value.option == "deals"


def test_game_is_that_many_deals_and_the_dealer_passes() -> None:
    game = new_game("german_whist", 2, {"deals": 3}, first_dealer=1)
    rng = random.Random(5)
    dealers = []
    while not game.over:
        dealers.append(game.dealer)
        game.apply(game.random_deal_event(rng))
        assert game.to_act == (game.dealer + 1) % 2
        play_lowest_until_deal_over(game)
    assert dealers == [1, 0, 1]
    assert game.deal_number == 3
    assert sum(game.scores) == 39


def test_larger_total_wins() -> None:
    game = new_game("german_whist", 2, {"deals": 2})
    game.apply({"type": "tally", "tricks": [4, 9]})
    assert not game.over and game.winner is None
    game.apply({"type": "tally", "tricks": [8, 5]})
    assert game.scores == [12, 14]
    assert game.over and game.winner == 1


def test_equal_totals_are_a_draw() -> None:
    game = new_game("german_whist", 2, {"deals": 2})
    game.apply({"type": "tally", "tricks": [4, 9]})
    game.apply({"type": "tally", "tricks": [9, 4]})
    assert game.over and game.winner == [0, 1]


def test_random_games_finish_with_consistent_scores() -> None:
    rng = random.Random(2024)
    for deals in (1, 2, 5):
        game = new_game("german_whist", 2, {"deals": deals})
        play_until_over(game, rng)
        assert sum(game.scores) == 13 * deals
        assert game.deal_number == deals


# ---------------------------------------------------------------------- tallies


def test_tally_scores_phase_two_tricks() -> None:
    game = new_game("german_whist", 2, {"deals": 2})
    game.apply({"type": "tally", "tricks": [10, 3]})
    assert game.deal_scores == [10, 3]
    assert game.dealer == 1
    assert game.awaiting == "deal"


@pytest.mark.parametrize("tricks", [[7, 7], [0, 0], [13, 1], [6, 6]])
def test_tally_must_sum_to_13(tricks: list[int]) -> None:
    game = new_game("german_whist", 2)
    error = rejects(game, {"type": "tally", "tricks": tricks}, InvalidTally)
    assert "13" in str(error)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "tally"},
        {"type": "tally", "tricks": [13]},
        {"type": "tally", "tricks": [6, 7, 0]},
        {"type": "tally", "tricks": [-1, 14]},
        {"type": "tally", "tricks": ["6", 7]},
        {"type": "tally", "tricks": [6.5, 6.5]},
    ],
)
def test_malformed_tally(event: dict[str, Any]) -> None:
    rejects(new_game("german_whist", 2), event, MalformedEvent)


def test_tally_is_only_allowed_between_deals() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    rejects(game, {"type": "tally", "tricks": [6, 7]}, WrongPhase)


def test_tally_and_played_deals_mix() -> None:
    game = new_game("german_whist", 2, {"deals": 2})
    game.apply({"type": "tally", "tricks": [3, 10]})
    game.apply({"type": "deal", "deck": deck_for(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)})
    assert game.to_act == 0  # dealer 1 now: seat 0 leads and holds the spades
    assert hand_of(game, 0) == set(cards_of(ALL_SPADES))


# ---------------------------------------------------------------------- rejected events


def test_rejected_events_leave_the_game_unchanged() -> None:
    game = dealt(ALL_SPADES, RUFF_HEARTS, RUFF_STOCK)
    play(game, 1, "AS")
    play(game, 0, "2D")
    play(game, 0, "AH")
    rejects(game, {"type": "play", "seat": 1, "card": "KS"}, MustFollowSuit)
    rejects(game, {"type": "play", "seat": 0, "card": "KH"}, NotYourTurn)
    rejects(game, {"type": "play", "seat": 1, "card": "4D"}, CardNotHeld)
    rejects(game, {"type": "play", "seat": 1, "card": "AS"}, CardNotHeld)
    rejects(game, {"type": "play", "seat": 2, "card": "2H"}, MalformedEvent)
    rejects(
        game, {"type": "deal", "deck": deck_for(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)}, WrongPhase
    )
    rejects(game, {"type": "exchange", "seat": 1, "take": True}, MalformedEvent)


def test_rejected_last_drafting_trick_changes_nothing() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    for spade, heart in list(zip(cards_of(ALL_SPADES), cards_of(ALL_HEARTS), strict=True))[:12]:
        play(game, 1, spade)
        play(game, 0, heart)
    play(game, 1, "2S")
    rejects(game, {"type": "play", "seat": 0, "card": "KH"}, CardNotHeld)
    assert game.view(None)["stock_size"] == 2


def test_anything_after_the_game_is_over_is_wrong_phase() -> None:
    game = new_game("german_whist", 2)
    game.apply({"type": "tally", "tricks": [6, 7]})
    rejects(game, {"type": "tally", "tricks": [6, 7]}, WrongPhase)
    rejects(
        game, {"type": "deal", "deck": deck_for(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)}, WrongPhase
    )


def test_copy_is_independent() -> None:
    game = dealt(ALL_SPADES, ALL_HEARTS, LOW_THEN_HIGH)
    twin = game.copy()
    assert isinstance(twin, GermanWhist)
    play(twin, 1, "AS")
    play(twin, 0, "2H")
    assert game.view(None)["stock_size"] == 26
    assert twin.view(None)["stock_size"] == 24


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize("path", record_files("german_whist"), ids=lambda p: p.name)
def test_records_pass_the_check(path: Path) -> None:
    passes_check(path)


def test_there_are_german_whist_records() -> None:
    assert record_files("german_whist")
