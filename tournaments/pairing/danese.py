"""Danese pairings: the standings, cut into tables from the top, as clubs pair by hand.

**Standings** are :meth:`.Round.order`: score, then rating, then the seeded tie-break
(the same order the Swiss starts from).

**Byes** come first, as rule 2 of :mod:`.objective` gives them (:func:`.bye_candidates`):
to the entrants with the fewest byes so far, among those the lowest score, among those
the lowest placed. How many byes, and how many tables of which size, is
:func:`.seating.composition` (one bye at most for head-to-head; for ``[4, 3]`` as
few byes as possible, then as many tables of 4 as possible). Tables are laid out in the
order of ``table_size``'s list: all tables of the first size at the top of the
standings, then those of the next size.

**Danese puro**: the seated entrants in standings order are cut into consecutive
tables: 1st-2nd, 3rd-4th, ... (1st-4th, 5th-8th, ... at tables of four), whoever has
met before.

**Danese modificato**: the same, except that no two entrants who met in the previous
round (either one's ``previous`` names the other) share a table, unless it is the last
round (``round == rounds``), which is paired as danese puro. Exactly:

1. Going down the standings, each table is opened by the highest-placed entrant not yet
   seated and filled with the *nearest following* unseated entrants who met none of
   those already at the table in the previous round: the table's candidates are tried
   in lexicographic order of their standings positions, so the natural opponent (the
   next one down) whenever allowed, otherwise the nearest one that is allowed.
2. If a choice leaves entrants lower down who cannot all be seated without a repeat
   (say the last two met in the previous round), the search backs up to the latest
   table that has another allowed choice and takes its next one (depth-first search;
   the first pairing found in this order is the answer). Each entrant met few others
   in the previous round, so in practice it backs up only near the bottom.
3. If no pairing avoids every repeat, or the search has tried :data:`SEARCH_BUDGET`
   candidate seats without finding one, each table is filled greedily instead: opened
   by the highest unseated entrant, then the nearest following allowed entrants, and
   if too few are allowed, the nearest following unseated ones.

Everything is a function of the input: the same round always gives the same tables.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .model import Entrant, Pairing, Round
from .objective import bye_candidates
from .seating import composition

__all__ = ["SEARCH_BUDGET", "pair_danese"]

SEARCH_BUDGET = 200_000
"""How many candidate seats danese modificato's search may try before going greedy."""


class _OutOfBudget(Exception):
    pass


def pair_danese(round_: Round, budget: int = SEARCH_BUDGET) -> Pairing:
    """Pair ``round_`` by standings (danese puro or modificato; see the module doc)."""
    order = round_.order()
    if not order:
        return Pairing(tables=(), byes=())
    counts, nbyes = composition(len(order), round_.table_sizes)
    byes = set(bye_candidates(order)[:nbyes])
    seated = [i for i in range(len(order)) if i not in byes]
    sizes = [size for size in round_.table_sizes for _ in range(counts.get(size, 0))]
    last_round = round_.number is not None and round_.number == round_.rounds
    if round_.method == "danese_modificato" and not last_round:
        met = _previous(order)
        tables = _search(seated, sizes, met, budget) or _greedy(seated, sizes, met)
    else:
        tables = _consecutive(seated, sizes)
    return Pairing(
        tables=tuple(tuple(order[i].id for i in table) for table in tables),
        byes=tuple(order[i].id for i in sorted(byes)),
    )


def _consecutive(seated: Sequence[int], sizes: Sequence[int]) -> list[tuple[int, ...]]:
    tables = []
    start = 0
    for size in sizes:
        tables.append(tuple(seated[start : start + size]))
        start += size
    return tables


def _previous(order: Sequence[Entrant]) -> list[set[int]]:
    """For each position, the positions of those it met in the previous round (symmetric)."""
    index = {e.id: i for i, e in enumerate(order)}
    met: list[set[int]] = [set() for _ in order]
    for i, e in enumerate(order):
        for other in e.previous:
            j = index[other]
            met[i].add(j)
            met[j].add(i)
    return met


def _search(
    seated: list[int], sizes: Sequence[int], met: list[set[int]], budget: int
) -> list[tuple[int, ...]] | None:
    """The first repeat-free seating in the order of the module doc (steps 1-2), or None."""
    if not seated:
        return []
    left = [budget]

    def tables(remaining: list[int], size: int) -> Iterator[tuple[int, ...]]:
        """Allowed tables opened by ``remaining[0]``, nearest members first."""
        top, rest = remaining[0], remaining[1:]

        def extend(table: list[int], start: int, need: int) -> Iterator[tuple[int, ...]]:
            if need == 0:
                yield tuple(table)
                return
            for k in range(start, len(rest) - need + 1):
                left[0] -= 1
                if left[0] < 0:
                    raise _OutOfBudget
                x = rest[k]
                if met[x].isdisjoint(table):
                    table.append(x)
                    yield from extend(table, k + 1, need - 1)
                    table.pop()

        return extend([top], 0, size - 1)

    remaining = [seated]
    choices = [tables(seated, sizes[0])]
    chosen: list[tuple[int, ...]] = []
    try:
        while choices:
            table = next(choices[-1], None)
            if table is None:
                choices.pop()
                remaining.pop()
                if chosen:
                    chosen.pop()
                continue
            chosen.append(table)
            taken = set(table)
            rest = [x for x in remaining[-1] if x not in taken]
            if not rest:
                return chosen
            remaining.append(rest)
            choices.append(tables(rest, sizes[len(chosen)]))
    except _OutOfBudget:
        return None
    return None


def _greedy(seated: list[int], sizes: Sequence[int], met: list[set[int]]) -> list[tuple[int, ...]]:
    """Step 3 of the module doc: nearest allowed entrants, else the nearest at all."""
    remaining = list(seated)
    result = []
    for size in sizes:
        table = [remaining[0]]
        for x in remaining[1:]:
            if len(table) == size:
                break
            if met[x].isdisjoint(table):
                table.append(x)
        for x in remaining[1:]:
            if len(table) == size:
                break
            if x not in table:
                table.append(x)
        taken = set(table)
        remaining = [x for x in remaining if x not in taken]
        result.append(tuple(sorted(table)))
    return result
