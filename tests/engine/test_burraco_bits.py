"""The random player's integer short cuts (:mod:`engine.games.burraco_bits`) and its
other quick answers give what the plain way gives: "no meld here" only when
:func:`find_melds` finds none, the cards that fit a meld as :func:`fitting_cards` says,
in display order, the draw ``randrange`` makes, "able to close?" as the full check
says, and a pickled game carries none of the kept answers."""

from __future__ import annotations

import pickle
import random
from functools import reduce
from operator import or_

import pytest

import engine
from engine.cards import double_deck, sorted_cards
from engine.games.burraco import Burraco
from engine.games.burraco_bits import OWN_BIT, PRESENT, RANK_COUNT, cards_in, may_meld, meld_bits
from engine.games.burraco_choices import below
from engine.games.burraco_events import add_action, meld_action
from engine.games.burraco_legal import fitting_cards
from engine.games.burraco_melds import check_meld, find_melds
from engine.games.burraco_state import MELD
from tests.engine.test_burraco import seq
from tests.engine.test_burraco_random_player import EDGE_MELDS

DECK = double_deck(4)
EVERY_BIT = reduce(or_, OWN_BIT.values())


def _integers(hand: list) -> tuple[int, int]:
    return sum(RANK_COUNT[c] for c in hand), reduce(or_, (PRESENT[c] for c in hand), 0)


def test_no_meld_is_said_only_when_find_melds_finds_none() -> None:
    rng = random.Random(7)
    hearts = [c for c in DECK if c.suit == "H" or c.is_joker]
    said_none = 0
    for round_ in range(6000):
        pool = hearts if round_ % 3 == 0 else DECK  # long runs, A-K-A, the 2 as natural
        hand = rng.sample(pool, rng.randrange(1, 22))
        if not may_meld(*_integers(hand)):
            said_none += 1
            assert find_melds(hand) == [], hand
    assert said_none > 1000  # the short cut is taken


def test_the_cards_held_read_back_in_display_order_each_once() -> None:
    rng = random.Random(8)
    for _ in range(2000):
        hand = rng.sample(DECK, rng.randrange(0, 30))
        present = _integers(hand)[1]
        assert cards_in(present & EVERY_BIT) == sorted_cards(set(hand)), hand


def _melds(count: int) -> list:
    rng = random.Random(9)
    found = [seq(text) for text in EDGE_MELDS]
    while len(found) < count:
        for writing in find_melds(rng.sample(DECK, 30)):
            meld = check_meld(writing).meld
            if meld is not None:
                found.append(meld)
    return found


def test_the_cards_that_fit_a_meld_are_the_fitting_cards() -> None:
    for meld in _melds(2000):
        assert cards_in(meld_bits(meld)) == sorted_cards(fitting_cards(meld)), meld


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 8, 11, 54, 1000])
def test_below_draws_what_randrange_draws(n: int) -> None:
    ours, theirs = random.Random(n), random.Random(n)
    assert [below(ours, n) for _ in range(500)] == [theirs.randrange(n) for _ in range(500)]
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("players", [2, 4])
def test_able_to_close_agrees_with_the_full_check_near_the_end(players: int) -> None:
    rng = random.Random(30 + players)
    compared = 0
    for _ in range(6):
        game = engine.new_game("burraco", players)
        assert isinstance(game, Burraco)
        while not game.over:
            if game.awaiting == "deal":
                game.apply(game.random_deal_event(rng))
                continue
            seat = game.turn
            side = game.side_of(seat)
            hand = game.hands[seat]
            if game.phase == MELD and game.took_pozzetto[side] and len(hand) <= 3:
                for cards in find_melds(hand):
                    full = game._is_legal(seat, meld_action(seat, cards))
                    quick = game._may_leave(side, hand, cards, len(cards) >= 7)
                    assert quick == full, (hand, cards)
                    compared += 1
                for index, meld in enumerate(game.melds[side]):
                    for card in sorted(fitting_cards(meld) & set(hand)):
                        full = game._is_legal(seat, add_action(seat, index, (card,)))
                        burraco = len(meld.cards) + 1 >= 7
                        assert game._may_leave(side, hand, (card,), burraco, index) == full
                        compared += 1
            game.push(game.random_action(rng))
    assert compared > 20


def test_a_pickled_game_carries_no_kept_answers_and_plays_on_the_same() -> None:
    rng = random.Random(3)
    game = engine.new_game("burraco", 2)
    game.apply(game.random_deal_event(rng))
    while not game.melds[0] and not game.melds[1]:
        game.push(game.random_action(rng))
    game.meld_candidates(game.turn)  # fills the kept fit masks
    assert game._table_bits
    state = pickle.dumps(game)
    copy = pickle.loads(state)
    assert "_table_bits" not in vars(copy)
    again = random.Random()
    again.setstate(rng.getstate())
    while not game.over:
        action = game.random_action(rng)
        assert copy.random_action(again) == action
        game.push(action)
        copy.push(action)
    assert copy.view(0) == game.view(0)
