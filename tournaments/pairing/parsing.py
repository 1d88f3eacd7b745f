"""Reading a round's JSON: parsing and validation into a :class:`.model.Round`.

The input's fields and the rules between them are described in :mod:`.model`. Every
problem is a :class:`.model.PairingInputError` whose ``path`` names the bad field.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from .model import (
    MAX_TABLE_SIZE,
    METHODS,
    SCHEDULED_METHODS,
    Entrant,
    PairingInputError,
    Round,
)
from .scheduled import check_schedule

__all__ = ["load_round", "parse_round"]

_ROUND_FIELDS = {
    "table_size",
    "method",
    "seed",
    "movement",
    "forbidden",
    "round",
    "rounds",
    "group_size",
    "entrants",
}
_ENTRANT_FIELDS = {"id", "score", "opponents", "partners", "previous", "byes", "rating", "active"}


def _reject_constant(name: str) -> Any:
    raise PairingInputError("", f"not valid JSON: {name} is not a number JSON allows")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise PairingInputError("", f"not valid input: the key {key!r} appears twice")
        result[key] = value
    return result


def load_round(text: str | bytes) -> Round:
    """Parse and validate a round from JSON text."""
    try:
        data = json.loads(
            text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicate_keys
        )
    except json.JSONDecodeError as exc:
        raise PairingInputError("", f"not valid JSON: {exc.msg} (line {exc.lineno})") from None
    except UnicodeDecodeError:
        raise PairingInputError("", "not valid JSON: the input is not UTF-8 text") from None
    except RecursionError:
        raise PairingInputError("", "not valid JSON: nested too deeply") from None
    return parse_round(data)


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _check_fields(
    obj: Mapping[str, Any], allowed: set[str], required: Iterable[str], path: str
) -> None:
    for key in required:
        if key not in obj:
            raise PairingInputError(_join(path, key), "missing (required)")
    for key in sorted(obj):
        if key not in allowed:
            raise PairingInputError(
                _join(path, key), f"unknown field (allowed: {', '.join(sorted(allowed))})"
            )


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _number(value: object, path: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PairingInputError(path, f"must be a number, not {_type_name(value)}")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise PairingInputError(path, "must be a finite number")
        # repr gives the shortest decimal that reads back as this float: 0.1 -> 1/10.
        return Fraction(repr(value))
    return Fraction(value)


def _integer(value: object, path: str, minimum: int) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PairingInputError(path, f"must be a whole number, not {_type_name(value)}")
    if value < minimum:
        raise PairingInputError(path, f"must be at least {minimum}, not {value}")
    return value


def _id(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise PairingInputError(path, f"must be a string id, not {_type_name(value)}")
    if not value:
        raise PairingInputError(path, "must be a non-empty string")
    return value


def _list(value: object, path: str) -> Sequence[Any]:
    if not isinstance(value, list):
        raise PairingInputError(path, f"must be a list, not {_type_name(value)}")
    return value


def _table_sizes(value: object, path: str) -> tuple[int, ...]:
    def one(v: object, p: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise PairingInputError(p, f"must be a whole number of seats, not {_type_name(v)}")
        if not 2 <= v <= MAX_TABLE_SIZE:
            raise PairingInputError(p, f"must be between 2 and {MAX_TABLE_SIZE}, not {v}")
        return v

    if isinstance(value, list):
        if not value:
            raise PairingInputError(path, "must list at least one table size")
        sizes = tuple(one(v, f"{path}[{i}]") for i, v in enumerate(value))
        for i, size in enumerate(sizes):
            if size in sizes[:i]:
                raise PairingInputError(f"{path}[{i}]", f"the size {size} is listed twice")
        return sizes
    if isinstance(value, bool) or not isinstance(value, int):
        raise PairingInputError(
            path, f"must be a number of seats or a list of them, not {_type_name(value)}"
        )
    return (one(value, path),)


def parse_round(data: object) -> Round:
    """Validate decoded JSON (dicts, lists, numbers, strings) and build a :class:`Round`."""
    if not isinstance(data, dict):
        raise PairingInputError("", f"the input must be a JSON object, not {_type_name(data)}")
    _check_fields(data, _ROUND_FIELDS, ("table_size", "entrants"), "")
    sizes = _table_sizes(data["table_size"], "table_size")

    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PairingInputError("seed", f"must be a whole number, not {_type_name(seed)}")

    method = data.get("method", "swiss")
    if not isinstance(method, str):
        raise PairingInputError("method", f"must be a string, not {_type_name(method)}")
    if method not in METHODS:
        raise PairingInputError(
            "method", f"unknown method {method!r} (one of: {', '.join(METHODS)})"
        )

    movement = data.get("movement", False)
    if not isinstance(movement, bool):
        raise PairingInputError("movement", f"must be true or false, not {_type_name(movement)}")
    if movement and method != "swiss":
        raise PairingInputError(
            "movement", f"a movement is a swiss pairing; it cannot be combined with {method!r}"
        )
    if movement and sizes != (4,):
        raise PairingInputError("table_size", "a movement needs tables of 4 (table_size 4)")
    if method in SCHEDULED_METHODS and sizes != (2,):
        raise PairingInputError(
            "table_size", f"{method!r} is head-to-head only: table_size must be 2"
        )
    number, rounds, group_size = _round_fields(data, method)

    raw_entrants = _list(data["entrants"], "entrants")
    raw: list[tuple[str, dict[str, Any]]] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(raw_entrants):
        path = f"entrants[{i}]"
        if not isinstance(item, dict):
            raise PairingInputError(path, f"must be an object, not {_type_name(item)}")
        _check_fields(item, _ENTRANT_FIELDS, ("id", "score"), path)
        entrant_id = _id(item["id"], f"{path}.id")
        active = item.get("active", True)
        if not isinstance(active, bool):
            raise PairingInputError(
                f"{path}.active", f"must be true or false, not {_type_name(active)}"
            )
        if not active and method not in SCHEDULED_METHODS:
            raise PairingInputError(
                f"{path}.active",
                f"only mitchell and round_robin keep withdrawn entrants in the input; "
                f"leave them out of a {method!r} round",
            )
        if entrant_id in seen:
            raise PairingInputError(
                f"{path}.id", f"duplicate id {entrant_id!r} (also entrants[{seen[entrant_id]}])"
            )
        seen[entrant_id] = i
        raw.append((entrant_id, item))

    def ids(value: object, path: str, own: str) -> frozenset[str]:
        result = set()
        for j, other in enumerate(_list(value, path)):
            other_id = _id(other, f"{path}[{j}]")
            if other_id == own:
                raise PairingInputError(f"{path}[{j}]", "an entrant cannot name itself")
            if other_id not in seen:
                raise PairingInputError(f"{path}[{j}]", f"unknown entrant id {other_id!r}")
            result.add(other_id)
        return frozenset(result)

    entrants = []
    for i, (entrant_id, item) in enumerate(raw):
        path = f"entrants[{i}]"
        entrants.append(
            Entrant(
                id=entrant_id,
                score=_number(item["score"], f"{path}.score"),
                opponents=ids(item.get("opponents", []), f"{path}.opponents", entrant_id),
                partners=ids(item.get("partners", []), f"{path}.partners", entrant_id),
                byes=_integer(item.get("byes", 0), f"{path}.byes", 0),
                rating=_number(item.get("rating", 0), f"{path}.rating"),
                previous=ids(item.get("previous", []), f"{path}.previous", entrant_id),
                active=item.get("active", True),
            )
        )

    forbidden = set()
    for j, pair in enumerate(_list(data.get("forbidden", []), "forbidden")):
        path = f"forbidden[{j}]"
        items = _list(pair, path)
        if len(items) != 2:
            raise PairingInputError(path, f"must be a pair of ids, not {len(items)} items")
        a = _id(items[0], f"{path}[0]")
        b = _id(items[1], f"{path}[1]")
        for k, x in enumerate((a, b)):
            if x not in seen:
                raise PairingInputError(f"{path}[{k}]", f"unknown entrant id {x!r}")
        if a == b:
            raise PairingInputError(path, "a pair needs two different entrants")
        forbidden.add(frozenset((a, b)))
    if forbidden and method != "swiss":
        raise PairingInputError(
            "forbidden", f"only the swiss method can keep pairs apart, not {method!r}"
        )

    result = Round(
        table_sizes=sizes,
        entrants=tuple(entrants),
        seed=seed,
        forbidden=frozenset(forbidden),
        movement=movement,
        method=method,
        number=number,
        rounds=rounds,
        group_size=group_size,
    )
    if method in SCHEDULED_METHODS:
        check_schedule(result)
    return result


_NEEDS_ROUND = {"danese_modificato", "mitchell", "round_robin"}


def _round_fields(
    data: Mapping[str, Any], method: str
) -> tuple[int | None, int | None, int | None]:
    """``round``, ``rounds`` and ``group_size``, checked against the method."""
    number = rounds = group_size = None
    if "round" in data:
        number = _integer(data["round"], "round", 1)
    elif method in _NEEDS_ROUND:
        raise PairingInputError("round", f"missing (required by the method {method!r})")
    if "rounds" in data:
        rounds = _integer(data["rounds"], "rounds", 1)
    elif method == "danese_modificato":
        raise PairingInputError(
            "rounds", "missing (required by 'danese_modificato', to know the last round)"
        )
    if number is not None and rounds is not None and number > rounds:
        raise PairingInputError("round", f"round {number} is beyond the {rounds} rounds")
    if "group_size" in data:
        if method != "round_robin":
            raise PairingInputError(
                "group_size", f"only for the method 'round_robin', not {method!r}"
            )
        group_size = _integer(data["group_size"], "group_size", 2)
    return number, rounds, group_size
