"""Whist's playout short cuts against the straightforward versions they replace: the
unrolled four-card trick winner against :func:`engine.tricks.winning_seat`, and the
random play drawn from the held lists against ``rng.choice(legal_actions())`` (the
same action and the same draws from the generator)."""

from __future__ import annotations

import itertools
import random

import pytest

import engine
from engine.cards import SUITS, french_deck
from engine.tricks import winning_seat, winning_seat_of_four


def test_the_unrolled_winner_of_four_is_the_winning_seat() -> None:
    rng = random.Random(4)
    deck = french_deck()
    few = [deck[i] for i in (0, 5, 12, 13, 20, 26, 39, 51)]  # low and high, every suit
    tricks = [list(cards) for cards in itertools.permutations(few, 4)]
    tricks += [rng.sample(deck, 4) for _ in range(2000)]
    for cards in tricks:
        leader = rng.randrange(4)
        trick = [((leader + i) % 4, card) for i, card in enumerate(cards)]
        for trump in (*SUITS, None):
            assert winning_seat_of_four(trick, trump) == winning_seat(trick, trump), trick


class OtherRandom(random.Random):
    """A generator that is not a plain ``random.Random``: the draws are not inlined."""


@pytest.mark.parametrize("generator", [random.Random, OtherRandom])
def test_random_plays_are_a_choice_among_the_legal_plays(generator: type[random.Random]) -> None:
    rng = generator(11)
    game = engine.new_game("whist", 4, {"target": 100})  # long enough for many deals
    plays = 0
    while not game.over and plays < 2000:
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
            continue
        if rng.random() < 0.2:
            game.legal_actions()  # asked before the draw too, sometimes
        oracle = generator()
        oracle.setstate(rng.getstate())
        expected = oracle.choice(game.legal_actions())
        action = game.random_action(rng)
        assert action == expected
        assert rng.getstate() == oracle.getstate()
        game.push(action)
        plays += 1
    assert plays > 500
