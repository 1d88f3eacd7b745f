"""The conformance check, ``python -m engine check RECORD.json ...`` (RECORDS.md)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import new_game
from engine.record import CheckResult, check_file, check_record, run_check
from tests.support.engine import REPO, SHARED_RECORDS


def deck(seed: int = 1) -> list[str]:
    return new_game("whist", 4).random_deal_event(random.Random(seed))["deck"]  # type: ignore[no-any-return]


def whist_record(events: list[Any], **extra: Any) -> dict[str, Any]:
    return {
        "format": "tavolo-record/1",
        "game": "whist",
        "players": 4,
        "options": {},
        "first_dealer": 0,
        "events": events,
        **extra,
    }


def opening() -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A deal and the first trick played with the lowest legal cards; also the facts
    about the state after it (to build right and wrong expectations)."""
    game = new_game("whist", 4)
    events: list[dict[str, Any]] = [{"type": "deal", "deck": deck()}]
    game.apply(events[0])
    for _ in range(4):
        event = game.legal_actions()[0].to_event()
        game.apply(event)
        events.append(event)
    seat = game.to_act
    assert isinstance(seat, int)
    facts = {
        "to_act": seat,
        "legal": [a.to_event() for a in game.legal_actions()],
        "legal_count": len(game.legal_actions()),
        "tricks": game.tricks,
        "hand": {"seat": 2, "cards": [c.code for c in game.hand(2)]},
        "held_by_other": game.hand((seat + 1) % 4)[0].code,
        "deal_scores": None,
        "scores": [0, 0],
        "over": False,
        "winner": None,
    }
    return events, facts


def write(tmp_path: Path, name: str, record: Any) -> Path:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return path


def failure(tmp_path: Path, record: Any, name: str = "record.json") -> str:
    path = write(tmp_path, name, record)
    result = check_file(str(path))
    assert isinstance(result, CheckResult)
    assert not result.ok, f"{name} should fail"
    line = result.line()
    assert line.startswith(f"FAIL {path}: ")
    assert result.message
    return result.message


def run_command(*paths: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "check", *map(str, paths)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


# ---------------------------------------------------------------------- the shared samples


def shared_sample(name: str) -> Path:
    if not SHARED_RECORDS.is_dir():
        pytest.skip(f"the shared sample records are not beside the repository ({SHARED_RECORDS})")
    path = SHARED_RECORDS / name
    if not path.is_file():
        pytest.skip(f"the shared sample {name} is not in {SHARED_RECORDS}")
    return path


def test_shared_whist_sample_passes() -> None:
    path = shared_sample("whist_first_trick.json")
    result = check_file(str(path))
    assert result.ok, result.message
    assert result.line() == f"ok {path}"


def test_shared_italian_whist_sample_passes() -> None:
    path = shared_sample("italian_whist_tallies.json")
    if "italian_whist" not in engine.available_games():
        pytest.skip("italian_whist is not implemented yet")
    result = check_file(str(path))
    assert result.ok, result.message


def test_command_on_the_shared_whist_sample() -> None:
    path = shared_sample("whist_first_trick.json")
    done = run_command(path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines() == [f"ok {path}", "1 passed, 0 failed"]


# ---------------------------------------------------------------------- records that pass


def test_a_record_meeting_every_expectation_passes(tmp_path: Path) -> None:
    events, facts = opening()
    expect = {key: facts[key] for key in engine.record.EXPECTATION_KEYS}
    record = whist_record(
        [
            {"expect": {"to_act": None, "legal": [], "legal_count": 0, "over": False}},
            *events,
            {"expect": expect},
            {
                "type": "play",
                "seat": facts["to_act"],
                "card": facts["held_by_other"],
                "illegal": True,
            },
            {"expect": {"to_act": facts["to_act"]}},
        ],
        expect_final={"scores": [0, 0], "winner": None},
    )
    path = write(tmp_path, "good.json", record)
    assert check_file(str(path)).ok, check_file(str(path)).message
    check_record(record)  # raises on any failure


def test_a_tallied_game_to_the_end_passes(tmp_path: Path) -> None:
    record = whist_record(
        [
            {"type": "tally", "tricks": [10, 3]},
            {"expect": {"deal_scores": [4, 0], "scores": [4, 0], "over": False, "winner": None}},
            {"type": "tally", "tricks": [7, 7], "illegal": True},
            {"type": "play", "seat": 1, "card": "AS", "illegal": True},
            {"type": "tally", "tricks": [4, 9]},
            {"expect": {"deal_scores": [0, 3], "scores": [4, 3], "to_act": None}},
            {"type": "tally", "tricks": [8, 5]},
        ],
        expect_final={"scores": [6, 3], "over": True, "winner": 0, "to_act": None},
    )
    assert check_file(str(write(tmp_path, "tallies.json", record))).ok


def test_options_and_first_dealer_are_optional(tmp_path: Path) -> None:
    events: list[Any] = [{"type": "deal", "deck": deck()}, {"expect": {"to_act": 1}}]
    record = {"game": "whist", "players": 4, "events": events}
    assert check_file(str(write(tmp_path, "short.json", record))).ok
    record = whist_record(
        [{"type": "deal", "deck": deck()}, {"expect": {"to_act": 3}}],
        first_dealer=2,
        options={"target": 1},
    )
    assert check_file(str(write(tmp_path, "dealer.json", record))).ok


def test_legal_is_order_free(tmp_path: Path) -> None:
    events, facts = opening()
    record = whist_record([*events, {"expect": {"legal": list(reversed(facts["legal"]))}}])
    assert check_file(str(write(tmp_path, "order.json", record))).ok


# ---------------------------------------------------------------------- records that must fail


def test_an_illegal_mark_on_a_legal_event_fails(tmp_path: Path) -> None:
    events, facts = opening()
    legal = dict(facts["legal"][0], illegal=True)
    message = failure(tmp_path, whist_record([*events, legal]))
    assert f"at events[{len(events)}]" in message
    assert "marked illegal but was accepted" in message
    assert legal["card"] in message


def test_a_legal_event_that_is_rejected_fails(tmp_path: Path) -> None:
    events, facts = opening()
    wrong = {"type": "play", "seat": facts["to_act"], "card": facts["held_by_other"]}
    message = failure(tmp_path, whist_record([*events, wrong]))
    assert f"at events[{len(events)}]" in message
    assert "was rejected" in message
    assert "does not hold" in message  # the engine's reason


def test_an_unmarked_event_out_of_turn_fails(tmp_path: Path) -> None:
    message = failure(tmp_path, whist_record([{"type": "play", "seat": 1, "card": "AS"}]))
    assert "at events[0]" in message and "was rejected" in message


WRONG: dict[str, Callable[[dict[str, Any]], Any]] = {
    "to_act": lambda f: (f["to_act"] + 1) % 4,
    "legal": lambda f: f["legal"][1:],
    "legal_count": lambda f: f["legal_count"] + 1,
    "tricks": lambda f: [f["tricks"][1], f["tricks"][0] + 5],
    "hand": lambda f: {"seat": 2, "cards": f["hand"]["cards"][1:]},
    "deal_scores": lambda f: [0, 0],
    "scores": lambda f: [1, 0],
    "over": lambda f: True,
    "winner": lambda f: 0,
}


@pytest.mark.parametrize("key", sorted(WRONG))
def test_each_wrong_expectation_fails(tmp_path: Path, key: str) -> None:
    assert set(WRONG) == set(engine.record.EXPECTATION_KEYS)
    events, facts = opening()
    wanted = WRONG[key](facts)
    assert wanted != facts[key]
    message = failure(tmp_path, whist_record([*events, {"expect": {key: wanted}}]))
    assert message.startswith(f"at events[{len(events)}]: {key} ")
    if key == "legal":
        assert "also allows" in message
    else:
        assert "expected" in message
        assert json.dumps(wanted) in message or key == "hand"


@pytest.mark.parametrize("key", sorted(WRONG))
def test_each_wrong_final_expectation_fails(tmp_path: Path, key: str) -> None:
    events, facts = opening()
    record = whist_record(events, expect_final={key: WRONG[key](facts)})
    message = failure(tmp_path, record)
    assert message.startswith(f"at the end: {key} ")


def test_wrong_scores_after_tallies_name_both_values(tmp_path: Path) -> None:
    record = whist_record(
        [{"type": "tally", "tricks": [3, 10]}, {"expect": {"deal_scores": [0, 3]}}]
    )
    message = failure(tmp_path, record)
    assert message == "at events[1]: deal_scores is [0, 4], expected [0, 3]"


def test_the_first_failure_is_reported(tmp_path: Path) -> None:
    events, facts = opening()
    record = whist_record([*events, {"expect": {"over": True}}, {"expect": {"to_act": 9}}])
    assert f"at events[{len(events)}]: over" in failure(tmp_path, record)


@pytest.mark.parametrize(
    "text",
    ["", "{", '{"game": "whist",}', "not json", "[1, 2", '{"game": "whist" "players": 4}'],
)
def test_invalid_json_fails(tmp_path: Path, text: str) -> None:
    assert failure(tmp_path, text).startswith("not valid JSON")


def test_a_file_that_is_not_utf8_fails(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"game": "wh\xefst"}')
    result = check_file(str(path))
    assert not result.ok and "not valid JSON" in result.message


def test_json_nested_too_deeply_fails(tmp_path: Path) -> None:
    text = '{"game": "whist", "players": 4, "events": ' + "[" * 100_000 + "]" * 100_000 + "}"
    result = check_file(str(write(tmp_path, "deep.json", text)))
    assert not result.ok
    assert "nested too deeply" in result.message


@pytest.mark.parametrize("game", ["poker", "Whist", 7, None])
def test_an_unknown_game_fails(tmp_path: Path, game: Any) -> None:
    record = whist_record([], game=game)
    assert "no game called" in failure(tmp_path, record)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"players": 3}, "not 3"),
        ({"options": {"target": 0}}, "'target'"),
        ({"options": {"colour": "red"}}, "'colour'"),
        ({"first_dealer": 4}, "first_dealer"),
        ({"format": "tavolo-record/0"}, "format"),
        ({"events": {"type": "deal"}}, "'events'"),
    ],
)
def test_a_bad_header_fails(tmp_path: Path, change: dict[str, Any], words: str) -> None:
    record = whist_record([])
    record.update(change)
    assert words in failure(tmp_path, record)


@pytest.mark.parametrize("missing", ["game", "players", "events"])
def test_a_record_missing_a_field_fails(tmp_path: Path, missing: str) -> None:
    record = whist_record([])
    del record[missing]
    assert repr(missing) in failure(tmp_path, record)


@pytest.mark.parametrize("record", [[], "whist", 4, None])
def test_a_record_that_is_not_an_object_fails(tmp_path: Path, record: Any) -> None:
    assert "JSON object" in failure(tmp_path, json.dumps(record))


@pytest.mark.parametrize(
    "event",
    [
        "play",
        7,
        ["play", 1, "AS"],
        {"type": "bid", "seat": 1},
        {"seat": 1, "card": "AS"},
        {"type": "play", "seat": 1},
        {"type": "play", "card": "AS"},
        {"type": "play", "seat": "one", "card": "AS"},
        {"type": "play", "seat": 1, "card": "as"},
        {"type": "deal", "deck": "AS KS"},
        {"type": "deal", "deck": ["AS", 5]},
        {"type": "tally", "tricks": [13]},
    ],
)
def test_an_event_of_the_wrong_shape_fails(tmp_path: Path, event: Any) -> None:
    message = failure(tmp_path, whist_record([event]))
    assert message.startswith("at events[0]: ")


def test_an_event_of_the_wrong_shape_mid_game_names_its_index(tmp_path: Path) -> None:
    events, _ = opening()
    message = failure(tmp_path, whist_record([*events, {"type": "play", "seat": 1, "card": "XX"}]))
    assert message.startswith(f"at events[{len(events)}]: ")
    assert "'XX'" in message


@pytest.mark.parametrize(
    "expect",
    [
        {"winners": 0},
        {"over": False, "trump": "S"},
        {"Scores": [0, 0]},
        {"": 1},
    ],
)
def test_an_unknown_expectation_key_fails(tmp_path: Path, expect: dict[str, Any]) -> None:
    events, _ = opening()
    message = failure(tmp_path, whist_record([*events, {"expect": expect}]))
    assert "unknown expectation" in message
    assert f"at events[{len(events)}]" in message


@pytest.mark.parametrize(
    "expect",
    [
        5,
        [],
        {"hand": {"seat": 0, "cards": 5}},
        {"hand": {"seat": 0, "cards": None}},
        {"hand": {"seat": 9, "cards": []}},
        {"hand": {"seat": True, "cards": []}},
        {"hand": {"seat": 0, "cards": ["A"]}},
        {"hand": {"cards": []}},
        {"hand": [0, []]},
        {"legal": "all"},
        {"legal": [5]},
        {"legal": [{"type": "play", "seat": 1, "card": "ZZ"}]},
        {"to_act": [1, "a"]},
        {"winner": [0, "a"]},
        {"legal_count": "13"},
    ],
)
def test_malformed_expectations_fail_without_crashing(tmp_path: Path, expect: Any) -> None:
    events, _ = opening()
    message = failure(tmp_path, whist_record([*events, {"expect": expect}]))
    assert f"at events[{len(events)}]" in message


def test_a_malformed_final_expectation_fails(tmp_path: Path) -> None:
    assert "at the end" in failure(tmp_path, whist_record([], expect_final=[1]))


def test_an_unreadable_file_fails(tmp_path: Path) -> None:
    result = check_file(str(tmp_path / "missing.json"))
    assert not result.ok
    assert result.message.startswith("cannot read the file")
    result = check_file(str(tmp_path))  # a directory
    assert not result.ok
    assert result.message.startswith("cannot read the file")


# ---------------------------------------------------------------------- run_check and the command


def test_run_check_prints_a_line_per_record_and_the_tally(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", whist_record([{"type": "tally", "tricks": [7, 6]}]))
    bad = write(tmp_path, "bad.json", "{")
    lines: list[str] = []
    status = run_check([str(good), str(bad), str(tmp_path / "gone.json"), str(good)], lines.append)
    assert status != 0
    assert lines[0] == f"ok {good}"
    assert lines[1].startswith(f"FAIL {bad}: not valid JSON")
    assert lines[2].startswith(f"FAIL {tmp_path / 'gone.json'}: cannot read the file")
    assert lines[3] == f"ok {good}"
    assert lines[4] == "2 passed, 2 failed"
    assert len(lines) == 5


def test_run_check_all_passing_returns_zero(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", whist_record([{"type": "tally", "tricks": [7, 6]}]))
    lines: list[str] = []
    assert run_check([str(good)], lines.append) == 0
    assert lines == [f"ok {good}", "1 passed, 0 failed"]


def test_command_all_pass_exits_zero(tmp_path: Path) -> None:
    events, facts = opening()
    first = write(
        tmp_path, "a.json", whist_record([*events, {"expect": {"to_act": facts["to_act"]}}])
    )
    second = write(tmp_path, "b.json", whist_record([{"type": "tally", "tricks": [13, 0]}]))
    done = run_command(first, second)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"ok {first}", f"ok {second}", "2 passed, 0 failed"]
    assert done.stderr == ""


def test_command_reports_each_failure_and_exits_non_zero(tmp_path: Path) -> None:
    events, facts = opening()
    good = write(tmp_path, "good.json", whist_record(events))
    wrong = write(tmp_path, "wrong.json", whist_record([*events, {"expect": {"to_act": 9}}]))
    broken = write(tmp_path, "broken.json", "{not json")
    unknown = write(tmp_path, "unknown.json", whist_record([], game="poker"))
    shape = write(tmp_path, "shape.json", whist_record([["play"]]))
    missing = tmp_path / "missing.json"
    done = run_command(good, wrong, broken, unknown, shape, missing)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 7
    assert lines[0] == f"ok {good}"
    assert lines[1] == (
        f"FAIL {wrong}: at events[{len(events)}]: to_act is {facts['to_act']}, expected 9"
    )
    assert lines[2].startswith(f"FAIL {broken}: not valid JSON")
    assert lines[3].startswith(f"FAIL {unknown}: ") and "poker" in lines[3]
    assert lines[4].startswith(f"FAIL {shape}: at events[0]: ")
    assert lines[5].startswith(f"FAIL {missing}: cannot read the file")
    assert lines[6] == "1 passed, 5 failed"


def test_command_with_one_failing_record_exits_non_zero(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.json", whist_record([{"type": "tally", "tricks": [7, 7]}]))
    done = run_command(bad)
    assert done.returncode != 0
    assert done.stdout.splitlines()[-1] == "0 passed, 1 failed"
    assert "add up to 13" in done.stdout


def test_command_needs_at_least_one_record() -> None:
    done = run_command()
    assert done.returncode != 0


# ---------------------------------------------------------------------- strict reading


def test_a_non_boolean_illegal_mark_fails_naming_the_field(tmp_path: Path) -> None:
    events, facts = opening()
    wrong = dict(facts["legal"][0], illegal="yes")
    message = failure(tmp_path, whist_record([*events, wrong]))
    assert message == "at events[5]: the field 'illegal' must be true or false, not \"yes\""
    # 1 is not true either (it used to be taken as no mark at all).
    message = failure(tmp_path, whist_record([*events, dict(facts["legal"][0], illegal=1)]))
    assert "the field 'illegal' must be true or false, not 1" in message


def test_a_false_illegal_mark_is_no_mark(tmp_path: Path) -> None:
    events, facts = opening()
    check_record(whist_record([*events, dict(facts["legal"][0], illegal=False)]))


def test_an_event_carrying_expect_fails_instead_of_being_dropped(tmp_path: Path) -> None:
    events, facts = opening()
    both = dict(facts["legal"][0], expect={"to_act": facts["to_act"]})
    message = failure(tmp_path, whist_record([*events, both]))
    assert message.startswith("at events[5]: an expectation is an object holding only 'expect'")
    assert "fields 'card', 'seat' and 'type'" in message
    assert "two objects" in message


@pytest.mark.parametrize("field", ["ilegal", "capture", "signal"])
def test_an_unknown_event_field_fails_naming_it(tmp_path: Path, field: str) -> None:
    events, facts = opening()
    misspelt = dict(facts["legal"][0], **{field: True})
    message = failure(tmp_path, whist_record([*events, misspelt]))
    assert message == (
        f"at events[5]: a whist play event has no field {field!r} "
        "(its fields are 'type', 'seat', 'card' and 'illegal')"
    )


def test_an_unknown_field_on_a_deal_fails(tmp_path: Path) -> None:
    message = failure(tmp_path, whist_record([{"type": "deal", "deck": deck(), "seed": 4}]))
    assert "a whist deal event has no field 'seed'" in message


def test_a_wrong_type_fails_naming_the_field(tmp_path: Path) -> None:
    events, facts = opening()
    wrong = dict(facts["legal"][0], card=12)
    message = failure(tmp_path, whist_record([*events, wrong]))
    assert message.startswith("at events[5]:")
    assert "'card'" in message


def test_the_optional_fields_of_a_game_are_accepted() -> None:
    game = new_game("scopa", 2)
    deal = game.random_deal_event(random.Random(0))
    game.apply(deal)
    lay = next(a for a in game.legal_actions() if not a.arg("capture"))
    record = {
        "game": "scopa",
        "players": 2,
        "events": [deal, dict(lay.to_event(), capture=[])],
    }
    check_record(record)
    record["events"][1]["captures"] = []
    with pytest.raises(engine.record.RecordError, match="has no field 'captures'"):
        check_record(record)


def test_a_record_may_carry_more_than_the_check_reads(tmp_path: Path) -> None:
    # The service's exported records carry their seed and its commitment.
    events, _ = opening()
    check_record(whist_record(events, seed="ab", seed_commitment="cd"))
