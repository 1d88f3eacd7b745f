"""The pairing engine's input and output: dataclasses, JSON parsing and validation.

The input of one round (``python -m tournaments.pairing`` reads it as JSON)::

    {
      "table_size": 2,              # required: 2..10, or a list of sizes (see below)
      "method": "swiss",            # optional, default "swiss": see "Methods" below
      "seed": 1,                    # optional, default 0: breaks every tie
      "movement": false,            # optional, default false: whist-drive movement
      "forbidden": [["a", "c"]],    # optional, default []: never at one table (swiss)
      "round": 3,                   # optional (required by some methods): 1-based number
      "rounds": 7,                  # optional: the tournament's number of rounds
      "group_size": 4,              # optional, round_robin only: largest group
      "entrants": [                 # required: the entrants of the round
        {"id": "a",                 # required: a non-empty string, unique
         "score": 3,                # required: a finite number (halves for draws, ...)
         "opponents": ["b"],        # optional, default []: everyone a shared a table with
         "partners": [],            # optional, default []: a's previous partners (movement)
         "previous": ["b"],         # optional, default []: whom a met in the last round
         "byes": 0,                 # optional, default 0: byes a has had so far
         "rating": 1500,            # optional, default 0: seeds round 1, breaks ties
         "active": true}            # optional, default true: false = withdrawn (scheduled)
      ]
    }

``table_size`` is 2 (head-to-head), a single size 3..10 (multi-seat tables), or a list
of sizes in order of preference, e.g. ``[4, 3]`` (Scala 40, Burraco tables): tables of
the first size, with tables of the later sizes only where they save byes. A movement
needs tables of 4. ``opponents`` may name an entrant more than once (met twice); it may
not name the entrant itself or an id that is not listed. Unknown fields are refused, so
a misspelt optional field cannot be silently ignored.

**Methods** (``method``; see :mod:`.danese` and :mod:`.scheduled`):

* ``"swiss"`` (default): the optimal Swiss of :mod:`.head_to_head` and
  :mod:`.multi_seat`, or with ``"movement": true`` the whist-drive movement of
  :mod:`.movement`. ``movement`` is refused with every other method.
* ``"danese_puro"``: 1st-2nd, 3rd-4th... of the standings (any ``table_size``).
* ``"danese_modificato"``: the same, but never the previous round's opponents (the
  entrants' ``previous``) except in the last round; needs ``round`` and ``rounds``.
* ``"mitchell"``: North-South stay, East-West move; needs ``round``; ``table_size`` 2.
* ``"round_robin"`` (all'italiana): Berger tables within groups of up to
  ``group_size`` (default: everyone in one group); needs ``round``; ``table_size`` 2.

The swiss and danese methods pair the entrants listed, all of them active: a caller
leaves withdrawn entrants out (``"active": false`` is refused there). Mitchell and round
robin follow a schedule fixed by the *start order*, the order of ``entrants`` in the
input, which the caller fixes once (entry order, seeding or a draw) and sends unchanged
every round, withdrawn entrants included with ``"active": false``: they keep their
place in the schedule, are not paired, and their scheduled opponent gets a bye. Only
there may ``opponents``, ``partners`` and ``previous`` name inactive entrants (the
schedule does not read them). ``forbidden`` is for the swiss method only: no other
method can honour it, so it is refused rather than ignored. ``previous`` is read by
danese modificato alone; ``round`` must not exceed ``rounds`` when both are given, and
must not exceed the schedule's length for Mitchell and round robin.

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
    "METHODS",
    "SCHEDULED_METHODS",
    "Entrant",
    "Pairing",
    "PairingInputError",
    "Round",
    "load_round",
    "parse_round",
]

MAX_TABLE_SIZE = 10
"""The largest table the engine seats (Scala 40 allows six; a little headroom)."""

METHODS = ("swiss", "danese_puro", "danese_modificato", "mitchell", "round_robin")
"""The pairing methods, ``method`` in the input."""

SCHEDULED_METHODS = frozenset({"mitchell", "round_robin"})
"""Methods whose tables follow a schedule fixed by the start order, not the standings."""

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


class PairingInputError(ValueError):
    """The round's input is invalid; ``path`` names the offending field."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


@dataclass(frozen=True)
class Entrant:
    """One entrant (a player, or a team in a partnership game)."""

    id: str
    score: Fraction
    opponents: frozenset[str] = frozenset()
    partners: frozenset[str] = frozenset()
    byes: int = 0
    rating: Fraction = Fraction(0)
    previous: frozenset[str] = frozenset()
    """Whom the entrant met in the previous round (read by danese modificato)."""
    active: bool = True
    """False: withdrawn, holding its place in a scheduled method's start order."""

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
    method: str = "swiss"
    number: int | None = None
    """The round's 1-based number (``round`` in the input), when given."""
    rounds: int | None = None
    """The tournament's number of rounds, when given."""
    group_size: int | None = None
    """Round robin: the largest group (None: everyone in one group)."""
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

    @property
    def active(self) -> tuple[Entrant, ...]:
        """The entrants to pair: all but those withdrawn from a scheduled method."""
        return tuple(e for e in self.entrants if e.active)

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
        from .scheduled import check_schedule

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
