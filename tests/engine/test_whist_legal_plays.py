"""Whist keeps each seat's cards per suit beside its hand sets (made on the first legal
play asked for in a deal, so that replays do not pay for it): both must always agree,
whether the refusal of a wrong card comes before or after they are made."""

from __future__ import annotations

import random

import pytest

from engine import MustFollowSuit, new_game
from engine.cards import sorted_cards
from engine.game import Game
from tests.engine.test_whist import mixed_game
from tests.support.engine import play


def legal_from_hands(game: Game) -> list[str]:
    """The legal cards of the seat to act, worked out from its hand alone."""
    seat = game.to_act
    assert isinstance(seat, int)
    hand = game.hand(seat)
    trick = game.view()["trick"]
    if trick:
        led = trick[0]["card"][1]
        following = [c for c in hand if c.suit == led]
        hand = following or hand
    return [c.code for c in sorted_cards(hand)]


@pytest.mark.parametrize("seed", range(6))
def test_legal_plays_match_the_hands_throughout_random_deals(seed: int) -> None:
    rng = random.Random(seed)
    game = new_game("whist", 4)
    while not game.over:
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
            continue
        if rng.random() < 0.3:  # sometimes a play that nobody listed first
            action = game.legal_actions()[0]
        else:
            listed = [a.card.code for a in game.legal_actions()]  # type: ignore[union-attr]
            assert listed == legal_from_hands(game)
            action = game.random_action(rng)
        game.push(action)


def test_refusal_to_follow_suit_before_any_legal_play_was_asked_for() -> None:
    game = mixed_game()
    play(game, 1, "QS")
    with pytest.raises(MustFollowSuit):
        play(game, 2, "AH")  # seat 2 holds 2S and 3S
    assert [c.code for c in game.hand(2)][:2] == ["2S", "3S"]
    play(game, 2, "2S")
    assert [a.card.code for a in game.legal_actions()] == ["4S", "5S", "6S", "7S"]  # type: ignore[union-attr]
    with pytest.raises(MustFollowSuit):
        play(game, 3, "2C")
