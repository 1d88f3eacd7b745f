"""The random player's quick answers agree with the full checks: which single cards
fit a meld (:func:`single_card_fits`, kept per meld by :func:`fitting_cards`), and
which melds and additions :meth:`Burraco.meld_candidates` lists, over random play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine.actions import Action
from engine.cards import Card, cards, double_deck
from engine.games.burraco import Burraco, add_action, meld_action
from engine.games.burraco_legal import fitting_cards, single_card_fits
from engine.games.burraco_melds import Meld, check_addition, check_meld, find_melds
from engine.games.burraco_state import MELD
from tests.engine.test_burraco import seq

EVERY_CARD = sorted(set(double_deck(4)))

EDGE_MELDS = [
    "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",  # A–K–A: nothing more fits
    "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH BJ AH",  # its wildcard cannot move
    "BJ 2H 3H",  # the wildcard on the low ace
    "2S 2H 3H",  # a 2 of another suit on the ace, the natural 2
    "QS KS 2C",  # the wildcard on the high ace
    "5H BJ 7H",
    "9S 9S 9D",
    "9S 9D 2C",
]


def _fits_by_full_check(meld: Meld, card: Card) -> bool:
    return check_addition(meld, [card]).ok


@pytest.mark.parametrize("text", EDGE_MELDS)
def test_single_card_fits_agrees_with_check_addition_on_edge_melds(text: str) -> None:
    meld = seq(text)
    for card in EVERY_CARD:
        assert single_card_fits(meld, card) == _fits_by_full_check(meld, card), (text, card)
    assert fitting_cards(meld) == {c for c in EVERY_CARD if _fits_by_full_check(meld, c)}


def _full_meld_candidates(game: Burraco, seat: int) -> list[Action]:
    """What ``meld_candidates`` lists, every action put through the game's own checks."""
    hand = game.hands[seat]
    tries = [meld_action(seat, m) for m in find_melds(hand)]
    for index, _meld in enumerate(game.melds[game.side_of(seat)]):
        tries += [add_action(seat, index, (c,)) for c in sorted(set(hand))]
    return [a for a in tries if game._is_legal(seat, a)]


@pytest.mark.parametrize("players", [2, 4])
def test_quick_answers_agree_with_the_full_checks_over_random_play(players: int) -> None:
    rng = random.Random(players)
    compared = 0
    for _ in range(2):
        game = engine.new_game("burraco", players)
        assert isinstance(game, Burraco)
        while not game.over:
            if game.awaiting == "deal":
                game.apply(game.random_deal_event(rng))
                continue
            if game.phase == MELD:
                seat = game.turn
                for meld in game.melds[game.side_of(seat)]:
                    fitting = fitting_cards(meld)
                    for card in EVERY_CARD:
                        assert (card in fitting) == _fits_by_full_check(meld, card)
                assert game.meld_candidates(seat) == _full_meld_candidates(game, seat)
                compared += 1
            game.push(game.random_action(rng))
    assert compared > 50


def test_find_melds_counts_a_card_on_two_positions_once() -> None:
    # One ace cannot be both ends of A-K-A, nor one 2H both the natural 2 and a wildcard.
    found = find_melds(cards("AH 2H 3H 5H"))
    assert all(m.count(Card.parse("2H")) <= 1 for m in found)
    assert find_melds(cards("JH QH KH AH")) == [tuple(cards("JH QH KH AH"))]


def test_known_cards_kept_in_place_match_counter_arithmetic() -> None:
    # What each seat is known to hold, recomputed the plain way beside random play.
    rng = random.Random(5)
    game = engine.new_game("burraco", 4)
    assert isinstance(game, Burraco)
    reference: list[Counter[Card]] = [Counter() for _ in range(4)]
    taken = 0
    while not game.over:
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
            reference = [Counter() for _ in range(4)]
            continue
        action = game.random_action(rng)
        seat = action.seat
        assert seat is not None
        if action.type == "draw" and action.arg("from") == "discard":
            reference[seat].update(game.discard_pile)
            taken += 1
        elif action.type in ("meld", "add"):
            reference[seat] -= Counter(action.arg("cards"))
        elif action.type == "discard":
            assert action.card is not None
            reference[seat] -= Counter((action.card,))
        game.push(action)
        if game.phase in ("draw", MELD):
            assert game.known == reference
    assert taken > 0


def test_find_melds_finds_only_held_melds_on_random_hands() -> None:
    rng = random.Random(3)
    deck = double_deck(4)
    for _ in range(2000):
        hand = rng.sample(deck, rng.randrange(3, 20))
        for meld in find_melds(hand):
            assert check_meld(meld), meld
            assert not Counter(meld) - Counter(hand), meld
