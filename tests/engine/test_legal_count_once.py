"""Counting a seat's legal actions and then listing them (what a server's answer does)
generates them once when the game counts by listing (Burraco's and Scala 40's melds:
issue 17), and a game that counts without listing (Italian Whist's split) still does."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine.actions import Action
from engine.game import Game


def _meld_position(game_type: str) -> tuple[Game, int]:
    """A seeded 4-player game at a turn with more than its natural choices (melds)."""
    rng = random.Random(3)
    game = engine.new_game(game_type, 4)
    for _ in range(2000):
        if game.awaiting == "deal" or not game.seats_to_act():
            game.apply(game.random_deal_event(rng))
            continue
        seat = game.seats_to_act()[0]
        listed = list(game.legal_actions(seat))
        if len(listed) > len(game._legal_actions(seat)) + 3:
            return game, seat
        game.apply(rng.choice(listed).to_event())
    raise AssertionError("no turn with melds in 2000 steps")


@pytest.mark.parametrize("game_type", ["burraco", "scala40"])
def test_count_then_list_generates_the_melds_once(
    game_type: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, seat = _meld_position(game_type)
    expected = [action.to_event() for action in game.legal_actions(seat)]
    calls = []
    original = type(game)._more_legal_actions

    def counted(self: Any, seat: int) -> Iterator[Action]:
        calls.append(seat)
        return original(self, seat)

    monkeypatch.setattr(type(game), "_more_legal_actions", counted)
    legal = game.legal_actions(seat)
    assert legal.count() == len(expected)
    assert [action.to_event() for action in legal] == expected
    assert calls == [seat]
    assert game.legal_count(seat) == len(expected)  # a new collection lists anew
    assert calls == [seat, seat]


def test_a_game_that_counts_without_listing_still_does(monkeypatch: pytest.MonkeyPatch) -> None:
    game = engine.new_game("italian_whist", 3)
    game.apply(game.random_deal_event(random.Random(1)))
    seat = game.seats_to_act()[0]

    def no_listing(self: Any, seat: int) -> Iterator[Action]:
        raise AssertionError("listed")

    monkeypatch.setattr(type(game), "_iter_legal", no_listing)
    assert game.legal_actions(seat).count() == game.legal_count(seat) > 1000
