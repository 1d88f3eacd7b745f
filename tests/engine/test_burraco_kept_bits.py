"""The random player's kept answers against the plain way: :func:`find_melds` read
from the hand's bits gives what the card-by-card search gave (kept here as the
oracle), and the hand's bits kept in step by the events are the bits read afresh."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

import engine
from engine.cards import Card, double_deck
from engine.games.burraco_bits import hand_bits
from engine.games.burraco_find import (
    _NATURAL,
    _TWO_BIT,
    _TWO_OF,
    _WILD_ORDER,
    _suit_runs,
    find_melds,
)
from engine.games.burraco_state import MELD

DECK = double_deck(4)


def plain_find_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Some melds ``hand`` can lay (each written as :func:`check_meld` reads it): every
    group of three or more natural cards of a rank, a pair with a wildcard, and the
    longest runs of each suit, with a wildcard at their lower end or in a single gap.
    Not every meld: enough for a random player that melds what it can.

    Groups come in the order their rank first shows in ``hand``, their cards in the
    order each first shows; then each suit's runs (suits in the order they first show),
    worked out from the suit's positions held as a bit mask and kept per mask."""
    count: dict[Card, int] = {}
    for card in hand:  # cheaper than a Counter for a hand of a few cards
        count[card] = count.get(card, 0) + 1
    wild: Card | None = None
    by_rank: dict[int, list[Card]] = {}
    masks: dict[str, int] = {}
    for card, copies in count.items():
        natural = _NATURAL.get(card)
        if natural is None:  # a wildcard: a joker first, then the lowest card
            if wild is None or _WILD_ORDER[card] < _WILD_ORDER[wild]:
                wild = card
            continue
        rank, suit, bits = natural
        same_rank = by_rank.get(rank)
        if same_rank is None:
            by_rank[rank] = [card] * copies if copies > 1 else [card]
        else:
            same_rank += [card] * copies
        masks[suit] = masks.get(suit, 0) | bits
    found: list[tuple[Card, ...]] = []
    for naturals in by_rank.values():
        if len(naturals) >= 3:
            found.append(tuple(naturals))
        elif len(naturals) == 2 and wild is not None:
            found.append((*naturals, wild))
    for suit, mask in masks.items():
        two = _TWO_OF[suit]
        if two in count:
            mask |= _TWO_BIT
        if not mask & (mask - 1):
            continue  # a lone card: no run, and nothing to join
        runs, twice = _suit_runs(suit, mask, wild)
        if not twice:
            found += runs
        else:  # a card on two positions (an ace low and high, a 2 as natural and
            # wildcard) may be held once only
            found += [
                run
                for run in runs
                if len(set(run)) == len(run) or not Counter(run) - Counter(count)
            ]
    return found


def _pools() -> list[list[Card]]:
    hearts = [c for c in DECK if c.suit == "H" or c.is_joker]
    two_suits = [c for c in DECK if c.suit in (None, "H", "S")]
    few_ranks = [c for c in DECK if c.rank in (0, 2, 7, 9, 14)]  # groups, wildcards
    return [hearts, two_suits, DECK, few_ranks]


def test_find_melds_from_the_bits_is_the_plain_search() -> None:
    rng = random.Random(11)
    pools = _pools()
    found = 0
    for round_ in range(8000):
        pool = pools[round_ % len(pools)]
        hand = rng.sample(pool, rng.randrange(0, min(26, len(pool))))
        melds = find_melds(hand)
        assert melds == plain_find_melds(hand), hand
        found += bool(melds)
    assert found > 2000  # the searches had melds to find


@pytest.mark.parametrize("players", [2, 4])
def test_the_kept_hand_bits_are_the_bits_read_afresh(players: int) -> None:
    rng = random.Random(12)
    checked = 0
    for _ in range(6):
        game = engine.new_game("burraco", players)
        while not game.over:
            if game.awaiting == "deal":
                game.apply(game.random_deal_event(rng))
                continue
            if game.phase == MELD:
                kept = game._hand_bits[game.turn]
                hand = game.hands[game.turn]
                if kept is not None and kept[0] is hand and kept[1] == len(hand):
                    assert kept[2:] == hand_bits(hand)[2:]
                    checked += 1
            game.push(game.random_action(rng))
    assert checked > 200  # kept in step, not made afresh each time


def test_a_hand_changed_outside_the_events_is_read_afresh() -> None:
    rng = random.Random(13)
    game = engine.new_game("burraco", 2)
    game.apply(game.random_deal_event(rng))
    game.push(game.random_action(rng))  # the draw
    seat = game.turn
    game.random_action(random.Random(0))  # keeps the seat's bits
    assert game._hand_bits[seat] is not None
    game.hands[seat] = [Card.parse(code) for code in ("5H", "6H", "7H", "9S")]
    game.hands[seat].append(Card.parse("9S"))  # the same list, longer
    assert game.meld_candidates(seat) == game.meld_candidates(seat)
    action = game.random_action(random.Random(1))
    kept = game._hand_bits[seat]
    assert kept is not None and kept[2:] == hand_bits(game.hands[seat])[2:]
    assert action.type in ("meld", "discard")
