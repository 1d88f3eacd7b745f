"""Burraco's legal actions are complete: every meld and addition, checked against brute
force (every writing of every sub-multiset of the hand) on small positions."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from itertools import combinations, permutations
from typing import Any

import pytest

from engine.actions import Action
from engine.cards import cards
from engine.errors import IllegalEvent
from engine.games.burraco import Burraco, add_action, meld_action
from tests.engine.test_burraco import act, position, seq, start


def brute_force(game: Burraco, seat: int) -> set[Hashable]:
    """The plays of every writing of every sub-multiset of the hand."""
    hand = game.hands[seat]
    plays: set[Hashable] = set()
    writings: set[tuple[Any, ...]] = set()
    for size in range(1, len(hand) + 1):
        for chosen in combinations(hand, size):
            writings.update(permutations(chosen))
    for writing in writings:
        tries: list[Action] = [
            add_action(seat, i, writing) for i in range(len(game.melds[game.side_of(seat)]))
        ]
        if len(writing) >= 3:
            tries.append(meld_action(seat, writing))
        for action in tries:
            try:
                game._play_key(action)
            except IllegalEvent:
                continue
            plays.add(game._play_key(action))
    return plays


def listed_plays(game: Burraco, seat: int) -> list[Hashable]:
    return [game._play_key(a) for a in game.legal_actions(seat) if a.type in ("meld", "add")]


POSITIONS: list[tuple[str, Sequence[str]]] = [
    ("9C 9C 9S 5H 2D", ()),
    ("4H 5H 6H 7H BJ", ()),
    ("AH 2H 3H QH KH AH", ()),
    ("2H 2H 3H 4H 6H", ()),
    ("9S 9D BJ 2C", ("9H 9C 9S",)),
    ("4H 8H 9H 2S", ("5H 6H 7H",)),
    ("6H 3H 8H KC", ("5H BJ 7H",)),
    ("QS KS AS 2S", ("9S TS JS",)),
    ("3C 2C AC 7D", ("4C 5C 6C", "7D 7S 7C")),
]


@pytest.mark.parametrize(("hand", "melds"), POSITIONS)
def test_every_meld_and_addition_is_listed_once(hand: str, melds: Sequence[str]) -> None:
    game = start(2, ["", "9C 9C 9S"])
    seat = position(game, hand, melds, took=False)
    listed = listed_plays(game, seat)
    assert len(listed) == len(set(listed)), "a play is listed twice"
    assert set(listed) == brute_force(game, seat)
    legal = game.legal_actions(seat)
    assert legal.count() == len(list(legal))
    for action in legal:
        assert action in legal
        game.copy().push(action)  # every listed action applies


def test_random_positions_against_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(12):
        game = start(2, ["", "9C 9C 9S"])
        deck = Burraco(2).new_deck()
        rng.shuffle(deck)
        seat = position(game, "", ())
        game.hands[seat] = deck[:6]
        meld = rng.choice(["5H 6H 7H", "9S 9C 9D", "BJ 3D 4D", "JC QC KC"])
        game.melds[game.side_of(seat)] = [] if rng.random() < 0.3 else [seq(meld)]
        assert set(listed_plays(game, seat)) == brute_force(game, seat)


def test_legal_is_not_empty_while_a_meld_is_legal() -> None:
    game = start(2, ["", "9C 9C 9S"])
    act(game, "draw", **{"from": "stock"})
    legal = game.legal_actions()
    assert meld_action(1, tuple(cards("9C 9C 9S"))) in legal
    # A group in another order is the same play, and legal in any order.
    other = {"type": "meld", "seat": 1, "cards": ["9S", "9C", "9C"]}
    assert other in legal
    written = meld_action(1, tuple(cards("9C 9C 9S")))
    assert game.canonical(game.parse(other)) == game.canonical(written)
    assert game.canonical(written) in legal.to_list()
    nines = sorted(cards("9C 9C 9S"))
    assert sum(1 for a in legal if a.type == "meld" and sorted(a.arg("cards")) == nines) == 1
    # The page still lists the discards only (it has its own meld builder).
    assert {e["type"] for e in game.view(1)["legal"]} == {"discard"}
