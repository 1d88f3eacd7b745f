"""Scopa's fast paths agree with the plain rules: the yes/no play check with the check
that explains, the listed plays with every set of table cards tried, the pile masks
with counting card by card."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.cards import Card, italian_deck, sorted_cards
from engine.games.scopa_captures import capture_problem, is_legal_play, legal_plays
from engine.games.scopa_rules import COINS, PRIMIERA, SETTEBELLO, VALUE, count_piles, primiera

CASES = 400


def _deals(seed: int) -> list[tuple[list[Card], list[Card]]]:
    """Random (hand, table) pairs: hands of 1 to 3 cards, tables of 0 to 9."""
    rng = random.Random(seed)
    found = []
    for _ in range(CASES):
        deck = italian_deck()
        rng.shuffle(deck)
        hand_size, table_size = rng.randint(1, 3), rng.randint(0, 9)
        found.append((deck[:hand_size], deck[hand_size : hand_size + table_size]))
    return found


def _legal_by_search(card: Card, table: list[Card]) -> list[tuple[Card, ...]]:
    """Every capture ``card`` may make, by trying every set of table cards, in display
    order (sets by their positions, lexicographically)."""
    ordered = sorted_cards(table)
    worth = VALUE[card]
    sets = [
        positions
        for size in range(1, len(ordered) + 1)
        for positions in combinations(range(len(ordered)), size)
        if sum(VALUE[ordered[i]] for i in positions) == worth
    ]
    singles = [p for p in sets if len(p) == 1]
    return [tuple(ordered[i] for i in p) for p in sorted(singles or sets)]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_quick_check_agrees_with_the_explained_one(seed: int) -> None:
    rng = random.Random(seed)
    refused = accepted = 0
    for hand, table in _deals(seed):
        card = hand[0]
        tries = [(), *(tuple(rng.sample(table, k)) for k in range(1, len(table) + 1))]
        tries += _legal_by_search(card, table)
        for taken in tries:
            legal = is_legal_play(table, card, taken)
            assert legal == (capture_problem(table, card, taken) is None), (card, table, taken)
            accepted, refused = accepted + legal, refused + (not legal)
    assert accepted > 100 and refused > 100  # both answers were really asked for


@pytest.mark.parametrize("seed", [3, 4])
def test_the_listed_plays_are_every_capture_in_order(seed: int) -> None:
    for hand, table in _deals(seed):
        expected = []
        for card in sorted_cards(hand):
            captures = _legal_by_search(card, table)
            expected += [(card, taken) for taken in captures] or [(card, ())]
        for _ in range(2):  # the second time from the cached positions
            listed = legal_plays(0, hand, table)
            assert [(a.card, a.arg("capture", ())) for a in listed] == expected


def _count_card_by_card(pile: list[Card], needs_all_suits: bool) -> tuple[int, int, bool]:
    best = {suit: max((PRIMIERA[c] for c in pile if c.suit == suit), default=0) for suit in "SHDC"}
    worths = best.values()
    points = 0 if needs_all_suits and 0 in worths else sum(worths)
    return points, sum(c.suit == COINS for c in pile), SETTEBELLO in pile


@pytest.mark.parametrize("needs_all_suits", [False, True])
def test_piles_are_counted_as_card_by_card(needs_all_suits: bool) -> None:
    rng = random.Random(5)
    for _ in range(CASES):
        deck = italian_deck()
        rng.shuffle(deck)
        cut = rng.randint(0, 40)
        piles = [deck[:cut], deck[cut:]]
        count = count_piles(piles, [0, 0], needs_all_suits)
        for side, pile in enumerate(piles):
            points, coins, settebello = _count_card_by_card(pile, needs_all_suits)
            assert count.primiera[side] == points == primiera(pile, needs_all_suits)
            assert count.coins[side] == coins and count.cards[side] == len(pile)
            assert (count.settebello == side) == settebello
