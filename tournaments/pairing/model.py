"""The pairing engine's input and output: the dataclasses, and the JSON they are read from.

:mod:`.parsing` reads and validates the JSON below (:func:`.parsing.load_round`).

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
from collections.abc import Mapping
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
]

MAX_TABLE_SIZE = 10
"""The largest table the engine seats (Scala 40 allows six; a little headroom)."""

METHODS = ("swiss", "danese_puro", "danese_modificato", "mitchell", "round_robin")
"""The pairing methods, ``method`` in the input."""

SCHEDULED_METHODS = frozenset({"mitchell", "round_robin"})
"""Methods whose tables follow a schedule fixed by the start order, not the standings."""


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
