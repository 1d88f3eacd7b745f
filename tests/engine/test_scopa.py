"""Scopa: one test per rule of RULES.md §5 and the seed 004 (the authority), on
hand-built decks; end-of-round rules on decks found by a fixed search."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

import engine
from engine import (
    CardNotHeld,
    InvalidOption,
    InvalidTally,
    MalformedEvent,
    NotYourTurn,
    RuleViolation,
    WrongPhase,
    new_game,
)
from engine.cards import cards, french_deck, italian_deck, sorted_cards
from engine.game import Game
from engine.games.scopa import Scopa
from engine.games.scopa_rules import (
    PRIMIERA,
    VALUE,
    RoundCount,
    count_piles,
    primiera,
    round_points,
    same_value_or_sum,
    sums_to,
)
from tests.support.engine import (
    SHARED_RECORDS,
    cards_of,
    hand_of,
    passes_check,
    play_until_over,
    record_files,
    rejects,
    snapshot,
)

ALL = [c.code for c in italian_deck()]


def three_each(hands: Sequence[str], dealer: int = 0) -> list[str]:
    """The deck order that deals ``hands[seat]`` (3 cards each) one at a time from
    ``dealer + 1``."""
    held = [cards_of(h) for h in hands]
    n = len(held)
    assert all(len(h) == 3 for h in held)
    return [held[(dealer + 1 + i) % n][i // n] for i in range(3 * n)]


def deck_for(
    hands: Sequence[str], table: str, later: Sequence[Sequence[str]] = (), dealer: int = 0
) -> list[str]:
    """A whole deck: ``hands`` dealt first, ``table`` face up, then the ``later`` hands;
    the rest of the stock in the deck's canonical order."""
    order = three_each(hands, dealer) + cards_of(table)
    for hand in later:
        order += three_each(hand, dealer)
    order += [c for c in ALL if c not in order]
    assert sorted(order) == sorted(ALL), "the deck must hold each card once"
    return order


def dealt(
    hands: Sequence[str],
    table: str,
    later: Sequence[Sequence[str]] = (),
    dealer: int = 0,
    **options: Any,
) -> Game:
    game = new_game("scopa", len(hands), options, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck_for(hands, table, later, dealer)})
    return game


def play(game: Game, seat: int, card: str, capture: str | None = None) -> None:
    event: dict[str, Any] = {"type": "play", "seat": seat, "card": card}
    if capture is not None:
        event["capture"] = cards_of(capture)
    game.apply(event)


def ev(seat: int, card: str, capture: str = "") -> dict[str, Any]:
    """A play event; its capture in display order (as the canonical event has it)."""
    event: dict[str, Any] = {"type": "play", "seat": seat, "card": card}
    if capture:
        event["capture"] = [c.code for c in sorted_cards(cards(capture))]
    return event


def legal_events(game: Game) -> list[str]:
    return sorted(json.dumps(a.to_event(), sort_keys=True) for a in game.legal_actions())


def as_json(*events: dict[str, Any]) -> list[str]:
    return sorted(json.dumps(e, sort_keys=True) for e in events)


def table_of(game: Game) -> list[str]:
    return list(game.view(None)["table"])


# A two-player deal (dealer 0, so seat 1 plays first) used by several tests.
DUPLICATES = ["QD JD KD", "4C KS 7H"]
DUPLICATES_TABLE = "AH AS 2C 3D"


# ---------------------------------------------------------------------- the game and its options


def test_options_and_their_defaults() -> None:
    game = new_game("scopa", 2)
    assert game.options == {
        "target": 11,
        "last_sweep_counts": False,
        "primiera_needs_all_suits": False,
        "refill": "deal",
    }
    assert isinstance(game, Scopa)
    assert game.title == "Scopa"
    assert "scopa" in engine.available_games()


@pytest.mark.parametrize(
    ("options", "bad"),
    [
        ({"target": 0}, "target"),
        ({"target": "11"}, "target"),
        ({"refill": "each"}, "refill"),
        ({"last_sweep_counts": 1}, "last_sweep_counts"),
        ({"primiera_needs_all_suits": "yes"}, "primiera_needs_all_suits"),
        ({"scope": True}, "scope"),
    ],
)
def test_bad_options_are_rejected_by_name(options: dict[str, Any], bad: str) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("scopa", 2, options)
    assert caught.value.option == bad


@pytest.mark.parametrize("players", [1, 5, 7, 8])
def test_two_three_four_or_six_players(players: int) -> None:
    with pytest.raises(InvalidOption):
        new_game("scopa", players)


@pytest.mark.parametrize(
    ("players", "team_game", "sides"), [(2, False, 2), (3, False, 3), (4, True, 2), (6, True, 2)]
)
def test_four_and_six_players_play_in_two_teams_of_alternate_seats(
    players: int, team_game: bool, sides: int
) -> None:
    game = new_game("scopa", players)
    assert game.team_game is team_game
    assert game.sides == sides
    assert game.scores == [0] * sides
    if team_game:
        assert game.view(None)["teams"] == [
            list(range(0, players, 2)),
            list(range(1, players, 2)),
        ]


def test_the_deck_is_the_italian_forty() -> None:
    deck = new_game("scopa", 2).new_deck()
    assert len(deck) == 40 == len(set(deck))
    assert not {c.code[0] for c in deck} & {"8", "9", "T"}


def test_card_values_ace_one_to_king_ten() -> None:
    assert [VALUE[c] for c in cards("AC 2C 3C 4C 5C 6C 7C JC QC KC")] == list(range(1, 11))


# ---------------------------------------------------------------------- the deal


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("dealer_offset", [0, 1])
def test_deal_three_each_one_at_a_time_from_dealer_plus_one_then_four_on_the_table(
    players: int, dealer_offset: int
) -> None:
    dealer = (players - 1) * dealer_offset
    deck = list(ALL)
    random.Random(players).shuffle(deck)
    game = new_game("scopa", players, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck})
    for i in range(3 * players):
        assert deck[i] in hand_of(game, (dealer + 1 + i) % players)
    assert table_of(game) == deck[3 * players : 3 * players + 4]
    assert game.view(None)["stock_size"] == 40 - 3 * players - 4
    assert game.to_act == (dealer + 1) % players, "dealer + 1 plays first"


@pytest.mark.parametrize(("players", "hands"), [(2, 6), (3, 4), (4, 3), (6, 2)])
def test_later_deals_give_three_more_each_until_the_deck_is_used_up(
    players: int, hands: int
) -> None:
    rng = random.Random(players * 7)
    deck = list(ALL)
    rng.shuffle(deck)
    dealer = players - 1
    game = new_game("scopa", players, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck})
    dealt_hands = 1
    for play_number in range(1, 37):
        assert game.to_act == (dealer + play_number) % players, "the turn passes to seat + 1"
        game.apply(game.random_action(rng).to_event())
        if play_number % (3 * players) == 0 and play_number < 36:
            start = 3 * players + 4 + 3 * players * (dealt_hands - 1)
            for i in range(3 * players):
                assert deck[start + i] in hand_of(game, (dealer + 1 + i) % players)
            dealt_hands += 1
            assert game.to_act == (dealer + 1) % players, "dealer + 1 plays first again"
            assert game.view(None)["stock_size"] == 36 - 3 * players * dealt_hands
        elif play_number < 36:
            assert sum(len(game.hand(s)) for s in range(players)) == 3 * players - (
                play_number % (3 * players)
            )
    assert dealt_hands == hands
    assert game.deal_number == 1 and game.phase == "deal", "the round is over"
    assert game.dealer == 0, "the deal passes to dealer + 1"


def test_a_deal_must_order_the_forty_cards() -> None:
    game = new_game("scopa", 2)
    french = [c.code for c in french_deck()]
    error = rejects(game, {"type": "deal", "deck": french}, engine.IllegalEvent)
    assert "40" in str(error)
    rejects(game, {"type": "deal", "deck": ALL[:-1]}, engine.IllegalEvent)


def test_a_deal_during_a_round_is_the_wrong_phase() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    rejects(game, {"type": "deal", "deck": ALL}, WrongPhase)


# ---------------------------------------------------------------------- plays and captures


def test_the_shared_sample_same_value_first() -> None:
    game = dealt(["2C 7H QD", "3D KS AC"], "3C AH 2S 6D")
    assert game.legal_count() == 3
    error = rejects(game, ev(1, "3D", "AH 2S"), RuleViolation)
    assert error.rule == "same value first"
    play(game, 1, "3D", "3C")
    play(game, 0, "7H", "AH 6D")
    assert table_of(game) == ["2S"]


def test_same_value_captures_that_card_only() -> None:
    game = dealt(["QD JD KD", "5C KS 7H"], "5H 2C 3D 6S")
    assert legal_events(game) == as_json(
        ev(1, "5C", "5H"), ev(1, "KS", "5H 2C 3D"), ev(1, "7H", "5H 2C")
    )
    rejects(game, ev(1, "5C", "2C 3D"), RuleViolation)
    error = rejects(game, ev(1, "5C", "5H 2C 3D"), RuleViolation)
    assert error.rule == "same value first" and "5H" in str(error)


def test_several_table_cards_of_the_same_value_each_a_choice() -> None:
    game = dealt(["QD JD KD", "5C KS AC"], "5H 5S 2C 3D")
    fives = [json.loads(e) for e in legal_events(game) if json.loads(e)["card"] == "5C"]
    assert sorted(e["capture"] for e in fives) == [["5H"], ["5S"]]
    play(game, 1, "5C", "5S")
    assert table_of(game) == ["5H", "2C", "3D"]


def test_sum_captures_list_every_distinct_set_duplicate_values_included() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    assert legal_events(game) == as_json(
        ev(1, "4C", "AH 3D"),
        ev(1, "4C", "AS 3D"),
        ev(1, "4C", "AS AH 2C"),
        ev(1, "KS"),  # nothing adds up to 10: laid
        ev(1, "7H", "AS AH 2C 3D"),  # 1 + 1 + 2 + 3
    )
    assert game.legal_count() == 5


def test_two_hand_cards_of_one_value_each_offer_every_capture() -> None:
    game = dealt(["QD JD KD", "4C 4S 7H"], DUPLICATES_TABLE)
    assert game.legal_count() == 3 + 3 + 1


def test_a_sum_capture_must_add_up_to_the_card() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    error = rejects(game, ev(1, "4C", "AH 2C"), RuleViolation)
    assert error.rule == "capture sum" and "3" in str(error)
    rejects(game, ev(1, "KS", "AH AS 2C 3D"), RuleViolation)


def test_captured_cards_must_lie_on_the_table() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    error = rejects(game, ev(1, "4C", "AH 3H"), RuleViolation)
    assert error.rule == "capture from the table" and "3H" in str(error)
    rejects(game, ev(1, "4C", "4C"), RuleViolation)


def test_a_card_that_can_capture_must_capture() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    for event in (ev(1, "4C"), {**ev(1, "7H"), "capture": []}):
        error = rejects(game, event, RuleViolation)
        assert error.rule == "must capture"
    game = dealt(["QD JD KD", "5C KS AC"], "5H 5S 2C 3D")
    error = rejects(game, ev(1, "5C"), RuleViolation)
    assert error.rule == "must capture" and "5S 5H" in str(error)


def test_another_card_may_be_laid_while_one_could_capture() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    play(game, 1, "KS")
    assert table_of(game) == ["AH", "AS", "2C", "3D", "KS"]
    assert game.view(None)["last_play"] == {
        "seat": 1, "card": "KS", "capture": [], "scopa": False
    }  # fmt: skip


def test_a_laid_card_may_carry_an_empty_capture_or_none() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    with_empty = game.parse({**ev(1, "KS"), "capture": []})
    assert with_empty == game.parse(ev(1, "KS"))
    assert with_empty.to_event() == {"type": "play", "seat": 1, "card": "KS"}


def test_capture_order_is_free_and_the_canonical_event_sorts_it() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    event = {"type": "play", "seat": 1, "card": "4C", "capture": ["3D", "AH"]}
    action = game.apply(event)
    assert action.to_event() == {"type": "play", "seat": 1, "card": "4C", "capture": ["AH", "3D"]}


@pytest.mark.parametrize(
    "capture",
    [["AH", "AH", "2C"], "AH", [1], ["ah"], {"AH": 1}, 3],
)
def test_a_malformed_capture_is_rejected(capture: Any) -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    rejects(game, {"type": "play", "seat": 1, "card": "4C", "capture": capture}, MalformedEvent)


def test_turn_order_cards_held_and_phase() -> None:
    game = new_game("scopa", 2)
    rejects(game, ev(1, "KS"), WrongPhase)
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    rejects(game, ev(0, "QD"), NotYourTurn)
    error = rejects(game, ev(1, "QD"), CardNotHeld)
    assert error.rule == "cards in hand"
    rejects(game, ev(1, "2S"), CardNotHeld)  # in the stock
    rejects(game, ev(1, "AH", "AS"), CardNotHeld)  # on the table


def test_a_play_on_an_empty_table_is_laid() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    play(game, 1, "7H", "AH AS 2C 3D")
    assert table_of(game) == []
    assert legal_events(game) == as_json(ev(0, "QD"), ev(0, "JD"), ev(0, "KD"))


# ---------------------------------------------------------------------- scope


def test_a_capture_that_clears_the_table_is_a_scopa() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    play(game, 1, "7H", "AH AS 2C 3D")
    view = game.view(0)
    assert view["scope"] == [0, 1]
    assert view["captured"] == [0, 5]
    assert view["last_capturer"] == 1
    assert view["last_play"]["scopa"] is True
    play(game, 0, "QD")
    play(game, 1, "4C")
    play(game, 0, "JD")
    play(game, 1, "KS")
    assert game.view(None)["scope"] == [0, 1], "laying is never a scopa"


def test_in_teams_a_scopa_counts_for_the_team() -> None:
    game = dealt(["QD JD KD", "7H KS 4C", "QH JH KH", "QC JC KC"], DUPLICATES_TABLE)
    play(game, 1, "7H", "AH AS 2C 3D")
    assert game.view(None)["scope"] == [0, 1]
    assert game.view(None)["captured"] == [0, 5]


def round_to_its_last_play(
    players: int, wanted: str, options: dict[str, Any] | None = None
) -> tuple[Game, list[dict[str, Any]], dict[str, Any]]:
    """The first seeded random round (seeds 0, 1, …) whose last play can be ``wanted``:
    ``"sweep"`` (a capture clearing the table) or ``"lay"`` (laid, with cards on the
    table and a capture made earlier). Returns the game before its last play, its
    events and that last play."""
    for seed in range(2000):
        rng = random.Random(seed)
        game = new_game("scopa", players, options)
        events: list[dict[str, Any]] = [game.random_deal_event(rng)]
        game.apply(events[0])
        for _ in range(35):
            events.append(game.random_action(rng).to_event())
            game.apply(events[-1])
        table = set(game.table)  # type: ignore[attr-defined]
        for action in game.legal_actions():
            taken = set(action.arg("capture", ()))
            if wanted == "sweep" and taken and taken == table:
                return game, events, action.to_event()
            if wanted == "lay" and not taken and game.last_capturer is not None:  # type: ignore[attr-defined]
                return game, events, action.to_event()
    raise AssertionError(f"no seed gives a last play that is a {wanted}")


def test_a_sweep_on_the_last_play_is_not_a_scopa_by_default() -> None:
    game, _, last = round_to_its_last_play(2, "sweep")
    side = last["seat"]
    before = game.view(None)["scope"][side]
    game.apply(last)
    assert game.last_round["count"]["scope"][side] == before  # type: ignore[attr-defined]
    assert game.view(None)["last_play"]["scopa"] is False


def test_option_last_sweep_counts_makes_it_a_scopa() -> None:
    _, events, last = round_to_its_last_play(2, "sweep")
    game = engine.replay("scopa", 2, events, {"last_sweep_counts": True})
    side = last["seat"]
    before = game.view(None)["scope"][side]
    game.apply(last)
    assert game.last_round["count"]["scope"][side] == before + 1  # type: ignore[attr-defined]
    assert game.last_round["points"]["scope"][side] == before + 1  # type: ignore[attr-defined]
    assert game.view(None)["last_play"]["scopa"] is True


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cards_left_on_the_table_go_to_the_last_capturer_and_are_no_scopa(players: int) -> None:
    game, _, last = round_to_its_last_play(players, "lay")
    capturer = game.last_capturer  # type: ignore[attr-defined]
    side = game.side_of(capturer)
    view = game.view(None)
    left = len(view["table"]) + 1  # the laid card joins them
    game.apply(last)
    count = game.last_round["count"]  # type: ignore[attr-defined]
    assert count["cards"][side] == view["captured"][side] + left
    assert sum(count["cards"]) == 40
    assert count["scope"] == view["scope"], "taking the rest is not a scopa"


# ---------------------------------------------------------------------- round points


def test_primiera_worths_and_best_card_per_suit() -> None:
    assert [PRIMIERA[c] for c in cards("7C 6C AC 5C 4C 3C 2C JC QC KC")] == [
        21, 18, 16, 15, 14, 13, 12, 10, 10, 10,
    ]  # fmt: skip
    assert primiera(cards("7D 6D AS 5H KC")) == 21 + 16 + 15 + 10
    assert primiera(cards("7D 6D AS 5H")) == 21 + 16 + 15, "a lacking suit adds 0"
    assert primiera(cards("7D 6D AS 5H"), needs_all_suits=True) == 0
    assert primiera(cards("7D 6D AS 5H KC"), needs_all_suits=True) == 62
    assert primiera([]) == 0


def test_round_points_most_cards_most_coins_settebello_primiera_scope() -> None:
    points, parts = round_points(RoundCount((22, 18), (6, 4), (2, 1), 1, (78, 70)))
    assert parts == {
        "cards": [1, 0],
        "coins": [1, 0],
        "settebello": [0, 1],
        "primiera": [1, 0],
        "scope": [2, 1],
    }
    assert points == [5, 2]


def test_ties_for_cards_coins_or_primiera_score_for_nobody() -> None:
    points, parts = round_points(RoundCount((20, 20), (5, 5), (0, 0), 0, (70, 70)))
    assert parts["cards"] == parts["coins"] == parts["primiera"] == [0, 0]
    assert points == [1, 0]


def test_three_players_a_tie_for_the_most_scores_for_nobody() -> None:
    points, parts = round_points(RoundCount((15, 15, 10), (4, 3, 3), (0, 0, 0), 2, (70, 62, 70)))
    assert parts["cards"] == [0, 0, 0]
    assert parts["coins"] == [1, 0, 0]
    assert parts["primiera"] == [0, 0, 0]
    assert points == [1, 0, 1]


@pytest.mark.parametrize(
    ("needs_all", "primiere", "won"), [(False, (63, 51), [1, 0]), (True, (0, 51), [0, 1])]
)
def test_option_primiera_needs_all_suits(
    needs_all: bool, primiere: tuple[int, int], won: list[int]
) -> None:
    # Side 1 has the hearts and a knave of each other suit; side 0 the rest, no heart.
    side1 = [c for c in italian_deck() if c.suit == "H"] + cards("JS JD JC")
    side0 = [c for c in italian_deck() if c not in side1]
    count = count_piles([side0, side1], [0, 0], needs_all_suits=needs_all)
    assert count.primiera == primiere
    assert count.settebello == 0 and count.cards == (27, 13) and count.coins == (9, 1)
    assert round_points(count)[1]["primiera"] == won


def test_the_round_points_add_up_from_their_components_in_random_rounds() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4, 6):
        game = new_game("scopa", players, {"target": 100})
        for _ in range(3):
            game.apply(game.random_deal_event(rng))
            while game.phase == "play":
                game.apply(game.random_action(rng).to_event())
            parts = game.last_round["points"]  # type: ignore[attr-defined]
            assert game.deal_scores == [
                sum(part[side] for part in parts.values()) for side in range(game.sides)
            ]


# ---------------------------------------------------------------------- the end of the game


def tally(cards_: Sequence[int], coins: Sequence[int], scope: Sequence[int], settebello: int,
          primiera_: Sequence[int]) -> dict[str, Any]:  # fmt: skip
    return {
        "type": "tally",
        "cards": list(cards_),
        "coins": list(coins),
        "scope": list(scope),
        "settebello": settebello,
        "primiera": list(primiera_),
    }


FOUR_NIL = tally((22, 18), (6, 4), (0, 0), 0, (78, 70))  # 4 points to side 0
NIL_FOUR = tally((18, 22), (4, 6), (0, 0), 1, (70, 78))  # 4 points to side 1


def test_the_game_ends_after_a_round_with_a_side_at_target_and_ahead() -> None:
    game = new_game("scopa", 2)
    for _ in range(2):
        game.apply(FOUR_NIL)
    assert game.scores == [8, 0] and not game.over
    game.apply(FOUR_NIL)
    assert game.scores == [12, 0] and game.over and game.winner == 0
    rejects(game, FOUR_NIL, WrongPhase)


def test_a_tie_at_or_above_the_target_plays_on() -> None:
    game = new_game("scopa", 2, {"target": 8})
    two_all = tally((22, 18), (6, 4), (0, 0), 1, (70, 78))  # cards, coins | settebello, primiera
    for _ in range(4):
        game.apply(two_all)
        assert game.deal_scores == [2, 2]
    assert game.scores == [8, 8] and not game.over and game.winner is None
    game.apply(tally((20, 20), (5, 5), (0, 0), 1, (70, 70)))  # settebello only
    assert game.scores == [8, 9] and game.over and game.winner == 1


def test_three_players_end_only_when_one_leads_alone() -> None:
    game = new_game("scopa", 3, {"target": 4})
    game.apply(tally((18, 18, 4), (4, 4, 2), (0, 0, 0), 0, (70, 70, 30)))  # 1, 0, 0
    game.apply(tally((18, 18, 4), (4, 4, 2), (3, 4, 0), 0, (70, 70, 30)))  # 4, 4, 0
    assert game.scores == [5, 4, 0] and game.over and game.winner == 0
    game = new_game("scopa", 3, {"target": 4})
    game.apply(tally((18, 18, 4), (4, 4, 2), (4, 5, 0), 0, (70, 70, 30)))  # 5, 5, 0
    assert game.scores == [5, 5, 0] and not game.over


def test_teams_score_per_team() -> None:
    game = new_game("scopa", 4, {"target": 4})
    game.apply(NIL_FOUR)
    assert game.scores == [0, 4] and game.over and game.winner == 1


# ---------------------------------------------------------------------- refill each_play


def test_refill_each_play_draws_one_card_after_each_play() -> None:
    rng = random.Random(3)
    deck = list(ALL)
    rng.shuffle(deck)
    game = new_game("scopa", 2, {"refill": "each_play"})
    game.apply({"type": "deal", "deck": deck})
    stock = deck[10:]
    for index in range(30):  # while the stock lasts: the player draws its top card
        seat = game.to_act
        assert isinstance(seat, int)
        game.apply(game.random_action(rng).to_event())
        assert stock[index] in hand_of(game, seat)
        assert len(game.hand(seat)) == 3
        assert game.view(None)["stock_size"] == 29 - index
    for left in range(6, 0, -1):  # then the hands are played out
        assert sum(len(game.hand(s)) for s in (0, 1)) == left
        game.apply(game.random_action(rng).to_event())
    assert game.deal_number == 1 and game.phase == "deal"
    assert sum(game.last_round["count"]["cards"]) == 40  # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_refill_each_play_keeps_the_turn_order(players: int) -> None:
    rng = random.Random(players)
    game = new_game("scopa", players, {"refill": "each_play"}, first_dealer=1)
    game.apply(game.random_deal_event(rng))
    for play_number in range(36):
        assert game.to_act == (2 + play_number) % players
        assert len(game.hand(game.to_act)) >= 1  # type: ignore[arg-type]
        game.apply(game.random_action(rng).to_event())
    assert game.deal_number == 1


# ---------------------------------------------------------------------- tally


def test_a_tally_is_scored_like_an_online_round() -> None:
    rng = random.Random(11)
    for players in (2, 3, 4, 6):
        for options in ({}, {"primiera_needs_all_suits": True, "last_sweep_counts": True}):
            online = new_game("scopa", players, options)
            online.apply(online.random_deal_event(rng))
            while online.phase == "play":
                online.apply(online.random_action(rng).to_event())
            sheet = new_game("scopa", players, options)
            count = online.last_round["count"]  # type: ignore[attr-defined]
            sheet.apply({"type": "tally", **count})
            assert sheet.deal_scores == online.deal_scores
            assert sheet.view(None)["last_round"] == online.view(None)["last_round"]


@pytest.mark.parametrize(
    ("event", "why"),
    [
        (tally((22, 17), (6, 4), (0, 0), 0, (78, 70)), "add up to 40"),
        (tally((22, 18), (6, 3), (0, 0), 0, (78, 70)), "add up to 10"),
        (tally((38, 2), (7, 3), (0, 0), 0, (84, 24)), "more coins"),
        (tally((22, 18), (6, 4), (0, 10), 0, (78, 70)), "at least two"),
        (tally((22, 18), (6, 4), (19, 0), 0, (78, 70)), "plays only 18"),
        (tally((22, 18), (0, 10), (0, 0), 0, (78, 70)), "no coins"),
        (tally((22, 18), (6, 4), (0, 0), 0, (20, 70)), "cannot be 20"),
        (tally((22, 18), (6, 4), (0, 0), 0, (78, 11)), "primiera of 11"),
        (tally((22, 18), (6, 4), (0, 0), 0, (78, 0)), "primiera of 0"),
        (tally((39, 1), (10, 0), (0, 0), 0, (84, 42)), "primiera of 42 with 1 cards"),
        (tally((40, 0), (10, 0), (0, 0), 0, (84, 10)), "primiera of 10 with 0"),
    ],
)
def test_tally_checks(event: dict[str, Any], why: str) -> None:
    game = new_game("scopa", 2)
    error = rejects(game, event, InvalidTally)
    assert why in str(error), str(error)
    assert error.rule == "tally"


def test_tally_checks_with_primiera_needs_all_suits() -> None:
    game = new_game("scopa", 2, {"primiera_needs_all_suits": True})
    game.apply(tally((22, 18), (6, 4), (0, 0), 0, (78, 0)))  # side 1 lacked a suit
    assert game.deal_scores == [4, 0]
    rejects(game, tally((22, 18), (6, 4), (0, 0), 0, (78, 39)), InvalidTally)
    rejects(game, tally((22, 18), (6, 4), (0, 0), 0, (48, 70)), InvalidTally)  # 7D: >= 51
    game.apply(tally((22, 18), (6, 4), (0, 0), 0, (0, 0)))  # nobody has primiera
    assert game.deal_scores == [3, 0]


@pytest.mark.parametrize(
    "event",
    [
        {"type": "tally", "cards": [20, 20]},
        {**tally((22, 18), (6, 4), (0, 0), 0, (78, 70)), "settebello": 2},
        {**tally((22, 18), (6, 4), (0, 0), 0, (78, 70)), "settebello": None},
        {**tally((22, 18), (6, 4), (0, 0), 0, (78, 70)), "cards": [22, 18, 0]},
        {**tally((22, 18), (6, 4), (0, 0), 0, (78, 70)), "scope": [-1, 0]},
        {**tally((22, 18), (6, 4), (0, 0), 0, (78, 70)), "primiera": [78, "70"]},
    ],
)
def test_a_malformed_tally_is_rejected(event: dict[str, Any]) -> None:
    rejects(new_game("scopa", 2), event, MalformedEvent)


def test_a_tally_in_teams_has_two_sides() -> None:
    game = new_game("scopa", 6)
    game.apply(FOUR_NIL)
    assert game.deal_scores == [4, 0]
    rejects(game, tally((20, 10, 10), (5, 3, 2), (0, 0, 0), 0, (70, 60, 60)), MalformedEvent)


def test_a_tally_during_a_round_is_the_wrong_phase() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    rejects(game, FOUR_NIL, WrongPhase)


# ---------------------------------------------------------------------- hidden information


def test_a_seat_sees_its_hand_the_table_and_public_counts_only() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    play(game, 1, "4C", "AH 3D")
    view = game.view(0)
    assert view["hand"] == ["JD", "QD", "KD"], "its own hand, in display order"
    assert view["hand_sizes"] == [3, 2]
    assert view["table"] == ["AS", "2C"]
    assert view["stock_size"] == 30
    assert view["captured"] == [0, 3]
    assert view["scope"] == [0, 0]
    assert view["last_capturer"] == 1
    assert view["legal"] and all(e["seat"] == 0 for e in view["legal"])
    text = json.dumps(view)
    secret = hand_of(game, 1) | {c.code for c in game.stock[game.stock_pos :]}  # type: ignore[attr-defined]
    assert len(secret) == 2 + 30
    assert not [code for code in secret if f'"{code}"' in text]
    assert game.view(None)["hand"] is None and "legal" not in game.view(None)


def swapped(deck: list[str], one: str, other: str) -> list[str]:
    return [other if c == one else one if c == other else c for c in deck]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_views_do_not_change_when_unseen_cards_or_the_stock_order_change(players: int) -> None:
    rng = random.Random(players + 40)
    deck = list(ALL)
    rng.shuffle(deck)
    dealt_cards = 3 * players
    stock_at = dealt_cards + 4
    viewer = 0
    others = [c for i, c in enumerate(deck[:dealt_cards]) if (1 + i) % players != viewer]
    stock = deck[stock_at:]
    pairs = [
        (stock[0], stock[-1]),  # the stock's order
        (stock[1], stock[5]),
        (others[0], stock[2]),  # another seat's card and a stock card
        (others[0], others[-1]),  # two other seats' cards (or one seat's own order)
    ]
    for one, other in pairs:
        a = new_game("scopa", players)
        b = new_game("scopa", players)
        a.apply({"type": "deal", "deck": deck})
        b.apply({"type": "deal", "deck": swapped(deck, one, other)})
        compared = 0
        while a.phase == "play":
            if {one, other} & (hand_of(a, viewer) | hand_of(b, viewer)):
                break  # dealt to the viewer: now it may know them
            assert a.view(viewer) == b.view(viewer), (one, other)
            assert a.view(None) == b.view(None), (one, other)
            compared += 1
            choices = [
                act for act in a.legal_actions() if act.card is not None
                and act.card.code not in (one, other)
            ]  # fmt: skip
            if not choices:
                break
            event = choices[rng.randrange(len(choices))].to_event()
            a.apply(event)
            b.apply(event)
        assert compared >= 1


def test_the_log_hides_deals_and_shows_plays() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    deal = {"type": "deal", "deck": deck_for(DUPLICATES, DUPLICATES_TABLE)}
    assert game.event_as_seen_by(deal, 0) == {"type": "deal", "hidden": True}
    event = ev(1, "4C", "AH 3D")
    assert game.event_as_seen_by(event, 0) == event


# ---------------------------------------------------------------------- whole games and records


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("refill", ["deal", "each_play"])
def test_random_games_end_with_a_winner_ahead_at_target(players: int, refill: str) -> None:
    game = play_until_over(new_game("scopa", players, {"refill": refill}), random.Random(players))
    best = max(game.scores)
    assert best >= 11 and game.scores.count(best) == 1
    assert game.winner == game.scores.index(best)
    assert game.to_act is None and game.legal_actions() == []


def test_a_rejected_event_changes_nothing_mid_round() -> None:
    game = dealt(DUPLICATES, DUPLICATES_TABLE)
    before = snapshot(game)
    for event in (ev(1, "4C", "AH 2C"), ev(1, "4C"), ev(0, "QD"), ev(1, "QD")):
        with pytest.raises(engine.IllegalEvent):
            game.apply(event)
    assert snapshot(game) == before


def test_capture_helpers() -> None:
    assert sums_to(cards("AH AS 2C 3D"), 4) == [
        tuple(cards("AS AH 2C")), tuple(cards("AS 3D")), tuple(cards("AH 3D"))
    ]  # fmt: skip
    assert same_value_or_sum(cards("4H AH 3D"), 4) == [tuple(cards("4H"))]
    assert same_value_or_sum(cards("KH QH"), 3) == []


def test_the_shared_sample_passes() -> None:
    path = SHARED_RECORDS / "scopa_first_plays.json"
    if not path.exists():
        pytest.skip(f"the shared sample is not in {SHARED_RECORDS}")
    passes_check(path)


@pytest.mark.parametrize("path", record_files("scopa"), ids=lambda p: p.name)
def test_records(path: Any) -> None:
    passes_check(path)


def test_there_are_records_for_two_three_and_four_players() -> None:
    counts = {json.loads(p.read_text())["players"] for p in record_files("scopa")}
    assert {2, 3, 4} <= counts
