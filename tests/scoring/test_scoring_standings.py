"""Standings after every round (scoring.standings): order, rows, rounds' consistency."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import standings_bench
from scoring.errors import SettingsError
from scoring.points import TableResult
from scoring.standings import (
    RoundResults,
    StandingsError,
    StandingsSettings,
    compute_standings,
)
from scoring.tiebreaks import lot_number

F = Fraction


def table(a: str, b: str, x: int, y: int) -> TableResult:
    return TableResult((a, b), (F(x), F(y)))


# The five-entrant example of test_scoring_tiebreaks.py: after R3 A 5/2; C, D, E 2; B 1/2.
ROUNDS = [
    RoundResults((table("A", "B", 3, 1), table("C", "D", 2, 2)), byes=("E",)),
    RoundResults((table("A", "C", 1, 1), table("E", "B", 4, 0)), byes=("D",)),
    RoundResults((table("A", "E", 2, 1), table("B", "D", 0, 0)), byes=("C",)),
]
CHESS = {"points": {"win": 1, "draw": 0.5}, "seed": 42}


def order(standings_rows: object) -> str:
    return "".join(r.entrant for r in standings_rows)  # type: ignore[attr-defined]


def test_rank_by_points_then_tiebreaks_in_order() -> None:
    # C, D, E tied on 2.  Cut-1: C 9/2, D 4, E 9/2 -> D last of the three; then SB: C 17/4
    # beats E 5/2.  So A, C, E, D, B.
    settings_ = dict(CHESS, tiebreaks=["buchholz_cut1", "sonneborn_berger"])
    final = compute_standings(settings_, ROUNDS)[-1]
    assert order(final.rows) == "ACEDB"
    assert [r.rank for r in final.rows] == [1, 2, 3, 4, 5]
    c = final.row("C")
    assert (c.points, c.tiebreaks) == (2, (F(9, 2), F(17, 4)))
    assert (c.played, c.wins, c.draws, c.losses, c.byes) == (2, 0, 2, 0, 1)


def test_a_partner_is_not_an_opponent() -> None:
    # Round 1: A & C beat B & D. Round 2: A & B beat C & D.
    rounds = [
        RoundResults((TableResult(tuple("ABCD"), (F(7), F(6), F(7), F(6)), sides=(0, 1, 0, 1)),)),
        RoundResults((TableResult(tuple("ACBD"), (F(9), F(4), F(9), F(4)), sides=(0, 1, 0, 1)),)),
    ]
    final = compute_standings({"tiebreaks": ["buchholz"]}, rounds)[-1]
    a = final.row("A")
    assert (a.points, a.wins, a.draws) == (4, 2, 0)
    # A met B and D, then C and D: 2 + 0 + 2 + 0 (partners C and B are left out).
    assert a.tiebreaks == (4,)
    assert final.row("D").tiebreaks == (F(4 + 2 + 4 + 2),)
    assert order(final.rows)[0] == "A"


def test_direct_encounter_then_buchholz() -> None:
    # Direct encounter among C, D, E: C 1/2, D 1/2, E 0 -> E last; C and D then by
    # Buchholz: C 13/2, D 9/2.  So A, C, D, E, B.  A and B are alone: their value is 0.
    settings_ = dict(CHESS, tiebreaks=["direct_encounter", "buchholz"])
    final = compute_standings(settings_, ROUNDS)[-1]
    assert order(final.rows) == "ACDEB"
    assert [r.tiebreaks for r in final.rows] == [
        (0, F(9, 2)),
        (F(1, 2), F(13, 2)),
        (F(1, 2), F(9, 2)),
        (0, 5),
        (0, F(13, 2)),
    ]


def test_every_round_has_its_standings() -> None:
    standings = compute_standings(CHESS, ROUNDS)
    assert [s.round for s in standings] == [1, 2, 3]
    # After R1: A 1 (win), E 1 (bye), C and D 1/2, B 0.
    assert [r.points for r in standings[0].rows][-1] == 0
    assert standings[0].rows[-1].entrant == "B"


def test_remaining_ties_go_by_lot_never_shared() -> None:
    # Two tables of drawn games: everyone on 1/2 with equal tiebreaks -> lot decides.
    rounds = [RoundResults((table("p", "q", 1, 1), table("r", "s", 1, 1)))]
    for seed in (1, 2, 3):
        rows = compute_standings({"seed": seed, "tiebreaks": ["buchholz"]}, rounds)[0].rows
        assert [r.rank for r in rows] == [1, 2, 3, 4]
        lots = [lot_number(seed, r.entrant) for r in rows]
        assert lots == sorted(lots, reverse=True)


def test_deterministic_whatever_the_order_of_tables_and_byes() -> None:
    shuffled = [RoundResults(tuple(reversed(r.tables)), r.byes) for r in ROUNDS]
    settings_ = dict(CHESS, tiebreaks=["buchholz_median", "opponents_match_win", "lot"])
    assert compute_standings(settings_, ROUNDS) == compute_standings(settings_, shuffled)


def test_withdrawn_entrants_stay_ranked_and_flagged() -> None:
    rounds = [
        RoundResults((table("a", "b", 1, 0), table("c", "d", 1, 0))),
        RoundResults((table("a", "c", 1, 0),), byes=("b",), withdrawn=("d",)),
    ]
    final = compute_standings({}, rounds)[-1]
    d = final.row("d")
    assert d.withdrawn and d.played == 1 and d.byes == 0 and d.points == 0
    assert not final.row("b").withdrawn


def test_late_entry_starts_with_the_configured_credit() -> None:
    rounds = [
        RoundResults((table("a", "b", 1, 0),)),
        RoundResults((table("a", "b", 1, 0),), byes=("c",)),
    ]
    final = compute_standings({"late_entry_points": 1}, rounds)[-1]
    # c: 1 credited for R1 + bye 2 (a win by default) = 3; a 2 + 2 = 4; b 0.
    assert [(r.entrant, r.points) for r in final.rows] == [("a", 4), ("c", 3), ("b", 0)]
    assert len(compute_standings({}, rounds)[0].rows) == 2  # c not there after R1


@pytest.mark.parametrize(
    ("rounds", "key", "message"),
    [
        (
            [RoundResults((table("a", "b", 1, 0),)), RoundResults()],
            "rounds[1]",
            "not in this round",
        ),
        (
            [RoundResults((table("a", "b", 1, 0),), byes=("a",))],
            "rounds[0].byes[0]",
            "twice",
        ),
        (
            [RoundResults(byes=("a",)), RoundResults(withdrawn=("a",)), RoundResults(byes=("a",))],
            "rounds[2]",
            "withdrew",
        ),
        (
            [RoundResults(byes=("a",)), RoundResults(withdrawn=("z",))],
            "rounds[1].withdrawn[0]",
            "not entered",
        ),
        (
            [RoundResults((TableResult(("a", "b", "c"), (F(1), F(0), F(0))),))],
            "rounds[0].tables[0].entrants",
            "tables of 2",
        ),
    ],
)
def test_inconsistent_rounds_name_the_place(
    rounds: list[RoundResults], key: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message) as error:
        compute_standings({}, rounds)
    assert error.value.key == key  # type: ignore[attr-defined]


def test_settings_errors() -> None:
    with pytest.raises(SettingsError, match="unknown tiebreak 'elo'") as error:
        StandingsSettings.from_json({"tiebreaks": ["buchholz", "elo"]})
    assert error.value.key == "tiebreaks[1]"
    with pytest.raises(SettingsError, match="listed twice"):
        StandingsSettings.from_json({"tiebreaks": ["buchholz", "buchholz"]})
    with pytest.raises(SettingsError, match="only come last"):
        StandingsSettings.from_json({"tiebreaks": ["lot", "buchholz"]})
    with pytest.raises(SettingsError) as error:
        StandingsSettings.from_json({"points": {"method": "victory_points_wbf"}})
    assert error.value.key == "points.wbf_deals"
    with pytest.raises(SettingsError, match="unknown setting"):
        StandingsSettings.from_json({"tie_breaks": []})


def test_standings_error_is_a_value_error() -> None:
    assert issubclass(StandingsError, ValueError)


# --------------------------------------------------------------------------- properties


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 30), st.integers(1, 5), st.integers(0, 10**6), st.sampled_from([2, 3]))
def test_standings_are_a_total_order_and_points_are_conserved(
    n: int, rounds: int, seed: int, size: int
) -> None:
    method = {"method": "win_draw_loss"} if size == 2 else {"method": "placement"}
    tiebreaks = ["buchholz_cut1", "direct_encounter", "sonneborn_berger", "game_win"]
    data = standings_bench.simulate(n, rounds, size, seed)
    standings = compute_standings({"points": method, "tiebreaks": tiebreaks, "seed": seed}, data)
    final = standings[-1]
    assert [r.rank for r in final.rows] == list(range(1, len(final.rows) + 1))
    assert len({r.entrant for r in final.rows}) == len(final.rows)
    points = [r.points for r in final.rows]
    assert points == sorted(points, reverse=True)
    # Conservation (placement and W/D/L 2/1/0 give each table a fixed total; byes 2 or 0):
    # every completed table of 2 hands out 2 points, of 3 hands out 0+1+2 = 3.
    expected = F(0)
    for rnd in data:
        for t in rnd.tables:
            if not t.forfeit:
                expected += 2 if size == 2 else 3
            else:
                expected += (
                    sum(2 if e not in t.forfeited else 0 for e in t.entrants) if size == 2 else 0
                )
        expected += len(rnd.byes) * (2 if size == 2 else 0)
    assert sum(points) == expected
    # The same input gives the same standings.
    again = compute_standings({"points": method, "tiebreaks": tiebreaks, "seed": seed}, data)
    assert again == standings


def test_a_random_tournament_is_ranked_the_same_with_settings_as_json() -> None:
    rng = random.Random(5)
    rounds = []
    ids = [f"e{i}" for i in range(10)]
    for _ in range(3):
        rng.shuffle(ids)
        rounds.append(
            RoundResults(
                tuple(
                    table(ids[k], ids[k + 1], rng.randint(0, 3), rng.randint(0, 3))
                    for k in range(0, 10, 2)
                )
            )
        )
    a = compute_standings({"seed": 9}, rounds)
    b = compute_standings(StandingsSettings(seed=9), rounds)
    assert a == b
