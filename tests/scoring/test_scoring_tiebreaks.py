"""Tiebreaks by hand (their definitions, tests/support/reference_tiebreaks.py), over
histories built from the rounds' records (scoring.round_records).

The main example: five entrants, chess points (win 1, draw 1/2, loss 0, bye 1), three
rounds, one bye a round (game scores in brackets):

    R1: A-B 3-1 (A wins)   C-D 2-2 (draw)   E bye
    R2: A-C 1-1 (draw)     E-B 4-0 (E wins) D bye
    R3: A-E 2-1 (A wins)   B-D 0-0 (draw)   C bye

Scores: A 1 + 1/2 + 1 = 5/2; B 0 + 0 + 1/2 = 1/2; C 1/2 + 1/2 + 1 = 2;
D 1/2 + 1 + 1/2 = 2; E 1 + 1 + 0 = 2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.errors import ScoringError
from scoring.points import TableResult
from scoring.standings import RoundResults, StandingsSettings
from scoring.tiebreaks import Record
from tests.support.reference_tiebreaks import (
    History,
    buchholz,
    buchholz_cut1,
    buchholz_median,
    build_histories,
    direct_encounter,
    game_score,
    game_win,
    lot,
    lot_number,
    opponents_match_win,
    progressive,
    score_margin,
    sonneborn_berger,
)

F = Fraction
CHESS = StandingsSettings.from_json({"points": {"win": 1, "draw": 0.5, "loss": 0}, "seed": 42})


def table(a: str, b: str, x: int, y: int) -> TableResult:
    return TableResult((a, b), (F(x), F(y)))


ROUNDS = [
    RoundResults((table("A", "B", 3, 1), table("C", "D", 2, 2)), byes=("E",)),
    RoundResults((table("A", "C", 1, 1), table("E", "B", 4, 0)), byes=("D",)),
    RoundResults((table("A", "E", 2, 1), table("B", "D", 0, 0)), byes=("C",)),
]


@pytest.fixture
def history() -> History:
    return build_histories(CHESS, ROUNDS)[-1][0]


def test_scores(history: History) -> None:
    assert history.scores == {"A": F(5, 2), "B": F(1, 2), "C": 2, "D": 2, "E": 2}


def test_buchholz_counts_a_bye_as_a_game_against_oneself(history: History) -> None:
    # A: B 1/2 + C 2 + E 2 = 9/2.   B: A 5/2 + E 2 + D 2 = 13/2.
    # C: D 2 + A 5/2 + itself 2 (bye R3) = 13/2.   D: C 2 + itself 2 (bye R2) + B 1/2 = 9/2.
    # E: itself 2 (bye R1) + B 1/2 + A 5/2 = 5.
    assert buchholz(history) == {"A": F(9, 2), "B": F(13, 2), "C": F(13, 2), "D": F(9, 2), "E": 5}


def test_buchholz_cut1_drops_the_lowest(history: History) -> None:
    # A 9/2 - 1/2 = 4; B 13/2 - 2 = 9/2; C 13/2 - 2 = 9/2; D 9/2 - 1/2 = 4; E 5 - 1/2 = 9/2.
    assert buchholz_cut1(history) == {"A": 4, "B": F(9, 2), "C": F(9, 2), "D": 4, "E": F(9, 2)}


def test_median_buchholz_drops_the_lowest_and_the_highest(history: History) -> None:
    # A: 1/2, 2, 2 -> 2.  B: 5/2, 2, 2 -> 2.  C: 2, 5/2, 2 -> 2.  D: 2, 2, 1/2 -> 2.
    # E: 2, 1/2, 5/2 -> 2.
    assert set(buchholz_median(history).values()) == {2}


def test_sonneborn_berger(history: History) -> None:
    # A: beat B 1/2 + drew C 2 * 1/2 + beat E 2 = 7/2.   B: drew D 2 * 1/2 = 1.
    # C: drew D 1 + drew A 5/4 + bye (a win against itself) 2 = 17/4.
    # D: drew C 1 + bye 2 + drew B 1/4 = 13/4.   E: bye 2 + beat B 1/2 + lost to A 0 = 5/2.
    assert sonneborn_berger(history) == {
        "A": F(7, 2),
        "B": 1,
        "C": F(17, 4),
        "D": F(13, 4),
        "E": F(5, 2),
    }


def test_progressive(history: History) -> None:
    # Running scores: A 1, 3/2, 5/2 -> 5; B 0, 0, 1/2 -> 1/2; C 1/2, 1, 2 -> 7/2;
    # D 1/2, 3/2, 2 -> 4; E 1, 2, 2 -> 5.
    assert progressive(history) == {"A": 5, "B": F(1, 2), "C": F(7, 2), "D": 4, "E": 5}


def test_opponents_match_win_percentage(history: History) -> None:
    # Match points (3 win or bye, 1 draw) over 3 x 3 rounds played:
    # A W D W 7/9; B L L D 1/9 -> floored 1/3; C D D bye 5/9; D D bye D 5/9; E bye W L 6/9.
    # Byes are not opponents.  A: (1/3 + 5/9 + 6/9) / 3 = 14/27.  E: (1/3 + 7/9) / 2 = 5/9.
    # C: opponents D 5/9 and A 7/9 -> 2/3.
    omw = opponents_match_win(history)
    assert omw["A"] == F(14, 27)
    assert omw["E"] == F(5, 9)
    assert omw["C"] == F(2, 3)
    # B: A 7/9, E 2/3, D 5/9 -> (7 + 6 + 5) / 27 = 2/3.
    assert omw["B"] == F(2, 3)


def test_game_win_percentage(history: History) -> None:
    # A: W D W over 3 games = (3 + 1 + 3) / 9 = 7/9.  C: two draws = 2/6 = 1/3.
    # B: L L D = 1/9 -> floored to 1/3.  E: W L = 3/6 = 1/2 (the bye is not a game).
    gw = game_win(history)
    assert gw == {"A": F(7, 9), "B": F(1, 3), "C": F(1, 3), "D": F(1, 3), "E": F(1, 2)}


def test_game_score_and_margin(history: History) -> None:
    # A: 3 + 1 + 2 = 6, margin 2 + 0 + 1 = 3.  B: 1 + 0 + 0 = 1, margin -2 - 4 + 0 = -6.
    # E: 4 + 1 = 5 (bye adds nothing), margin 4 - 1 = 3.
    assert game_score(history) == {"A": 6, "B": 1, "C": 3, "D": 2, "E": 5}
    assert score_margin(history) == {"A": 3, "B": -6, "C": 0, "D": 0, "E": 3}


def test_direct_encounter_among_the_three_tied(history: History) -> None:
    # C, D, E are tied on 2.  Among them only C-D was played (a draw): C 1/2, D 1/2, E 0.
    assert direct_encounter(history, ["C", "D", "E"]) == {"C": F(1, 2), "D": F(1, 2), "E": 0}


def test_classifica_avulsa_three_tied_who_all_met() -> None:
    # Football points (3/1/0).  X, Y, Z end on 4 each:
    #   R1: X-Y 2-0, Z-W3 3-1, W1-W2 1-1;  R2: Y-Z 2-1, X-W1 0-1, W2-W3 0-0;
    #   R3: X-Z 1-1, Y-W2 2-2, W1-W3 3-0.
    # X 3 + 0 + 1, Y 0 + 3 + 1, Z 3 + 0 + 1.  Among themselves: X beat Y (3) and drew Z (1)
    # = 4; Y beat Z = 3; Z drew X = 1.
    settings = StandingsSettings.from_json(
        {"points": {"win": 3}, "tiebreaks": ["direct_encounter"]}
    )
    rounds = [
        RoundResults((table("X", "Y", 2, 0), table("Z", "W3", 3, 1), table("W1", "W2", 1, 1))),
        RoundResults((table("Y", "Z", 2, 1), table("X", "W1", 0, 1), table("W2", "W3", 0, 0))),
        RoundResults((table("X", "Z", 1, 1), table("Y", "W2", 2, 2), table("W1", "W3", 3, 0))),
    ]
    history = build_histories(settings, rounds)[-1][0]
    assert {e: history.scores[e] for e in "XYZ"} == {"X": 4, "Y": 4, "Z": 4}
    assert direct_encounter(history, "XYZ") == {"X": 4, "Y": 3, "Z": 1}


def test_lot_is_sha256_of_seed_and_id(history: History) -> None:
    import hashlib

    digest = hashlib.sha256(b"42\x1fA").digest()
    assert lot_number(42, "A") == int.from_bytes(digest[:8], "big")
    assert lot(history)["A"] == lot_number(42, "A")
    assert lot_number(43, "A") != lot_number(42, "A")


def test_multi_seat_opponents_and_sonneborn_berger() -> None:
    # Tables of three, placement points 2/1/0 (ties share).  R1: a 30, b 20, c 10 -> 2, 1, 0;
    # d, e, f: 5, 5, 0 -> d and e share (2 + 1) / 2 = 3/2, f 0; g bye (0 by default) with
    # two virtual opponents (largest table 3, minus one).
    settings = StandingsSettings.from_json({"points": {"method": "placement", "bye_points": 1}})
    rounds = [
        RoundResults(
            (
                TableResult(("a", "b", "c"), (F(30), F(20), F(10))),
                TableResult(("d", "e", "f"), (F(5), F(5), F(0))),
            ),
            byes=("g",),
        )
    ]
    history = build_histories(settings, rounds)[0][0]
    assert history.scores == {"a": 2, "b": 1, "c": 0, "d": F(3, 2), "e": F(3, 2), "f": 0, "g": 1}
    # Buchholz: a = b 1 + c 0 = 1; d = e 3/2 + f 0; g = itself twice = 2.
    bh = buchholz(history)
    assert (bh["a"], bh["d"], bh["g"]) == (1, F(3, 2), 2)
    # SB: a ranked above b and c: 1 * 1 + 1 * 0 = 1; b above c only: 0; d tied with e
    # (1/2 * 3/2) and above f (0) = 3/4; g: its bye is a win against itself twice = 2.
    sb = sonneborn_berger(history)
    assert (sb["a"], sb["b"], sb["d"], sb["g"]) == (1, 0, F(3, 4), 2)
    # Outcomes: a wins, d and e draw (best score shared), b, c, f lose.
    assert [r.outcome for r in (history.records["a"][0], history.records["d"][0])] == [
        "win",
        "draw",
    ]


def test_withdrawn_and_late_rounds_add_no_opponents() -> None:
    # R1: a beats b, c beats d.  R2: d withdrew before it; a beats c; e enters late
    # (credited 1/2 for the round it missed) and beats b.
    settings = StandingsSettings.from_json(
        {"points": {"win": 1, "draw": 0.5}, "late_entry_points": 0.5}
    )
    rounds = [
        RoundResults((table("a", "b", 1, 0), table("c", "d", 1, 0))),
        RoundResults((table("a", "c", 1, 0), table("e", "b", 1, 0)), withdrawn=("d",)),
    ]
    history = build_histories(settings, rounds)[-1][0]
    assert [r.kind for r in history.records["d"]] == ["game", "withdrawn"]
    assert [r.kind for r in history.records["e"]] == ["not_entered", "game"]
    # e: 1/2 credited for R1 + 1 = 3/2; its Buchholz is b's score only (0): no virtual
    # opponent for the round it missed.  d: Buchholz c 1 only.
    assert history.scores["e"] == F(3, 2)
    assert buchholz(history)["e"] == 0
    assert buchholz(history)["d"] == 1
    # MTG: d played 1 round (a loss) -> 0 -> floored 1/3; c's opponents d 1/3 and a 1.
    assert opponents_match_win(history)["c"] == F(2, 3)


def test_hand_built_history_is_checked() -> None:
    with pytest.raises(ScoringError, match="one result per opponent"):
        History({"a": (Record("game", opponents=("b",)),), "b": (Record("bye"),)})
    with pytest.raises(ScoringError, match="not another entrant"):
        History({"a": (Record("game", opponents=("z",), results=(F(1),)),)})
    with pytest.raises(ScoringError, match="one record per round"):
        History({"a": (Record("bye"),), "b": ()})
    with pytest.raises(ScoringError, match="0, 1/2 or 1"):
        History(
            {
                "a": (Record("game", opponents=("b",), results=(F(2),)),),
                "b": (Record("game", opponents=("a",), results=(F(0),)),),
            }
        )
