"""The command line: ``python -m tournaments.pairing < round.json > tables.json``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(stdin: str | bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", *args],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


ROUND: dict[str, Any] = {
    "table_size": 2,
    "seed": 1,
    "entrants": [
        {"id": "a", "score": 3, "opponents": ["b"], "partners": [], "byes": 0, "rating": 1500},
        {"id": "b", "score": 3, "rating": 1400},
        {"id": "c", "score": 1},
        {"id": "d", "score": 1},
        {"id": "z", "score": 0, "byes": 0},
    ],
    "forbidden": [["a", "c"]],
    "movement": False,
}


def test_pairs_a_round() -> None:
    result = run(json.dumps(ROUND))
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    out = json.loads(result.stdout)
    assert out == {"tables": [["a", "d"], ["b", "c"]], "byes": ["z"]}


@pytest.mark.parametrize(
    "round_",
    [
        ROUND,
        {**ROUND, "table_size": 3},
        {**ROUND, "table_size": [4, 3]},
        {
            "table_size": 4,
            "movement": True,
            "entrants": [{"id": f"p{i}", "score": i % 3} for i in range(9)],
        },
    ],
)
def test_deterministic_and_complete(round_: dict[str, Any]) -> None:
    first, second = run(json.dumps(round_)), run(json.dumps(round_))
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    out = json.loads(first.stdout)
    seated = [x for t in out["tables"] for x in t] + out["byes"]
    assert sorted(seated) == sorted(e["id"] for e in round_["entrants"])


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        ("", "not valid JSON"),
        ("{nope", "not valid JSON"),
        ("[]", "must be a JSON object"),
        (json.dumps({**ROUND, "table_size": 0}), "at table_size: must be between 2 and 10"),
        (
            json.dumps({**ROUND, "forbidden": [["a", "q"]]}),
            "at forbidden[0][1]: unknown entrant id 'q'",
        ),
        (
            json.dumps({**ROUND, "entrants": [*ROUND["entrants"], {"id": "a", "score": 0}]}),
            "at entrants[5].id: duplicate id 'a'",
        ),
    ],
)
def test_bad_input_is_one_clear_line(stdin: str, words: str) -> None:
    result = run(stdin)
    assert result.returncode == 2
    assert result.stdout == b""
    message = result.stderr.decode()
    assert words in message
    assert message.startswith("error: invalid round")
    assert "Traceback" not in message
    assert message.count("\n") == 1


def test_arguments_are_refused_and_help_is_given() -> None:
    assert run("", "--bogus").returncode == 2
    helped = run("", "--help")
    assert helped.returncode == 0
    assert b"usage" in helped.stdout
