"""The ``method`` field: dispatch, the fields it brings, its input errors and the CLI.

The methods themselves: test_pairing_danese.py and test_pairing_scheduled.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tournaments.pairing import PairingInputError, Round, pair_round, parse_round

ROOT = Path(__file__).resolve().parents[2]


def base(method: str = "swiss", **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "table_size": 2,
        "method": method,
        "round": 2,
        "rounds": 5,
        "entrants": [
            {"id": "a", "score": 1, "opponents": ["b"], "previous": ["b"]},
            {"id": "b", "score": 1, "opponents": ["a"], "previous": ["a"]},
            {"id": "c", "score": 0, "opponents": ["d"], "previous": ["d"]},
            {"id": "d", "score": 0, "opponents": ["c"], "previous": ["c"]},
        ],
    }
    data.update(changes)
    return data


def entrant(method: str, **changes: Any) -> dict[str, Any]:
    data = base(method)
    data["entrants"][0].update(changes)
    return data


def test_defaults_and_new_fields_parse() -> None:
    round_ = parse_round({"table_size": 2, "entrants": [{"id": "a", "score": 0}]})
    assert (round_.method, round_.number, round_.rounds, round_.group_size) == (
        "swiss",
        None,
        None,
        None,
    )
    assert round_.entrants[0].previous == frozenset() and round_.entrants[0].active
    round_ = parse_round(base("round_robin", group_size=4))
    assert (round_.method, round_.number, round_.rounds, round_.group_size) == (
        "round_robin",
        2,
        5,
        4,
    )
    assert round_.by_id["a"].previous == {"b"}


def test_swiss_is_the_default_and_unchanged() -> None:
    implicit = base()
    del implicit["method"]
    assert pair_round(parse_round(implicit)) == pair_round(parse_round(base("swiss")))
    # The Swiss avoids the rematches that danese puro makes.
    swiss = pair_round(parse_round(base("swiss")))
    assert {frozenset(t) for t in swiss.tables} & {frozenset("ab"), frozenset("cd")} == set()


def test_each_method_is_dispatched() -> None:
    # Standings: a and b (score 1, in the seeded tie-break's order), then c and d.
    x1, x2, x3, x4 = (e.id for e in parse_round(base()).order())
    assert {x1, x2} == {"a", "b"}
    puro = pair_round(parse_round(base("danese_puro")))
    assert puro.tables == ((x1, x2), (x3, x4))
    modificato = pair_round(parse_round(base("danese_modificato")))
    assert modificato.tables == ((x1, x3), (x2, x4))
    # Mitchell round 2 of 2 tables: a-d, b-c; round robin (Berger 4) round 2: d-c, a-b.
    assert pair_round(parse_round(base("mitchell"))).tables == (("a", "d"), ("b", "c"))
    assert pair_round(parse_round(base("round_robin"))).tables == (("d", "c"), ("a", "b"))


def test_a_round_built_in_code_with_an_unknown_method_is_refused() -> None:
    round_ = Round(table_sizes=(2,), entrants=(), method="dutch")
    with pytest.raises(PairingInputError) as caught:
        pair_round(round_)
    assert caught.value.path == "method"


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        (base("dutch"), "method", "unknown method 'dutch'"),
        (base(3), "method", "must be a string"),  # type: ignore[arg-type]
        (base("danese_puro", movement=True, table_size=4), "movement", "cannot be combined"),
        (base("mitchell", movement=True, table_size=4), "movement", "cannot be combined"),
        (base("mitchell", table_size=3), "table_size", "head-to-head only"),
        (base("round_robin", table_size=[2, 3]), "table_size", "head-to-head only"),
        (base("danese_modificato", round=None), "round", "whole number"),
        (base("mitchell", round=0), "round", "at least 1"),
        (base("round_robin", round="1"), "round", "whole number"),
        (base("swiss", rounds=0), "rounds", "at least 1"),
        (base("danese_modificato", round=6), "round", "beyond the 5 rounds"),
        (base("round_robin", group_size=1), "group_size", "at least 2"),
        (base("round_robin", group_size=2.5), "group_size", "whole number"),
        (base("mitchell", group_size=2), "group_size", "only for the method 'round_robin'"),
        (base("swiss", group_size=2), "group_size", "only for the method 'round_robin'"),
        (base("danese_puro", forbidden=[["a", "c"]]), "forbidden", "only the swiss"),
        (base("mitchell", forbidden=[["a", "c"]]), "forbidden", "only the swiss"),
        (base("mitchell", round=3), "round", "a Mitchell of 2 tables has 2 rounds"),
        (base("round_robin", round=4), "round", "has 3 rounds"),
        (base("round_robin", round=3, group_size=2), "round", "has 1 rounds"),
        (entrant("swiss", active=False), "entrants[0].active", "leave them out"),
        (entrant("danese_puro", active=False), "entrants[0].active", "leave them out"),
        (entrant("danese_modificato", active=False), "entrants[0].active", "only mitchell"),
        (entrant("mitchell", active="no"), "entrants[0].active", "true or false"),
        (entrant("mitchell", active=0), "entrants[0].active", "true or false"),
        (entrant("swiss", previous="b"), "entrants[0].previous", "must be a list"),
        (entrant("danese_modificato", previous=["q"]), "entrants[0].previous[0]", "unknown"),
        (entrant("danese_modificato", previous=["a"]), "entrants[0].previous[0]", "itself"),
        (entrant("mitchell", colour="red"), "entrants[0].colour", "unknown field"),
    ],
)
def test_bad_input_names_the_field(data: dict[str, Any], path: str, words: str) -> None:
    with pytest.raises(PairingInputError) as caught:
        parse_round(data)
    assert caught.value.path == path
    assert words in caught.value.message


@pytest.mark.parametrize(
    ("method", "missing", "path"),
    [
        ("danese_modificato", "round", "round"),
        ("danese_modificato", "rounds", "rounds"),
        ("mitchell", "round", "round"),
        ("round_robin", "round", "round"),
    ],
)
def test_required_round_fields(method: str, missing: str, path: str) -> None:
    data = base(method)
    del data[missing]
    with pytest.raises(PairingInputError) as caught:
        parse_round(data)
    assert caught.value.path == path
    assert "missing" in caught.value.message


@pytest.mark.parametrize("method", ["swiss", "danese_puro", "mitchell", "round_robin"])
def test_rounds_is_optional_where_not_needed(method: str) -> None:
    data = base(method)
    del data["rounds"]
    assert parse_round(data).rounds is None
    if method in ("swiss", "danese_puro"):
        del data["round"]
        assert parse_round(data).number is None


def test_inactive_entrants_may_be_named_in_scheduled_methods() -> None:
    data = entrant("round_robin", active=False)
    data["entrants"][1]["opponents"] = ["a"]
    data["entrants"][1]["previous"] = ["a"]
    round_ = parse_round(data)
    assert not round_.by_id["a"].active
    assert [e.id for e in round_.active] == ["b", "c", "d"]
    assert "a" not in {x for t in pair_round(round_).tables for x in t} | set(
        pair_round(round_).byes
    )


# ------------------------------------------------------------------------------ the CLI


def run(payload: dict[str, Any]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tournaments.pairing"],
        input=json.dumps(payload).encode(),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_cli_pairs_a_mitchell_round_with_a_withdrawn_entrant() -> None:
    payload = {
        "table_size": 2,
        "method": "mitchell",
        "round": 2,
        "entrants": [
            {"id": f"p{i}", "score": 0, "active": i != 5, "opponents": []} for i in range(1, 7)
        ],
    }
    result = run(payload)
    assert result.returncode == 0, result.stderr
    # East-West moved up one table: p1-p6, p2-p4, p3-p5 (withdrawn: p3 has a bye).
    assert json.loads(result.stdout) == {"tables": [["p1", "p6"], ["p2", "p4"]], "byes": ["p3"]}


def test_cli_danese_modificato() -> None:
    result = run(base("danese_modificato", rounds=2))
    assert result.returncode == 0, result.stderr
    tables = json.loads(result.stdout)["tables"]
    assert {frozenset(t) for t in tables} == {frozenset("ab"), frozenset("cd")}  # last round


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        (base("round_robin", round=4), "at round: round 4 is beyond the schedule"),
        (base("zigzag"), "at method: unknown method 'zigzag'"),
        (entrant("swiss", active=False), "at entrants[0].active: only mitchell"),
    ],
)
def test_cli_bad_method_input_is_one_line(payload: dict[str, Any], words: str) -> None:
    result = run(payload)
    assert result.returncode == 2
    assert result.stdout == b""
    message = result.stderr.decode()
    assert message.startswith("error: invalid round")
    assert words in message
    assert message.count("\n") == 1
