"""Game records and the conformance check (RECORDS.md).

A record is one game written down as JSON: the game, its options and every event.
:func:`check_record` replays one and checks every ``illegal`` mark and every
expectation; :func:`main` is the ``python -m engine check`` command.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.cards import Card
from engine.errors import EngineError, MalformedCard
from engine.game import Game
from engine.registry import new_game

RECORD_FORMAT = "tavolo-record/1"

EXPECTATION_KEYS = (
    "to_act", "legal", "legal_count", "tricks", "hand", "deal_scores", "scores", "over", "winner",
)  # fmt: skip


class RecordError(Exception):
    """A record that cannot be checked, or an expectation it does not meet."""


@dataclass
class CheckResult:
    name: str
    ok: bool
    message: str = ""

    def line(self) -> str:
        return f"ok {self.name}" if self.ok else f"FAIL {self.name}: {self.message}"


def game_from_record(record: Mapping[str, Any]) -> Game:
    """A fresh game set up as the record's header says (no events applied)."""
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    fmt = record.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown record format {fmt!r} (expected {RECORD_FORMAT!r})")
    for key in ("game", "players", "events"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    try:
        return new_game(
            record["game"],
            record["players"],
            record.get("options"),
            record.get("first_dealer", 0),
        )
    except EngineError as error:
        raise RecordError(str(error)) from None


def check_record(record: Mapping[str, Any]) -> None:
    """Replay ``record`` checking every mark and expectation; raise :class:`RecordError`
    saying what differed and at which event."""
    game = game_from_record(record)
    events = record["events"]
    if not isinstance(events, list):
        raise RecordError("'events' must be a list")
    for index, event in enumerate(events):
        where = f"at events[{index}]"
        if not isinstance(event, Mapping):
            raise RecordError(f"{where}: an event must be a JSON object, not {event!r}")
        if "expect" in event:
            others = sorted(key for key in event if key != "expect")
            if others:
                raise RecordError(
                    f"{where}: an expectation is an object holding only 'expect', but this "
                    f"one also has {_fields(others)}; write the event and the expectation "
                    "as two objects"
                )
            _check_expectations(game, event["expect"], where)
            continue
        _check_event(game, event, where)
    if "expect_final" in record:
        _check_expectations(game, record["expect_final"], "at the end")


def _check_event(game: Game, event: Mapping[str, Any], where: str) -> None:
    """Apply one event of a record strictly: the ``illegal`` mark must be true or false,
    and every field must be one the game reads (a misspelt field is an error, not
    ignored)."""
    illegal = event.get("illegal", False)
    if not isinstance(illegal, bool):
        raise RecordError(
            f"{where}: the field 'illegal' must be true or false, not {json.dumps(illegal)}"
        )
    clean = {key: value for key, value in event.items() if key != "illegal"}
    try:
        action = game.parse(clean)
    except EngineError as error:
        if illegal:
            return
        raise RecordError(f"{where}: {json.dumps(clean)} was rejected: {error}") from None
    unknown = game.unknown_fields(clean, action)
    if unknown:
        raise RecordError(
            f"{where}: a {game.name} {action.type} event has no {_fields(unknown)} "
            f"(its fields are {_quoted(_known_fields(game, action))})"
        )
    try:
        game.apply(clean)
    except EngineError as error:
        if illegal:
            return
        raise RecordError(f"{where}: {json.dumps(clean)} was rejected: {error}") from None
    if illegal:
        raise RecordError(f"{where}: {json.dumps(clean)} is marked illegal but was accepted")


def _known_fields(game: Game, action: Action) -> list[str]:
    """The fields an event like ``action`` may carry, in its canonical order."""
    optional = sorted(game.OPTIONAL_FIELDS.get(action.type, ()))
    return list(dict.fromkeys([*action.to_event(), *optional, "illegal"]))


def _quoted(names: Sequence[str]) -> str:
    """``'a'``, ``'a' and 'b'``, ``'a', 'b' and 'c'``."""
    quoted = [repr(name) for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _fields(names: Sequence[str]) -> str:
    """``field 'a'`` or ``fields 'a' and 'b'``."""
    return ("field " if len(names) == 1 else "fields ") + _quoted(names)


def _check_expectations(game: Game, expect: Any, where: str) -> None:
    if not isinstance(expect, Mapping):
        raise RecordError(f"{where}: an expectation must be a JSON object")
    for key, wanted in expect.items():
        check = _CHECKS.get(key)
        if check is None:
            raise RecordError(f"{where}: unknown expectation {key!r}")
        try:
            problem = check(game, wanted)
        except EngineError as error:
            problem = f"cannot be checked: {error}"
        if problem:
            raise RecordError(f"{where}: {key} {problem}")


def _differs(got: Any, wanted: Any) -> str | None:
    return None if got == wanted else f"is {json.dumps(got)}, expected {json.dumps(wanted)}"


def _differs_as_sets(got: list[Any], wanted: list[Any]) -> str | None:
    """Compare two lists in any order; ``wanted`` comes from the record and may hold
    values that cannot be sorted together (``[1, "a"]``)."""
    try:
        return _differs(sorted(got), sorted(wanted))
    except TypeError:
        return _differs(got, wanted)


def _check_to_act(game: Game, wanted: Any) -> str | None:
    got = game.to_act
    if isinstance(got, list) and isinstance(wanted, list):
        return _differs_as_sets(got, wanted)
    return _differs(got, wanted)


def _check_legal(game: Game, wanted: Any) -> str | None:
    if not isinstance(wanted, list):
        return "must be a list of events"
    expected = Counter(game.canonical(game.parse(event)) for event in wanted)
    got = Counter(game.legal_actions())
    if got == expected:
        return None
    missing = [str(a) for a in (expected - got).elements()]
    extra = [str(a) for a in (got - expected).elements()]
    parts = []
    if missing:
        parts.append("missing " + ", ".join(missing))
    if extra:
        parts.append("also allows " + ", ".join(extra))
    return "differs: " + "; ".join(parts)


def _check_hand(game: Game, wanted: Any) -> str | None:
    if not isinstance(wanted, Mapping) or "seat" not in wanted or "cards" not in wanted:
        return 'must be {"seat": S, "cards": [...]}'
    seat = wanted["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        return f"names no seat of this game: {seat!r}"
    if not isinstance(wanted["cards"], list):
        return 'must be {"seat": S, "cards": [...]}'
    try:
        expected = Counter(Card.parse(code) for code in wanted["cards"])
    except MalformedCard as error:
        return f"holds a bad card: {error}"
    got = Counter(game.hand(seat))
    if got == expected:
        return None
    return _differs(sorted(c.code for c in got.elements()), sorted(wanted["cards"]))


def _check_winner(game: Game, wanted: Any) -> str | None:
    got = game.winner
    if isinstance(got, list) and isinstance(wanted, list):
        return _differs_as_sets(got, wanted)
    return _differs(got, wanted)


_CHECKS: dict[str, Callable[[Game, Any], str | None]] = {
    "to_act": _check_to_act,
    "legal": _check_legal,
    "legal_count": lambda game, wanted: _differs(game.legal_count(), wanted),
    "tricks": lambda game, wanted: _differs(game.tricks, wanted),
    "hand": _check_hand,
    "deal_scores": lambda game, wanted: _differs(game.deal_scores, wanted),
    "scores": lambda game, wanted: _differs(game.scores, wanted),
    "over": lambda game, wanted: _differs(game.over, wanted),
    "winner": _check_winner,
}


def check_file(path: str) -> CheckResult:
    """Check the record in file ``path``; never raises for a bad record."""
    try:
        with open(path, encoding="utf-8") as handle:
            record = json.load(handle)
    except OSError as error:
        return CheckResult(path, False, f"cannot read the file: {error.strerror or error}")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        return CheckResult(path, False, f"not valid JSON: {error}")
    except RecursionError:
        return CheckResult(path, False, "not valid JSON: it is nested too deeply")
    try:
        check_record(record)
    except RecordError as error:
        return CheckResult(path, False, str(error))
    except EngineError as error:
        return CheckResult(path, False, str(error))
    except RecursionError:
        return CheckResult(path, False, "the record is nested too deeply")
    return CheckResult(path, True)


def run_check(paths: Sequence[str], out: Callable[[str], None] = print) -> int:
    """Check every record in ``paths``, print a line each and the tally; return the exit status."""
    passed = failed = 0
    for path in paths:
        result = check_file(path)
        out(result.line())
        if result.ok:
            passed += 1
        else:
            failed += 1
    out(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and paths else 1
