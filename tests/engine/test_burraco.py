"""Burraco: one test per rule of RULES.md §8 and the seed 004 (the authority), on
hand-built decks (2 players, and 4 in two teams); a few late-hand positions are set up
directly on the game's state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

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
from engine.cards import Card, cards, double_deck
from engine.games.burraco import Burraco
from engine.games.burraco_melds import Meld, check_meld
from tests.support.engine import passes_check, record_files, rejects

# ---------------------------------------------------------------------- building decks


def burraco_deck(
    hands: Sequence[str],
    pozzetti: tuple[str, str] = ("", ""),
    discard: str = "",
    stock: str = "",
    dealer: int = 0,
) -> list[str]:
    """A deck that deals ``hands[seat]`` to each seat, the two pozzetti, the first
    discard and the top of the stock (top first) as given; the rest is filled in."""
    players = len(hands)
    pool = Counter(double_deck())
    wanted = [cards(h) for h in hands] + [cards(p) for p in pozzetti]
    wanted += [cards(discard), cards(stock)]
    for group in wanted:
        pool.subtract(group)
    assert all(n >= 0 for n in pool.values()), "a card asked for more than twice"
    rest = sorted(pool.elements(), key=lambda c: c.code)

    def fill(given: list[Card], size: int) -> list[Card]:
        out = list(given)
        while len(out) < size:
            out.append(rest.pop())
        return out

    first, second = (fill(cards(p), 11) for p in pozzetti)
    held = [fill(cards(h), 11) for h in hands]
    deck: list[Card] = first + second
    for k in range(11):
        for i in range(players):
            deck.append(held[(dealer + 1 + i) % players][k])
    deck += fill(cards(discard), 1)
    deck += cards(stock)
    deck += rest
    assert len(deck) == 108
    return [c.code for c in deck]


def start(
    players: int,
    hands: Sequence[str],
    pozzetti: tuple[str, str] = ("", ""),
    discard: str = "",
    stock: str = "",
    dealer: int = 0,
    **options: Any,
) -> Burraco:
    game = new_game("burraco", players, options, first_dealer=dealer)
    assert isinstance(game, Burraco)
    game.apply({"type": "deal", "deck": burraco_deck(hands, pozzetti, discard, stock, dealer)})
    return game


def act(game: Burraco, type_: str, **fields: Any) -> None:
    seat = game.to_act
    assert isinstance(seat, int)
    event: dict[str, Any] = {"type": type_, "seat": seat, **fields}
    if "cards" in event:
        event["cards"] = event["cards"].split()
    game.apply(event)


def codes_of(game: Burraco, seat: int) -> list[str]:
    return sorted(c.code for c in game.hand(seat))


def seq(text: str) -> Meld:
    checked = check_meld(cards(text))
    assert checked.meld is not None
    return checked.meld


def position(game: Burraco, hand: str, melds: Sequence[str] = (), took: bool = True) -> int:
    """Put the seat to act in the meld phase holding ``hand``, its side having ``melds``
    and (``took``) its pozzetto taken: a late-hand position."""
    seat = game.to_act
    assert isinstance(seat, int)
    if game.phase == "draw":
        act(game, "draw", **{"from": "stock"})
    side = game.side_of(seat)
    game.hands[seat] = cards(hand)
    game.melds[side] = [seq(m) for m in melds]
    if took:
        game.took_pozzetto[side] = True
        game.pozzetti_taken = 1
    return seat


BURRACO = "3H 4H 5H 6H 7H 8H 9H"

# ---------------------------------------------------------------------- the deal


def test_two_decks_and_four_jokers() -> None:
    deck = Counter(c.code for c in new_game("burraco", 2).new_deck())
    assert sum(deck.values()) == 108
    assert deck["RJ"] == 2 and deck["BJ"] == 2 and deck["AS"] == 2


@pytest.mark.parametrize("players", [2, 4])
def test_the_deal_pozzetti_first_then_hands_discard_and_stock(players: int) -> None:
    deck = new_game("burraco", players).new_deck()
    random.Random(5).shuffle(deck)
    game = new_game("burraco", players, first_dealer=1)
    game.apply({"type": "deal", "deck": [c.code for c in deck]})
    assert isinstance(game, Burraco)
    assert game.pozzetti == [deck[0:11], deck[11:22]]
    for i in range(11 * players):
        assert deck[22 + i] in game.hands[(1 + 1 + i) % players]
    end = 22 + 11 * players
    assert game.discard_pile == [deck[end]]
    assert game.stock_size == 108 - end - 1
    assert game.to_act == 2 % players and game.phase == "draw"


def test_players_and_teams() -> None:
    assert new_game("burraco", 4).team_game and not new_game("burraco", 2).team_game
    with pytest.raises(InvalidOption):
        new_game("burraco", 3)


# ---------------------------------------------------------------------- the turn


@pytest.mark.parametrize("players", [2, 4])
def test_draw_the_top_of_the_stock(players: int) -> None:
    game = start(players, ["" for _ in range(players)], stock="KS QS")
    act(game, "draw", **{"from": "stock"})
    assert "KS" in codes_of(game, 1) and len(game.hand(1)) == 12
    assert game.phase == "meld"


def test_or_take_the_whole_discard_pile() -> None:
    game = start(2, ["", "9C 9C 9D"], discard="7D")
    act(game, "draw", **{"from": "discard"})
    act(game, "discard", card="9D")
    act(game, "draw", **{"from": "discard"})
    assert "9D" in codes_of(game, 0) and game.discard_pile == []


def test_draw_first() -> None:
    game = start(2, ["", "9C 9S 9D"])
    error = rejects(game, {"type": "meld", "seat": 1, "cards": ["9C", "9S", "9D"]}, WrongPhase)
    assert "draw first" in str(error)
    rejects(game, {"type": "discard", "seat": 1, "card": "9C"}, WrongPhase)


def test_one_draw_a_turn() -> None:
    game = start(2, ["", ""])
    act(game, "draw", **{"from": "stock"})
    rejects(game, {"type": "draw", "seat": 1, "from": "stock"}, WrongPhase)


def test_turn_order() -> None:
    game = start(4, ["", "", "", ""], dealer=2)
    assert game.to_act == 3
    rejects(game, {"type": "draw", "seat": 0, "from": "stock"}, NotYourTurn)
    act(game, "draw", **{"from": "stock"})
    act(game, "discard", card=game.hand(3)[0].code)
    assert game.to_act == 0 and game.phase == "draw"


def test_cards_must_be_held() -> None:
    game = start(2, ["", "9C 9S 9D"])
    act(game, "draw", **{"from": "stock"})
    rejects(game, {"type": "meld", "seat": 1, "cards": ["9C", "9S", "9S"]}, CardNotHeld)
    rejects(game, {"type": "discard", "seat": 1, "card": "RJ"}, CardNotHeld)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "draw", "seat": 1, "from": "pile"},
        {"type": "draw", "seat": 1},
        {"type": "meld", "seat": 1, "cards": "9C 9S 9D"},
        {"type": "add", "seat": 1, "meld": True, "cards": ["9C"]},
        {"type": "add", "seat": 1, "meld": -1, "cards": ["9C"]},
        {"type": "discard", "seat": 5, "card": "9C"},
    ],
)
def test_malformed_events(event: dict[str, Any]) -> None:
    rejects(start(2, ["", ""]), event, MalformedEvent)


# ---------------------------------------------------------------------- melds and additions


@pytest.mark.parametrize("players", [2, 4])
def test_melds_are_laid_for_the_side(players: int) -> None:
    game = start(players, ["", "5H BJ 7H 9S"] + [""] * (players - 2))
    act(game, "draw", **{"from": "stock"})
    act(game, "meld", cards="5H BJ 7H")
    side = game.side_of(1)
    assert game.view(None)["melds"][side] == [
        {"kind": "sequence", "cards": ["5H", "BJ", "7H"], "as": "6H", "burraco": None}
    ]
    assert "5H" not in codes_of(game, 1)


def test_an_illegal_meld_says_why() -> None:
    game = start(2, ["", "5H 6S 7H"])
    act(game, "draw", **{"from": "stock"})
    error = rejects(game, {"type": "meld", "seat": 1, "cards": ["5H", "6S", "7H"]}, RuleViolation)
    assert error.rule == "meld" and "neither a group" in str(error)


def test_additions_only_to_the_own_teams_melds() -> None:
    game = start(4, ["", "5H 6H 7H", "", "8H 9H"])
    act(game, "draw", **{"from": "stock"})
    act(game, "meld", cards="5H 6H 7H")
    act(game, "discard", card=game.hand(1)[0].code)
    act(game, "draw", **{"from": "stock"})
    error = rejects(game, {"type": "add", "seat": 2, "meld": 0, "cards": ["8H"]}, RuleViolation)
    assert error.rule == "own melds"
    act(game, "discard", card=game.hand(2)[0].code)
    act(game, "draw", **{"from": "stock"})
    act(game, "add", meld=0, cards="8H 9H")  # the partner's meld is the team's
    assert game.melds[1][0].cards == tuple(cards("5H 6H 7H 8H 9H"))


def test_adding_a_natural_card_moves_the_wildcard() -> None:
    game = start(2, ["", "3H BJ 5H 4H"])
    act(game, "draw", **{"from": "stock"})
    act(game, "meld", cards="3H BJ 5H")
    act(game, "add", meld=0, cards="4H")
    assert game.view(0)["melds"][1][0]["as"] == "2H"


def test_clean_and_dirty_burraco_in_the_view() -> None:
    game = start(2, ["", "3H 4H 5H 6H 7H 8H 9H 9C 9D BJ 9S"])
    act(game, "draw", **{"from": "stock"})
    act(game, "meld", cards=BURRACO)
    act(game, "meld", cards="9C 9D BJ")
    act(game, "add", meld=1, cards="9S")
    assert [m["burraco"] for m in game.view(None)["melds"][1]] == ["clean", None]


# ---------------------------------------------------------------------- pozzetto

ELEVEN = "3S 3D 3C 3H 4S 4D 4C 4H 5S 5D 5C"


def test_pozzetto_on_the_fly_by_melding_plays_on() -> None:
    game = start(2, ["", ELEVEN], pozzetti=("KS KS KD", ""), stock="5H")
    act(game, "draw", **{"from": "stock"})
    act(game, "meld", cards="3S 3D 3C 3H")
    act(game, "meld", cards="4S 4D 4C 4H")
    act(game, "meld", cards="5S 5D 5C 5H")
    assert len(game.hand(1)) == 11 and {"KS", "KD"} <= set(codes_of(game, 1))
    assert game.took_pozzetto == [False, True] and game.to_act == 1 and game.phase == "meld"
    act(game, "meld", cards="KS KS KD")
    assert game.view(None)["pozzetti_left"] == 1


def test_pozzetto_after_the_discard_is_played_next_turn() -> None:
    game = start(2, ["", ELEVEN], pozzetti=("KS KS KD", ""), stock="8H")
    act(game, "draw", **{"from": "stock"})
    act(game, "meld", cards="3S 3D 3C 3H")
    act(game, "meld", cards="4S 4D 4C 4H")
    act(game, "meld", cards="5S 5D 5C")
    act(game, "discard", card="8H")
    assert game.to_act == 0 and game.took_pozzetto == [False, True]
    assert len(game.hand(1)) == 11 and "KD" in codes_of(game, 1)


def test_the_first_side_to_empty_a_hand_takes_the_first_pozzetto() -> None:
    game = start(2, ["", ELEVEN], pozzetti=("KS KS KD", "QS QS QD"), stock="8H")
    act(game, "draw", **{"from": "stock"})
    for meld in ("3S 3D 3C 3H", "4S 4D 4C 4H", "5S 5D 5C"):
        act(game, "meld", cards=meld)
    act(game, "discard", card="8H")
    assert "KD" in codes_of(game, 1)
    assert game.pozzetti_taken == 1


def test_each_team_takes_one_pozzetto() -> None:
    game = start(4, [""] * 4)
    game.took_pozzetto = [True, False]
    game.pozzetti_taken = 1
    position(game, "9C 9S 9D", took=False)
    act(game, "meld", cards="9C 9S 9D")
    assert game.took_pozzetto == [True, True] and game.pozzetti_taken == 2
    assert game.hands[1] == game.pozzetti[1]


# ---------------------------------------------------------------------- closing


@pytest.mark.parametrize("players", [2, 4])
def test_closing_with_pozzetto_and_burraco_ends_the_hand(players: int) -> None:
    hands = ["", "3H 4H 5H 6H 7H 8H 9H 4S 4D 4C TH"] + [""] * (players - 2)
    pozzetto = "5S 5D 5C 6S 6D 6C 7S 7D 7C QH KS"
    game = start(players, hands, pozzetti=(pozzetto, ""), stock="JH")
    act(game, "draw", **{"from": "stock"})
    act(game, "meld", cards="3H 4H 5H 6H 7H 8H 9H TH JH")
    act(game, "meld", cards="4S 4D 4C")  # empty: the pozzetto, on the fly
    for meld in ("5S 5D 5C", "6S 6D 6C", "7S 7D 7C"):
        act(game, "meld", cards=meld)
    act(game, "add", meld=0, cards="QH")
    act(game, "discard", card="KS")
    assert game.over and game.last_hand is not None
    count = game.last_hand["count"]
    side = game.side_of(1)
    assert count["closed"] == side and count["clean"][side] == 1
    melded = (5 * 5 + 10 * 5) + 3 * 5 + 9 * 5  # 3H…QH, the fours, the 5s 6s 7s
    assert count["melded"][side] == melded
    assert game.deal_scores is not None
    other = 1 - side
    assert game.deal_scores[side] == melded + 200 + 100 - count["hand"][side]
    assert game.deal_scores[other] == -count["hand"][other] - 100
    assert game.winner == side


def test_closing_needs_the_pozzetto() -> None:
    game = start(2, ["", ""])
    seat = position(game, "KS", melds=[BURRACO], took=False)
    act(game, "discard", card="KS")  # empties the hand: the pozzetto, not a closing
    assert not game.over and game.took_pozzetto[seat] and len(game.hand(seat)) == 11


def test_a_last_discard_without_a_burraco_is_refused() -> None:
    game = start(2, ["", ""])
    seat = position(game, "KS", melds=["3H 4H 5H"])
    error = rejects(game, {"type": "discard", "seat": seat, "card": "KS"}, RuleViolation)
    assert error.rule == "closing" and "no burraco" in str(error)
    assert game.legal_actions() == []


def test_never_close_on_a_wildcard() -> None:
    game = start(2, ["", ""])
    seat = position(game, "2S", melds=[BURRACO])
    error = rejects(game, {"type": "discard", "seat": seat, "card": "2S"}, RuleViolation)
    assert error.rule == "closing" and "wildcard" in str(error)


def test_a_last_discard_before_the_pozzetto_is_no_closing() -> None:
    game = start(2, ["", ""])
    seat = position(game, "2S", melds=["3H 4H 5H"], took=False)
    act(game, "discard", card="2S")
    assert not game.over and game.took_pozzetto[seat] and len(game.hand(seat)) == 11


# ---------------------------------------------------------------------- unable to close


def test_final_discard_a_meld_may_not_empty_the_hand_after_the_pozzetto() -> None:
    game = start(2, ["", ""])
    seat = position(game, "9C 9S 9D", melds=[BURRACO])
    error = rejects(
        game, {"type": "meld", "seat": seat, "cards": ["9C", "9S", "9D"]}, RuleViolation
    )
    assert error.rule == "final discard"
    error = rejects(
        game, {"type": "add", "seat": seat, "meld": 0, "cards": ["9C"]}, RuleViolation
    )  # not a fit either; the meld rule speaks first
    assert error.rule == "meld"


def test_unable_to_close_one_card_left_without_a_burraco() -> None:
    game = start(2, ["", ""])
    seat = position(game, "9C 9S 9D KS", melds=["3H 4H 5H"])
    error = rejects(
        game, {"type": "meld", "seat": seat, "cards": ["9C", "9S", "9D"]}, RuleViolation
    )
    assert error.rule == "unable to close"


def test_a_meld_that_makes_the_burraco_may_leave_one_card() -> None:
    game = start(2, ["", ""])
    seat = position(game, "9H KS", melds=["3H 4H 5H 6H 7H 8H"])
    act(game, "add", meld=0, cards="9H")
    act(game, "discard", card="KS")
    assert game.over and game.last_hand is not None
    assert game.last_hand["count"]["closed"] == seat


def test_unable_to_close_only_a_wildcard_left() -> None:
    game = start(2, ["", ""])
    seat = position(game, "9C 9S 9D BJ", melds=[BURRACO])
    error = rejects(
        game, {"type": "meld", "seat": seat, "cards": ["9C", "9S", "9D"]}, RuleViolation
    )
    assert error.rule == "unable to close" and "wildcard" in str(error)
    event = {"type": "meld", "seat": seat, "cards": ["9C", "9S", "9D", "BJ"]}
    assert rejects(game, event, RuleViolation).rule == "final discard"


def test_before_the_pozzetto_any_meld_may_empty_the_hand() -> None:
    game = start(2, ["", ""])
    seat = position(game, "9C 9S 9D", melds=[], took=False)
    act(game, "meld", cards="9C 9S 9D")
    assert len(game.hand(seat)) == 11


# ---------------------------------------------------------------------- end of the hand


@pytest.mark.parametrize("players", [2, 4])
def test_the_hand_ends_when_a_turn_leaves_two_cards_in_the_stock(players: int) -> None:
    game = start(players, [""] * players)
    rng = random.Random(3)
    while game.stock_size > 3:
        act(game, "draw", **{"from": "stock"})
        act(game, "discard", card=game.hand(game.turn)[0].code)
    act(game, "draw", **{"from": "stock"})
    assert game.stock_size == 2 and not game.over
    act(game, "discard", card=game.hand(game.turn)[0].code)
    assert game.over and game.last_hand is not None
    count = game.last_hand["count"]
    assert count["closed"] is None and count["pozzetto"] == [False, False]
    assert game.deal_scores == [-count["hand"][0] - 100, -count["hand"][1] - 100]
    del rng


def test_taking_the_pile_does_not_shorten_the_stock() -> None:
    game = start(2, ["", ""])
    size = game.stock_size
    act(game, "draw", **{"from": "discard"})
    assert game.stock_size == size


# ---------------------------------------------------------------------- target


def test_target_zero_one_hand_is_the_game() -> None:
    game = new_game("burraco", 2)
    assert game.options == {"target": 0}
    game.apply(tally(melded=[100, 50]))
    assert game.over and game.winner == 0


def tally(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "type": "tally",
        "melded": [0, 0],
        "clean": [0, 0],
        "dirty": [0, 0],
        "closed": None,
        "pozzetto": [True, True],
        "hand": [0, 0],
    }
    return {**base, **fields}


def test_target_the_game_lasts_until_a_side_reaches_it() -> None:
    game = new_game("burraco", 4, {"target": 1000})
    game.apply(tally(melded=[600, 300]))
    assert not game.over and game.dealer == 1
    game.apply(tally(melded=[300, 300]))
    assert not game.over
    game.apply(tally(melded=[100, 500]))
    assert game.over and game.scores == [1000, 1100] and game.winner == 1


def test_target_a_tie_at_the_top_plays_on() -> None:
    game = new_game("burraco", 2, {"target": 100})
    game.apply(tally(melded=[150, 150]))
    assert not game.over


def test_a_tie_in_a_one_hand_game_is_a_draw() -> None:
    game = new_game("burraco", 2)
    game.apply(tally(melded=[150, 150]))
    assert game.over and game.winner == [0, 1]


# ---------------------------------------------------------------------- tally


def test_a_tally_is_scored_like_an_online_hand() -> None:
    game = new_game("burraco", 4)
    game.apply(
        tally(
            melded=[400, 200],
            clean=[1, 0],
            dirty=[1, 1],
            closed=0,
            pozzetto=[True, False],
            hand=[15, 90],
        )
    )
    assert game.deal_scores == [400 + 200 + 100 + 100 - 15, 200 + 100 - 90 - 100]


@pytest.mark.parametrize(
    ("fields", "why"),
    [
        ({"closed": 0}, "without a burraco"),
        ({"closed": 0, "clean": [1, 0], "melded": [40, 0], "pozzetto": [False, True]}, "pozzetto"),
        ({"melded": [42, 0]}, "multiple of 5"),
        ({"clean": [1, 0], "melded": [30, 0]}, "at least 35"),
        ({"dirty": [0, 1], "melded": [0, 45]}, "at least 50"),
        ({"melded": [1000, 100]}, "1080"),
        ({"dirty": [7, 6], "melded": [350, 300]}, "12 wildcards"),
    ],
)
def test_tally_checks(fields: dict[str, Any], why: str) -> None:
    error = rejects(new_game("burraco", 4), tally(**fields), InvalidTally)
    assert why in str(error)


def test_tally_a_two_player_closer_holds_nothing() -> None:
    fields = {"closed": 1, "clean": [0, 1], "melded": [0, 40], "hand": [0, 5]}
    error = rejects(new_game("burraco", 2), tally(**fields), InvalidTally)
    assert "no card is left" in str(error)
    new_game("burraco", 4).apply(tally(**fields))


@pytest.mark.parametrize("bad", [{"pozzetto": [1, 0]}, {"closed": 2}, {"hand": [0]}])
def test_tally_shape(bad: dict[str, Any]) -> None:
    rejects(new_game("burraco", 2), tally(**bad), MalformedEvent)


def test_a_played_hands_count_tallies_to_the_same_scores() -> None:
    rng = random.Random(8)
    for players in (2, 4):
        game = new_game("burraco", players)
        game.apply(game.random_deal_event(rng))
        while not game.over:
            game.apply(game.random_action(rng).to_event())
        assert isinstance(game, Burraco) and game.last_hand is not None
        sheet = new_game("burraco", players)
        sheet.apply({"type": "tally", **game.last_hand["count"]})
        assert sheet.deal_scores == game.deal_scores


# ---------------------------------------------------------------------- listing and asking


def test_legal_actions_list_the_draws_then_the_discards() -> None:
    game = start(2, ["", "9C 9C 9S"])
    assert [a.to_event() for a in game.legal_actions()] == [
        {"type": "draw", "seat": 1, "from": "stock"},
        {"type": "draw", "seat": 1, "from": "discard"},
    ]
    act(game, "draw", **{"from": "stock"})
    # Then the discards, and the melds (test_burraco_legal.py), which the page leaves
    # to its meld builder.
    legal = [a for a in game.legal_actions() if a.type != "meld"]
    assert {a.type for a in legal} == {"discard"}
    assert len(legal) == len(set(game.hand(1)))
    assert game.legal_count() == len(game.legal_actions())
    assert game.view(1)["legal"] == [a.to_event() for a in legal]
    assert game.legal_actions(0) == []


def test_check_meld_answers_without_changing_the_game() -> None:
    game = start(2, ["", "9C 9S 9D 5H"])
    act(game, "draw", **{"from": "stock"})
    assert game.check_meld(1, ["9C", "9S", "9D"]).ok
    answer = game.check_meld(1, ["9C", "9S", "5H"])
    assert not answer.ok and answer.rule == "meld" and "neither" in answer.reason
    assert game.check_meld(1, ["9C", "9S", "9S"]).rule == "cards in hand"
    assert game.check_meld(0, ["9C", "9S", "9D"]).rule == "turn order"
    assert game.check_meld(1, ["9C", "XX"]).rule == "event"
    act(game, "meld", cards="9C 9S 9D")
    assert not game.check_addition(1, 0, ["5H"]).ok
    assert game.check_addition(1, 1, ["5H"]).rule == "own melds"
    assert len(game.melds[1]) == 1


def test_the_random_player_melds_what_it_can() -> None:
    game = start(2, ["", "9C 9S 9D 5H 6H 7H"])
    act(game, "draw", **{"from": "stock"})
    found = {tuple(c.code for c in a.arg("cards")) for a in game.meld_candidates(1)}
    assert any(sorted(f) == ["9C", "9D", "9S"] for f in found)
    assert ("5H", "6H", "7H") in found
    rng = random.Random(0)
    types = Counter(game.copy().random_action(rng).type for _ in range(50))
    assert types["meld"] > 0


# ---------------------------------------------------------------------- hidden information


def test_views_hide_hands_stock_and_pozzetti() -> None:
    game = start(4, ["", "5H 6H 7H", "", ""], discard="QC")
    view = game.view(0)
    assert view["hand_sizes"] == [11, 11, 11, 11]
    assert view["hand"] == [c.code for c in game.hand(0)]
    assert view["discard_pile"] == ["QC"] and view["stock_size"] == 108 - 67
    assert view["pozzetto_taken"] == [False, False] and view["pozzetti_left"] == 2
    assert "stock" not in view and "pozzetti" not in view
    assert game.view(None)["hand"] is None
    log = game.event_as_seen_by({"type": "deal", "deck": ["AS"]}, 0)
    assert log == {"type": "deal", "hidden": True}


def test_cards_taken_with_the_discard_pile_are_known_while_held() -> None:
    game = start(2, ["", "7D 7D 8D 9D"], discard="QC")
    act(game, "draw", **{"from": "stock"})
    act(game, "discard", card="7D")
    act(game, "draw", **{"from": "discard"})
    assert sorted(game.view(1)["known_held"][0]) == ["7D", "QC"]
    act(game, "discard", card="QC")
    act(game, "draw", **{"from": "stock"})
    act(game, "meld", cards="7D 8D 9D")  # seat 1's own 7D: seat 0's known cards stay
    assert sorted(game.view(None)["known_held"][0]) == ["7D"]
    assert game.view(None)["known_held"][1] == []


def test_rejected_events_change_nothing() -> None:
    game = start(2, ["", "9C 9S"])
    act(game, "draw", **{"from": "stock"})
    rejects(game, {"type": "meld", "seat": 1, "cards": ["9C", "9S"]}, RuleViolation)
    rejects(game, {"type": "add", "seat": 1, "meld": 0, "cards": ["9C"]}, RuleViolation)
    rejects(game, {"type": "deal", "deck": []}, WrongPhase)


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize("path", record_files("burraco"), ids=lambda p: p.name)
def test_sample_records_pass_the_check(path: Any) -> None:
    passes_check(path)


def test_there_are_sample_records() -> None:
    assert len(record_files("burraco")) >= 2
