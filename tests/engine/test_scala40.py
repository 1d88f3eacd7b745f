"""Scala Quaranta (RULES.md §9, seed 004): one test per rule, named after it."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engine import (
    CardNotHeld,
    IllegalEvent,
    InvalidOption,
    InvalidTally,
    MalformedEvent,
    NotYourTurn,
    RuleViolation,
    WrongPhase,
    new_game,
)
from engine.cards import Card, double_deck
from engine.game import Game
from engine.games.scala40_events import slot_of
from engine.games.scala40_melds import build_meld, check_meld, hand_value
from tests.support.engine import next_event, passes_check, record_files, rejects

FILLER = [
    "2S",
    "5H",
    "8D",
    "JC",
    "3H",
    "6D",
    "9C",
    "QS",
    "4D",
    "7C",
    "TS",
    "KH",
    "2C",
    "5S",
    "8H",
    "JD",
    "3C",
    "6S",
    "9H",
    "QD",
    "4S",
    "7H",
    "TD",
    "KC",
    "2H",
    "5D",
    "8C",
    "JS",
    "3D",
    "6C",
    "9S",
    "QH",
    "4H",
    "7D",
    "TC",
    "KS",
    "2D",
    "5C",
    "8S",
    "JH",
    "3S",
    "6H",
    "9D",
    "QC",
    "4C",
    "7S",
    "TH",
    "KD",
]
"""Cards to fill hands with, spread over ranks and suits."""


def deck_for(
    players: int,
    hands: Mapping[int, Sequence[str]],
    top: str,
    stock: Sequence[str] = (),
    dealer: int = 0,
    out: Sequence[int] = (),
) -> list[str]:
    """A deck order dealing ``hands`` (padded to 13 cards from FILLER), ``top`` to the
    discard pile and ``stock`` on top of the stock (the rest below in a fixed order)."""
    pool = Counter(c.code for c in double_deck())
    for code in [*(c for h in hands.values() for c in h), top, *stock]:
        assert pool[code] > 0, f"no more {code} in the deck"
        pool[code] -= 1
    active = [s for s in range(players) if s not in out]
    order: list[int] = []
    seat = dealer
    while len(order) < len(active):
        seat = (seat + 1) % players
        if seat in active:
            order.append(seat)
    filler = FILLER * 2
    full: dict[int, list[str]] = {}
    for s in order:
        held = list(hands.get(s, []))
        while len(held) < 13:
            code = filler.pop(0)
            if pool[code] > 0:
                pool[code] -= 1
                held.append(code)
        full[s] = held
    deck = [full[order[i % len(order)]][i // len(order)] for i in range(13 * len(order))]
    deck += [top, *stock, *sorted(pool.elements(), key=Card.parse)]
    assert len(deck) == 108
    return deck


def dealt(
    players: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
    top: str = "KD",
    stock: Sequence[str] = (),
    dealer: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Game:
    game = new_game("scala40", players, options, dealer)
    game.apply({"type": "deal", "deck": deck_for(players, hands or {}, top, stock, dealer)})
    return game


def ev(kind: str, seat: int, **fields: Any) -> dict[str, Any]:
    event: dict[str, Any] = {"type": kind, "seat": seat}
    for key, value in fields.items():
        event["from" if key == "source" else key] = value
    return event


def held(game: Game, seat: int) -> Counter[str]:
    return Counter(c.code for c in game.hand(seat))


RUN = ["7H", "8H", "9H", "TH"]  # 34
TWOS = ["2S", "2H", "2D"]  # 6
SEAT1 = [*RUN, *TWOS, "5S", "5D", "4C", "KC", "QC", "RJ"]
SEAT0 = ["7S", "8S", "9S", "TS", "3S", "3H", "3D", "6C", "9D", "JH", "AC", "4H", "BJ"]


def scenario() -> Game:
    """2 players, dealer 0: seat 1 plays first and can open with 40 exactly."""
    return dealt(2, {1: SEAT1, 0: SEAT0}, top="KD", stock=["6D", "QD", "5C", "4S"])


def opened_scenario() -> Game:
    """Seat 1 has opened (7H-TH, 2S 2H 2D) and discarded 6D; seat 0 drew QD and
    discarded 6C; seat 1 is to draw."""
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("open", 1, melds=[RUN, TWOS]))
    game.apply(ev("discard", 1, card="6D"))
    game.apply(ev("draw", 0, source="stock"))
    game.apply(ev("discard", 0, card="6C"))
    return game


# ---------------------------------------------------------------------- set-up and deal


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    game = new_game("scala40", players)
    game.apply(game.random_deal_event(random.Random(players)))
    assert [len(game.hand(s)) for s in range(players)] == [13] * players
    assert game.view(None)["stock_size"] == 108 - 13 * players - 1


@pytest.mark.parametrize("players", [1, 7])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(InvalidOption):
        new_game("scala40", players)


def test_deal_thirteen_each_one_at_a_time_from_dealer_plus_one_then_the_discard() -> None:
    game = new_game("scala40", 3, first_dealer=1)
    deck = [c.code for c in double_deck()]
    game.apply({"type": "deal", "deck": deck})
    assert held(game, 2) == Counter(deck[0:39:3])
    assert held(game, 0) == Counter(deck[1:39:3])
    assert held(game, 1) == Counter(deck[2:39:3])
    assert game.view(0)["discard_pile"] == [deck[39]]
    assert game.to_act == 2, "dealer + 1 plays first"
    game.apply(ev("draw", 2, source="stock"))
    assert held(game, 2)[deck[40]] == Counter(deck[0:39:3])[deck[40]] + 1, "stock top is next"


def test_a_deal_must_be_the_108_cards() -> None:
    game = new_game("scala40", 2)
    deck = [c.code for c in double_deck()]
    rejects(game, {"type": "deal", "deck": deck[:-1]}, IllegalEvent)
    rejects(game, {"type": "deal", "deck": [*deck[:-1], "AS"]}, IllegalEvent)


def test_hand_values() -> None:
    values = {
        code: hand_value(Card.parse(code))
        for code in ["2S", "9H", "TD", "JC", "QS", "KH", "AD", "RJ", "BJ"]
    }
    assert values == dict(
        zip(
            ["2S", "9H", "TD", "JC", "QS", "KH", "AD", "RJ", "BJ"],
            [2, 9, 10, 10, 10, 10, 11, 25, 25],
            strict=True,
        )
    )


def test_the_turn_passes_to_the_next_player() -> None:
    game = opened_scenario()
    assert game.to_act == 1
    rejects(game, ev("draw", 0, source="stock"), NotYourTurn)


def test_a_turn_begins_with_one_draw() -> None:
    game = scenario()
    error = rejects(game, ev("discard", 1, card="KC"), RuleViolation)
    assert error.rule == "draw first"
    game.apply(ev("draw", 1, source="stock"))
    error = rejects(game, ev("draw", 1, source="stock"), RuleViolation)
    assert error.rule == "one draw a turn"


# ---------------------------------------------------------------------- opening


def test_opening_of_forty_or_more_in_one_open_event() -> None:
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("open", 1, melds=[RUN, TWOS]))  # 34 + 6 = 40
    assert game.view(0)["opened"] == [False, True]
    assert [m["cards"] for m in game.view(0)["melds"]] == [RUN, TWOS]


def test_opening_below_forty_is_refused() -> None:
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    error = rejects(game, ev("open", 1, melds=[["7H", "8H", "9H"], TWOS]), RuleViolation)
    assert error.rule == "opening" and "worth 30" in str(error)
    error = rejects(game, ev("open", 1, melds=[RUN]), RuleViolation)
    assert error.rule == "opening" and "worth 34" in str(error)


def test_opening_ace_low_counts_one() -> None:
    hand = ["AS", "2S", "3S", "4S", "KH", "KD", "KC", "QC"]
    game = dealt(2, {1: hand})
    game.apply(ev("draw", 1, source="stock"))
    error = rejects(
        game, ev("open", 1, melds=[["AS", "2S", "3S"], ["KH", "KD", "KC"]]), RuleViolation
    )
    assert "worth 36" in str(error)  # 1 + 2 + 3 + 30, not 46
    game.apply(ev("open", 1, melds=[["AS", "2S", "3S", "4S"], ["KH", "KD", "KC"]]))  # 40


def test_opening_ace_high_counts_eleven() -> None:
    game = dealt(2, {1: ["QS", "KS", "AS", "3H", "3D", "3C"]})
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("open", 1, melds=[["QS", "KS", "AS"], ["3H", "3D", "3C"]]))  # 31 + 9


def test_opening_joker_counts_as_the_card_it_stands_for() -> None:
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    melds = [["7H", "RJ=8H", "9H"], ["5S", "5D", "4C"]]
    rejects(game, ev("open", 1, melds=melds), RuleViolation)  # 5S 5D 4C is no meld
    error = rejects(game, ev("open", 1, melds=[["7H", "RJ=8H", "9H", "TH"]]), RuleViolation)
    assert "worth 34" in str(error), "the joker counts 8 here, not 25"
    game.apply(ev("open", 1, melds=[["7H", "RJ=8H", "9H", "TH"], TWOS]))


def test_opening_is_laid_from_the_own_hand() -> None:
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    rejects(game, ev("open", 1, melds=[RUN, ["2S", "2H", "2C"]]), CardNotHeld)


def test_opening_only_once() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="stock"))
    error = rejects(game, ev("open", 1, melds=[["4C", "RJ=5C", "6C"]]), RuleViolation)
    assert error.rule == "opening"


def test_before_opening_no_meld_outside_the_open_event() -> None:
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    error = rejects(game, ev("meld", 1, cards=RUN), RuleViolation)
    assert error.rule == "opening"


def test_before_opening_no_additions() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("discard", 1, card="KC"))
    game.apply(ev("draw", 0, source="stock"))  # 5C
    error = rejects(game, ev("add", 0, meld=0, cards=["JH"]), RuleViolation)
    assert error.rule == "opening"


def test_before_opening_no_discard_draw() -> None:
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("discard", 1, card="6D"))
    error = rejects(game, ev("draw", 0, source="discard"), RuleViolation)
    assert error.rule == "opening"
    assert {"type": "draw", "seat": 0, "from": "discard"} not in game.view(0)["legal"]


def test_before_opening_no_joker_swap() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="discard"))  # 6C
    game.apply(ev("meld", 1, cards=["4C", "RJ=5C", "6C"]))
    game.apply(ev("discard", 1, card="KC"))
    game.apply(ev("draw", 0, source="stock"))  # 5C
    error = rejects(game, ev("swap", 0, meld=2, card="5C"), RuleViolation)
    assert error.rule == "opening"


def test_before_opening_no_discard_of_a_joker() -> None:
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    error = rejects(game, ev("discard", 1, card="RJ"), RuleViolation)
    assert error.rule == "discard before opening"


def test_before_opening_no_discard_of_a_card_that_extends_a_meld() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("discard", 1, card="KC"))
    game.apply(ev("draw", 0, source="stock"))
    error = rejects(game, ev("discard", 0, card="JH"), RuleViolation)  # extends 7H-TH
    assert error.rule == "discard before opening" and "could be added" in str(error)
    legal = game.view(0)["legal"]
    assert {"type": "discard", "seat": 0, "card": "JH"} not in legal
    assert {"type": "discard", "seat": 0, "card": "9D"} in legal
    game.apply(ev("discard", 0, card="9D"))


def test_before_opening_any_card_when_every_card_is_barred() -> None:
    # Seat 0 holds only jokers and cards that extend seat 1's meld: it must end its turn.
    game = dealt(2, {1: [*RUN, *TWOS], 0: ["RJ", "BJ", "JH", "6H", "2C", "QH", "JH", "6H"]})
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("open", 1, melds=[RUN, TWOS]))
    game.apply(ev("discard", 1, card=game.hand(1)[0].code))
    game.apply(ev("draw", 0, source="stock"))
    assert any(e["type"] == "discard" for e in game.view(0)["legal"])


# ---------------------------------------------------------------------- the discard draw


def test_discard_draw_must_be_used_before_the_discard() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="discard"))  # 6C
    assert game.view(0)["must_use"] == "6C"
    error = rejects(game, ev("discard", 1, card="KC"), RuleViolation)
    assert error.rule == "discard draw must be used"
    assert not [e for e in game.view(1)["legal"] if e["type"] == "discard"]
    game.apply(ev("meld", 1, cards=["4C", "RJ=5C", "6C"]))
    assert game.view(0)["must_use"] is None
    game.apply(ev("discard", 1, card="KC"))


def test_discard_draw_may_not_be_discarded() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="discard"))
    error = rejects(game, ev("discard", 1, card="6C"), RuleViolation)
    assert error.rule == "discard draw must be used"


def test_discard_draw_only_when_the_card_can_be_used() -> None:
    game = dealt(2, {1: [*RUN, *TWOS, "KC", "4S"], 0: ["QD", "9C"]}, top="3C", stock=["5D"])
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("open", 1, melds=[RUN, TWOS]))
    game.apply(ev("discard", 1, card="5D"))
    game.apply(ev("draw", 0, source="stock"))
    game.apply(ev("discard", 0, card="9C"))
    error = rejects(game, ev("draw", 1, source="discard"), RuleViolation)
    assert error.rule == "discard draw must be used" and "nine of clubs" in str(error)


def test_discard_draw_no_move_may_leave_it_unusable() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="discard"))  # 6C needs the joker: 4C RJ=5C 6C
    error = rejects(game, ev("add", 1, meld=0, cards=["RJ=6H"]), RuleViolation)
    assert error.rule == "discard draw must be used"
    assert {"type": "add", "seat": 1, "meld": 0, "cards": ["RJ=6H"]} not in game.view(1)["legal"]


# ---------------------------------------------------------------------- melds


def test_set_of_three_or_four_without_repeated_suit() -> None:
    assert check_meld(["7H", "7S", "7D"]).ok
    assert check_meld(["7H", "7S", "7D", "7C"]).ok
    assert "two hearts" in (check_meld(["7H", "7S", "7H"]).reason or "")
    assert not check_meld(["7H", "7S", "7D", "7C", "RJ=7C"]).ok
    assert "at least 3" in (check_meld(["7H", "7S"]).reason or "")


def test_sequence_of_one_suit_consecutive() -> None:
    assert check_meld(["5H", "6H", "7H"]).ok
    assert check_meld(["7H", "5H", "6H"]).cards == ("5H", "6H", "7H")
    assert "neither a set" in (check_meld(["5H", "6H", "7S"]).reason or "")
    assert "consecutive" in (check_meld(["5H", "6H", "8H"]).reason or "")


def test_sequence_ace_low_or_high_not_both() -> None:
    assert check_meld(["AH", "2H", "3H"]).value == 6
    assert check_meld(["QH", "KH", "AH"]).value == 31
    assert not check_meld(["KH", "AH", "2H"]).ok, "no wrapping round the ace"
    whole = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    reason = check_meld([*whole, "AH"]).reason or ""
    assert "not both" in reason


def test_sequence_of_fourteen_the_whole_suit_and_a_joker_at_one_end() -> None:
    whole = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    assert check_meld([*whole, "RJ=AH"]).ok
    assert check_meld(["RJ=AH", *whole[1:], "AH"]).ok
    assert not check_meld(["RJ=6H", *whole]).ok  # a joker in the middle of 14: a 6 twice
    game = dealt(2, {1: whole})
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("open", 1, melds=[whole[:-1]]))  # A … Q: ace low, 1 + 2 … 10 + 20 = 76
    assert game.view(0)["melds"][0]["cards"][0] == "AH"


def test_one_joker_per_meld() -> None:
    assert "one joker at most" in (check_meld(["5H", "RJ=6H", "BJ=7H"]).reason or "")
    game = opened_scenario()
    game.apply(ev("draw", 1, source="discard"))
    game.apply(ev("meld", 1, cards=["4C", "RJ=5C", "6C"]))
    game.apply(ev("discard", 1, card="KC"))
    game.apply(ev("draw", 0, source="stock"))  # 5C
    game.apply(ev("open", 0, melds=[["7S", "8S", "9S", "TS"], ["3S", "3H", "3D"]]))
    rejects(game, ev("add", 0, meld=2, cards=["BJ=7C"]), RuleViolation)


def test_joker_named_when_laid_suit_included_also_in_a_set() -> None:
    assert check_meld(["7H", "7S", "RJ=7D"]).cards == ("7S", "7H", "RJ=7D")
    assert "two hearts" in (check_meld(["7H", "7S", "RJ=7H"]).reason or "")
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    error = rejects(game, ev("open", 1, melds=[RUN, ["2S", "2H", "RJ"]]), MalformedEvent)
    assert "must be named" in str(error)
    rejects(game, ev("open", 1, melds=[RUN, ["2S", "2H", "RJ=2"]]), MalformedEvent)
    rejects(game, ev("open", 1, melds=[RUN, ["2S", "2H", "RJ=BJ"]]), MalformedEvent)


def test_a_named_joker_never_changes() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="discard"))
    game.apply(ev("meld", 1, cards=["4C", "RJ=5C", "6C"]))
    meld = game.view(0)["melds"][2]
    assert meld["cards"] == ["4C", "RJ=5C", "6C"]
    game.apply(ev("discard", 1, card="KC"))
    game.apply(ev("draw", 0, source="stock"))  # 5C
    game.apply(ev("open", 0, melds=[["7S", "8S", "9S", "TS"], ["3S", "3H", "3D"]]))
    error = rejects(game, ev("add", 0, meld=2, cards=["5C"]), RuleViolation)
    assert "taken" in str(error)


def test_additions_to_any_meld_on_the_table() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="discard"))
    game.apply(ev("meld", 1, cards=["4C", "RJ=5C", "6C"]))
    game.apply(ev("discard", 1, card="KC"))
    game.apply(ev("draw", 0, source="stock"))
    game.apply(ev("open", 0, melds=[["7S", "8S", "9S", "TS"], ["3S", "3H", "3D"]]))
    assert {"type": "add", "seat": 0, "meld": 0, "cards": ["JH"]} in game.view(0)["legal"]
    game.apply(ev("add", 0, meld=0, cards=["JH"]))  # seat 1's meld
    assert game.view(1)["melds"][0]["cards"] == [*RUN, "JH"]
    rejects(game, ev("add", 0, meld=9, cards=["4H"]), RuleViolation)
    rejects(game, ev("add", 0, meld=0, cards=["4H"]), RuleViolation)  # a gap


def test_joker_swap_takes_the_joker() -> None:
    game = opened_scenario()
    game.apply(ev("draw", 1, source="discard"))
    game.apply(ev("meld", 1, cards=["4C", "RJ=5C", "6C"]))
    game.apply(ev("discard", 1, card="KC"))
    game.apply(ev("draw", 0, source="stock"))  # 5C
    game.apply(ev("open", 0, melds=[["7S", "8S", "9S", "TS"], ["3S", "3H", "3D"]]))
    rejects(game, ev("swap", 0, meld=0, card="5C"), RuleViolation)  # no joker there
    rejects(game, ev("swap", 0, meld=2, card="9D"), RuleViolation)  # not its card
    assert {"type": "swap", "seat": 0, "meld": 2, "card": "5C"} in game.view(0)["legal"]
    game.apply(ev("swap", 0, meld=2, card="5C"))
    assert game.view(1)["melds"][2]["cards"] == ["4C", "5C", "6C"]
    assert held(game, 0)["RJ"] == 1
    # The taker may keep it, lay it again named afresh, or (having opened) discard it.
    game.apply(ev("add", 0, meld=2, cards=["RJ=7C"]))
    game.apply(ev("discard", 0, card="BJ"))


def test_joker_swap_may_not_make_a_sequence_run_ace_to_ace() -> None:
    whole = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    game = dealt(2, {0: ["AH"]})
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("discard", 1, card=game.hand(1)[0].code))
    game.apply(ev("draw", 0, source="stock"))
    # As if seat 0 had opened and a 14-card sequence (joker as the high ace) lay there.
    game.opened[0] = True  # type: ignore[attr-defined]
    game.melds = [build_meld([slot_of(c) for c in [*whole, "BJ=AH"]])]  # type: ignore[attr-defined]
    error = rejects(game, ev("swap", 0, meld=0, card="AH"), RuleViolation)
    assert "not both" in str(error)
    assert not [e for e in game.view(0)["legal"] if e["type"] == "swap"]


# ---------------------------------------------------------------------- reshuffle


def until_reshuffle(players: int = 2, seed: int = 0) -> Game:
    for attempt in range(200):
        game = new_game("scala40", players, {"limit": 10_000})
        rng = random.Random(seed * 1000 + attempt)
        while not game.over and game.deal_number == 0:
            if game.pending_shuffle() is not None:
                return game
            game.apply(next_event(game, rng))
    raise AssertionError("no reshuffle")


def test_reshuffle_when_the_stock_runs_out() -> None:
    game = until_reshuffle()
    assert game.awaiting == "deal" and game.to_act is None and game.legal_actions() == []
    shuffle = game.pending_shuffle()
    assert shuffle is not None and shuffle.event_type == "reshuffle"
    pile = [Card.parse(c) for c in game.view(0)["discard_pile"]]
    assert Counter(shuffle.cards) == Counter(pile[:-1])
    rejects(game, ev("draw", game.turn, source="stock"), WrongPhase)
    rejects(game, game.random_deal_event(random.Random(1)) | {"stock": ["AS"]}, IllegalEvent)
    rejects(game, {"type": "deal", "deck": [c.code for c in double_deck()]}, WrongPhase)
    event = game.random_deal_event(random.Random(2))
    assert event["type"] == "reshuffle"
    game.apply(event)
    assert game.view(0)["discard_pile"] == [pile[-1].code]
    assert game.view(0)["stock_size"] == len(pile) - 1
    assert game.event_as_seen_by(event, 0) == {"type": "reshuffle", "hidden": True}


def test_reshuffle_only_when_awaited() -> None:
    game = scenario()
    rejects(game, {"type": "reshuffle", "stock": []}, WrongPhase)


def test_reshuffle_order_is_hidden_from_every_view() -> None:
    game = until_reshuffle(3, seed=1)
    shuffle = game.pending_shuffle()
    assert shuffle is not None
    one, other = game.copy(), game.copy()
    order = list(shuffle.cards)
    one.apply(shuffle.event(order))
    other.apply(shuffle.event(order[::-1]))
    for viewer in [None, 0, 1, 2]:
        assert one.view(viewer) == other.view(viewer)


def test_reshuffles_limit_then_the_hand_is_void() -> None:
    for seed in range(300):
        game = new_game("scala40", 2, {"reshuffles": 0})
        rng = random.Random(seed)
        while game.deal_number == 0:
            game.apply(next_event(game, rng))
        if game.last_hand is not None and game.last_hand["closed"] is None:  # type: ignore[attr-defined]
            assert game.deal_scores == [0, 0] and game.scores == [0, 0]
            assert game.dealer == 1 and game.awaiting == "deal"
            return
    raise AssertionError("no void hand found")


# ---------------------------------------------------------------------- closing and scoring


CLOSER = ["7H", "8H", "9H", "TH", "2S", "2H", "2D", "5S", "5D", "5C", "QC", "KC", "4D"]
CLOSING_MELDS = [RUN, TWOS, ["5S", "5D", "5C"], ["QC", "KC", "AC"]]


def test_closing_by_melding_all_but_one_and_discarding_it() -> None:
    game = dealt(2, {1: CLOSER}, stock=["AC"])
    others = sum(hand_value(c) for c in game.hand(0))
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("open", 1, melds=CLOSING_MELDS))
    game.apply(ev("discard", 1, card="4D"))
    assert game.deal_scores == [others, 0] and game.scores == [others, 0]
    assert game.view(None)["last_hand"] == {"closed": 1, "hand": [others, 0]}
    assert game.awaiting == "deal" and game.dealer == 1


def test_never_meld_the_last_card() -> None:
    hand = [*CLOSER[:-1], "JH"]
    game = dealt(2, {1: hand}, stock=["AC"])
    game.apply(ev("draw", 1, source="stock"))
    melds = [[*RUN, "JH"], TWOS, ["5S", "5D", "5C"], ["QC", "KC", "AC"]]
    error = rejects(game, ev("open", 1, melds=melds), RuleViolation)
    assert error.rule == "last card"
    game.apply(ev("open", 1, melds=melds[:3]))
    error = rejects(game, ev("meld", 1, cards=["QC", "KC", "AC"]), RuleViolation)
    assert error.rule == "last card"
    assert all(e["type"] == "discard" for e in game.view(1)["legal"])


def test_elimination_at_the_limit_and_the_last_player_standing_wins() -> None:
    game = dealt(3, {1: CLOSER}, stock=["AC"], options={"limit": 20})
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("open", 1, melds=CLOSING_MELDS))
    game.apply(ev("discard", 1, card="4D"))
    assert game.over and game.winner == 1
    assert game.view(None)["out"] == [True, False, True]
    rejects(game, ev("draw", 2, source="stock"), WrongPhase)


def test_the_deal_passes_to_the_next_player_still_in() -> None:
    game = new_game("scala40", 3, {"limit": 50})
    game.apply({"type": "tally", "closed": 1, "hand": [60, 0, 10]})  # seat 0 is out
    assert game.view(None)["out"] == [True, False, False] and game.dealer == 1
    game.apply({"type": "tally", "closed": 2, "hand": [0, 10, 0]})
    assert game.dealer == 2
    deck = deck_for(3, {}, "KD", dealer=2, out=[0])
    game.apply({"type": "deal", "deck": deck})
    assert game.hand(0) == [] and held(game, 1) == Counter(deck[0:26:2])
    assert game.to_act == 1
    game.apply(ev("draw", 1, source="stock"))
    game.apply(ev("discard", 1, card=game.hand(1)[0].code))
    assert game.to_act == 2, "seat 0 is out: its turn is skipped"


# ---------------------------------------------------------------------- tally


def test_tally_scores_like_an_online_hand() -> None:
    game = new_game("scala40", 3, {"limit": 101})
    game.apply({"type": "tally", "closed": 0, "hand": [0, 45, 101]})
    assert game.deal_scores == [0, 45, 101] and game.view(None)["out"] == [False, False, True]
    game.apply({"type": "tally", "closed": 1, "hand": [30, 0, 0]})
    assert game.scores == [30, 45, 101] and not game.over


@pytest.mark.parametrize(
    ("tally", "why"),
    [
        ({"closed": 0, "hand": [5, 10]}, "the closer"),
        ({"closed": 0, "hand": [0, 1]}, "worth 2 to 198"),
        ({"closed": 0, "hand": [0, 199]}, "worth 2 to 198"),
        ({"closed": None, "hand": [0, 10]}, "void hand"),
    ],
)
def test_tally_checks(tally: dict[str, Any], why: str) -> None:
    game = new_game("scala40", 2)
    error = rejects(game, {"type": "tally", **tally}, InvalidTally)
    assert why in str(error)


def test_tally_checks_players_out() -> None:
    game = new_game("scala40", 3, {"limit": 50})
    game.apply({"type": "tally", "closed": 1, "hand": [60, 0, 10]})
    assert "out of the game" in str(
        rejects(game, {"type": "tally", "closed": 0, "hand": [0, 5, 5]}, InvalidTally)
    )
    assert "out of the game" in str(
        rejects(game, {"type": "tally", "closed": 1, "hand": [4, 0, 5]}, InvalidTally)
    )
    game.apply({"type": "tally", "closed": None, "hand": [0, 0, 0]})
    assert game.deal_scores == [0, 0, 0]


def test_tally_is_malformed_without_its_fields() -> None:
    game = new_game("scala40", 2)
    rejects(game, {"type": "tally", "closed": 0}, MalformedEvent)
    rejects(game, {"type": "tally", "closed": 5, "hand": [0, 4]}, MalformedEvent)


# ------------------------------------------------------------ views and hidden information


def test_views_hide_other_hands_and_the_stock() -> None:
    game = opened_scenario()
    view = game.view(0)
    assert view["hand"] == [c.code for c in game.hand(0)]
    assert view["hand_sizes"] == [len(game.hand(0)), len(game.hand(1))]
    assert game.view(None)["hand"] is None
    assert view["discard_pile"] == ["KD", "6D", "6C"]
    shown = json.dumps({k: v for k, v in view.items() if k not in ("hand", "legal")})
    for code in {c.code for c in game.hand(1)} - {
        "7H",
        "8H",
        "9H",
        "TH",
        "2S",
        "2H",
        "2D",
        "KD",
        "6D",
        "6C",
    }:
        assert f'"{code}"' not in shown


def test_swapping_cards_the_viewer_cannot_see_never_changes_its_view() -> None:
    base = deck_for(3, {}, "KD")
    swapped = list(base)
    # A card of seat 2's hand (deck[1]) trades places with a stock card, and two stock
    # cards trade places: seat 0 (deck[2], …) sees neither.
    swapped[1], swapped[60] = swapped[60], swapped[1]
    swapped[50], swapped[70] = swapped[70], swapped[50]
    games = [new_game("scala40", 3), new_game("scala40", 3)]
    for game, deck in zip(games, [base, swapped], strict=True):
        game.apply({"type": "deal", "deck": deck})
    assert games[0].view(0) == games[1].view(0)
    for game in games:
        game.apply(ev("draw", 1, source="stock"))
        game.apply(ev("discard", 1, card="2S"))
        game.apply(ev("draw", 2, source="stock"))
    assert games[0].view(0) == games[1].view(0)


def test_legal_actions_list_draws_discards_swaps_and_single_additions() -> None:
    game = opened_scenario()
    assert {json.dumps(e, sort_keys=True) for e in game.view(1)["legal"]} == {
        json.dumps(ev("draw", 1, source=s), sort_keys=True) for s in ("stock", "discard")
    }
    assert game.legal_count() == 2
    game.apply(ev("draw", 1, source="stock"))
    types = Counter(e["type"] for e in game.view(1)["legal"])
    assert set(types) == {"discard", "add"}
    # The page lists the natural choices; legal_actions adds every meld and longer
    # addition (test_scala40_legal.py).
    natural = [
        a for a in game.legal_actions() if a.type != "meld" and len(a.arg("cards", "x")) == 1
    ]
    assert len(natural) == sum(types.values())
    assert game.legal_count() == len(game.legal_actions())
    for action in game.legal_actions():
        game.copy().apply(action.to_event())


def test_random_player_opens_melds_and_closes() -> None:
    for seed in range(5):
        game = new_game("scala40", 2 + seed)
        rng = random.Random(seed)
        seen: Counter[str] = Counter()
        while not game.over:
            event = next_event(game, rng)
            game.apply(event)
            seen[event["type"]] += 1
        assert seen["open"] and seen["meld"] and seen["add"] and seen["discard"]
        assert isinstance(game.winner, int) and not game.view(None)["out"][game.winner]


def test_check_meld_for_a_seat_says_why() -> None:
    game = scenario()
    game.apply(ev("draw", 1, source="stock"))
    check = game.check_meld_for(1, RUN)  # type: ignore[attr-defined]
    assert check.ok and check.value == 34 and check.kind == "sequence"
    assert "does not hold" in game.check_meld_for(1, ["2S", "2H", "2C"]).reason  # type: ignore[attr-defined]
    assert "neither" in game.check_meld_for(1, ["7H", "8H", "2S"]).reason  # type: ignore[attr-defined]


def test_rejected_garbage_changes_nothing() -> None:
    game = opened_scenario()
    for event in [
        ev("draw", 1, source="deck"),
        ev("open", 1, melds=[]),
        ev("open", 1, melds="7H 8H 9H"),
        ev("meld", 1, cards=["7H", "8H", 9]),
        ev("add", 1, meld=-1, cards=["7H"]),
        ev("add", 1, meld=True, cards=["7H"]),
        ev("swap", 1, meld=0, card="RJ"),
        ev("discard", 1),
    ]:
        rejects(game, event, MalformedEvent)


def test_sample_records_pass_the_conformance_check() -> None:
    paths = record_files("scala40")
    assert len(paths) >= 4
    for path in paths:
        passes_check(path)
