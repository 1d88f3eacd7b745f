"""Partnership whist: one test per rule of RULES.md §3, on hand-built decks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import InvalidTally, MustFollowSuit, WrongPhase, new_game
from engine.cards import RANK_CHARS, french_deck
from engine.game import Game
from tests.support.engine import cards_of, dealing_order, play, play_cards

SUIT_OF_SEAT = "SHDC"  # in the default layout seat s holds every card of this suit

# Dealer 0 turns AC (the dealer's 13th card): clubs are trumps.
MIXED = {
    1: cards_of("AS KS QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH"),
    2: cards_of("2S 3S QH KH AH 2D 3D 4D 5D 6D 7D 8D 9D"),
    3: cards_of("4S 5S 6S 7S TD JD QD KD AD 2C 3C 4C 5C"),
    0: cards_of("8S 9S TS JS 6C 7C 8C 9C TC JC QC KC AC"),
}


def deck_for(hands: dict[int, list[str]], dealer: int = 0) -> list[str]:
    """The deck order that deals ``hands[seat]`` (13 cards, in order) to each seat.

    ``deck[i]`` goes to seat ``(dealer + 1 + i) % 4``, so seat ``s`` receives the
    indices ``(s - dealer - 1) % 4 + 4k``; the dealer's 13th card is ``deck[51]``.
    """
    return dealing_order(hands, french_deck(), dealer)


def suit_hands(order: str = SUIT_OF_SEAT) -> dict[int, list[str]]:
    """Seat ``s`` holds the whole suit ``order[s]``, ace last (so the ace is the
    dealer's turned card)."""
    return {seat: [rank + suit for rank in RANK_CHARS] for seat, suit in enumerate(order)}


def dealt(hands: dict[int, list[str]], dealer: int = 0, **options: Any) -> Game:
    game = new_game("whist", 4, options, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck_for(hands, dealer)})
    return game


def play_trick(game: Game, *codes: str) -> int:
    """Play one card per seat from the seat to act; return the winner (who is to act)."""
    play_cards(game, *codes)
    winner = game.to_act if game.awaiting != "deal" else None
    return winner  # type: ignore[return-value]


def finish_randomly(game: Game, seed: int = 0) -> None:
    """Play the current deal to its end with random legal cards."""
    rng = random.Random(seed)
    start = game.deal_number
    while game.deal_number == start and not game.over:
        game.apply(game.random_action(rng).to_event())


# ---------------------------------------------------------------------- the deal


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_order_starts_at_dealer_plus_one(dealer: int) -> None:
    deck = [c.code for c in french_deck()]
    random.Random(dealer).shuffle(deck)
    game = new_game("whist", 4, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck})
    for seat in range(4):
        expected = {deck[i] for i in range(52) if (dealer + 1 + i) % 4 == seat}
        assert {c.code for c in game.hand(seat)} == expected
        assert len(game.hand(seat)) == 13
    assert deck[0] in {c.code for c in game.hand((dealer + 1) % 4)}
    assert deck[51] in {c.code for c in game.hand(dealer)}


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_last_card_goes_to_the_dealer_and_sets_trumps(dealer: int) -> None:
    deck = [c.code for c in french_deck()]
    random.Random(10 + dealer).shuffle(deck)
    game = new_game("whist", 4, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck})
    turned = deck[51]
    assert turned in {c.code for c in game.hand(dealer)}
    assert game.view(None)["trump"] == turned[1]
    for viewer in [None, 0, 1, 2, 3]:
        view = game.view(viewer)
        assert view["trump"] == turned[1]
        assert view["trump_card"] == turned


def test_turned_card_stays_shown_until_the_dealer_plays_it() -> None:
    # Dealer 0 holds all the spades, AS turned: spades are trumps.
    game = dealt(suit_hands())
    assert game.view(None)["trump_card"] == "AS"
    # Seat 1 leads hearts; seat 0, void in hearts, keeps the ace and trumps with 2S.
    play_trick(game, "2H", "2D", "2C", "2S")
    assert game.view(None)["trump_card"] == "AS"
    assert game.view(3)["trump_card"] == "AS"
    assert game.to_act == 0
    play(game, 0, "AS")
    for viewer in [None, 0, 1, 2, 3]:
        assert game.view(viewer)["trump_card"] is None
        assert game.view(viewer)["trump"] == "S"  # still trumps for the deal


def test_turned_card_is_not_shown_between_deals() -> None:
    game = dealt(suit_hands(), target=100)
    finish_randomly(game)
    assert game.awaiting == "deal"
    assert game.view(None)["trump_card"] is None


def test_other_hands_are_hidden_but_the_turned_card_is_public() -> None:
    game = dealt(suit_hands())
    view = game.view(1)
    assert view["hand"] == [r + "H" for r in RANK_CHARS]
    assert view["hand_sizes"] == [13, 13, 13, 13]
    assert game.view(None)["hand"] is None
    text = repr(game.view(1))
    for code in ("KS", "2D", "AC"):
        assert code not in text
    assert "AS" in text  # the turned card


# ---------------------------------------------------------------------- teams and play


def mixed_game() -> Game:
    """Dealer 0 turns AC: clubs are trumps. Only seats 3 and 0 hold clubs."""
    return dealt(MIXED)


def test_teams_are_seats_0_and_2_against_1_and_3() -> None:
    game = mixed_game()
    assert game.view(None)["teams"] == [[0, 2], [1, 3]]
    assert [game.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert play_trick(game, "QS", "2S", "7S", "JS") == 1  # seat 1: team 1
    assert game.tricks == [0, 1]
    assert play_trick(game, "KS", "3S", "4S", "8S") == 1
    assert game.tricks == [0, 2]
    assert play_trick(game, "2H", "AH", "AD", "TS") == 2  # seat 2: team 0
    assert game.tricks == [1, 2]
    assert play_trick(game, "KH", "2C", "7C", "3H") == 0  # seat 0: team 0
    assert game.tricks == [2, 2]
    assert play_trick(game, "6C", "4H", "2D", "3C") == 0
    assert game.tricks == [3, 2]
    assert game.view(None)["tricks"] == [3, 2]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_dealer_plus_one_leads(dealer: int) -> None:
    game = dealt(suit_hands(), dealer=dealer)
    assert game.to_act == (dealer + 1) % 4
    assert {a.seat for a in game.legal_actions()} == {(dealer + 1) % 4}
    assert len(game.legal_actions()) == 13  # the leader may lead any card


def test_must_follow_suit_when_able() -> None:
    game = mixed_game()
    play(game, 1, "QS")
    # seat 2 holds 2S and 3S: only those may be played
    assert {a.card.code for a in game.legal_actions()} == {"2S", "3S"}  # type: ignore[union-attr]
    with pytest.raises(MustFollowSuit):
        play(game, 2, "AH")
    play(game, 2, "2S")
    assert {a.card.code for a in game.legal_actions()} == {"4S", "5S", "6S", "7S"}  # type: ignore[union-attr]
    with pytest.raises(MustFollowSuit):
        play(game, 3, "2C")  # a trump is no excuse while holding the suit led
    play(game, 3, "7S")
    play(game, 0, "JS")


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    game = mixed_game()
    play_trick(game, "QS", "2S", "7S", "JS")
    play_trick(game, "KS", "3S", "4S", "8S")
    play(game, 1, "AS")
    # seat 2 has no spade left: every card it holds is legal
    legal = {a.card.code for a in game.legal_actions()}  # type: ignore[union-attr]
    assert legal == {c.code for c in game.hand(2)}
    assert len(legal) == 11


def test_highest_card_of_the_suit_led_wins_when_nobody_trumps() -> None:
    game = mixed_game()
    assert play_trick(game, "QS", "2S", "7S", "JS") == 1
    assert play_trick(game, "TH", "QH", "TD", "TS") == 2  # QH; diamonds/spades off suit


def test_off_suit_cards_never_win_even_aces() -> None:
    game = mixed_game()
    play_trick(game, "QS", "2S", "7S", "JS")
    play_trick(game, "KS", "3S", "4S", "8S")
    # seat 1 leads 2H: AH follows; AD and TS are discards of other suits (not trumps)
    assert play_trick(game, "2H", "AH", "AD", "TS") == 2


def test_a_trump_beats_the_suit_led_and_the_highest_trump_wins() -> None:
    game = mixed_game()
    assert game.view(None)["trump"] == "C"
    play_trick(game, "QS", "2S", "7S", "JS")
    play_trick(game, "KS", "3S", "4S", "8S")
    play_trick(game, "2H", "AH", "AD", "TS")
    # seat 2 leads KH; seat 3 (void) trumps 2C, seat 0 (void) overtrumps 7C
    assert play_trick(game, "KH", "2C", "7C", "3H") == 0
    # spades led and nobody trumps: the ace of the suit led wins
    assert play_trick(game, "9S", "AS", "9D", "5S") == 1
    # a low trump beats the queen of the suit led; a higher trump beats it
    assert play_trick(game, "4H", "QH", "3C", "8C") == 0
    # trumps led: the highest trump wins, discards cannot
    assert play_trick(game, "6C", "5H", "2D", "4C") == 0


def test_winner_of_a_trick_leads_the_next() -> None:
    hands = suit_hands()
    game = dealt(hands)
    assert game.to_act == 1
    winner = play_trick(game, "AH", "AD", "AC", "2S")
    assert winner == 0
    assert game.to_act == 0
    assert game.view(None)["last_trick_winner"] == 0
    assert game.view(None)["trick"] == []
    assert [p["card"] for p in game.view(None)["last_trick"]] == ["AH", "AD", "AC", "2S"]
    assert game.view(None)["trick_number"] == 1


# ---------------------------------------------------------------------- scoring


def test_deal_score_is_tricks_minus_six_for_the_team_with_more_tricks() -> None:
    # Dealer 0 holds every spade (trumps): team 0 wins all 13 tricks.
    game = dealt(suit_hands(), target=100)
    finish_randomly(game)
    assert game.tricks == [13, 0]
    assert game.deal_scores == [7, 0]
    assert game.scores == [7, 0]


@pytest.mark.parametrize("seed", range(20))
def test_deal_score_matches_the_tricks_of_any_played_deal(seed: int) -> None:
    game = new_game("whist", 4, {"target": 100})
    rng = random.Random(seed)
    game.apply(game.random_deal_event(rng))
    finish_randomly(game, seed)
    team0, team1 = game.tricks  # type: ignore[misc]
    assert team0 + team1 == 13
    if team0 > team1:
        assert game.deal_scores == [team0 - 6, 0]
    else:
        assert game.deal_scores == [0, team1 - 6]
    assert game.scores == game.deal_scores


@pytest.mark.parametrize(
    ("tricks", "scores"),
    [
        ([7, 6], [1, 0]),
        ([6, 7], [0, 1]),
        ([13, 0], [7, 0]),
        ([0, 13], [0, 7]),
        ([9, 4], [3, 0]),
        ([2, 11], [0, 5]),
    ],
)
def test_deal_score_the_other_team_scores_zero(tricks: list[int], scores: list[int]) -> None:
    game = new_game("whist", 4, {"target": 100})
    game.apply({"type": "tally", "tricks": tricks})
    assert game.deal_scores == scores
    assert game.scores == scores


def test_dealer_passes_to_the_left_after_every_deal() -> None:
    game = new_game("whist", 4, {"target": 100}, first_dealer=2)
    rng = random.Random(4)
    for expected_dealer in [2, 3, 0, 1, 2]:
        assert game.dealer == expected_dealer
        game.apply(game.random_deal_event(rng))
        assert game.to_act == (expected_dealer + 1) % 4
        finish_randomly(game)
    # a tally passes the deal on too
    game.apply({"type": "tally", "tricks": [7, 6]})
    assert game.dealer == 0


def test_scores_accumulate_over_deals() -> None:
    game = new_game("whist", 4, {"target": 100})
    for tricks in ([7, 6], [4, 9], [10, 3]):
        game.apply({"type": "tally", "tricks": tricks})
    assert game.deal_scores == [4, 0]
    assert game.scores == [5, 3]


def test_game_ends_when_a_team_reaches_the_default_target_of_5() -> None:
    game = new_game("whist", 4)
    assert game.options["target"] == 5
    game.apply({"type": "tally", "tricks": [10, 3]})  # 4
    assert not game.over and game.winner is None
    game.apply({"type": "tally", "tricks": [3, 10]})  # 4 - 4
    assert not game.over
    game.apply({"type": "tally", "tricks": [7, 6]})  # 5 - 4
    assert game.over
    assert game.winner == 0
    assert game.scores == [5, 4]
    assert game.to_act is None


def test_game_ends_after_a_played_deal_reaching_the_target() -> None:
    game = dealt(suit_hands())  # team 0 takes all 13 tricks: 7 points
    finish_randomly(game)
    assert game.over
    assert game.winner == 0
    assert game.view(None)["over"] is True
    assert game.view(None)["winner"] == 0


@pytest.mark.parametrize("target", [1, 3, 8, 13])
def test_target_option_is_honoured(target: int) -> None:
    game = new_game("whist", 4, {"target": target})
    deals = 0
    while not game.over:
        assert game.scores[1] < target
        game.apply({"type": "tally", "tricks": [6, 7]})  # team 1 +1
        deals += 1
    assert deals == target
    assert game.scores == [0, target]
    assert game.winner == 1


def test_target_above_default_keeps_playing() -> None:
    game = new_game("whist", 4, {"target": 10})
    game.apply({"type": "tally", "tricks": [13, 0]})  # 7: would end a default game
    assert not game.over


# ---------------------------------------------------------------------- tallies


@pytest.mark.parametrize("tricks", [[7, 7], [6, 6], [0, 0], [13, 1], [14, 0], [100, 0]])
def test_tally_must_add_up_to_13(tricks: list[int]) -> None:
    game = new_game("whist", 4)
    with pytest.raises(InvalidTally) as caught:
        game.apply({"type": "tally", "tricks": tricks})
    assert "13" in str(caught.value)
    assert caught.value.rule == "tally"
    assert game.scores == [0, 0] and game.deal_number == 0 and game.dealer == 0


def test_tally_is_only_allowed_between_deals() -> None:
    game = dealt(suit_hands(), target=100)
    with pytest.raises(WrongPhase):
        game.apply({"type": "tally", "tricks": [7, 6]})
    play(game, 1, "AH")
    with pytest.raises(WrongPhase):
        game.apply({"type": "tally", "tricks": [7, 6]})
    finish_randomly(game)
    game.apply({"type": "tally", "tricks": [7, 6]})  # between deals: fine
    assert game.scores == [8, 0]


def test_tally_and_played_deals_mix() -> None:
    game = new_game("whist", 4, {"target": 100})
    game.apply({"type": "tally", "tricks": [3, 10]})
    assert game.dealer == 1
    hands = suit_hands()
    game.apply({"type": "deal", "deck": deck_for(hands, dealer=1)})
    assert game.to_act == 2
    finish_randomly(game)  # dealer 1 holds every heart (AH turned): team 1 takes all 13
    assert game.deal_number == 2
    assert game.deal_scores == [0, 7]
    assert game.scores == [0, 11]


def test_a_new_deal_shows_no_last_trick_of_the_previous_deal() -> None:
    game = dealt(suit_hands(), target=100)
    finish_randomly(game)
    assert len(game.view(None)["last_trick"]) == 4  # the final trick stays shown between deals
    game.apply(game.random_deal_event(random.Random(2)))
    for viewer in [None, 0, 1, 2, 3]:
        view = game.view(viewer)
        assert view["last_trick"] == []
        assert view["last_trick_winner"] is None
    finish_randomly(game)
    game.apply({"type": "tally", "tricks": [7, 6]})
    assert game.view(None)["last_trick"] == []
