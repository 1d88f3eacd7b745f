"""Scheduled pairings: Mitchell and round robin (all'italiana), head-to-head only.

Neither reads scores: the whole tournament's tables are fixed in advance by the *start
order*, the order of ``entrants`` in the input, which the caller fixes once (entry
order, seeding or a draw) and sends unchanged every round. Withdrawn entrants stay in
the list with ``"active": false``: they keep their place, so nobody else's schedule
moves, and whoever the schedule sets against them gets a bye (as does whoever meets the
phantom that fills an odd field). A table of two inactive entrants is left out.

**Mitchell.** With ``N`` entrants there are ``n = ceil(N / 2)`` tables. The first ``n``
in start order are North-South ``NS_0 .. NS_(n-1)``, the rest East-West
``EW_0 .. EW_(n-1)``, with a phantom as the last East-West when ``N`` is odd (so round
1 is the top half of the start order against the bottom half, 1st against the
``n+1``-th). In round ``r`` (1-based) table ``t`` (0-based; table number ``t + 1``)
seats ``NS_t`` against ``EW_((t - r + 1) mod n)``: North-South never move, and each
East-West moves up one table each round, as at the bridge table (from table ``n`` on
to table 1), so in ``n`` rounds every North-South meets every
East-West once. A later round would repeat round ``r - n`` and is refused. Output: one
table per table number in order, North-South first.

**Round robin.** ``group_size`` (default: everyone) is the largest group: the start
order is dealt into ``g = ceil(N / group_size)`` groups in serpentine order (1st to
group 1, ..., g-th to group g, then back: (g+1)-th to group g, ..., 2g-th to group 1,
and so on), so the groups' sizes differ by one at most and each gets a fair share of
the seeds. Each group plays the FIDE Berger tables (circle method) for ``M`` players,
``M`` the largest group's size rounded up to even: a group's members are Berger
numbers ``1, 2, ...`` in start order and the numbers above its size are phantoms
(byes). Every group thus has the same ``M - 1`` rounds, in which everyone meets every
other member of the group exactly once; a ``round`` beyond ``M - 1`` is refused. In
Berger round ``r`` let ``L`` be the ``M - 1`` numbers ``1 .. M-1`` read cyclically from
``1 + ((r - 1) * M / 2 mod (M - 1))``: table 1 is ``L[0]`` against ``M`` (``M`` seated
first in even rounds), table ``k`` (2 .. M/2) is ``L[k-1]`` against ``L[M-k]``. For
``M = 6``: round 1 is 1-6, 2-5, 3-4; round 2 is 6-4, 5-3, 1-2. Output: group 1's
tables in Berger order, then group 2's, and so on.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Entrant, Pairing, PairingInputError, Round

__all__ = [
    "berger_round",
    "check_schedule",
    "pair_mitchell",
    "pair_round_robin",
    "round_robin_groups",
    "schedule_length",
]

Slot = Entrant | None
"""A place in a schedule: an entrant, or None for the phantom."""


def round_robin_groups(entrants: Sequence[Entrant], group_size: int | None) -> list[list[Entrant]]:
    """The groups of a round robin, dealt from the start order in serpentine order."""
    n = len(entrants)
    if n == 0:
        return []
    size = n if group_size is None else min(group_size, n)
    count = -(-n // size)
    groups: list[list[Entrant]] = [[] for _ in range(count)]
    for k, entrant in enumerate(entrants):
        row, col = divmod(k, count)
        groups[col if row % 2 == 0 else count - 1 - col].append(entrant)
    return groups


def _berger_size(groups: Sequence[Sequence[Entrant]]) -> int:
    largest = max(len(g) for g in groups)
    return largest + largest % 2


def schedule_length(round_: Round) -> int:
    """How many rounds the schedule of a Mitchell or round robin has (0: no entrants)."""
    n = len(round_.entrants)
    if n == 0:
        return 0
    if round_.method == "mitchell":
        return -(-n // 2)
    if round_.method == "round_robin":
        return _berger_size(round_robin_groups(round_.entrants, round_.group_size)) - 1
    raise ValueError(f"{round_.method!r} has no schedule")


def check_schedule(round_: Round) -> int:
    """The round's number, checked against the schedule; raises PairingInputError."""
    if round_.number is None:
        raise PairingInputError("round", f"missing (required by the method {round_.method!r})")
    length = schedule_length(round_)
    if length and round_.number > length:
        if round_.method == "mitchell":
            why = f"a Mitchell of {length} tables has {length} rounds"
        else:
            why = f"this round robin (Berger tables for {length + 1}) has {length} rounds"
        raise PairingInputError("round", f"round {round_.number} is beyond the schedule: {why}")
    return round_.number


def berger_round(players: int, number: int) -> list[tuple[int, int]]:
    """Berger round ``number`` (1-based) for an even number of players, 1-based pairs."""
    half = players // 2
    start = (number - 1) * half % (players - 1)
    cycle = [1 + (start + j) % (players - 1) for j in range(players - 1)]
    first = (cycle[0], players) if number % 2 else (players, cycle[0])
    return [first] + [(cycle[k - 1], cycle[players - k]) for k in range(2, half + 1)]


def _pairing(pairs: Sequence[tuple[Slot, Slot]]) -> Pairing:
    """Tables of the scheduled pairs; an active entrant without an active opponent: a bye."""
    tables: list[tuple[str, str]] = []
    byes: list[str] = []
    for a, b in pairs:
        playing = [x for x in (a, b) if x is not None and x.active]
        if len(playing) == 2:
            tables.append((playing[0].id, playing[1].id))
        elif playing:
            byes.append(playing[0].id)
    return Pairing(tables=tuple(tables), byes=tuple(byes))


def pair_mitchell(round_: Round) -> Pairing:
    """Round ``round_.number`` of a Mitchell (see the module doc)."""
    number = check_schedule(round_)
    entrants = list(round_.entrants)
    n = -(-len(entrants) // 2)
    north_south: list[Slot] = list(entrants[:n])
    east_west: list[Slot] = list(entrants[n:])
    east_west += [None] * (n - len(east_west))
    return _pairing([(north_south[t], east_west[(t - number + 1) % n]) for t in range(n)])


def pair_round_robin(round_: Round) -> Pairing:
    """Round ``round_.number`` of a round robin in groups (see the module doc)."""
    number = check_schedule(round_)
    groups = round_robin_groups(round_.entrants, round_.group_size)
    if not groups:
        return Pairing(tables=(), byes=())
    players = _berger_size(groups)
    pairs: list[tuple[Slot, Slot]] = []
    for group in groups:
        slots: list[Slot] = [*group, *([None] * (players - len(group)))]
        pairs += [(slots[a - 1], slots[b - 1]) for a, b in berger_round(players, number)]
    return _pairing(pairs)
