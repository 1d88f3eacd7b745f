"""The pairing engine's input and output: dataclasses, JSON parsing and validation.

The input of one round (``python -m tournaments.pairing`` reads it as JSON)::

    {
      "table_size": 2,              # required: 2..10, or a list of sizes (see below)
      "seed": 1,                    # optional, default 0: breaks every tie
      "movement": false,            # optional, default false: whist-drive movement
      "forbidden": [["a", "c"]],    # optional, default []: never at one table
      "entrants": [                 # required: the active entrants of the round
        {"id": "a",                 # required: a non-empty string, unique
         "score": 3,                # required: a finite number (halves for draws, ...)
         "opponents": ["b"],        # optional, default []: everyone a shared a table with
         "partners": [],            # optional, default []: a's previous partners (movement)
         "byes": 0,                 # optional, default 0: byes a has had so far
         "rating": 1500}            # optional, default 0: seeds round 1, breaks ties
      ]
    }

``table_size`` is 2 (head-to-head), a single size 3..10 (multi-seat tables), or a list
of sizes in order of preference, e.g. ``[4, 3]`` (Scala 40, Burraco tables): tables of
the first size, with tables of the later sizes only where they save byes. A movement
needs tables of 4. ``opponents`` may name an entrant more than once (met twice); it may
not name the entrant itself or an id that is not an active entrant (a caller leaves out
withdrawn entrants: they are not paired, so meeting them again is no concern). Unknown
fields are refused, so a misspelt optional field cannot be silently ignored.

Every problem is a :class:`PairingInputError` whose ``path`` names the bad field, e.g.
``entrants[3].opponents[0]``.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "MAX_TABLE_SIZE",
    "Entrant",
    "Pairing",
    "PairingInputError",
    "Round",
    "load_round",
    "parse_round",
]

MAX_TABLE_SIZE = 10
"""The largest table the engine seats (Scala 40 allows six; a little headroom)."""

_ROUND_FIELDS = {"table_size", "seed", "movement", "forbidden", "entrants"}
_ENTRANT_FIELDS = {"id", "score", "opponents", "partners", "byes", "rating"}


class PairingInputError(ValueError):
    """The round's input is invalid; ``path`` names the offending field."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


@dataclass(frozen=True)
class Entrant:
    """One active entrant (a player, or a team in a partnership game)."""

    id: str
    score: Fraction
    opponents: frozenset[str] = frozenset()
    partners: frozenset[str] = frozenset()
    byes: int = 0
    rating: Fraction = Fraction(0)

    @property
    def met(self) -> frozenset[str]:
        """Everyone this entrant has shared a table with (opponents and partners)."""
        return self.opponents | self.partners


@dataclass(frozen=True)
class Round:
    """The input of one round's pairing."""

    table_sizes: tuple[int, ...]
    """Allowed table sizes, most preferred first; ``(2,)`` is head-to-head."""
    entrants: tuple[Entrant, ...]
    seed: int = 0
    forbidden: frozenset[frozenset[str]] = frozenset()
    movement: bool = False
    by_id: Mapping[str, Entrant] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {e.id: e for e in self.entrants})

    @property
    def head_to_head(self) -> bool:
        return self.table_sizes == (2,) and not self.movement

    def conflict(self, a: str, b: str) -> bool:
        """True when a and b may not share a table under rule 1 (met before, or forbidden)."""
        return (
            b in self.by_id[a].met or a in self.by_id[b].met or frozenset((a, b)) in self.forbidden
        )

    def tie_break(self, entrant_id: str) -> bytes:
        """A deterministic pseudo-random key from the seed: the last tie-break everywhere."""
        return hashlib.sha256(f"{self.seed}\x1f{entrant_id}".encode()).digest()

    def order(self) -> list[Entrant]:
        """Entrants strongest first: score, then rating, then the seeded tie-break."""
        return sorted(self.entrants, key=lambda e: (-e.score, -e.rating, self.tie_break(e.id)))


@dataclass(frozen=True)
class Pairing:
    """The result: tables strongest first (each table's ids in seat order), then byes."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"tables": [list(t) for t in self.tables], "byes": list(self.byes)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(", ", ": "))


# ------------------------------------------------------------------------------ parsing


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

    movement = data.get("movement", False)
    if not isinstance(movement, bool):
        raise PairingInputError("movement", f"must be true or false, not {_type_name(movement)}")
    if movement and sizes != (4,):
        raise PairingInputError("table_size", "a movement needs tables of 4 (table_size 4)")

    raw_entrants = _list(data["entrants"], "entrants")
    raw: list[tuple[str, dict[str, Any]]] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(raw_entrants):
        path = f"entrants[{i}]"
        if not isinstance(item, dict):
            raise PairingInputError(path, f"must be an object, not {_type_name(item)}")
        _check_fields(item, _ENTRANT_FIELDS, ("id", "score"), path)
        entrant_id = _id(item["id"], f"{path}.id")
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

    return Round(
        table_sizes=sizes,
        entrants=tuple(entrants),
        seed=seed,
        forbidden=frozenset(forbidden),
        movement=movement,
    )
