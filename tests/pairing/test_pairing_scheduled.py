"""Mitchell and round robin (all'italiana): schedules fixed by the start order."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Pairing, PairingInputError, evaluate, pair_round, parse_round
from tournaments.pairing.scheduled import berger_round, round_robin_groups


def roster(n: int, inactive: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """p1 .. pn in start order; scores deliberately against the start order."""
    return [
        {"id": f"p{i}", "score": i % 3, **({"active": False} if i in inactive else {})}
        for i in range(1, n + 1)
    ]


def scheduled(method: str, number: int, entrants: list[dict[str, Any]], **fields: Any) -> Pairing:
    return pair_round(
        parse_round(
            {"table_size": 2, "method": method, "round": number, "entrants": entrants, **fields}
        )
    )


def out(pairing: Pairing) -> tuple[list[list[str]], list[str]]:
    return [list(t) for t in pairing.tables], list(pairing.byes)


# ---------------------------------------------------------------------------- Mitchell


def test_mitchell_eight_entrants_rounds_one_to_three() -> None:
    entrants = roster(8)  # NS p1..p4 at tables 1..4, EW p5..p8
    assert out(scheduled("mitchell", 1, entrants)) == (
        [["p1", "p5"], ["p2", "p6"], ["p3", "p7"], ["p4", "p8"]],
        [],
    )
    # East-West move up one table: p5 from table 1 to 2, p8 from table 4 round to 1.
    assert out(scheduled("mitchell", 2, entrants)) == (
        [["p1", "p8"], ["p2", "p5"], ["p3", "p6"], ["p4", "p7"]],
        [],
    )
    assert out(scheduled("mitchell", 3, entrants)) == (
        [["p1", "p7"], ["p2", "p8"], ["p3", "p5"], ["p4", "p6"]],
        [],
    )


def test_mitchell_odd_field_the_phantom_gives_byes() -> None:
    entrants = roster(7)  # 4 tables: NS p1..p4, EW p5, p6, p7, phantom
    assert out(scheduled("mitchell", 1, entrants)) == (
        [["p1", "p5"], ["p2", "p6"], ["p3", "p7"]],
        ["p4"],
    )
    assert out(scheduled("mitchell", 2, entrants)) == (
        [["p2", "p5"], ["p3", "p6"], ["p4", "p7"]],
        ["p1"],
    )


def test_mitchell_withdrawn_entrant_keeps_its_place() -> None:
    entrants = roster(8, inactive=(6,))
    entrants[0]["opponents"] = ["p5", "p6"]  # naming a withdrawn entrant is fine here
    round_ = parse_round({"table_size": 2, "method": "mitchell", "round": 1, "entrants": entrants})
    pairing = pair_round(round_)
    assert out(pairing) == ([["p1", "p5"], ["p3", "p7"], ["p4", "p8"]], ["p2"])
    # Everyone active is seated once; the withdrawn entrant is not expected anywhere.
    assert evaluate(round_, pairing).byes == 1
    assert out(scheduled("mitchell", 2, entrants)) == (
        [["p1", "p8"], ["p2", "p5"], ["p4", "p7"]],
        ["p3"],
    )


def test_mitchell_two_withdrawn_at_one_table_leave_it_empty() -> None:
    assert out(scheduled("mitchell", 1, roster(4, inactive=(1, 3)))) == ([["p2", "p4"]], [])


def test_mitchell_refuses_rounds_beyond_the_schedule() -> None:
    scheduled("mitchell", 4, roster(8))
    with pytest.raises(PairingInputError) as caught:
        scheduled("mitchell", 5, roster(8))
    assert caught.value.path == "round"
    assert "4 tables has 4 rounds" in caught.value.message


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 31), data=st.data())
def test_mitchell_every_north_south_meets_every_east_west_once(n: int, data: st.DataObject) -> None:
    inactive = tuple(data.draw(st.sets(st.integers(1, max(n, 1)), max_size=3)))
    entrants = roster(n, inactive=tuple(i for i in inactive if i <= n))
    active = {e["id"] for e in entrants if e.get("active", True)}
    tables = -(-n // 2)
    met: Counter[frozenset[str]] = Counter()
    for r in range(1, tables + 1):
        pairing = scheduled("mitchell", r, entrants)
        seen = [x for t in pairing.tables for x in t] + list(pairing.byes)
        assert sorted(seen) == sorted(active)
        for a, b in pairing.tables:
            # North-South (first half of the start order) sit first and never move.
            assert int(a[1:]) <= tables < int(b[1:])
            met[frozenset((a, b))] += 1
    assert set(met.values()) <= {1}
    north = [f"p{i}" for i in range(1, tables + 1)]
    east = [f"p{i}" for i in range(tables + 1, n + 1)]
    expected = {frozenset((a, b)) for a in north for b in east if a in active and b in active}
    assert set(met) == expected


# -------------------------------------------------------------------------- round robin


def test_berger_tables_are_the_fide_tables() -> None:
    assert [berger_round(6, r) for r in range(1, 6)] == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    assert berger_round(8, 2) == [(8, 5), (6, 4), (7, 3), (1, 2)]
    assert berger_round(8, 7) == [(4, 8), (5, 3), (6, 2), (7, 1)]


@pytest.mark.parametrize("n", [4, 5])
def test_round_robin_everyone_meets_everyone_once(n: int) -> None:
    entrants = roster(n)
    rounds = n - 1 if n % 2 == 0 else n
    met: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for r in range(1, rounds + 1):
        pairing = scheduled("round_robin", r, entrants)
        seen = [x for t in pairing.tables for x in t] + list(pairing.byes)
        assert sorted(seen) == sorted(e["id"] for e in entrants)
        met.update(frozenset(t) for t in pairing.tables)
        byes.update(pairing.byes)
    assert met == Counter({frozenset(p): 1 for p in combinations([e["id"] for e in entrants], 2)})
    assert byes == (Counter() if n % 2 == 0 else Counter({e["id"]: 1 for e in entrants}))


def test_round_robin_of_four_exact_rounds() -> None:
    entrants = roster(4)
    assert [out(scheduled("round_robin", r, entrants))[0] for r in (1, 2, 3)] == [
        [["p1", "p4"], ["p2", "p3"]],
        [["p4", "p3"], ["p1", "p2"]],
        [["p2", "p4"], ["p3", "p1"]],
    ]
    with pytest.raises(PairingInputError) as caught:
        scheduled("round_robin", 4, entrants)
    assert caught.value.path == "round"
    assert "has 3 rounds" in caught.value.message


def test_round_robin_of_five_the_phantom_is_number_six() -> None:
    assert out(scheduled("round_robin", 1, roster(5))) == ([["p2", "p5"], ["p3", "p4"]], ["p1"])
    scheduled("round_robin", 5, roster(5))
    with pytest.raises(PairingInputError, match="beyond the schedule"):
        scheduled("round_robin", 6, roster(5))


def test_groups_are_dealt_in_serpentine_order() -> None:
    round_ = parse_round(
        {"table_size": 2, "method": "round_robin", "round": 1, "group_size": 4,
         "entrants": roster(10)}
    )  # fmt: skip
    groups = [[e.id for e in g] for g in round_robin_groups(round_.entrants, 4)]
    assert groups == [["p1", "p6", "p7"], ["p2", "p5", "p8"], ["p3", "p4", "p9", "p10"]]
    assert [len(g) for g in groups] == [3, 3, 4]


def test_round_robin_in_groups_first_round() -> None:
    entrants = roster(10)
    # Groups p1 p6 p7 | p2 p5 p8 | p3 p4 p9 p10; Berger for 4: 1-4, 2-3.
    assert out(scheduled("round_robin", 1, entrants, group_size=4)) == (
        [["p6", "p7"], ["p5", "p8"], ["p3", "p10"], ["p4", "p9"]],
        ["p1", "p2"],
    )


@settings(max_examples=80, deadline=None)
@given(n=st.integers(1, 17), data=st.data())
def test_round_robin_groups_property(n: int, data: st.DataObject) -> None:
    group_size = data.draw(st.integers(2, n + 1))
    inactive = tuple(data.draw(st.sets(st.integers(1, n), max_size=2)))
    entrants = roster(n, inactive=inactive)
    active = {e["id"] for e in entrants if e.get("active", True)}
    groups = -(-n // group_size)
    round_ = parse_round(
        {"table_size": 2, "method": "round_robin", "round": 1, "group_size": group_size,
         "entrants": entrants}
    )  # fmt: skip
    members = [[e.id for e in g] for g in round_robin_groups(round_.entrants, group_size)]
    assert len(members) == groups
    sizes = [len(g) for g in members]
    assert max(sizes) <= group_size and max(sizes) - min(sizes) <= 1
    assert sorted(x for g in members for x in g) == sorted(e["id"] for e in entrants)
    largest = max(sizes)
    rounds = largest - 1 if largest % 2 == 0 else largest
    met: Counter[frozenset[str]] = Counter()
    for r in range(1, rounds + 1):
        pairing = scheduled("round_robin", r, entrants, group_size=group_size)
        seen = [x for t in pairing.tables for x in t] + list(pairing.byes)
        assert sorted(seen) == sorted(active)
        met.update(frozenset(t) for t in pairing.tables)
    expected = {frozenset(p) for g in members for p in combinations(g, 2) if set(p) <= active}
    assert met == Counter({p: 1 for p in expected})
    with pytest.raises(PairingInputError):
        scheduled("round_robin", rounds + 1, entrants, group_size=group_size)


def test_round_robin_withdrawn_entrant_gives_its_opponent_a_bye() -> None:
    entrants = roster(4, inactive=(3,))
    assert out(scheduled("round_robin", 1, entrants)) == ([["p1", "p4"]], ["p2"])
    assert out(scheduled("round_robin", 2, entrants)) == ([["p1", "p2"]], ["p4"])
