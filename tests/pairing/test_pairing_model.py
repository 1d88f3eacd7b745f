"""Input validation of the pairing engine: every bad field is named by its path."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest

from tournaments.pairing import Pairing, PairingInputError, load_round, parse_round


def base(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "table_size": 2,
        "seed": 1,
        "entrants": [
            {"id": "a", "score": 3, "opponents": ["b"], "partners": [], "byes": 0, "rating": 1500},
            {"id": "b", "score": 2.5},
            {"id": "c", "score": 0},
        ],
        "forbidden": [["a", "c"]],
        "movement": False,
    }
    data.update(changes)
    return data


def entrant(**changes: Any) -> dict[str, Any]:
    data = base()
    data["entrants"][0].update(changes)
    return data


def test_a_valid_round_parses_with_defaults() -> None:
    round_ = parse_round(base())
    assert round_.table_sizes == (2,)
    assert round_.head_to_head
    a, b, c = round_.entrants
    assert a.opponents == {"b"} and a.rating == 1500
    assert b.score == Fraction(5, 2) and b.opponents == frozenset() and b.byes == 0
    assert round_.forbidden == {frozenset(("a", "c"))}
    assert round_.conflict("b", "a") and round_.conflict("c", "a")
    assert not round_.conflict("b", "c")


def test_scores_are_exact_decimals() -> None:
    round_ = parse_round(
        base(entrants=[{"id": "a", "score": 0.1}, {"id": "b", "score": 1e2}], forbidden=[])
    )
    assert round_.entrants[0].score == Fraction(1, 10)
    assert round_.entrants[1].score == 100


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        ([], "", "must be a JSON object"),
        ({"entrants": []}, "table_size", "missing"),
        (base(table_size=1), "table_size", "between 2 and 10"),
        (base(table_size=11), "table_size", "between 2 and 10"),
        (base(table_size="2"), "table_size", "number of seats"),
        (base(table_size=True), "table_size", "number of seats"),
        (base(table_size=2.0), "table_size", "number of seats"),
        (base(table_size=[]), "table_size", "at least one"),
        (base(table_size=[4, "3"]), "table_size[1]", "whole number"),
        (base(table_size=[4, 4]), "table_size[1]", "listed twice"),
        (base(movement=True), "table_size", "tables of 4"),
        (base(movement="yes"), "movement", "true or false"),
        (base(seed="1"), "seed", "whole number"),
        (base(seed=1.5), "seed", "whole number"),
        (base(entrants={}), "entrants", "must be a list"),
        (base(entrants=[1]), "entrants[0]", "must be an object"),
        (base(colour="red"), "colour", "unknown field"),
        (entrant(id=None), "entrants[0].id", "string id"),
        (entrant(id=""), "entrants[0].id", "non-empty"),
        (entrant(id=7), "entrants[0].id", "string id"),
        (entrant(id="b"), "entrants[1].id", "duplicate id 'b'"),
        (entrant(score="3"), "entrants[0].score", "must be a number"),
        (entrant(score=None), "entrants[0].score", "must be a number"),
        (entrant(score=True), "entrants[0].score", "must be a number"),
        (entrant(rating=[1]), "entrants[0].rating", "must be a number"),
        (entrant(byes=-1), "entrants[0].byes", "at least 0"),
        (entrant(byes=0.5), "entrants[0].byes", "whole number"),
        (entrant(opponents="b"), "entrants[0].opponents", "must be a list"),
        (entrant(opponents=["zz"]), "entrants[0].opponents[0]", "unknown entrant id 'zz'"),
        (entrant(opponents=["b", "a"]), "entrants[0].opponents[1]", "cannot name itself"),
        (entrant(opponents=[3]), "entrants[0].opponents[0]", "string id"),
        (entrant(partners=["q"]), "entrants[0].partners[0]", "unknown entrant id"),
        (entrant(nickname="x"), "entrants[0].nickname", "unknown field"),
        (base(forbidden=[["a"]]), "forbidden[0]", "pair of ids"),
        (base(forbidden=[["a", "zz"]]), "forbidden[0][1]", "unknown entrant id"),
        (base(forbidden=[["a", "a"]]), "forbidden[0]", "two different"),
        (base(forbidden="a,b"), "forbidden", "must be a list"),
    ],
)
def test_bad_input_names_the_field(data: Any, path: str, words: str) -> None:
    with pytest.raises(PairingInputError) as caught:
        parse_round(data)
    assert caught.value.path == path
    assert words in caught.value.message


def test_missing_entrant_fields() -> None:
    data = base()
    del data["entrants"][1]["score"]
    with pytest.raises(PairingInputError, match=r"entrants\[1\]\.score: missing"):
        parse_round(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "not valid JSON"),
        ('{"table_size": NaN, "entrants": []}', "NaN"),
        ('{"table_size": 2, "table_size": 3, "entrants": []}', "appears twice"),
        (b"\xff\xfe\x00", "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
    ],
)
def test_bad_json(text: str | bytes, words: str) -> None:
    with pytest.raises(PairingInputError, match=words):
        load_round(text)


def test_output_shape() -> None:
    pairing = Pairing(tables=(("a", "b"),), byes=("c",))
    assert json.loads(pairing.dumps()) == {"tables": [["a", "b"]], "byes": ["c"]}


def test_importing_the_engine_does_not_import_django() -> None:
    code = "import sys, tournaments.pairing.__main__; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
