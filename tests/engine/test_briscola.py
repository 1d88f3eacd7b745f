"""Briscola: one test per rule of RULES.md §6 (and the seed 004, the authority), for 2 and
3 players and 4 in two teams, on hand-built decks."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import (
    CardNotHeld,
    IllegalEvent,
    InvalidOption,
    InvalidTally,
    MalformedEvent,
    NotYourTurn,
    WrongPhase,
    new_game,
)
from engine.cards import italian_deck
from engine.game import Game
from engine.games.briscola import POINTS, REACHABLE_POINTS, STRENGTH, match_winner
from tests.support.engine import (
    cards_of,
    hand_of,
    passes_check,
    play,
    play_cards,
    play_until_over,
    record_files,
    rejects,
)

TRICKS = {2: 20, 3: 13, 4: 10}


def full_deck(players: int, removed: str = "2H") -> list[str]:
    deck = [c.code for c in italian_deck()]
    if players == 3:
        deck.remove(removed)
    return deck


def deck_for(
    hands: dict[int, str],
    briscola: str,
    stock: str = "",
    dealer: int = 0,
    removed: str = "2H",
) -> list[str]:
    """The deck that deals ``hands[seat]`` (3 cards, in order) to each seat, turns
    ``briscola`` and puts ``stock`` (top first) on top of the rest of the stock, which
    follows in the deck's canonical order."""
    players = len(hands)
    deck: list[str] = [""] * (3 * players)
    for seat, text in hands.items():
        held = cards_of(text)
        assert len(held) == 3
        position = (seat - dealer - 1) % players
        for k, code in enumerate(held):
            deck[position + players * k] = code
    deck.append(briscola)
    deck += cards_of(stock)
    deck += [c for c in full_deck(players, removed) if c not in deck]
    assert sorted(deck) == sorted(full_deck(players, removed))
    return deck


def dealt(
    hands: dict[int, str],
    briscola: str,
    stock: str = "",
    dealer: int = 0,
    **options: Any,
) -> Game:
    players = len(hands)
    game = new_game("briscola", players, options, first_dealer=dealer)
    removed = options.get("removed_card", "2H")
    game.apply({"type": "deal", "deck": deck_for(hands, briscola, stock, dealer, removed)})
    return game


def random_dealt(players: int, seed: int, **options: Any) -> Game:
    game = new_game("briscola", players, options)
    game.apply(game.random_deal_event(random.Random(seed)))
    return game


def play_out(game: Game, rng: random.Random | None = None) -> None:
    """Play the current deal to its end (random legal cards, or the first legal card)."""
    while game.phase == "play":
        game.push(game.random_action(rng) if rng else game.legal_actions()[0])


def last_winner(game: Game) -> int:
    winner = game.view(None)["last_trick_winner"]
    assert isinstance(winner, int)
    return winner


# ---------------------------------------------------------------------- the deck


@pytest.mark.parametrize(("players", "size"), [(2, 40), (3, 39), (4, 40)])
def test_italian_deck_and_three_players_take_out_the_removed_card(players: int, size: int) -> None:
    deck = new_game("briscola", players).new_deck()
    assert len(deck) == len(set(deck)) == size
    assert all(c.rank not in (8, 9, 10) for c in deck)
    assert ("2H" in [c.code for c in deck]) == (players != 3)


def test_removed_card_option_takes_out_another_two() -> None:
    game = new_game("briscola", 3, {"removed_card": "2S"})
    codes = [c.code for c in game.new_deck()]
    assert "2S" not in codes and "2H" in codes
    assert game.view(None)["removed_card"] == "2S"


@pytest.mark.parametrize("value", ["AH", "3S", "KD", "TH", "XX", 2, None])
def test_removed_card_must_be_a_two(value: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("briscola", 3, {"removed_card": value})
    assert caught.value.option == "removed_card"


def test_the_deal_of_three_players_must_not_hold_the_removed_card() -> None:
    game = new_game("briscola", 3)
    error = rejects(game, {"type": "deal", "deck": full_deck(2)}, IllegalEvent)
    assert "2H" in str(error) and "39" in str(error)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_points_add_up_to_120(players: int) -> None:
    assert sum(POINTS[c.rank] for c in new_game("briscola", players).new_deck()) == 120
    assert [POINTS[r] for r in (14, 3, 13, 12, 11, 7, 6, 5, 4, 2)] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
        0,
        0,
    ]


@pytest.mark.parametrize("players", [1, 5, 6])
def test_player_counts(players: int) -> None:
    with pytest.raises(InvalidOption):
        new_game("briscola", players)


def test_four_players_play_in_two_teams() -> None:
    game = new_game("briscola", 4)
    assert game.team_game and game.sides == 2
    assert game.view(None)["teams"] == [[0, 2], [1, 3]]
    assert not new_game("briscola", 2).team_game and new_game("briscola", 3).sides == 3


# ---------------------------------------------------------------------- the deal


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dealer_offset", [0, 1])
def test_deal_three_each_one_at_a_time_from_dealer_plus_one(
    players: int, dealer_offset: int
) -> None:
    dealer = (players - 1) * dealer_offset
    deck = full_deck(players)
    random.Random(players).shuffle(deck)
    game = new_game("briscola", players, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck})
    for index in range(3 * players):
        assert deck[index] in hand_of(game, (dealer + 1 + index) % players)
    assert [len(game.hand(s)) for s in range(players)] == [3] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_next_card_is_the_face_up_briscola_and_its_suit_is_trumps(players: int) -> None:
    deck = full_deck(players)
    random.Random(7).shuffle(deck)
    game = new_game("briscola", players)
    game.apply({"type": "deal", "deck": deck})
    turned = deck[3 * players]
    view = game.view(None)
    assert view["briscola"] == turned
    assert view["trump"] == turned[1]
    assert view["stock_size"] == len(deck) - 3 * players


def test_briscola_lies_under_the_stock_and_is_drawn_last() -> None:
    # Seed: "when you get to the bottom of the draw pile, the loser of that trick takes
    # the face-up Briscola card".
    game = random_dealt(2, 3)
    turned = game.view(None)["briscola"]
    while game.view(None)["stock_size"] > 2:
        game.push(game.legal_actions()[0])
        assert turned not in hand_of(game, 0) | hand_of(game, 1)
    game.push(game.legal_actions()[0])
    game.push(game.legal_actions()[0])
    loser = 1 - last_winner(game)
    assert turned in hand_of(game, loser)
    assert game.view(None)["stock_size"] == 0
    assert game.view(None)["briscola_holder"] == loser


def test_the_rest_of_the_deck_in_order_is_the_stock() -> None:
    game = dealt({0: "4S 5S 6S", 1: "4C 5C 6C"}, "2D", "KH QH JH 7H")
    play(game, 1, "4C")
    play(game, 0, "4S")  # seat 1 (the leader) wins: spades are not trumps
    assert "KH" in hand_of(game, 1) and "QH" in hand_of(game, 0)
    play(game, 1, "5C")
    play(game, 0, "5S")
    assert "JH" in hand_of(game, 1) and "7H" in hand_of(game, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealer_plus_one_leads(players: int) -> None:
    for dealer in range(players):
        game = new_game("briscola", players, first_dealer=dealer)
        game.apply(game.random_deal_event(random.Random(dealer)))
        assert game.to_act == (dealer + 1) % players
        other = dealer
        rejects(
            game, {"type": "play", "seat": other, "card": game.hand(other)[0].code}, NotYourTurn
        )


# ---------------------------------------------------------------------- tricks


def test_no_obligation_to_follow_suit() -> None:
    game = dealt({0: "4S 5C 6D", 1: "AS KC 3D"}, "2H")
    play(game, 1, "AS")
    assert {a.to_event()["card"] for a in game.legal_actions()} == {"4S", "5C", "6D"}
    play(game, 0, "5C")  # holds a spade, plays a club: allowed
    assert last_winner(game) == 1


@pytest.mark.parametrize(
    ("led", "followed", "winner"),
    [
        ("KS", "3S", 0),  # the 3 beats the king
        ("3S", "AS", 0),  # the ace beats the 3
        ("2S", "4S", 0),  # the 2 is the weakest
        ("7S", "JS", 0),  # J beats 7
        ("QS", "KS", 0),
        ("JS", "QS", 0),
        ("AS", "3S", 1),  # the leader's ace holds
        ("5S", "4S", 1),
    ],
)
def test_trick_strength_within_a_suit(led: str, followed: str, winner: int) -> None:
    others = [c for c in cards_of("6C 7C 5C 4C") if c not in (led, followed)]
    game = dealt({1: f"{led} {others[0]} {others[1]}", 0: f"{followed} 6D 7D"}, "2H")
    play(game, 1, led)
    play(game, 0, followed)
    assert last_winner(game) == winner


def test_strength_table_orders_a_3_k_q_j_7_6_5_4_2() -> None:
    order = [14, 3, 13, 12, 11, 7, 6, 5, 4, 2]
    assert [STRENGTH[r] for r in order] == sorted((STRENGTH[r] for r in order), reverse=True)


def test_a_trump_beats_any_card_of_another_suit() -> None:
    game = dealt({1: "AS 3S KS", 0: "2H 6D 7D"}, "4H")
    play(game, 1, "AS")
    play(game, 0, "2H")  # the weakest trump beats the ace of spades
    assert last_winner(game) == 0


def test_the_strongest_trump_wins() -> None:
    game = dealt({1: "5H 6D 7D", 2: "3H 6C 7C", 0: "AS 3S KS"}, "4H")
    play_cards(game, "5H", "3H", "AS")
    assert last_winner(game) == 2


def test_an_off_suit_card_that_is_not_trump_never_wins() -> None:
    game = dealt({1: "4S 5S 6S", 0: "AC 3C KC"}, "2H")
    play(game, 1, "4S")
    play(game, 0, "AC")
    assert last_winner(game) == 1


def test_the_winner_of_a_trick_leads_the_next() -> None:
    game = dealt({1: "4S 5S 6S", 0: "AS 3C KC"}, "2H")
    play(game, 1, "4S")
    play(game, 0, "AS")
    assert game.to_act == 0
    rejects(game, {"type": "play", "seat": 1, "card": "5S"}, NotYourTurn)


# ---------------------------------------------------------------------- drawing


@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_each_trick_the_winner_draws_first_then_seat_order(players: int) -> None:
    rng = random.Random(players * 11)
    game = new_game("briscola", players)
    deal = game.random_deal_event(rng)
    game.apply(deal)
    stock = deal["deck"][3 * players + 1 :] + [deal["deck"][3 * players]]
    drawn = 0
    while game.view(None)["stock_size"]:
        before = [hand_of(game, s) for s in range(players)]
        for _ in range(players):
            action = game.random_action(rng)
            assert action.seat is not None and action.card is not None
            before[action.seat].discard(action.card.code)
            game.push(action)
        winner = last_winner(game)
        for offset in range(players):
            seat = (winner + offset) % players
            assert hand_of(game, seat) - before[seat] == {stock[drawn + offset]}
        drawn += players
        assert [len(game.hand(s)) for s in range(players)] == [3] * players
    assert drawn == len(stock)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_stock_runs_out_and_the_last_three_tricks_empty_the_hands(players: int) -> None:
    game = random_dealt(players, 5)
    tricks = 0
    while game.phase == "play":
        if not game.view(None)["trick"]:
            expected = min(3, TRICKS[players] - tricks)
            assert {len(game.hand(s)) for s in range(players)} == {expected}
        for _ in range(players):
            game.push(game.legal_actions()[-1])
        tricks += 1
    assert tricks == TRICKS[players]
    assert game.tricks is not None and sum(game.tricks) == TRICKS[players]


# ---------------------------------------------------------------------- scoring


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_score_is_card_points_of_tricks_won_and_adds_up_to_120(players: int) -> None:
    rng = random.Random(players)
    for _ in range(5):
        game = new_game("briscola", players)
        game.apply(game.random_deal_event(rng))
        expected = [0] * game.sides
        while game.phase == "play":
            number = game.view(None)["trick_number"]
            game.push(game.random_action(rng))
            view = game.view(None)
            if view["trick_number"] != number or game.phase != "play":
                side = game.side_of(view["last_trick_winner"])
                expected[side] += sum(POINTS[_rank(e["card"])] for e in view["last_trick"])
                assert view["points"] == expected
        assert game.deal_scores == expected
        assert sum(expected) == 120


def _rank(code: str) -> int:
    return "23456789TJQKA".index(code[0]) + 2


def test_more_card_points_wins_the_game() -> None:
    game = new_game("briscola", 2)
    game.apply({"type": "tally", "points": [61, 59]})
    assert game.over and game.winner == 0
    assert game.scores == [61, 59] and game.view(None)["games_won"] == [1, 0]


def test_sixty_sixty_is_a_draw() -> None:
    game = new_game("briscola", 2)
    game.apply({"type": "tally", "points": [60, 60]})
    assert game.over and game.winner == [0, 1]
    assert game.view(None)["games_won"] == [0, 0]


def test_three_players_sharing_the_top_score_draw() -> None:
    game = new_game("briscola", 3)
    game.apply({"type": "tally", "points": [50, 50, 20]})
    assert game.winner == [0, 1]


def test_teams_score_together() -> None:
    game = dealt({0: "AS 3S KS", 1: "4C 5C 6C", 2: "AC 3C KC", 3: "4D 5D 6D"}, "2H")
    play_cards(game, "4C", "AC", "4D", "AS")  # seat 1 leads; seat 0 (team 0) wins with the ace
    assert last_winner(game) == 2
    assert game.view(None)["points"] == [22, 0]


# ---------------------------------------------------------------------- the match


def test_games_option_defaults_to_one() -> None:
    assert new_game("briscola", 2).options == {"games": 1, "removed_card": "2H"}


@pytest.mark.parametrize("value", [0, -1, 100, "3", True, None])
def test_games_option_must_be_a_whole_number_from_1(value: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("briscola", 2, {"games": value})
    assert caught.value.option == "games"


def test_a_match_is_that_many_deals_and_the_deal_passes() -> None:
    game = new_game("briscola", 3, {"games": 4}, first_dealer=2)
    rng = random.Random(4)
    dealers = []
    while not game.over:
        dealers.append(game.dealer)
        game.apply(game.random_deal_event(rng))
        assert game.to_act == (game.dealer + 1) % 3
        play_out(game, rng)
    assert dealers == [2, 0, 1, 2]
    assert sum(game.scores) == 4 * 120


def test_a_match_is_won_by_most_games_won_not_most_points() -> None:
    game = new_game("briscola", 2, {"games": 3})
    for points in ([61, 59], [61, 59], [0, 120]):
        game.apply({"type": "tally", "points": points})
    assert game.scores == [122, 238]
    assert game.view(None)["games_won"] == [2, 1]
    assert game.over and game.winner == 0


def test_equal_games_won_are_decided_by_card_points() -> None:
    game = new_game("briscola", 2, {"games": 2})
    game.apply({"type": "tally", "points": [70, 50]})
    assert not game.over and game.winner is None
    game.apply({"type": "tally", "points": [58, 62]})
    assert game.view(None)["games_won"] == [1, 1]
    assert game.winner == 0  # 128 card points to 112


def test_equal_games_and_equal_points_draw() -> None:
    game = new_game("briscola", 2, {"games": 2})
    game.apply({"type": "tally", "points": [70, 50]})
    game.apply({"type": "tally", "points": [50, 70]})
    assert game.winner == [0, 1]


def test_a_drawn_game_counts_for_nobody_in_a_match() -> None:
    game = new_game("briscola", 2, {"games": 2})
    game.apply({"type": "tally", "points": [60, 60]})
    game.apply({"type": "tally", "points": [59, 61]})
    assert game.view(None)["games_won"] == [0, 1]
    assert game.winner == 1


def test_match_winner_rules() -> None:
    assert match_winner([2, 1, 0], [100, 200, 300]) == 0
    assert match_winner([1, 1, 0], [100, 140, 120]) == 1
    assert match_winner([1, 1, 1], [120, 120, 120]) == [0, 1, 2]
    assert match_winner([0, 0], [60, 60]) == [0, 1]


# ---------------------------------------------------------------------- tallies


@pytest.mark.parametrize(("players", "points"), [(2, [80, 40]), (3, [40, 50, 30]), (4, [0, 120])])
def test_tally_scores_card_points_per_side(players: int, points: list[int]) -> None:
    game = new_game("briscola", players, {"games": 2})
    game.apply({"type": "tally", "points": points})
    assert game.deal_scores == points and game.scores == points
    assert game.dealer == 1 and game.awaiting == "deal"
    assert game.view(None)["points"] == points


@pytest.mark.parametrize("points", [[60, 61], [0, 0], [120, 1], [59, 59]])
def test_tally_points_must_add_up_to_120(points: list[int]) -> None:
    error = rejects(new_game("briscola", 2), {"type": "tally", "points": points}, InvalidTally)
    assert "120" in str(error)


@pytest.mark.parametrize("points", [[1, 119], [119, 1], [1, 0, 119]])
def test_tally_points_must_be_a_total_some_cards_make(points: list[int]) -> None:
    game = new_game("briscola", len(points))
    error = rejects(game, {"type": "tally", "points": points}, InvalidTally)
    assert "taken 1 card points" in str(error) or "taken 119 card points" in str(error)


def test_every_total_but_1_and_119_is_reachable() -> None:
    assert set(range(121)) - REACHABLE_POINTS == {1, 119}


@pytest.mark.parametrize(
    ("players", "event"),
    [
        (2, {"type": "tally"}),
        (2, {"type": "tally", "points": [120]}),
        (2, {"type": "tally", "points": [40, 40, 40]}),
        (3, {"type": "tally", "points": [60, 60]}),
        (4, {"type": "tally", "points": [30, 30, 30, 30]}),
        (2, {"type": "tally", "points": [-10, 130]}),
        (2, {"type": "tally", "points": ["60", 60]}),
        (2, {"type": "tally", "points": [60.0, 60]}),
    ],
)
def test_malformed_tally(players: int, event: dict[str, Any]) -> None:
    rejects(new_game("briscola", players), event, MalformedEvent)


def test_tally_only_between_deals() -> None:
    game = random_dealt(2, 1)
    rejects(game, {"type": "tally", "points": [60, 60]}, WrongPhase)


# ---------------------------------------------------------------------- rejected events


def test_rejected_events_change_nothing() -> None:
    game = dealt({0: "4S 5C 6D", 1: "AS KC 3D"}, "2H", "7H")
    rejects(game, {"type": "play", "seat": 0, "card": "4S"}, NotYourTurn)
    error = rejects(game, {"type": "play", "seat": 1, "card": "7H"}, CardNotHeld)
    assert "7H" in str(error)
    rejects(game, {"type": "play", "seat": 1, "card": "2H"}, CardNotHeld)
    rejects(game, {"type": "play", "seat": 2, "card": "AS"}, MalformedEvent)
    rejects(game, {"type": "play", "seat": 1, "card": "TS"}, CardNotHeld)
    rejects(game, {"type": "deal", "deck": full_deck(2)}, WrongPhase)
    rejects(game, {"type": "split", "seat": 1, "first": []}, MalformedEvent)


def test_a_deal_with_french_cards_is_rejected() -> None:
    deck = full_deck(2)
    deck[0] = "TS"
    error = rejects(new_game("briscola", 2), {"type": "deal", "deck": deck}, IllegalEvent)
    assert "TS" in str(error)


def test_anything_after_the_game_is_over_is_wrong_phase() -> None:
    game = new_game("briscola", 2)
    game.apply({"type": "tally", "points": [60, 60]})
    rejects(game, {"type": "tally", "points": [60, 60]}, WrongPhase)
    rejects(game, {"type": "deal", "deck": full_deck(2)}, WrongPhase)


# ---------------------------------------------------------------------- views


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_show_own_hand_the_briscola_and_the_stock_count_only(players: int) -> None:
    deck = full_deck(players)
    random.Random(9).shuffle(deck)
    game = new_game("briscola", players)
    game.apply({"type": "deal", "deck": deck})
    hidden_stock = set(deck[3 * players + 1 :])
    for viewer in [None, *range(players)]:
        view = game.view(viewer)
        text = json.dumps(view)
        others = set().union(*(hand_of(game, s) for s in range(players) if s != viewer))
        for code in hidden_stock | others:
            assert f'"{code}"' not in text, f"{code} shown to {viewer}"
        assert view["briscola"] == deck[3 * players]
        assert view["stock_size"] == len(deck) - 3 * players
        assert view["hand_sizes"] == [3] * players
        if viewer is not None:
            assert set(view["hand"]) == hand_of(game, viewer)
        else:
            assert view["hand"] is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_swapping_stock_cards_never_changes_a_view_until_one_is_drawn(players: int) -> None:
    rng = random.Random(players)
    base = full_deck(players)
    rng.shuffle(base)
    first = 3 * players + 1
    stock_positions = list(range(first, len(base)))
    for _ in range(5):
        i, j = rng.sample(stock_positions, 2)
        swapped = list(base)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        a = new_game("briscola", players)
        b = new_game("briscola", players)
        a.apply({"type": "deal", "deck": base})
        b.apply({"type": "deal", "deck": swapped})
        play_rng = random.Random(1)
        while a.phase == "play":
            for viewer in [None, *range(players)]:
                seen = hand_of(a, viewer) | hand_of(b, viewer) if viewer is not None else set()
                if {base[i], base[j]} & seen:
                    continue
                assert a.view(viewer) == b.view(viewer)
            action = a.random_action(play_rng)
            if action not in b.legal_actions():
                break
            a.push(action)
            b.push(action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_swapping_cards_between_other_hands_never_changes_a_view(players: int) -> None:
    deck = full_deck(players)
    random.Random(players + 20).shuffle(deck)
    viewer = 0
    others = [i for i in range(3 * players) if (1 + i) % players != viewer]
    for i in others:
        for j in others:
            if (1 + i) % players == (1 + j) % players:
                continue
            swapped = list(deck)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            a = new_game("briscola", players)
            b = new_game("briscola", players)
            a.apply({"type": "deal", "deck": deck})
            b.apply({"type": "deal", "deck": swapped})
            assert a.view(viewer) == b.view(viewer)
            assert a.view(None) == b.view(None)


def test_the_briscola_stays_public_when_drawn_until_played() -> None:
    game = random_dealt(2, 3)
    turned = game.view(None)["briscola"]
    while turned not in hand_of(game, 0) | hand_of(game, 1):
        game.push(game.legal_actions()[0])
    holder = 0 if turned in hand_of(game, 0) else 1
    assert game.view(1 - holder)["briscola"] == turned
    assert game.view(1 - holder)["briscola_holder"] == holder


def test_view_between_deals_shows_no_briscola_or_stock() -> None:
    game = random_dealt(2, 2, games=2)
    play_out(game)
    view = game.view(0)
    assert view["phase"] == "deal"
    assert view["briscola"] is None and view["stock_size"] == 0
    assert sum(view["points"]) == 120


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_with_consistent_scores(players: int) -> None:
    rng = random.Random(2026 + players)
    for games in (1, 3):
        game = play_until_over(new_game("briscola", players, {"games": games}), rng)
        assert sum(game.scores) == 120 * games
        assert sum(game.view(None)["games_won"]) <= games
        assert game.deal_number == games


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize("path", record_files("briscola"), ids=lambda p: p.name)
def test_records_pass_the_check(path: Path) -> None:
    passes_check(path)


def test_there_are_briscola_records() -> None:
    assert record_files("briscola")
