"""Italian Whist: one test (at least) per rule of RULES.md §1 and the seed, on
hand-built decks, plus the records under ``records/``."""

from __future__ import annotations

import json
import random
from collections import Counter
from math import comb
from pathlib import Path
from typing import Any

import pytest

from engine import (
    CardNotHeld,
    EngineError,
    InvalidOption,
    InvalidTally,
    MalformedEvent,
    MustFollowSuit,
    NotYourTurn,
    RuleViolation,
    WrongPhase,
    new_game,
)
from engine.cards import card, french_deck
from engine.game import Game
from engine.games.italian_whist import (
    ItalianWhist,
    joker_choices,
    joker_suit,
    passing_direction,
    suit_to_follow,
    trick_winner,
    trump_of_deal,
)
from tests.support.engine import (
    SHARED_RECORDS,
    cards_of,
    dealing_order,
    passes_check,
    play,
    play_cards,
    record_files,
)
from tests.support.engine import snapshot as observable

SHARED_TALLIES = SHARED_RECORDS / "italian_whist_tallies.json"
ALL = [c.code for c in french_deck(jokers=2)]
SPLITS = comb(18, 9)
ZERO_TALLY = {"type": "tally", "tricks": [[3, 3], [3, 3], [3, 3]]}


# ---------------------------------------------------------------------- helpers


def deck_for(hands: dict[int, list[str]], dealer: int = 0) -> list[str]:
    """The deck order that deals ``hands[seat]`` (18 cards, in order) to each seat.

    ``deck[i]`` goes to seat ``(dealer + 1 + i) % 3``, so seat ``s`` receives the
    indices ``(s - dealer - 1) % 3 + 3k``.
    """
    return dealing_order(hands, french_deck(jokers=2), dealer)


def layout(
    firsts: dict[int, list[str]], seconds: dict[int, list[str]] | None = None
) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """Complete chosen first (and second) hands into a whole deal.

    Seats not in ``firsts`` get natural cards as their first hand; the cards left
    (the jokers last) fill the second hands. Returns (first hands, 18-card hands).
    """
    seconds = seconds or {}
    given = [c for hand in [*firsts.values(), *seconds.values()] for c in hand]
    assert len(given) == len(set(given)), "a card is given twice"
    pool = [c for c in ALL if c not in given]
    first_hands: dict[int, list[str]] = {}
    for seat in range(3):
        if seat in firsts:
            assert len(firsts[seat]) == 9
            first_hands[seat] = list(firsts[seat])
        else:
            first_hands[seat], pool = pool[:9], pool[9:]
    hands: dict[int, list[str]] = {}
    for seat in range(3):
        if seat in seconds:
            second = list(seconds[seat])
        else:
            second, pool = pool[:9], pool[9:]
        hands[seat] = first_hands[seat] + second
    assert not pool
    return first_hands, hands


def italian(options: dict[str, Any] | None = None, first_dealer: int = 0) -> ItalianWhist:
    game = new_game("italian_whist", 3, options, first_dealer=first_dealer)
    assert isinstance(game, ItalianWhist)
    return game


def game_at(deal_number: int = 0, dealer: int = 0, **options: Any) -> ItalianWhist:
    """A game whose next deal is number ``deal_number``, dealt by ``dealer`` (the
    earlier deals tallied with all scores 0)."""
    game = italian(options, first_dealer=(dealer - deal_number) % 3)
    for _ in range(deal_number):
        game.apply(ZERO_TALLY)
    assert game.deal_number == deal_number and game.dealer == dealer
    return game


def split_event(seat: int, first: list[str]) -> dict[str, Any]:
    return {"type": "split", "seat": seat, "first": first}


def ready(
    firsts: dict[int, list[str]],
    seconds: dict[int, list[str]] | None = None,
    deal_number: int = 0,
    dealer: int = 0,
    **options: Any,
) -> ItalianWhist:
    """A game in the first hand of a deal whose seats split into ``firsts``."""
    game = game_at(deal_number, dealer, **options)
    first_hands, hands = layout(firsts, seconds)
    game.apply({"type": "deal", "deck": deck_for(hands, dealer)})
    for seat in range(3):
        game.apply(split_event(seat, first_hands[seat]))
    return game


def declare(game: Game, seat: int, code: str) -> None:
    game.apply({"type": "joker", "seat": seat, "as": code})


def legal_codes(game: Game) -> list[str]:
    return sorted(action.card.code for action in game.legal_actions() if action.card)


def declarable(game: Game) -> set[str]:
    return {action.arg("as").code for action in game.legal_actions()}


def codes_of(items: list[Any]) -> list[str]:
    return sorted(c.code for c in items)


def snapshot(game: ItalianWhist) -> Any:
    """Everything observable about a game, and the second hands waiting to be picked
    up (which no view shows), to prove a rejected event changed nothing."""
    return observable(game), [sorted(c.code for c in hand) for hand in game.waiting_hands]


def random_finish_hand(game: ItalianWhist, rng: random.Random) -> None:
    """Play random legal actions until the current hand is over."""
    hand_number = game.hand_number
    deal = game.deal_number
    while game.deal_number == deal and game.hand_number == hand_number:
        game.apply(game.random_action(rng).to_event())


def all_codes(value: Any) -> set[str]:
    """Every card code anywhere inside a JSON-ready value."""
    found: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= all_codes(item)
    elif isinstance(value, list):
        for item in value:
            found |= all_codes(item)
    elif isinstance(value, str) and value in ALL:
        found.add(value)
    return found


# ---------------------------------------------------------------------- deck and deal


def test_deck_is_52_cards_and_both_jokers() -> None:
    game = new_game("italian_whist", 3)
    deck = game.new_deck()
    assert len(deck) == 54 and len(set(deck)) == 54
    assert card("RJ") in deck and card("BJ") in deck


def test_only_three_players() -> None:
    for players in (2, 4):
        with pytest.raises(InvalidOption):
            new_game("italian_whist", players)


def test_deal_of_52_cards_is_rejected() -> None:
    game = new_game("italian_whist", 3)
    with pytest.raises(EngineError, match="54"):
        game.apply({"type": "deal", "deck": [c.code for c in french_deck()]})
    assert game.phase == "deal"


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_deal_gives_18_cards_each_starting_left_of_dealer(dealer: int) -> None:
    deck = list(ALL)
    random.Random(dealer).shuffle(deck)
    game = new_game("italian_whist", 3, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck})
    for seat in range(3):
        expected = sorted(deck[i] for i in range(54) if (dealer + 1 + i) % 3 == seat)
        assert codes_of(game.hand(seat)) == expected
        assert len(expected) == 18
    assert deck[0] in codes_of(game.hand((dealer + 1) % 3))
    assert deck[53] in codes_of(game.hand(dealer))


def test_deal_passes_to_the_next_seat_after_each_deal() -> None:
    game = new_game("italian_whist", 3, first_dealer=1)
    dealers = []
    for _ in range(4):
        dealers.append(game.dealer)
        game.apply(ZERO_TALLY)
    assert dealers == [1, 2, 0, 1]


# ---------------------------------------------------------------------- the split


def dealt_game(dealer: int = 0, seed: int = 0) -> tuple[ItalianWhist, list[str]]:
    deck = list(ALL)
    random.Random(seed).shuffle(deck)
    game = italian(first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck})
    return game, deck


def test_hand_during_split_is_all_18_cards() -> None:
    game, _ = dealt_game()
    first = codes_of(game.hand(0))[:9]
    game.apply(split_event(0, first))
    for seat in range(3):
        assert len(game.hand(seat)) == 18


def test_splits_come_in_any_order_and_to_act_lists_seats_still_to_split() -> None:
    game, _ = dealt_game(dealer=2)
    assert game.phase == "split"
    assert game.to_act == [0, 1, 2]
    for seat, remaining in ((2, [0, 1]), (0, [1]), (1, None)):
        with pytest.raises(WrongPhase):
            play(game, 0, codes_of(game.hand(0))[0])
        game.apply(split_event(seat, codes_of(game.hand(seat))[:9]))
        if remaining is not None:
            assert game.to_act == remaining
    # Play starts once all three have split: dealer+1 leads.
    assert game.phase == "play"
    assert game.to_act == 0  # type: ignore[comparison-overlap]


def test_split_keeps_the_nine_chosen_as_first_hand() -> None:
    game, _ = dealt_game(dealer=0)
    chosen = {}
    for seat in range(3):
        held = codes_of(game.hand(seat))
        chosen[seat] = held[::2]  # 9 of the 18
        game.apply(split_event(seat, chosen[seat]))
    for seat in range(3):
        assert codes_of(game.hand(seat)) == sorted(chosen[seat])


def test_split_equality_does_not_depend_on_card_order() -> None:
    game, _ = dealt_game()
    first = codes_of(game.hand(1))[:9]
    forward = game.parse(split_event(1, first))
    backward = game.parse(split_event(1, list(reversed(first))))
    assert forward == backward and hash(forward) == hash(backward)
    assert forward.to_event() == split_event(1, sorted(first, key=lambda c: card(c).order))


def test_split_must_choose_exactly_nine_cards() -> None:
    game, _ = dealt_game()
    held = codes_of(game.hand(0))
    before = snapshot(game)
    for count in (0, 8, 10, 18):
        with pytest.raises(RuleViolation, match=r"exactly 9 .*not " + str(count)) as error:
            game.apply(split_event(0, held[:count]))
        assert error.value.seat == 0 and error.value.rule == "split"
    assert snapshot(game) == before


def test_split_must_name_nine_different_cards() -> None:
    game, _ = dealt_game()
    held = codes_of(game.hand(0))
    before = snapshot(game)
    with pytest.raises(RuleViolation, match="more than once"):
        game.apply(split_event(0, held[:8] + [held[0]]))
    assert snapshot(game) == before


def test_split_may_only_use_cards_the_seat_was_dealt() -> None:
    game, _ = dealt_game()
    held = codes_of(game.hand(0))
    other = codes_of(game.hand(1))[0]
    before = snapshot(game)
    with pytest.raises(CardNotHeld, match=f"seat 0 cannot put {other}") as error:
        game.apply(split_event(0, held[:8] + [other]))
    # The message names only the seat's own mistake, not who holds the card.
    assert "seat 1" not in str(error.value)
    assert snapshot(game) == before


def test_split_twice_is_rejected() -> None:
    game, _ = dealt_game()
    held = codes_of(game.hand(0))
    game.apply(split_event(0, held[:9]))
    before = snapshot(game)
    with pytest.raises(NotYourTurn, match="already"):
        game.apply(split_event(0, held[9:]))
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "event",
    [
        {"type": "split", "seat": 0},
        {"type": "split", "seat": 0, "first": "AS KS"},
        {"type": "split", "seat": 0, "first": ["AS", "XX"]},
        {"type": "split", "seat": 3, "first": []},
        {"type": "split", "first": []},
    ],
)
def test_malformed_split_is_rejected(event: dict[str, Any]) -> None:
    game, _ = dealt_game()
    with pytest.raises(MalformedEvent):
        game.apply(event)


def test_split_outside_the_split_phase_is_wrong_phase() -> None:
    game = new_game("italian_whist", 3)
    with pytest.raises(WrongPhase):
        game.apply(split_event(0, ALL[:9]))
    game = ready({})
    with pytest.raises(WrongPhase):
        game.apply(split_event(0, codes_of(game.hand(0))))


def test_split_legal_count_is_combinatorial_over_seats_to_act() -> None:
    game, _ = dealt_game()
    assert game.legal_count() == 3 * SPLITS
    assert game.legal_count(1) == SPLITS
    game.apply(split_event(1, codes_of(game.hand(1))[:9]))
    assert game.legal_count() == 2 * SPLITS
    assert game.legal_count(1) == 0
    assert game.legal_count(2) == SPLITS


def test_split_legal_actions_list_every_split_of_a_seat() -> None:
    game, _ = dealt_game()
    actions = game.legal_actions(2)
    assert len(actions) == SPLITS == len(set(actions))
    chosen = game.parse(split_event(2, codes_of(game.hand(2))[3:12]))
    assert chosen in set(actions)
    assert all(len(a.arg("first")) == 9 and a.seat == 2 for a in actions[:100])


def test_random_split_is_legal_and_uniform() -> None:
    game, _ = dealt_game()
    rng = random.Random(7)
    seats: Counter[int] = Counter()
    chosen: Counter[str] = Counter()
    draws = 3000
    for _ in range(draws):
        action = game.random_action(rng)
        assert action.type == "split" and len(set(action.arg("first"))) == 9
        assert action.seat is not None
        seats[action.seat] += 1
        if action.seat == 0:
            chosen.update(c.code for c in action.arg("first"))
    assert all(800 < seats[s] < 1200 for s in range(3))
    # Each of seat 0's 18 cards is in about half of its random first hands.
    for code in codes_of(game.hand(0)):
        assert 0.4 < chosen[code] / seats[0] < 0.6
    action = game.random_action(rng, seat=1)
    assert action.seat == 1
    game.push(action)
    with pytest.raises(WrongPhase):
        game.random_action(rng, seat=1)
    assert game.random_action(rng).seat in (0, 2)


def test_view_during_split_gives_a_hint_instead_of_listing_splits() -> None:
    game, _ = dealt_game()
    view = game.view(1)
    assert view["legal"] == [{"type": "split", "seat": 1, "choose": 9}]
    assert view["hand"] == [c.code for c in game.hand(1)] and len(view["hand"]) == 18
    assert view["split_done"] == [False, False, False]
    game.apply(split_event(1, view["hand"][:9]))
    view = game.view(1)
    assert view["legal"] == []
    assert view["split_done"] == [False, True, False]
    assert view["first_hand"] == game.view(1)["hand"][:9]
    assert view["second_hand"] == {"cards": game.view(1)["hand"][9:], "to": 2}


# ---------------------------------------------------------------------- passing and trumps


@pytest.mark.parametrize("k", range(12))
def test_passing_schedule_left_right_keep_then_spades_trumps(k: int) -> None:
    assert passing_direction(k) == ("left", "right", "keep")[k % 3]
    assert trump_of_deal(k) == (None if k % 6 < 3 else "S")
    game = game_at(deal_number=k % 6, dealer=k % 3)
    assert game.view(0)["passing"] == passing_direction(k)
    assert game.view(0)["trump"] == trump_of_deal(k)


@pytest.mark.parametrize("k", range(6))
def test_second_hands_pass_by_deal_number(k: int) -> None:
    """Deal k: seat s plays, as its second hand, the one formed by seat s - offset."""
    offset = {0: 1, 1: -1, 2: 0}[k % 3]
    dealer = (k + 1) % 3
    game = game_at(deal_number=k, dealer=dealer)
    deck = list(ALL)
    rng = random.Random(k)
    rng.shuffle(deck)
    game.apply({"type": "deal", "deck": deck})
    assert game.trump == trump_of_deal(k)
    formed = {}
    for seat in range(3):
        held = codes_of(game.hand(seat))
        rng.shuffle(held)
        formed[seat] = sorted(held[9:])
        game.apply(split_event(seat, held[:9]))
    assert game.to_act == (dealer + 1) % 3
    random_finish_hand(game, rng)
    assert game.hand_number == 2
    assert game.to_act == (dealer + 2) % 3
    for seat in range(3):
        assert codes_of(game.hand(seat)) == formed[(seat - offset) % 3]


def test_tallied_deals_count_in_the_passing_schedule() -> None:
    game = new_game("italian_whist", 3)
    game.apply(ZERO_TALLY)
    assert game.view(None)["passing"] == "right"
    game.apply(ZERO_TALLY)
    game.apply(ZERO_TALLY)
    assert game.view(None)["passing"] == "left"
    assert game.view(None)["trump"] == "S"


# ---------------------------------------------------------------------- the two hands


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_first_hand_led_by_dealer_plus_one_second_by_dealer_plus_two(dealer: int) -> None:
    game = ready({}, dealer=dealer)
    assert game.to_act == (dealer + 1) % 3
    assert game.hand_number == 1
    random_finish_hand(game, random.Random(dealer))
    assert game.hand_number == 2
    assert game.to_act == (dealer + 2) % 3
    assert game.tricks == [0, 0, 0]


def test_each_hand_is_nine_tricks_and_tricks_count_the_current_hand() -> None:
    game = ready({})
    rng = random.Random(3)
    random_finish_hand(game, rng)
    first = game.first_hand_tricks
    assert first is not None and sum(first) == 9
    assert game.tricks == [0, 0, 0]
    assert all(len(game.hand(seat)) == 9 for seat in range(3))
    random_finish_hand(game, rng)
    assert sum(game.tricks or []) == 9
    assert game.phase == "deal"


def test_winner_of_a_trick_leads_the_next() -> None:
    # Seat 1 leads; seat 0 wins with the ace and must lead next.
    game = ready({1: ["2H", *cards_of("3C 4C 5C 6C 7C 8C 9C TC")], 0: ["AH", *spades(8)]})
    play_cards(game, "2H")
    play(game, 2, legal_codes(game)[0])
    play(game, 0, "AH")
    assert game.to_act == 0 and game.tricks == [1, 0, 0]


def test_must_follow_suit_with_a_natural_card() -> None:
    game = ready(
        {
            1: ["KH", *cards_of("2C 3C 4C 5C 6C 7C 8C 9C")],
            2: ["3H", "4H", *cards_of("2D 3D 4D 5D 6D 7D 8D")],
        }
    )
    play(game, 1, "KH")
    assert legal_codes(game) == ["3H", "4H"]
    before = snapshot(game)
    with pytest.raises(MustFollowSuit) as error:
        play(game, 2, "2D")
    assert "seat 2" in str(error.value) and "hearts were led" in str(error.value)
    assert error.value.rule == "follow suit" and error.value.seat == 2
    assert error.value.event == {"type": "play", "seat": 2, "card": "2D"}
    assert snapshot(game) == before


def test_second_hand_hidden_from_receiver_until_first_hand_over() -> None:
    game = ready({})  # deal 0: pass left, seat s receives the hand formed by s - 1
    formed = {seat: set(game.view(seat)["second_hand"]["cards"]) for seat in range(3)}
    assert all(game.view(seat)["second_hand"]["to"] == (seat + 1) % 3 for seat in range(3))
    rng = random.Random(11)
    while game.hand_number == 1:
        for seat in range(3):
            receives = formed[(seat - 1) % 3]
            view = game.view(seat)
            assert not all_codes(view) & receives
            assert not set(codes_of(game.hand(seat))) & receives
            assert all_codes(view["second_hand"]) == formed[seat]
        spectator = game.view(None)
        assert spectator["hand"] is None and spectator["second_hand"] is None
        assert all_codes(spectator) <= all_codes(spectator["trick"]) | all_codes(
            spectator["last_trick"]
        )
        assert spectator["waiting_hand_sizes"] == [9, 9, 9]
        game.apply(game.random_action(rng).to_event())
    for seat in range(3):
        assert set(game.view(seat)["hand"]) == formed[(seat - 1) % 3]


def test_kept_second_hand_is_played_by_its_maker() -> None:
    game = ready({}, deal_number=2)
    formed = {seat: game.view(seat)["second_hand"] for seat in range(3)}
    assert all(formed[seat]["to"] == seat for seat in range(3))
    random_finish_hand(game, random.Random(2))
    for seat in range(3):
        assert codes_of(game.hand(seat)) == sorted(formed[seat]["cards"])


def test_spectator_view_holds_no_hands() -> None:
    game, _ = dealt_game()
    view = game.view(None)
    assert view["hand"] is None and view["first_hand"] is None
    assert all_codes(view) == set()
    assert view["hand_sizes"] == [18, 18, 18]
    assert "legal" not in view


def test_views_are_json_and_show_hand_number_and_trump() -> None:
    game = ready({}, deal_number=4)
    view = game.view(2)
    json.dumps(view)
    assert view["hand_number"] == 1 and view["trump"] == "S" and view["passing"] == "right"
    assert view["second_hand"]["to"] == 1


# ---------------------------------------------------------------------- jokers: following


def spades(n: int, start: int = 0) -> list[str]:
    return [r + "S" for r in "23456789TJQKA"[start : start + n]]


def test_red_joker_may_follow_a_red_lead_even_with_the_suit_in_hand() -> None:
    game = ready(
        {
            1: cards_of("5H 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("RJ 9H TH 2D 3D 4D 5D 6D 7D"),
        }
    )
    play(game, 1, "5H")
    assert legal_codes(game) == ["9H", "RJ", "TH"]
    with pytest.raises(MustFollowSuit, match="or the red joker"):
        play(game, 2, "2D")
    play(game, 2, "RJ")
    assert game.to_act == 0


def test_red_joker_must_be_played_to_red_lead_without_natural_card() -> None:
    game = ready(
        {
            1: cards_of("5D 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("RJ 9H TH JH QH 2S 3S 4S 5S"),
        }
    )
    play(game, 1, "5D")
    assert legal_codes(game) == ["RJ"]
    before = snapshot(game)
    for code in ("9H", "2S"):
        with pytest.raises(MustFollowSuit, match="must play the red joker") as error:
            play(game, 2, code)
        assert error.value.seat == 2
    assert snapshot(game) == before
    play(game, 2, "RJ")


def test_black_joker_must_be_played_to_club_lead_without_a_club() -> None:
    game = ready(
        {
            1: cards_of("5C 2H 3H 4H 5H 6H 7H 8H 9H"),
            2: cards_of("BJ 9S TS JS 2D 3D 4D 5D 6D"),
        }
    )
    play(game, 1, "5C")
    assert legal_codes(game) == ["BJ"]
    with pytest.raises(MustFollowSuit):
        play(game, 2, "9S")


def test_joker_of_the_other_colour_is_only_a_discard() -> None:
    game = ready(
        {
            1: cards_of("5H 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("BJ 9S TS JS 2D 3D 4D 5D 6D"),
        }
    )
    play(game, 1, "5H")
    # No heart, no red joker: any card, the black joker included.
    assert len(legal_codes(game)) == 9


def test_joker_in_the_waiting_second_hand_does_not_count_for_following() -> None:
    game = ready(
        {
            1: cards_of("5H 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("9S TS JS 2D 3D 4D 5D 6D 7D"),
        },
        seconds={2: cards_of("RJ BJ 2S 3S 4S 5S 6S 7S 8S")},
    )
    play(game, 1, "5H")
    assert len(legal_codes(game)) == 9


def test_joker_led_suit_set_by_next_card_of_its_colour() -> None:
    game = ready(
        {
            1: cards_of("RJ 9D TD JD 2C 3C 4C 5C 6C"),
            2: cards_of("4D 3D 2S 3S 4S 5S 6S 7S 8S"),
            0: cards_of("8D 2D KH 9H QH 7C 8C 9C TC"),
        }
    )
    play(game, 1, "RJ")
    assert suit_to_follow(game.trick) == "HD"
    assert legal_codes(game) == ["3D", "4D"]  # a red card of either suit
    with pytest.raises(MustFollowSuit, match="hearts or diamonds"):
        play(game, 2, "7S")
    play(game, 2, "4D")
    assert suit_to_follow(game.trick) == "D"
    assert legal_codes(game) == ["2D", "8D"]
    with pytest.raises(MustFollowSuit, match="diamonds are to be followed"):
        play(game, 0, "9H")
    play(game, 0, "8D")
    # The red joker is a diamond: any diamond but the two in the trick.
    assert game.to_act == 1 and game.phase == "joker"
    assert declarable(game) == {r + "D" for r in "AKQJT976532"}
    with pytest.raises(RuleViolation, match="diamond"):
        declare(game, 1, "AH")
    declare(game, 1, "5D")  # a diamond lead; the eight wins
    assert game.tricks == [1, 0, 0] and game.to_act == 0


def test_joker_led_before_its_colour_either_suit_of_the_colour_follows() -> None:
    game = ready(
        {
            1: cards_of("BJ 9D TD JD 2H 3H 4H 5H 6H"),
            2: cards_of("7D 8D KH 9H QH 2D 3D 4D 5D"),
            0: cards_of("3C 4S 7H 8H AD KD QD JH TH"),
        }
    )
    play(game, 1, "BJ")
    play(game, 2, "7D")  # no black card: anything
    assert suit_to_follow(game.trick) == "SC"
    assert legal_codes(game) == ["3C", "4S"]
    play(game, 0, "3C")
    assert joker_suit(game.trick, 0) == "C"
    assert declarable(game) == {r + "C" for r in "AKQJT98765432" if r != "3"}
    declare(game, 1, "2C")  # clubs led (the joker's suit); the joker as 2C loses to 3C
    assert game.tricks == [1, 0, 0]


def test_led_joker_with_no_card_of_its_colour_wins_whatever_its_value() -> None:
    game = ready(
        {
            1: cards_of("RJ 9D TD JD 2H 3H 4H 5H 6H"),
            2: cards_of("AS KS QS JS TS 9S 8S 7S 6S"),
            0: cards_of("AC KC QC JC TC 9C 8C 7C 6C"),
        }
    )
    play_cards(game, "RJ", "AS", "AC")
    # No red card in the trick: the joker's player chooses hearts or diamonds.
    assert joker_suit(game.trick, 0) is None
    assert len(declarable(game)) == 26
    declare(game, 1, "2D")
    assert game.tricks == [0, 1, 0]


def test_led_red_joker_is_beaten_by_a_spade_when_spades_are_trumps() -> None:
    game = ready(
        {
            1: cards_of("RJ 9D TD JD 2H 3H 4H 5H 6H"),
            2: cards_of("2S KS QS JS TS 9S 8S 7S 6S"),
            0: cards_of("AC KC QC JC TC 9C 8C 7C 6C"),
        },
        deal_number=3,
    )
    play_cards(game, "RJ", "2S", "AC")
    declare(game, 1, "AH")
    assert game.tricks == [0, 0, 1]


# ---------------------------------------------------------------------- jokers: suit and value


@pytest.mark.parametrize(("value", "winner"), [("AS", 0), ("2S", 0), ("AC", 2)])
def test_black_joker_on_red_trick_chooses_spade_to_trump(value: str, winner: int) -> None:
    # Deal 3: spades are trumps. Hearts led, a heart follows, then the black joker.
    game = ready(
        {
            1: cards_of("KH 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("AH 2H 3H 4H 5H 6H 7H 8H 9H"),
            0: cards_of("BJ 2D 3D 4D 5D 6D 7D 8D 9D"),
        },
        deal_number=3,
    )
    play_cards(game, "KH", "AH", "BJ")
    assert joker_suit(game.trick, 2) is None
    assert len(declarable(game)) == 26  # any spade or club
    declare(game, 0, value)
    expected = [0, 0, 0]
    expected[winner] = 1
    assert game.tricks == expected
    assert game.view(None)["last_trick"][2] == {"seat": 0, "card": "BJ", "as": value}


def test_black_joker_choice_is_irrelevant_without_trumps() -> None:
    game = ready(
        {
            1: cards_of("KH 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("AH 2H 3H 4H 5H 6H 7H 8H 9H"),
            0: cards_of("BJ 2D 3D 4D 5D 6D 7D 8D 9D"),
        },
        deal_number=0,
    )
    play_cards(game, "KH", "AH", "BJ")
    declare(game, 0, "AS")
    assert game.tricks == [0, 0, 1]


@pytest.mark.parametrize(("third", "suit"), [("4C", "C"), ("4S", "S")])
def test_joker_on_opposite_colour_lead_takes_suit_of_same_colour_third_card(
    third: str, suit: str
) -> None:
    game = ready(
        {
            1: cards_of("KH 2D 3D 4D 5D 6D 7D 8D 9D"),
            2: cards_of("BJ 2C 3C 5C 6C 7C 8C 9C TC"),
            0: [third, *cards_of("JC QC KC AC 2S 3S 5S 6S")],
        },
        deal_number=3,
    )
    play_cards(game, "KH", "BJ", third)
    assert joker_suit(game.trick, 1) == suit
    other = "S" if suit == "C" else "C"
    with pytest.raises(RuleViolation, match=f"is a {'club' if suit == 'C' else 'spade'}"):
        declare(game, 2, "A" + other)
    with pytest.raises(RuleViolation, match="itself is in this trick"):
        declare(game, 2, third)
    declare(game, 2, "A" + suit)
    # As a club the joker is a discard (the king of hearts wins); as a spade, a trump.
    assert game.tricks == ([0, 1, 0] if suit == "C" else [0, 0, 1])


def test_joker_following_its_colour_lead_takes_the_suit_led_and_its_declared_value() -> None:
    game = ready(
        {
            1: cards_of("5H 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("RJ 9H TH 2D 3D 4D 5D 6D 7D"),
            0: cards_of("9S TS JS QS KS AS 2S 3S JH"),
        }
    )
    play_cards(game, "5H", "RJ", "JH")
    assert joker_suit(game.trick, 1) == "H"
    assert declarable(game) == {r + "H" for r in "AKQT9876432"}
    snap = game.copy()
    declare(game, 2, "QH")
    assert game.tricks == [0, 0, 1]  # the joker as queen beats the jack
    declare(snap, 2, "TH")
    assert snap.tricks == [1, 0, 0]  # as ten, it loses to the jack


def test_red_joker_takes_suit_of_a_red_card_played_before_it() -> None:
    game = ready(
        {
            1: cards_of("2S 3C 4C 5C 6C 7C 8C 9C TC"),
            2: cards_of("2H 3H 4H 5H 6H 7H 8H 9H TH"),
            0: cards_of("RJ 2D 3D 4D 5D 6D 7D 8D 9D"),
        }
    )
    play_cards(game, "2S", "2H", "RJ")
    assert joker_suit(game.trick, 2) == "H"
    with pytest.raises(RuleViolation):
        declare(game, 0, "AD")
    declare(game, 0, "AH")
    assert game.tricks == [0, 1, 0]  # spades led: the two of spades wins


def test_both_jokers_declared_in_trick_order() -> None:
    game = ready(
        {
            1: cards_of("RJ 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("BJ 2S 3S 4S 5S 6S 7S 8S 9S"),
            0: cards_of("TC JC QC KC AC TS JS QS KS"),
        },
        deal_number=3,
    )
    play(game, 1, "RJ")
    play(game, 2, "BJ")  # no red card: anything
    assert legal_codes(game) == sorted(cards_of("TC JC QC KC AC TS JS QS KS"))
    play(game, 0, "TC")
    assert game.to_act == 1
    view = game.view(None)
    assert view["jokers_to_declare"] == [
        {"seat": 1, "card": "RJ", "suits": ["H", "D"]},
        {"seat": 2, "card": "BJ", "suits": ["C"]},
    ]
    before = snapshot(game)
    with pytest.raises(NotYourTurn, match="seat 1 must first declare"):
        declare(game, 2, "AC")
    assert snapshot(game) == before
    declare(game, 1, "AH")
    assert game.to_act == 2 and game.tricks == [0, 0, 0]
    assert game.view(None)["trick"][0] == {"seat": 1, "card": "RJ", "as": "AH"}
    declare(game, 2, "AC")  # a club: hearts led, the joker as AH wins
    assert game.tricks == [0, 1, 0]


def test_trick_is_booked_only_after_every_declaration() -> None:
    game = ready(
        {
            1: cards_of("5H 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("RJ 2D 3D 4D 5D 6D 7D 8D 9D"),
        }
    )
    play_cards(game, "5H", "RJ")
    play(game, 0, legal_codes(game)[0])
    assert game.phase == "joker" and game.tricks == [0, 0, 0]
    assert game.trick_number == 0 and len(game.trick) == 3
    before = snapshot(game)
    with pytest.raises(WrongPhase, match="must first declare"):
        play(game, 2, "2D")
    with pytest.raises(WrongPhase):
        game.apply(ZERO_TALLY)
    assert snapshot(game) == before
    assert game.legal_count() == len(declarable(game))
    declare(game, 2, "AH")
    assert game.phase == "play" and game.trick_number == 1
    assert game.tricks == [0, 0, 1]


@pytest.mark.parametrize(
    ("value", "error"),
    [("BJ", "natural card"), ("RJ", "natural card"), ("5H", "itself"), ("AS", "heart")],
)
def test_joker_declaration_must_be_a_card_of_its_suit_not_in_the_trick(
    value: str, error: str
) -> None:
    game = ready(
        {
            1: cards_of("5H 2C 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("RJ 2D 3D 4D 5D 6D 7D 8D 9D"),
        }
    )
    play_cards(game, "5H", "RJ")
    play(game, 0, legal_codes(game)[0])
    before = snapshot(game)
    with pytest.raises(RuleViolation, match=error) as raised:
        declare(game, 2, value)
    assert raised.value.rule == "joker value" and raised.value.seat == 2
    assert snapshot(game) == before


def test_joker_declaration_may_name_a_card_held_elsewhere() -> None:
    game = ready(
        {
            1: cards_of("5H AH 3C 4C 5C 6C 7C 8C 9C"),
            2: cards_of("RJ 2D 3D 4D 5D 6D 7D 8D 9D"),
            0: cards_of("2S 3S 4S 5S 6S 7S 8S 9S TS"),
        }
    )
    play_cards(game, "5H", "RJ", "2S")
    declare(game, 2, "AH")  # seat 1 holds the ace, but it is not in this trick
    assert game.tricks == [0, 0, 1]


@pytest.mark.parametrize(
    "event",
    [
        {"type": "joker", "seat": 2},
        {"type": "joker", "seat": 2, "as": "1H"},
        {"type": "joker", "seat": 2, "as": None},
        {"type": "joker", "as": "AH"},
    ],
)
def test_malformed_joker_event_is_rejected(event: dict[str, Any]) -> None:
    game = ready({1: cards_of("5H 2C 3C 4C 5C 6C 7C 8C 9C")})
    with pytest.raises(MalformedEvent):
        game.apply(event)


def test_joker_event_outside_a_joker_trick_is_wrong_phase() -> None:
    game = ready({})
    with pytest.raises(WrongPhase, match="cannot declare"):
        declare(game, 1, "AH")


def test_trick_winner_uses_declared_values_and_led_joker_suit() -> None:
    trick = [(1, card("RJ")), (2, card("2S")), (0, card("AC"))]
    assert trick_winner(trick, {0: card("3D")}, None) == 1
    assert trick_winner(trick, {0: card("3D")}, "S") == 2
    trick = [(0, card("KH")), (1, card("BJ")), (2, card("AH"))]
    assert trick_winner(trick, {1: card("2S")}, "S") == 1
    assert trick_winner(trick, {1: card("2S")}, None) == 2
    assert [c.code for c in joker_choices(trick, 1)][:3] == ["2S", "3S", "4S"]


# ---------------------------------------------------------------------- scores and the end


def test_deal_scores_sum_to_zero_and_are_first_minus_second_hand() -> None:
    rng = random.Random(5)
    game = italian({"score_limit": 1000})
    for _ in range(12):
        game.apply(game.random_deal_event(rng))
        while game.hand_number != 2:
            game.apply(game.random_action(rng).to_event())
        first = list(game.first_hand_tricks or [])
        last_second: list[int] = []
        while game.phase != "deal":
            last_second = list(game.tricks or [])
            game.apply(game.random_action(rng).to_event())
        second = list(game.tricks or [])
        assert sum(second) == 9 and sum(first) == 9 and sum(last_second) == 8
        assert game.deal_scores == [a - b for a, b in zip(first, second, strict=True)]
        assert sum(game.deal_scores) == 0
    assert sum(game.scores) == 0


def test_tally_scores_first_minus_second_hand() -> None:
    game = new_game("italian_whist", 3)
    game.apply({"type": "tally", "tricks": [[6, 1], [2, 4], [1, 4]]})
    assert game.deal_scores == [5, -2, -3]
    assert game.scores == [5, -2, -3]
    assert game.deal_number == 1 and game.dealer == 1 and not game.over


@pytest.mark.parametrize(
    ("tricks", "problem"),
    [
        ([[3, 3], [3, 3], [4, 3]], "first-hand tricks must add up to 9, not 10"),
        ([[3, 3], [3, 3], [3, 2]], "second-hand tricks must add up to 9, not 8"),
        ([[10, 3], [-1, 3], [0, 3]], "negative"),
    ],
)
def test_tally_each_hand_must_sum_to_nine(tricks: list[list[int]], problem: str) -> None:
    game = new_game("italian_whist", 3)
    with pytest.raises(InvalidTally, match=problem) as error:
        game.apply({"type": "tally", "tricks": tricks})
    assert error.value.rule == "tally"
    assert game.scores == [0, 0, 0] and game.deal_number == 0


@pytest.mark.parametrize(
    "tricks",
    [None, [3, 3, 3], [[3, 3], [3, 3]], [[3, 3, 0], [3, 3], [3, 3]], [[3, "3"], [3, 3], [3, 3]],
     [[True, 3], [3, 3], [3, 3]], "[[3,3],[3,3],[3,3]]", [[3.0, 3], [3, 3], [3, 3]]],
)  # fmt: skip
def test_malformed_tally_is_rejected(tricks: Any) -> None:
    game = new_game("italian_whist", 3)
    with pytest.raises(MalformedEvent):
        game.apply({"type": "tally", "tricks": tricks})
    with pytest.raises(MalformedEvent):
        game.apply({"type": "tally"})


def test_tally_only_between_deals() -> None:
    game, _ = dealt_game()
    with pytest.raises(WrongPhase):
        game.apply(ZERO_TALLY)
    game = ready({})
    with pytest.raises(WrongPhase):
        game.apply(ZERO_TALLY)


def test_tally_event_round_trips() -> None:
    game = new_game("italian_whist", 3)
    event = {"type": "tally", "tricks": [[6, 1], [2, 4], [1, 4]]}
    assert game.parse(event).to_event() == event


def test_game_ends_when_a_total_reaches_plus_limit() -> None:
    game = new_game("italian_whist", 3, {"score_limit": 5})
    game.apply({"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]})  # 4, -2, -2
    assert not game.over and game.winner is None
    game.apply({"type": "tally", "tricks": [[3, 2], [3, 3], [3, 4]]})  # 5, -2, -3
    assert game.over and game.winner == 0
    with pytest.raises(WrongPhase):
        game.apply(ZERO_TALLY)


def test_game_ends_when_a_total_reaches_minus_limit() -> None:
    game = new_game("italian_whist", 3, {"score_limit": 5})
    game.apply({"type": "tally", "tricks": [[2, 1], [5, 2], [2, 6]]})  # 1, 3, -4
    assert not game.over
    game.apply({"type": "tally", "tricks": [[3, 2], [3, 3], [3, 4]]})  # 2, 3, -5
    assert game.scores == [2, 3, -5]
    assert game.over and game.winner == 1


def test_game_ends_at_score_limit_and_draw_is_list() -> None:
    game = new_game("italian_whist", 3)
    game.apply({"type": "tally", "tricks": [[9, 0], [0, 0], [0, 9]]})  # 9, 0, -9
    assert not game.over
    game.apply({"type": "tally", "tricks": [[0, 0], [9, 0], [0, 9]]})  # 0, 9, -9
    # Seat 2 reached -18: the game is over, and seats 0 and 1 share the lead.
    assert game.scores == [9, 9, -18]
    assert game.over and game.winner == [0, 1]
    game = new_game("italian_whist", 3, {"score_limit": 3})
    game.apply({"type": "tally", "tricks": [[6, 0], [3, 0], [0, 9]]})  # 6, 3, -9
    assert game.over and game.winner == 0
    game = new_game("italian_whist", 3, {"score_limit": 3})
    game.apply({"type": "tally", "tricks": [[5, 1], [4, 0], [0, 8]]})  # 4, 4, -8
    assert game.over and game.winner == [0, 1]


def test_played_deal_ends_the_game_at_the_limit() -> None:
    rng = random.Random(9)
    game = new_game("italian_whist", 3, {"score_limit": 2})
    while not game.over:
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
        else:
            game.apply(game.random_action(rng).to_event())
    assert any(abs(total) >= 2 for total in game.scores)
    assert game.to_act is None and game.legal_actions() == []
    best = max(game.scores)
    leaders = [s for s in range(3) if game.scores[s] == best]
    assert game.winner == (leaders[0] if len(leaders) == 1 else leaders)


@pytest.mark.parametrize("value", [0, -1, "10", 2.5, True, None])
def test_score_limit_option_is_checked(value: Any) -> None:
    with pytest.raises(InvalidOption):
        new_game("italian_whist", 3, {"score_limit": value})


def test_score_limit_defaults_to_ten() -> None:
    assert new_game("italian_whist", 3).options == {"score_limit": 10}
    with pytest.raises(InvalidOption):
        new_game("italian_whist", 3, {"target": 5})


# ---------------------------------------------------------------------- robustness


def test_play_errors_name_seat_and_rule_and_change_nothing() -> None:
    game = ready({1: cards_of("5H 2C 3C 4C 5C 6C 7C 8C 9C")})
    other = codes_of(game.hand(2))[0]
    before = snapshot(game)
    with pytest.raises(NotYourTurn, match="seat 2") as turn:
        play(game, 2, other)
    assert turn.value.rule == "turn order"
    with pytest.raises(CardNotHeld, match=f"seat 1 cannot play {other}") as held:
        play(game, 1, other)
    assert held.value.rule == "cards in hand" and "seat 2" not in str(held.value)
    assert snapshot(game) == before


def test_random_games_replay_to_the_same_state() -> None:
    rng = random.Random(21)
    for first_dealer in range(3):
        game = new_game("italian_whist", 3, {"score_limit": 4}, first_dealer=first_dealer)
        events = []
        while not game.over:
            if game.awaiting == "deal":
                event = game.random_deal_event(rng)
            else:
                action = game.random_action(rng)
                if action.type != "split":
                    assert action in game.legal_actions()
                event = action.to_event()
            game.apply(event)
            events.append(json.loads(json.dumps(event)))
            for seat in (None, 0, 1, 2):
                json.dumps(game.view(seat))
        replayed = new_game("italian_whist", 3, {"score_limit": 4}, first_dealer=first_dealer)
        for event in events:
            replayed.apply(event)
        assert replayed.scores == game.scores and replayed.winner == game.winner
        assert sum(game.scores) == 0


def test_legal_plays_are_exactly_the_accepted_plays() -> None:
    rng = random.Random(4)
    game = new_game("italian_whist", 3)
    game.apply(game.random_deal_event(rng))
    while game.phase == "split":
        game.push(game.random_action(rng))
    while game.deal_number == 0:
        seat = game.to_act
        assert isinstance(seat, int)
        legal = set(game.legal_actions())
        if game.phase == "play":
            for held in game.hand(seat):
                trial = game.copy()
                accepted = True
                try:
                    play(trial, seat, held.code)
                except MustFollowSuit:
                    accepted = False
                assert accepted == (game.parse(
                    {"type": "play", "seat": seat, "card": held.code}) in legal)  # fmt: skip
        game.push(sorted(legal, key=str)[rng.randrange(len(legal))])


def test_registered_as_italian_whist() -> None:
    game = new_game("italian_whist", 3)
    assert isinstance(game, ItalianWhist) and game.name == "italian_whist"
    assert game.to_act is None and game.awaiting == "deal"


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize("path", record_files("italian_whist"), ids=lambda path: path.name)
def test_record_passes_the_check(path: Path) -> None:
    passes_check(path)


def test_there_are_italian_whist_records() -> None:
    assert len(record_files("italian_whist")) >= 3


@pytest.mark.skipif(not SHARED_TALLIES.exists(), reason="shared sample records not present")
def test_shared_tally_record_passes_the_check() -> None:
    passes_check(SHARED_TALLIES)


def test_split_event_is_private_to_its_seat_in_the_log() -> None:
    game = ItalianWhist(3)
    split = {
        "type": "split",
        "seat": 1,
        "first": ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"],
    }
    assert game.event_as_seen_by(split, 1) == split
    for viewer in (0, 2, None):
        seen = game.event_as_seen_by(split, viewer)
        assert seen == {"type": "split", "seat": 1, "hidden": True}
    deal = {"type": "deal", "deck": ["AS"]}
    assert game.event_as_seen_by(deal, 1) == {"type": "deal", "hidden": True}
