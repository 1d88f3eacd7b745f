"""The random player's and the replay's short cuts give what the plain way gives:
:func:`find_melds` (suit bit masks, runs kept per mask) against the search it replaced,
a single card at a sequence's end against the full placement search, the hand left by
a play without a ``Counter``, and the random action picked without listing actions
against the shared path that lists them."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Sequence

import pytest

import engine
from engine.actions import Action
from engine.cards import SUITS, Card, cards, double_deck
from engine.errors import MalformedEvent
from engine.events import parse_card, parse_seat
from engine.games.burraco import Burraco
from engine.games.burraco_cards import Meld, new_meld
from engine.games.burraco_choices import MELD_CHANCE
from engine.games.burraco_events import (
    SOURCES,
    discard_action,
    draw_action,
    quick_discard,
    quick_draw,
)
from engine.games.burraco_melds import (
    ACE_HIGH,
    ACE_LOW,
    _add_to_sequence,
    _at_an_end,
    check_addition,
    check_addition_kept,
    check_meld,
    find_melds,
)
from engine.games.burraco_state import MELD
from engine.legal import LegalQueries
from tests.engine.test_burraco import seq
from tests.engine.test_burraco_random_player import EDGE_MELDS, EVERY_CARD

_TWO_OF = {suit: Card.parse("2" + suit) for suit in SUITS}


def _find_melds_from_scratch(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """find_melds as it was before the bit masks (the same melds in the same order)."""
    count = Counter(hand)
    wilds = [c for c in count if c.rank == 2 or c.is_joker]
    wild = min(wilds, key=lambda c: (not c.is_joker, c)) if wilds else None
    found: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    for card, copies in count.items():
        if card.rank == 2 or card.is_joker:
            continue
        by_rank.setdefault(card.rank, []).extend([card] * copies)
        assert card.suit is not None
        cells = by_suit.setdefault(card.suit, {})
        if card.rank == ACE_HIGH:
            cells[ACE_LOW] = card
        cells[card.rank] = card
    for suit, cells in by_suit.items():
        if _TWO_OF[suit] in count:
            cells[2] = _TWO_OF[suit]
    for naturals in by_rank.values():
        if len(naturals) >= 3:
            found.append(tuple(naturals))
        elif len(naturals) == 2 and wild is not None:
            found.append((*naturals, wild))
    groups = len(found)
    for cells in by_suit.values():
        if len(cells) < 2:
            continue
        runs: list[list[int]] = []
        for position in sorted(cells):
            if runs and runs[-1][-1] == position - 1:
                runs[-1].append(position)
            else:
                runs.append([position])
        found += [tuple(cells[p] for p in run) for run in runs if len(run) >= 3]
        if wild is None:
            continue
        for run, after in zip(runs, runs[1:] + [[]], strict=True):
            if after and after[0] == run[-1] + 2:
                found.append((*(cells[p] for p in run), wild, *(cells[p] for p in after)))
            elif len(run) == 2 and run[0] > ACE_LOW:
                found.append((wild, cells[run[0]], cells[run[1]]))
            elif len(run) == 2 and run[-1] < ACE_HIGH:
                found.append((cells[run[0]], cells[run[1]], wild))
    return found[:groups] + [
        m for m in found[groups:] if len(set(m)) == len(m) or not Counter(m) - count
    ]


def test_find_melds_matches_the_search_from_scratch_on_random_hands() -> None:
    rng = random.Random(11)
    deck = double_deck(4)
    one_suit = [c for c in deck if c.suit == "H" or c.is_joker]
    for round_ in range(3000):
        pool = one_suit if round_ % 3 == 0 else deck  # long runs, A-K-A, 2s as naturals
        hand = rng.sample(pool, rng.randrange(1, 26))
        assert find_melds(hand) == _find_melds_from_scratch(hand), hand


def test_find_melds_matches_on_edge_hands() -> None:
    for text in ["AH 2H 3H 5H", "JH QH KH AH", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2H"]:
        hand = cards(text)
        assert find_melds(hand) == _find_melds_from_scratch(hand), text


def _sequences(rng: random.Random, count: int) -> list[Meld]:
    """Sequences as random hands make them, and the edge melds."""
    found = [seq(text) for text in EDGE_MELDS if seq(text).suit is not None]
    deck = double_deck(4)
    while len(found) < count:
        for writing in find_melds(rng.sample(deck, 30)):
            meld = check_meld(writing).meld
            if meld is not None and meld.suit is not None:
                found.append(meld)
    return found


def test_a_card_at_an_end_gives_what_the_full_search_gives() -> None:
    taken = 0
    for meld in _sequences(random.Random(4), 300):
        assert meld.suit is not None
        for card in EVERY_CARD:
            quick = _at_an_end(meld, meld.suit, card)
            full = _add_to_sequence(meld, meld.suit, [card])
            if quick is not None:
                taken += 1
                assert quick == full.meld, (meld, card)
            assert check_addition(meld, [card]) == full, (meld, card)
    assert taken > 300


@pytest.mark.parametrize(
    ("meld", "card"),
    [
        ("3H 2H 5H", "4H"),  # the suit's 2 moves onto position 2: a natural 2
        ("4H 2H 6H", "5H"),  # the suit's 2 moves below: a wildcard still
        ("AH 2S 3H", "2H"),  # the suit's own 2: left to the full search
        ("AH BJ 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "2H"),
        ("BJ 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "2H"),
        ("AH 2H 3H", "RJ"),  # from the low ace the wildcard goes above
        ("5H 6H 7H", "2C"),
    ],
)
def test_a_wildcard_moved_or_added_gives_what_the_full_search_gives(meld: str, card: str) -> None:
    laid = seq(meld)
    assert laid.suit is not None
    added = Card.parse(card)
    quick = _at_an_end(laid, laid.suit, added)
    full = _add_to_sequence(laid, laid.suit, [added])
    assert quick is None or quick == full.meld


@pytest.mark.parametrize("seed", range(3))
def test_the_hand_left_by_a_play_keeps_the_counter_order(seed: int) -> None:
    rng = random.Random(seed)
    game = engine.new_game("burraco", 2)
    assert isinstance(game, Burraco)
    deck = double_deck(4)
    action = Action("meld", 0)
    for _ in range(500):
        hand = rng.sample(deck, rng.randrange(1, 15))
        if rng.random() < 0.3:
            hand.append(rng.choice(hand))
        played = tuple(rng.sample(hand, rng.randrange(1, len(hand) + 1)))
        game.hands[0] = list(hand)
        left = Counter(hand)
        left.subtract(played)
        assert game._require_held(action, 0, played) == list(left.elements())


def _shared_pick(game: Burraco, rng: random.Random) -> Action:
    """The random action as picked before the Burraco hook: every natural choice
    listed as actions by the shared path, the melds found listed too."""
    if game.phase == MELD:
        melds = game.meld_candidates(game.turn)
        if melds and rng.random() < MELD_CHANCE:
            return melds[rng.randrange(len(melds))]
    return LegalQueries._random_action(game, rng)


@pytest.mark.parametrize("players", [2, 4])
def test_the_random_action_is_the_one_the_shared_path_picks(players: int) -> None:
    rng = random.Random(players + 20)
    for _ in range(3):
        game = engine.new_game("burraco", players)
        assert isinstance(game, Burraco)
        while not game.over:
            if game.awaiting == "deal":
                game.apply(game.random_deal_event(rng))
                continue
            state = rng.getstate()
            expected = _shared_pick(game, rng)
            rng.setstate(state)
            action = game.random_action(rng)
            assert action == expected
            game.push(action)


GOOD_AND_BAD_EVENTS = [
    {"type": "draw", "seat": 1, "from": "stock"},
    {"type": "draw", "seat": 0, "from": "discard"},
    {"type": "draw", "seat": True, "from": "stock"},
    {"type": "draw", "seat": 2, "from": "stock"},
    {"type": "draw", "seat": 0, "from": ["stock"]},
    {"type": "draw", "seat": 0, "from": "pile"},
    {"type": "draw", "seat": 0},
    {"type": "discard", "seat": 0, "card": "5H"},
    {"type": "discard", "seat": 1, "card": "BJ"},
    {"type": "discard", "seat": 0, "card": "5X"},
    {"type": "discard", "seat": 0, "card": ["5H"]},
    {"type": "discard", "seat": -1, "card": "5H"},
    {"type": "discard", "seat": "0", "card": "5H"},
]


@pytest.mark.parametrize("event", GOOD_AND_BAD_EVENTS)
def test_the_quick_parsers_agree_with_the_full_ones(event: dict[str, object]) -> None:
    game = engine.new_game("burraco", 2)
    quick = quick_draw if event["type"] == "draw" else quick_discard
    made = quick(event, 2)
    try:
        full: Action | MalformedEvent = (
            parse_draw_fully(event) if event["type"] == "draw" else parse_discard_fully(event)
        )
    except MalformedEvent as error:
        full = error
    if made is None:
        assert isinstance(full, MalformedEvent)
        with pytest.raises(MalformedEvent):
            game.parse(event)
    else:
        assert made == full == game.parse(event)


def parse_draw_fully(event: dict[str, object]) -> Action:
    seat = parse_seat(event, 2)
    source = event.get("from")
    if source not in SOURCES:
        raise MalformedEvent("bad source", event)
    return draw_action(seat, str(source))


def parse_discard_fully(event: dict[str, object]) -> Action:
    return discard_action(parse_seat(event, 2), parse_card(event))


@pytest.mark.parametrize(
    ("written", "suit", "rank", "low", "wild"),
    [
        ("5H BJ 7H", "H", None, 5, 1),
        ("AS 2S 3S", "S", None, 1, None),
        ("QD KD AD", "D", None, 12, None),
        ("9C 9H 9C 2D", None, 9, 0, 3),
        ("KH KS KD", None, 13, 0, None),
    ],
)
def test_new_meld_is_the_meld_its_init_builds(
    written: str, suit: str | None, rank: int | None, low: int, wild: int | None
) -> None:
    laid = tuple(cards(written))
    made = new_meld(laid, suit, rank, low, wild)
    built = Meld(laid, suit=suit, rank=rank, low=low, wild=wild)
    assert type(made) is Meld
    assert made == built and hash(made) == hash(built)
    assert (made.cards, made.suit, made.rank, made.low, made.wild) == (laid, suit, rank, low, wild)
    assert pickle.dumps(made) == pickle.dumps(built)  # the snapshot form is unchanged
    assert pickle.loads(pickle.dumps(made)) == built


def test_runs_holding_a_card_twice_are_kept_by_the_cards_held_twice() -> None:
    # find_melds keeps a run that holds a card twice (an ace low and high, a 2 as
    # natural and as wildcard) by the hand's bits of cards held twice; the plain
    # search (a Counter per run) is the oracle. Hearts, aces and 2s, so it comes up.
    from tests.engine.test_burraco_kept_bits import plain_find_melds

    rng = random.Random(23)
    pool = [c for c in double_deck(4) if c.suit == "H" or c.is_joker or c.rank in (2, 14)]
    kept = dropped = 0
    for _ in range(3000):
        hand = rng.sample(pool, rng.randrange(3, 20))
        melds = find_melds(hand)
        assert melds == plain_find_melds(hand), hand
        held = Counter(hand)
        for run in plain_find_melds(hand):
            if len(set(run)) < len(run):
                kept += 1
        for run in melds:
            assert not Counter(run) - held, (hand, run)
        dropped += sum(
            1 for run in find_melds(sorted(set(hand), key=hand.index)) if len(set(run)) < len(run)
        )
    assert kept > 1000  # runs holding a card twice were found and compared
    assert dropped == 0  # a hand without copies never gets one


def test_a_kept_addition_is_the_addition_checked_afresh() -> None:
    # check_addition_kept answers from what it kept for the same meld and cards; the
    # plain check_addition is the oracle, for additions that fit and that do not;
    # refusals are kept as they were said.
    sequence = check_meld(cards("5H BJ 7H")).meld
    assert sequence is not None
    for written in ["6H", "4H", "8H", "AH", "2H", "RJ", "2S", "9H", "6S"]:
        added = tuple(cards(written))
        first = check_addition_kept(sequence, added)
        again = check_addition_kept(sequence, added)
        assert first == again == check_addition(sequence, added), written
    for written, adding in [
        ("BJ 5H 6H", ["3H", "4H", "7H", "AH"]),
        ("KH KS KD", ["KC", "2D", "QH"]),
    ]:
        meld = check_meld(cards(written)).meld
        assert meld is not None
        for card in adding:
            added = tuple(cards(card))
            assert check_addition_kept(meld, added) == check_addition(meld, added), card
