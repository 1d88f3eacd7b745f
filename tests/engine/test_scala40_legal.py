"""Scala 40's legal actions are complete: every opening, meld and addition, checked
against brute force (every writing of every sub-multiset of the hand, a joker named as
any card) on small positions."""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations, permutations
from typing import Any

import pytest

from engine.actions import Action
from engine.cards import Card, cards, double_deck
from engine.games import scala40_events as events
from engine.games.scala40 import Scala40
from engine.games.scala40_melds import MeldError, Slot, build_meld
from tests.engine.test_scala40 import dealt, ev

NAMES = sorted({c for c in double_deck() if not c.is_joker}, key=lambda c: c.code)


def writings(hand: list[Card], most: int) -> set[tuple[Slot, ...]]:
    """Every writing of up to ``most`` cards of ``hand``, a joker named as any card."""
    # A joker stands for a card of its meld's rank (a set) or suit (a sequence), and a
    # meld holds one joker at most: so only such names can make a meld with these cards.
    naturals = [c for c in hand if not c.is_joker]
    names = [n for n in NAMES if any(n.rank == c.rank or n.suit == c.suit for c in naturals)]
    found: set[tuple[Slot, ...]] = set()
    for size in range(1, most + 1):
        for chosen in set(combinations(sorted(hand, key=lambda c: c.code), size)):
            for order in set(permutations(chosen)):
                options: list[list[Slot]] = [
                    [(c, name) for name in names] if c.is_joker else [(c, c)] for c in order
                ]
                stack: list[tuple[Slot, ...]] = [()]
                for choice in options:
                    stack = [(*done, slot) for done in stack for slot in choice]
                found.update(stack)
    return found


def is_meld(slots: tuple[Slot, ...]) -> bool:
    try:
        build_meld(slots, 1)
    except MeldError:
        return False
    return True


def keys(game: Scala40, actions: Any) -> set[Hashable]:
    return {game._play_key(a) for a in actions} - {None}


def position(hand: str, opened: bool, melds: tuple[str, ...] = ()) -> Scala40:
    game = dealt(2, {1: ["7H", "8H", "9H", "TH", "2S", "2H", "2D"]}, top="KD", stock=["6D"])
    assert isinstance(game, Scala40)
    game.apply(ev("draw", 1, source="stock"))
    game.hands[1] = cards(hand)
    game.opened[1] = opened
    game.melds = []
    for meld in melds:
        game.melds.append(build_meld([events.slot_of(t) for t in meld.split()], 0))
    return game


OPENED = [
    ("5S 6S 7S 9D 9C", ("9H 9S 9D",)),
    ("RJ 4C 5C 7C KD", ("JD QD KD",)),
    ("AH 2H 3H RJ QC", ("4H 5H 6H",)),
    ("8C 8D RJ 3S 3D", ("8H 8S BJ=8D",)),
]


@pytest.mark.parametrize(("hand", "melds"), OPENED)
def test_every_meld_and_addition_is_listed_once(hand: str, melds: tuple[str, ...]) -> None:
    game = position(hand, True, melds)
    listed = [a for a in game.legal_actions(1) if a.type in ("meld", "add")]
    listed_keys = [game._play_key(a) for a in listed]
    assert None not in listed_keys and len(listed_keys) == len(set(listed_keys))
    # Brute force: every writing as a meld or an addition to each meld.
    tries: list[Action] = []
    for slots in writings(game.hands[1], len(game.hands[1]) - 1):
        if len(slots) >= 3:
            tries.append(events.meld_action(1, slots))
        tries.extend(events.add_action(1, i, slots) for i in range(len(game.melds)))
    singles = [a for a in game.legal_actions(1) if a.type == "add" and len(a.arg("cards")) == 1]
    assert set(listed_keys) | keys(game, singles) == keys(game, tries)


def test_every_opening_is_listed_once() -> None:
    game = position("KS KH KD QC QD RJ", False)
    listed = [a for a in game.legal_actions(1) if a.type == "open"]
    listed_keys = [game._play_key(a) for a in listed]
    assert None not in listed_keys and len(listed_keys) == len(set(listed_keys))
    melds = [s for s in writings(game.hands[1], 4) if len(s) >= 3 and is_meld(s)]
    tries = [events.open_action(1, [m]) for m in melds]
    tries += [events.open_action(1, [a, b]) for a, b in combinations(melds, 2)]
    assert set(listed_keys) == keys(game, tries)
    assert listed  # KS KH KD = 30, with QC QD RJ=Q? = 30: 60


def test_a_meld_in_another_order_is_the_listed_play() -> None:
    game = position("9S 9D 9C 4H 5H", True)
    legal = game.legal_actions(1)
    other = {"type": "meld", "seat": 1, "cards": ["9C", "9S", "9D"]}
    assert other in legal
    assert game.canonical(game.parse(other)) in legal.to_list()
    assert legal.count() == len(legal.to_list())


def test_a_joker_as_ace_on_a_two_to_king_sequence_is_listed_once() -> None:
    game = position("RJ 5C 9D", True, ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",))
    singles = [a for a in game.legal_actions(1) if a.type == "add" and a.arg("cards") == ("RJ=AH",)]
    assert len(singles) == 1
