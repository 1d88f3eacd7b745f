"""Danese puro and danese modificato: pairing by standings order."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.pairing_oracles import perfect_matchings
from tournaments.pairing import Pairing, Round, pair_round, parse_round
from tournaments.pairing.danese import pair_danese


def rows(spec: str, **extra: Any) -> list[dict[str, Any]]:
    """Entrants named by the letters of ``spec``, strongest first (scores n-1 .. 0)."""
    n = len(spec)
    return [{"id": x, "score": n - 1 - k, **extra} for k, x in enumerate(spec)]


def danese(entrants: list[dict[str, Any]], method: str = "danese_puro", **fields: Any) -> Pairing:
    return pair_round(
        parse_round({"table_size": 2, "method": method, "entrants": entrants, **fields})
    )


def tables(pairing: Pairing) -> list[str]:
    return ["".join(t) for t in pairing.tables]


# ------------------------------------------------------------------------- danese puro


def test_puro_pairs_first_with_second_even_as_a_rematch() -> None:
    entrants = rows("abcdef")
    entrants[0]["opponents"] = ["b"]  # a Swiss would avoid this; danese puro does not
    pairing = danese(entrants)
    assert tables(pairing) == ["ab", "cd", "ef"]
    assert pairing.byes == ()


def test_puro_follows_the_standings_not_the_input_order() -> None:
    entrants = [
        {"id": "w", "score": 1, "rating": 1200},
        {"id": "x", "score": 3},
        {"id": "y", "score": 1, "rating": 1800},
        {"id": "z", "score": 2},
    ]
    # Standings: x (3), z (2), y (1, rating 1800), w (1, rating 1200).
    assert tables(danese(entrants)) == ["xz", "yw"]


def test_puro_bye_to_fewest_byes_then_lowest_score() -> None:
    entrants = rows("abcde")
    entrants[4]["byes"] = 1  # e (lowest) already had a bye: d, next lowest, gets it
    pairing = danese(entrants)
    assert pairing.byes == ("d",)
    assert tables(pairing) == ["ab", "ce"]


def test_puro_bye_among_equal_candidates_to_the_lowest_placed() -> None:
    entrants = [
        {"id": "a", "score": 2},
        {"id": "b", "score": 0, "rating": 1600},
        {"id": "c", "score": 0, "rating": 1500},
    ]
    assert danese(entrants).byes == ("c",)


def test_puro_multi_seat_consecutive_groups() -> None:
    entrants = rows("abcdefghij")
    pairing = pair_round(
        parse_round({"table_size": [4, 3], "method": "danese_puro", "entrants": entrants})
    )
    assert tables(pairing) == ["abcd", "efg", "hij"]
    assert pairing.byes == ()
    pairing = pair_round(
        parse_round({"table_size": 4, "method": "danese_puro", "entrants": entrants})
    )
    # Tables of four only: two byes, to the two lowest (no one has had a bye).
    assert tables(pairing) == ["abcd", "efgh"]
    assert pairing.byes == ("i", "j")


@settings(max_examples=150, deadline=None)
@given(
    scores=st.lists(st.integers(0, 6), min_size=0, max_size=25),
    size=st.sampled_from([2, 3, 4, [4, 3], [3, 2]]),
    seed=st.integers(0, 50),
    data=st.data(),
)
def test_puro_is_the_standings_cut_into_tables(
    scores: list[int], size: int | list[int], seed: int, data: st.DataObject
) -> None:
    byes = data.draw(st.lists(st.integers(0, 2), min_size=len(scores), max_size=len(scores)))
    entrants = [
        {"id": f"e{i}", "score": s, "byes": b}
        for i, (s, b) in enumerate(zip(scores, byes, strict=True))
    ]
    round_ = parse_round(
        {"table_size": size, "method": "danese_puro", "seed": seed, "entrants": entrants}
    )
    pairing = pair_round(round_)
    order = [e.id for e in round_.order()]
    seated = [x for t in pairing.tables for x in t]
    assert seated == [x for x in order if x not in pairing.byes]
    assert all(len(t) in round_.table_sizes for t in pairing.tables)
    # Each bye went to someone with no more byes, nor (with as many) a higher score,
    # than anyone seated.
    for x in pairing.byes:
        bx = round_.by_id[x]
        for y in seated:
            by = round_.by_id[y]
            assert (bx.byes, bx.score) <= (by.byes, by.score)


# ------------------------------------------------------------------- danese modificato


def modificato(entrants: list[dict[str, Any]], number: int, rounds: int) -> Pairing:
    return danese(entrants, "danese_modificato", round=number, rounds=rounds)


def previous(entrants: list[dict[str, Any]], *pairs: str) -> list[dict[str, Any]]:
    for a, b in pairs:
        for e in entrants:
            if e["id"] == a:
                e.setdefault("previous", []).append(b)
    return entrants


def test_modificato_takes_the_nearest_one_not_met_last_round() -> None:
    entrants = previous(rows("abcdef"), "ab", "ce", "df")
    # a met b: a takes c. b takes d (next). e and f are then fine.
    assert tables(modificato(entrants, 2, 5)) == ["ac", "bd", "ef"]


def test_modificato_backs_up_to_avoid_a_repeat_at_the_bottom() -> None:
    entrants = previous(rows("abcdef"), "ab", "cd", "ef")
    # Greedily a-c, b-d, then e-f would repeat; b takes its next choice, e, instead.
    assert tables(modificato(entrants, 2, 3)) == ["ac", "be", "df"]
    # Without the search (no budget) the greedy fallback repeats e-f.
    round_ = parse_round(
        {
            "table_size": 2,
            "method": "danese_modificato",
            "round": 2,
            "rounds": 3,
            "entrants": entrants,
        }
    )
    assert tables(pair_danese(round_, budget=0)) == ["ac", "bd", "ef"]


def test_modificato_repeats_in_the_last_round() -> None:
    entrants = previous(rows("abcdef"), "ab", "cd", "ef")
    assert tables(modificato(entrants, 3, 3)) == ["ab", "cd", "ef"]


def test_modificato_one_sided_previous_counts() -> None:
    # Only b names a: still they met.
    entrants = previous(rows("abcd"), "ba")
    assert tables(modificato(entrants, 2, 4)) == ["ac", "bd"]


def test_modificato_an_unavoidable_repeat_is_made() -> None:
    entrants = previous(rows("ab"), "ab", "ba")
    assert tables(modificato(entrants, 2, 4)) == ["ab"]


def test_modificato_ignores_older_opponents() -> None:
    entrants = rows("abcd")
    entrants[0]["opponents"] = ["b", "c"]  # met b and c in earlier rounds, d last round
    entrants[0]["previous"] = ["d"]
    assert tables(modificato(entrants, 3, 4)) == ["ab", "cd"]


def test_modificato_multi_seat_mixes_the_previous_tables() -> None:
    entrants = previous(
        rows("abcdefghi"),
        *("ab", "ac", "bc", "de", "df", "ef", "gh", "gi", "hi"),
    )
    pairing = pair_round(
        parse_round(
            {
                "table_size": 3,
                "method": "danese_modificato",
                "round": 2,
                "rounds": 4,
                "entrants": entrants,
            }
        )
    )
    assert tables(pairing) == ["adg", "beh", "cfi"]


def _oracle(round_: Round) -> list[tuple[str, str]] | None:
    """The first repeat-free pairing in standings order, by brute force (no bye)."""
    order = round_.order()
    pos = {e.id: i for i, e in enumerate(order)}

    def met(a: str, b: str) -> bool:
        return b in round_.by_id[a].previous or a in round_.by_id[b].previous

    best = None
    for matching in perfect_matchings([e.id for e in order]):
        if any(met(a, b) for a, b in matching):
            continue
        key = sorted(tuple(sorted((pos[a], pos[b]))) for a, b in matching)
        if best is None or key < best:
            best = key
    if best is None:
        return None
    return [(order[a].id, order[b].id) for a, b in best]


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(1, 5).map(lambda k: 2 * k),
    scores=st.lists(st.integers(0, 4), min_size=10, max_size=10),
    data=st.data(),
)
def test_modificato_against_brute_force(n: int, scores: list[int], data: st.DataObject) -> None:
    ids = [f"e{i}" for i in range(n)]
    # The previous round: a random pairing of a random subset (the others had byes).
    shuffled = data.draw(st.permutations(ids))
    played = data.draw(st.integers(0, n // 2))
    entrants: list[dict[str, Any]] = [
        {"id": x, "score": scores[i], "previous": []} for i, x in enumerate(ids)
    ]
    by_id = {e["id"]: e for e in entrants}
    for k in range(played):
        a, b = shuffled[2 * k], shuffled[2 * k + 1]
        by_id[a]["previous"].append(b)
        by_id[b]["previous"].append(a)
    data_round = {
        "table_size": 2,
        "method": "danese_modificato",
        "round": 2,
        "rounds": 5,
        "entrants": entrants,
    }
    round_ = parse_round(data_round)
    got = list(pair_round(round_).tables)
    expected = _oracle(round_)
    if expected is None:
        # Only two entrants who just met: they meet again.
        assert n == 2 and played == 1
        assert got == [tuple(e.id for e in round_.order())]
    else:
        assert got == expected
    # In the last round it is danese puro.
    last = pair_round(parse_round({**data_round, "round": 5}))
    puro = pair_round(parse_round({**data_round, "method": "danese_puro"}))
    assert last == puro
