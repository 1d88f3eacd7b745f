"""Scala 40's fast structures give the answers worked out from scratch: the table index
(kept from table to table) against trying every card on every meld, a hand's looked-up
melds against building them again, and the quick 'can the taken discard be used'
against listing the uses; over the positions of seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.cards import Card, french_deck
from engine.games import scala40_bits
from engine.games import scala40_hand as hand_melds
from engine.games import scala40_play as play
from engine.games.scala40 import Scala40
from engine.games.scala40_melds import Meld, MeldError, extend_meld, swap_joker
from engine.games.scala40_table import TableIndex

DECK = french_deck(jokers=2)
RED_JOKER = Card.parse("RJ")


def positions(seed: int, players: int = 2) -> Iterator[Scala40]:
    """Every position of one random game where a seat is to act."""
    rng = random.Random(seed)
    game = Scala40(players)
    while not game.over:
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
            continue
        yield game
        game.push(game.random_action(rng))


def fits(meld: Meld, card: Card, name: Card | None = None) -> bool:
    try:
        extend_meld(meld, [(card, name or card)])
    except MeldError:
        return False
    return True


def swappable(meld: Meld, card: Card) -> bool:
    try:
        swap_joker(meld, card)
    except MeldError:
        return False
    return True


@pytest.mark.parametrize("seed", range(3))
def test_the_kept_table_index_is_every_card_tried_on_every_meld(seed: int) -> None:
    tables = 0
    last: list[Meld] = []
    for game in positions(seed, players=2 + seed):
        melds = game.melds
        index = game.table_index()  # asked at every position: kept from table to table
        if melds == last:
            continue
        last = list(melds)
        for card in DECK:
            if card.is_joker:
                continue
            assert index.extends(card) == any(fits(m, card) for m in melds), card
            expected = [(i, (card, card)) for i, m in enumerate(melds) if fits(m, card)]
            assert index.single_adds(card) == expected, card
            assert index.swaps_for(card) == [
                i for i, m in enumerate(melds) if m.joker is card and swappable(m, card)
            ]
        for i, meld in enumerate(melds):
            names = {n for (at, (_, n)) in index.single_adds(RED_JOKER) if at == i}
            assert names == {n for n in DECK if not n.is_joker and fits(meld, RED_JOKER, n)}
        assert index.single_adds(RED_JOKER) == TableIndex(melds).single_adds(RED_JOKER)
        tables += bool(melds)
    assert tables > 10, "the games must put melds on the table"


@pytest.mark.parametrize("seed", range(2))
def test_a_hands_looked_up_melds_are_the_melds_built_again(seed: int) -> None:
    for game in positions(seed):
        held = game.hands[game.turn]
        found = hand_melds.hand_meld_choices(held)
        hand_melds.clear_caches()
        again = hand_melds.hand_meld_choices(held)
        assert [(c.meld, c.value, c.need, c.size) for c in found] == [
            (c.meld, c.value, c.need, c.size) for c in again
        ]
        for choice in found:
            need = {card: held.count(card) for card, _ in choice.need}
            assert all(need[card] >= count for card, count in choice.need)
            assert choice.value == choice.meld.value()
            assert choice.size == len(choice.meld.slots)


def test_a_meld_of_three_is_found_quickly_exactly_when_it_is_listed() -> None:
    rng = random.Random(7)
    found = 0
    for round_ in range(6_000):
        deck = french_deck(jokers=2) * 2
        rng.shuffle(deck)
        if round_ % 3 == 0:  # hands of one suit make sequences
            suit = rng.choice("SHDC")
            deck = [c for c in deck if c.suit in (suit, None) or rng.random() < 0.1]
        hand = deck[: rng.randrange(2, 9)]
        card, others = hand[0], hand[1:]
        listed = next(play._melds_of_three(card, others), None) is not None
        assert play._makes_a_meld_of_three(card, others) == listed, (card, others)
        found += listed
    assert found > 300


@pytest.mark.parametrize("seed", range(2))
def test_can_use_says_whether_the_uses_are_listed(seed: int) -> None:
    checked = 0
    for game in positions(seed):
        seat = game.turn
        held = game.hands[seat]
        for card in set(held):
            expected = bool(play.find_uses(card, held, game.melds))
            assert play.can_use(card, held, game.melds) == expected
            assert play.can_use(card, held, game.melds, game.table_index()) == expected
            checked += 1
    assert checked > 100


def test_a_suits_melds_are_those_of_its_places_that_make_melds() -> None:
    # hand_meld_choices shares one answer between the masks whose runs that make melds
    # are the same (meld_places): every mask of a suit, with and without a joker.
    for joker in (None, RED_JOKER):
        for ranks in range(1 << 13):
            places = hand_melds.meld_places(ranks, joker is not None)
            expected = hand_melds._suit_melds("H", ranks, joker)
            assert (hand_melds._place_melds("H", places, joker) if places else ()) == expected


@pytest.mark.parametrize("seed", range(3))
def test_the_hands_bits_give_its_cards_and_the_kept_index_is_one_made_afresh(seed: int) -> None:
    # cards_of_bits against the set-and-sort it replaced; the index made from the last
    # one (TableIndex._update) against one made from scratch, answer by answer.
    for game in positions(seed, players=2 + seed):
        for hand in game.hands:
            bits = scala40_bits.hand_bits(hand)
            assert scala40_bits.cards_of_bits(bits) == scala40_bits.distinct_sorted(hand)
        kept, fresh = game.table_index(), TableIndex(game.melds)
        assert kept._adds == fresh._adds
        assert kept._joker_names == fresh._joker_names
        assert kept._swaps == fresh._swaps
        assert kept._parts == fresh._parts


def tried_openings(game: Scala40, seat: int) -> list[object]:
    """The openings as listed before: every candidate tried on the game, one per table."""
    from engine.games import scala40_events as events
    from engine.games import scala40_legal as legal
    from engine.games.scala40_state import OPENING

    seen, listed = set(), []
    for melds in legal.opening_candidates(game.hands[seat], seat, OPENING):
        action = events.open_action(seat, melds)
        key = game._play_key(action)
        if key is not None and key not in seen:
            seen.add(key)
            listed.append(action)
    return listed


@pytest.mark.parametrize("seed", range(40))
def test_openings_keyed_without_trying_them_are_the_openings_tried(seed: int) -> None:
    compared = 0
    for game in positions(seed, players=2 + seed % 3):
        seat = game.turn
        if game.drawn and not game.opened[seat] and seat in game.seats_to_act():
            assert list(game._more_legal_actions(seat)) == tried_openings(game, seat)
            compared += 1
    assert compared > 0


def test_an_opening_that_would_leave_no_card_to_discard_is_not_listed() -> None:
    game = next(
        g for g in positions(3) if g.drawn and not g.opened[g.turn] and g.turn in g.seats_to_act()
    )
    seat = game.turn
    melds = [Card.parse(code) for code in ("KH", "QH", "JH", "5S", "5D", "5C")]
    game.hands[seat] = list(melds)  # 45 points in two melds, and no card left over
    assert list(game._more_legal_actions(seat)) == tried_openings(game, seat) == []
    game.hands[seat] = [*melds, Card.parse("2C")]
    listed = list(game._more_legal_actions(seat))
    assert listed == tried_openings(game, seat) and len(listed) == 1
