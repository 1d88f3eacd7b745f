"""Tresette: one test per rule of RULES.md §7 (and the seed 004, the authority), on
hand-built decks."""

from __future__ import annotations

import json
import random
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from engine import (
    CardNotHeld,
    InvalidOption,
    InvalidTally,
    MalformedEvent,
    MustFollowSuit,
    NotYourTurn,
    RuleViolation,
    WrongPhase,
    new_game,
)
from engine.cards import cards, italian_deck
from engine.game import Game
from engine.games.tresette import STRENGTH, TEAM_DECLARATIONS, THIRDS, declarations
from tests.support.engine import (
    cards_of,
    hand_of,
    passes_check,
    play,
    play_until_over,
    record_files,
    rejects,
)

# Four hands (seat 0 … 3) that use the whole deck. Seat 0 holds the napoletana in
# spades and four 2s (the seed's example: 3 + 4 = 7); seat 1 three aces (no ace of
# spades); seat 2 three 3s (no 3 of spades); seat 3 nothing to declare.
HANDS = {
    0: "3S 2S AS 2H 2D 2C 4S 5S 6S 7S",
    1: "AH AD AC JS QS KS 4H 5H 6H 7H",
    2: "3H 3D 3C JH QH KH 4D 5D 6D 7D",
    3: "JD QD KD 4C 5C 6C 7C JC QC KC",
}


def deck_for(hands: dict[int, str], dealer: int = 0) -> list[str]:
    """The deck that deals ``hands[seat]`` (10 cards: its first packet of five, then its
    second) to every seat when packet ``k`` goes to seat ``dealer + 1 + k``."""
    deck = [""] * 40
    for seat, text in hands.items():
        held = cards_of(text)
        assert len(held) == 10
        packet = (seat - dealer - 1) % 4
        deck[5 * packet : 5 * packet + 5] = held[:5]
        deck[5 * (packet + 4) : 5 * (packet + 4) + 5] = held[5:]
    assert sorted(deck) == sorted(c.code for c in italian_deck())
    return deck


def dealt(hands: dict[int, str] | None = None, dealer: int = 0, **options: Any) -> Game:
    game = new_game("tresette", 4, options, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck_for(hands or HANDS, dealer)})
    return game


def random_dealt(seed: int, **options: Any) -> Game:
    game = new_game("tresette", 4, options)
    game.apply(game.random_deal_event(random.Random(seed)))
    return game


def last_winner(game: Game) -> int:
    winner = game.view(None)["last_trick_winner"]
    assert isinstance(winner, int)
    return winner


def lead(game: Game, code: str, signal: str | None = None) -> None:
    event: dict[str, Any] = {"type": "play", "seat": game.to_act, "card": code}
    if signal is not None:
        event["signal"] = signal
    game.apply(event)


def play_round(game: Game, *codes: str) -> None:
    for code in codes:
        seat = game.to_act
        assert isinstance(seat, int)
        play(game, seat, code)


def play_out(game: Game, rng: random.Random | None = None) -> None:
    while game.phase == "play":
        game.push(game.random_action(rng) if rng else game.legal_actions()[0])


# ---------------------------------------------------------------------- the deal


def test_four_players_in_two_teams_of_opposite_seats() -> None:
    game = new_game("tresette", 4)
    assert game.team_game and game.view(None)["teams"] == [[0, 2], [1, 3]]
    for players in (2, 3, 5):
        with pytest.raises(InvalidOption):
            new_game("tresette", players)


def test_italian_40_card_deck() -> None:
    deck = new_game("tresette", 4).new_deck()
    assert len(set(deck)) == 40 and all(c.rank not in (8, 9, 10) for c in deck)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_ten_each_in_packets_of_five_from_dealer_plus_one(dealer: int) -> None:
    deck = [c.code for c in italian_deck()]
    random.Random(dealer).shuffle(deck)
    game = new_game("tresette", 4, first_dealer=dealer)
    game.apply({"type": "deal", "deck": deck})
    for index, code in enumerate(deck):
        assert code in hand_of(game, (dealer + 1 + index // 5) % 4)
    assert [len(game.hand(s)) for s in range(4)] == [10] * 4


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_dealer_plus_one_leads_the_first_trick(dealer: int) -> None:
    game = dealt(dealer=dealer)
    assert game.to_act == (dealer + 1) % 4
    rejects(game, {"type": "play", "seat": dealer, "card": game.hand(dealer)[0].code}, NotYourTurn)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_four_of_coins_leads_option_the_holder_of_4d_leads(dealer: int) -> None:
    game = dealt(dealer=dealer, four_of_coins_leads=True)
    assert game.to_act == 2  # seat 2 holds 4D, whoever dealt
    assert new_game("tresette", 4).options["four_of_coins_leads"] is False


def test_four_of_coins_leads_option_must_be_true_or_false() -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("tresette", 4, {"four_of_coins_leads": 1})
    assert caught.value.option == "four_of_coins_leads"


# ---------------------------------------------------------------------- tricks


def test_must_follow_suit() -> None:
    game = dealt()  # dealer 0: seat 1 leads
    play(game, 1, "4H")
    error = rejects(game, {"type": "play", "seat": 2, "card": "4D"}, MustFollowSuit)
    assert "hearts" in str(error)
    assert {a.card.code for a in game.legal_actions() if a.card} == {"3H", "JH", "QH", "KH"}


def test_a_player_without_the_suit_led_may_play_any_card() -> None:
    game = dealt()
    play(game, 1, "4H")
    play(game, 2, "3H")
    assert {a.card.code for a in game.legal_actions() if a.card} == {"JD", "QD", "KD", "4C"} | {
        "5C", "6C", "7C", "JC", "QC", "KC"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [("3", "2"), ("2", "A"), ("A", "K"), ("K", "Q"), ("Q", "J"), ("J", "7"), ("7", "6")]
    + [("6", "5"), ("5", "4"), ("3", "A"), ("2", "K")],
)
def test_strength_within_a_suit_is_3_2_a_k_q_j_7_6_5_4(stronger: str, weaker: str) -> None:
    rank = {code: "23456789TJQKA".index(code) + 2 for code in "23456789TJQKA"}
    assert STRENGTH[rank[stronger]] > STRENGTH[rank[weaker]]


def test_the_3_beats_the_ace_in_a_trick() -> None:
    game = dealt()
    play_round(game, "AH", "3H", "JD", "2H")  # seat 2's 3 beats seat 1's ace and the 2
    assert last_winner(game) == 2


def test_no_trumps_only_the_suit_led_wins() -> None:
    game = dealt()
    play_round(game, "4H", "3H", "JD", "2H")  # JD and the 2H: only hearts count
    assert last_winner(game) == 2
    game = dealt()
    play_round(game, "JS", "JH", "QD", "3S")  # seat 0's 3S beats the jack led
    assert last_winner(game) == 0


def test_the_winner_of_a_trick_leads_the_next() -> None:
    game = dealt()
    play_round(game, "AH", "3H", "JD", "2H")
    assert game.to_act == 2
    rejects(game, {"type": "play", "seat": 3, "card": "QD"}, NotYourTurn)


# ---------------------------------------------------------------------- points


@pytest.mark.parametrize(
    ("rank", "thirds"),
    [(14, 3), (3, 1), (2, 1), (13, 1), (12, 1), (11, 1), (7, 0), (6, 0), (5, 0), (4, 0)],
)
def test_card_points_in_thirds(rank: int, thirds: int) -> None:
    assert THIRDS[rank] == thirds


def test_the_cards_hold_32_thirds_and_the_last_trick_3_more() -> None:
    assert sum(THIRDS[c.rank] for c in italian_deck()) == 32
    game = random_dealt(3)
    play_out(game)
    assert sum(game.view(None)["thirds"]) == 35


def test_thirds_of_a_trick_go_to_the_winners_team() -> None:
    game = dealt()
    play_round(game, "AH", "3H", "JD", "2H")  # A + 3 + J + 2 = 3 + 1 + 1 + 1 thirds
    assert game.view(None)["thirds"] == [6, 0]


@pytest.mark.parametrize("seed", range(6))
def test_deal_score_is_floor_of_thirds_over_three_plus_declarations(seed: int) -> None:
    rng = random.Random(seed)
    game = random_dealt(seed, target=1000)
    dealt_hands = [set(game.hand(s)) for s in range(4)]
    thirds = [0, 0]
    last = None
    while game.phase == "play":
        number = game.view(None)["trick_number"]
        game.push(game.random_action(rng))
        view = game.view(None)
        if game.phase != "play" or view["trick_number"] != number:
            last = view["last_trick_winner"]
            thirds[last % 2] += sum(
                THIRDS[c.rank] for c in cards(e["card"] for e in view["last_trick"])
            )
    assert last is not None
    thirds[last % 2] += 3
    declared = [0, 0]
    for seat, hand in enumerate(dealt_hands):
        declared[seat % 2] += sum(d.points for d in declarations(seat, hand))
    assert game.deal_scores == [thirds[t] // 3 + declared[t] for t in (0, 1)]
    assert game.view(None)["thirds"] == thirds


def test_the_last_trick_earns_three_thirds() -> None:
    game = random_dealt(5, target=1000)
    while game.view(None)["trick_number"] < 9:
        game.push(game.legal_actions()[0])
    before = game.view(None)["thirds"]
    trick = []
    while game.phase == "play":
        trick.append(game.legal_actions()[0])
        game.push(trick[-1])
    team = last_winner(game) % 2
    gained = sum(THIRDS[a.card.rank] for a in trick if a.card) + 3
    after = game.view(None)["thirds"]
    assert after[team] == before[team] + gained and after[1 - team] == before[1 - team]


# ---------------------------------------------------------------------- declarations


def names(hand: str, seat: int = 0) -> list[tuple[str, str | None, str | None, int]]:
    return [(d.kind, d.rank, d.suit, d.points) for d in declarations(seat, cards(hand))]


def test_four_3s_four_2s_or_four_aces_are_worth_4() -> None:
    assert names("3S 3H 3D 3C 4S") == [("four", "3", None, 4)]
    assert names("2S 2H 2D 2C") == [("four", "2", None, 4)]
    assert names("AS AH AD AC") == [("four", "A", None, 4)]


def test_three_of_them_are_worth_3_naming_the_missing_suit() -> None:
    assert names("3S 3H 3C") == [("three", "3", "D", 3)]
    assert names("AH AD AC KS") == [("three", "A", "S", 3)]
    assert names("2S 2H") == []


def test_napoletana_is_worth_3_naming_the_suit() -> None:
    assert names("3C 2C AC") == [("napoletana", None, "C", 3)]
    assert names("3C 2C KC") == []


def test_a_player_scores_every_combination_held() -> None:
    # The seed: "a Napoletana in coins and four 2's, for a total of 7 points".
    found = names("3D 2D AD 2S 2H 2C")
    assert sorted(found) == [("four", "2", None, 4), ("napoletana", None, "D", 3)]
    assert sum(p for *_, p in found) == 7
    # Four aces and three 3s and two napoletane: 4 + 3 + 3 + 3.
    assert sum(p for *_, p in names("AS AH AD AC 3S 3H 3D 2S 2H")) == 13


def test_team_declaration_totals_are_every_total_two_hands_can_make() -> None:
    keys = [c for c in italian_deck() if c.rank in (3, 2, 14)]
    values: dict[int, int] = {}
    for mask in range(1 << 12):
        held = [keys[i] for i in range(12) if mask >> i & 1]
        if len(held) <= 10:
            values[mask] = sum(d.points for d in declarations(0, held))
    scoring = {m: v for m, v in values.items() if v}
    totals = set(values.values())
    for first, one in scoring.items():
        for second, other in scoring.items():
            if not first & second:
                totals.add(one + other)
    assert totals == TEAM_DECLARATIONS


def test_declarations_come_from_the_dealt_hand_and_count_for_the_team() -> None:
    game = dealt()  # seat 0: napoletana + four 2s (7); seat 1: three aces (3); seat 2: three 3s (3)
    play_round(game, "AH", "3H", "JD", "2H")  # seat 0 plays one of its four 2s at once
    assert game.view(None)["declared"] == [10, 3]
    play_out(game)
    thirds = game.view(None)["thirds"]
    assert game.deal_scores == [thirds[0] // 3 + 10, thirds[1] // 3 + 3]


def test_declarations_are_shown_to_all_only_at_the_end_of_the_first_trick() -> None:
    game = dealt()
    for _ in range(3):
        for viewer in (None, 0, 1, 2, 3):
            view = game.view(viewer)
            assert view["declarations"] == [] and view["declared"] == [0, 0]
            assert view["declarations_shown"] is False
        game.push(game.legal_actions()[0])
    game.push(game.legal_actions()[0])
    expected = [
        {"seat": 0, "combination": "four", "rank": "2", "points": 4},
        {"seat": 0, "combination": "napoletana", "suit": "S", "points": 3},
        {"seat": 1, "combination": "three", "rank": "A", "missing": "S", "points": 3},
        {"seat": 2, "combination": "three", "rank": "3", "missing": "S", "points": 3},
    ]
    for viewer in (None, 0, 1, 2, 3):
        assert game.view(viewer)["declarations"] == expected
        assert game.view(viewer)["declarations_shown"] is True


# ---------------------------------------------------------------------- signals


@pytest.mark.parametrize("signal", ["busso", "striscio"])
def test_the_leader_may_signal_and_everybody_sees_it(signal: str) -> None:
    game = dealt()
    lead(game, "4H", signal)
    for viewer in (None, 0, 1, 2, 3):
        assert game.view(viewer)["trick"] == [{"seat": 1, "card": "4H", "signal": signal}]
    play_round(game, "3H", "JD", "2H")
    assert game.view(None)["last_trick"][0] == {"seat": 1, "card": "4H", "signal": signal}
    assert game.view(None)["trick"] == []


def test_volo_only_with_the_last_card_of_the_suit() -> None:
    game = dealt()
    error = rejects(
        game, {"type": "play", "seat": 1, "card": "4H", "signal": "volo"}, RuleViolation
    )
    assert error.rule == "signals" and "volo" in str(error)
    assert "5H" not in str(error)  # says why without listing the player's cards
    lead(game, "AD", "volo")  # seat 1's only diamond
    play_round(game, "3D", "KD", "2D")  # seat 2 wins with the 3
    assert game.view(0)["last_trick"][0] == {"seat": 1, "card": "AD", "signal": "volo"}


def test_only_the_player_leading_may_signal() -> None:
    game = dealt()
    lead(game, "4H")
    error = rejects(
        game, {"type": "play", "seat": 2, "card": "3H", "signal": "busso"}, RuleViolation
    )
    assert "leading" in str(error)


@pytest.mark.parametrize("signal", ["knock", "VOLO", 1, True, ["busso"]])
def test_an_unknown_signal_is_malformed(signal: Any) -> None:
    rejects(dealt(), {"type": "play", "seat": 1, "card": "4H", "signal": signal}, MalformedEvent)


def test_legal_actions_of_a_leader_include_the_signals() -> None:
    game = dealt()  # seat 1: AH AD AC JS QS KS 4H 5H 6H 7H: AD and AC are single cards
    legal = game.legal_actions()
    assert len(legal) == 10 * 3 + 2
    volo = {a.card.code for a in legal if a.arg("signal") == "volo" and a.card}
    assert volo == {"AD", "AC"}
    lead(game, "AD", "volo")
    assert all(a.arg("signal") is None for a in game.legal_actions())


# ---------------------------------------------------------------------- the end


def tally(thirds: list[int], last: int, declared: list[int]) -> dict[str, Any]:
    return {"type": "tally", "thirds": thirds, "last_trick": last, "declared": declared}


def test_target_defaults_to_21() -> None:
    assert new_game("tresette", 4).options == {"target": 21, "four_of_coins_leads": False}


@pytest.mark.parametrize("value", [0, -1, 1001, "21", 21.0, None])
def test_target_option_is_checked(value: Any) -> None:
    with pytest.raises(InvalidOption) as caught:
        new_game("tresette", 4, {"target": value})
    assert caught.value.option == "target"


def test_the_game_ends_after_a_deal_in_which_a_team_reaches_the_target_and_leads() -> None:
    game = new_game("tresette", 4)
    game.apply(tally([32, 0], 0, [4, 0]))  # 35 thirds: 11 + 4 = 15
    assert game.scores == [15, 0] and not game.over
    game.apply(tally([18, 14], 1, [0, 0]))  # 6 + 5
    assert game.scores == [21, 5]
    assert game.over and game.winner == 0


def test_teams_level_at_or_above_the_target_play_on() -> None:
    game = new_game("tresette", 4, {"target": 5})
    game.apply(tally([15, 17], 0, [0, 0]))  # 6 and 5
    assert game.scores == [6, 5] and game.over and game.winner == 0
    game = new_game("tresette", 4, {"target": 5})
    game.apply(tally([16, 16], 0, [3, 4]))  # 6 + 3 and 5 + 4: 9 all
    assert game.scores == [9, 9] and not game.over
    game.apply(tally([16, 16], 0, [0, 0]))  # 6 and 5
    assert game.over and game.winner == 0


def test_the_deal_passes_to_dealer_plus_one() -> None:
    game = new_game("tresette", 4, {"target": 1000}, first_dealer=3)
    dealers = []
    for _ in range(5):
        dealers.append(game.dealer)
        game.apply(tally([16, 16], 0, [0, 0]))
    assert dealers == [3, 0, 1, 2, 3]


# ---------------------------------------------------------------------- tallies


@pytest.mark.parametrize(
    ("thirds", "last", "declared", "scores"),
    [
        ([16, 16], 0, [0, 0], [6, 5]),
        ([16, 16], 1, [0, 0], [5, 6]),
        ([0, 32], 1, [3, 7], [3, 18]),
        ([17, 15], 0, [4, 0], [10, 5]),
    ],
)
def test_tally_scores_floor_of_thirds_with_the_last_trick_plus_declarations(
    thirds: list[int], last: int, declared: list[int], scores: list[int]
) -> None:
    game = new_game("tresette", 4, {"target": 1000})
    game.apply(tally(thirds, last, declared))
    assert game.deal_scores == scores
    view = game.view(None)
    assert sum(view["thirds"]) == 35 and view["declared"] == declared


@pytest.mark.parametrize("thirds", [[16, 17], [0, 0], [35, 0], [20, 15]])
def test_tally_card_thirds_must_add_up_to_32(thirds: list[int]) -> None:
    error = rejects(new_game("tresette", 4), tally(thirds, 0, [0, 0]), InvalidTally)
    assert "32" in str(error)


@pytest.mark.parametrize("declared", [[1, 0], [0, 2], [5, 0], [17, 0], [0, 20], [22, 0]])
def test_tally_declarations_must_be_a_total_two_hands_can_make(declared: list[int]) -> None:
    error = rejects(new_game("tresette", 4), tally([16, 16], 0, declared), InvalidTally)
    assert "declare" in str(error)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "tally", "thirds": [16, 16], "declared": [0, 0]},
        {"type": "tally", "thirds": [16, 16], "last_trick": 2, "declared": [0, 0]},
        {"type": "tally", "thirds": [16, 16], "last_trick": None, "declared": [0, 0]},
        {"type": "tally", "thirds": [32], "last_trick": 0, "declared": [0, 0]},
        {"type": "tally", "thirds": [16, 16], "last_trick": 0, "declared": [-3, 0]},
        {"type": "tally", "thirds": [16, 16], "last_trick": 0},
        {"type": "tally", "tricks": [5, 5]},
    ],
)
def test_malformed_tally(event: dict[str, Any]) -> None:
    rejects(new_game("tresette", 4), event, MalformedEvent)


def test_tally_only_between_deals() -> None:
    rejects(dealt(), tally([16, 16], 0, [0, 0]), WrongPhase)


# ---------------------------------------------------------------------- rejected events


def test_rejected_events_change_nothing() -> None:
    game = dealt()
    rejects(game, {"type": "play", "seat": 0, "card": "3S"}, NotYourTurn)
    rejects(game, {"type": "play", "seat": 0, "card": "3S", "signal": "busso"}, NotYourTurn)
    rejects(game, {"type": "play", "seat": 1, "card": "3S"}, CardNotHeld)
    rejects(game, {"type": "play", "seat": 1, "card": "3S", "signal": "volo"}, CardNotHeld)
    rejects(game, {"type": "play", "seat": 1, "card": "TH"}, CardNotHeld)
    rejects(game, {"type": "deal", "deck": deck_for(HANDS)}, WrongPhase)
    rejects(game, {"type": "exchange", "seat": 1, "take": True}, MalformedEvent)
    game = new_game("tresette", 4)
    rejects(game, {"type": "play", "seat": 1, "card": "4H"}, WrongPhase)


def test_anything_after_the_game_is_over_is_wrong_phase() -> None:
    game = new_game("tresette", 4, {"target": 1})
    game.apply(tally([16, 16], 0, [0, 0]))
    assert game.over
    rejects(game, tally([16, 16], 0, [0, 0]), WrongPhase)


# ---------------------------------------------------------------------- views


def test_views_show_only_the_viewers_hand() -> None:
    game = dealt()
    for viewer in (None, 0, 1, 2, 3):
        text = json.dumps(game.view(viewer))
        for seat in range(4):
            if seat != viewer:
                assert not any(f'"{c}"' in text for c in cards_of(HANDS[seat]))
        assert game.view(viewer)["hand_sizes"] == [10] * 4


def test_swapping_cards_between_other_hands_never_changes_a_view() -> None:
    # Before the end of the first trick nothing is declared: any swap between the
    # other seats' hands (which may change what they will declare) is invisible.
    deck = deck_for(HANDS)
    viewer = 3
    others = [i for i in range(40) if (1 + i // 5) % 4 != viewer]
    rng = random.Random(8)
    for _ in range(60):
        i, j = rng.sample(others, 2)
        swapped = list(deck)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        a = new_game("tresette", 4)
        b = new_game("tresette", 4)
        a.apply({"type": "deal", "deck": deck})
        b.apply({"type": "deal", "deck": swapped})
        assert a.view(viewer) == b.view(viewer)
        assert a.view(None) == b.view(None)


def test_views_after_the_first_trick_change_only_by_declarations() -> None:
    # Swapping two cards that no declaration names, between two other seats, is invisible.
    game = dealt()
    play_round(game, "4H", "3H", "JD", "2H")
    declared = {c for d in game.declarations for c in d.cards()}  # type: ignore[attr-defined]
    hidden = [c for s in (0, 1) for c in game.hand(s) if c not in declared]
    compared = 0
    for one, other in product(hidden, hidden):
        if one.suit != other.suit or one >= other:
            continue
        if (one in game.hand(0)) == (other in game.hand(0)):
            continue
        swapped = {
            s: " ".join(
                other.code if c == one.code else one.code if c == other.code else c
                for c in cards_of(HANDS[s])
            )
            for s in range(4)
        }
        twin = dealt(swapped)
        play_round(twin, "4H", "3H", "JD", "2H")
        assert twin.view(3) == game.view(3)
        compared += 1
    assert compared >= 5


# ---------------------------------------------------------------------- whole games


def test_random_games_finish_with_a_leading_team_at_the_target() -> None:
    rng = random.Random(2026)
    for target in (1, 21, 40):
        game = play_until_over(new_game("tresette", 4, {"target": target}), rng)
        winner = game.winner
        assert isinstance(winner, int)
        assert game.scores[winner] >= target and game.scores[winner] > game.scores[1 - winner]


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize("path", record_files("tresette"), ids=lambda p: p.name)
def test_records_pass_the_check(path: Path) -> None:
    passes_check(path)


def test_there_are_tresette_records() -> None:
    assert record_files("tresette")
