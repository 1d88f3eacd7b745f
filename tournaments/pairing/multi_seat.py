"""Multi-seat tables (3 to 10 seats, fixed or flexible sizes): Swiss seating by score.

**Table sizes and byes.** ``table_size`` is one size or a list in order of preference,
e.g. ``[4, 3]``. :func:`composition` picks how many tables of each size: first as few
byes as possible (rule 2: byes only when the entrants cannot fill whole tables), then as
many tables of the first size as possible, then of the second, and so on. ``[4, 3]``
seats 10 entrants as 4+3+3 with no bye, 5 as 4 and one bye. A plain ``4`` seats 10 as
4+4 and two byes. The sizes, once chosen, are fixed; rule 1 then picks *who* sits out.

**Objective.** The lexicographic objective of :mod:`.objective`, as one integer:
``P1 * repeats + P2 * bye_cost + score_cost`` with integer-scaled scores, ``bye_cost`` =
``W * (byes the recipients had) + (their scaled scores)`` and the weights ``W``, ``P2``,
``P1`` each above the largest possible total of what follows them, so comparing the
integers is comparing the vectors.

**Search.** Seating is NP-hard in general (it contains partition into triangles), so:

1. Up to :data:`EXACT_LIMIT` entrants: exact dynamic programming over subsets.
2. Otherwise a construction followed by local search, deterministic from ``seed``:

   * byes to the entrants rule 2 prefers; the others in order (score, rating, seeded
     tie-break) are cut into consecutive tables, the order of the sizes chosen by a
     dynamic programme. When rule 1 does not bind this is optimal for rule 3 (for one
     table size by an exchange argument: the cost is ``k * sum s^2 - (sum s)^2`` per
     table and the sorted grouping majorises every other; for mixed sizes the tests
     confirm it by brute force), so the search starts at the rule-3 lower bound.
     Within a score group, who takes which of the group's seats is free: the group is
     dealt in bands (its t-th entrant to its t-th table, then round again), as a Swiss
     pairs top half against bottom half, so in round 1 a table of three gets one
     entrant from each third of the rating list;
   * rule-1 repair for free: min-conflicts swaps of equal-score entrants across all
     tables (sideways moves allowed);
   * local search: re-split two tables (or a table and the byes) as well as possible,
     every split of the pooled entrants for tables up to four (it contains every swap
     and every move between tables of 4 and 3, which keeps the set of sizes), exchanges
     of up to two entrants for bigger tables; nearby tables in score order, every
     table for a table that breaks rule 1 (taking the best), until nothing improves;
   * iterated local search: a few random swaps (aimed at tables that break rule 1,
     if any), search again from the touched tables, keep the best; 60 rounds for up to
     20 tables, 40 beyond, five times as many while rule 1 is broken, and a stop as
     soon as the cost meets the lower bound (rule 1 kept, rule 2's byes, consecutive
     rule-3 cost), which proves the seating optimal.

   The tests check the local search alone against the exact optimum on instances of
   12 to 15 entrants and against planted instances of up to 300 entrants whose
   optimum is the lower bound: within 5%, and never a rule-1 violation that brute
   force (small fields) or construction (larger ones) shows avoidable.

**Where the code lives.** :mod:`.seating` holds the table sizes and the integer costs,
:mod:`.local_search` the local search; this module the exact search, the construction
and the entry point (and re-exports what callers import from here).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from .local_search import LocalSearch
from .model import Pairing, Round
from .objective import bye_candidates
from .seating import Seating, TableCost, composition, contiguous_lower_bound, contiguous_plan

__all__ = [
    "EXACT_LIMIT",
    "Seating",
    "composition",
    "contiguous_lower_bound",
    "pair_multi_seat",
]

EXACT_LIMIT = 12
"""Up to this many entrants the seating is found by exact search (a fraction of a second)."""


# --------------------------------------------------------------------------- exact search


def exact_seating(
    seating: Seating, table_cost: TableCost | None = None
) -> tuple[list[list[int]], list[int]]:
    """The optimal seating by dynamic programming over subsets (small ``n`` only)."""
    n = seating.n
    cost_of = table_cost or seating.table_cost
    sizes = sorted(seating.counts)
    limits = tuple(seating.counts[s] for s in sizes)
    full = (1 << n) - 1

    @cache
    def best(mask: int, used: tuple[int, ...], byes_left: int) -> tuple[int, tuple[int, ...]]:
        # mask: entrants still to place; returns (cost, choices) with choices encoded
        # as a tuple of masks (a table, or a single bye as a negative mask).
        if mask == 0:
            return 0, ()
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        result: tuple[int, tuple[int, ...]] | None = None
        if byes_left:
            c, choice = best(rest, used, byes_left - 1)
            c += seating.p2 * seating.bye_cost[low]
            result = (c, (-(1 << low), *choice))
        members = [i for i in range(n) if rest >> i & 1]
        for t, size in enumerate(sizes):
            if used[t] >= limits[t]:
                continue
            nxt = used[:t] + (used[t] + 1,) + used[t + 1 :]
            for others in combinations(members, size - 1):
                table = (low, *others)
                tmask = 0
                for i in table:
                    tmask |= 1 << i
                c, choice = best(mask & ~tmask, nxt, byes_left)
                c += cost_of(table)
                if result is None or c < result[0]:
                    result = (c, (tmask, *choice))
        assert result is not None
        return result

    _, choice = best(full, (0,) * len(sizes), seating.nbyes)
    best.cache_clear()
    tables: list[list[int]] = []
    byes: list[int] = []
    for m in choice:
        if m < 0:
            byes.append((-m).bit_length() - 1)
        else:
            tables.append([i for i in range(n) if m >> i & 1])
    return tables, byes


def initial_seating(seating: Seating) -> tuple[list[list[int]], list[int]]:
    """Byes by rule 2, then bands (round 1) or consecutive tables in score order."""
    n = seating.n
    order = seating.order
    byes = bye_candidates(order)[: seating.nbyes]
    bye_set = set(byes)
    seated = [i for i in range(n) if i not in bye_set]
    sizes = sorted(seating.counts, reverse=True)
    slots = [size for size in sizes for _ in range(seating.counts[size])]
    if not slots:
        return [], sorted(byes)
    scores = [seating.score[i] for i in seated]
    prefix = [0]
    prefix2 = [0]
    for sc in scores:
        prefix.append(prefix[-1] + sc)
        prefix2.append(prefix2[-1] + sc * sc)

    def block(i: int, k: int) -> int:
        s1 = prefix[i + k] - prefix[i]
        return k * (prefix2[i + k] - prefix2[i]) - s1 * s1

    plan = contiguous_plan(sorted(seating.counts), seating.counts, block, len(seated))
    # Consecutive tables give the rule-3 optimum; which entrant of a score group takes
    # which of the group's seats is free, so deal them in bands (the group's t-th
    # entrant to its t-th table, the next ones round again), as a Swiss pairs the top
    # half of a score group against the bottom half, rather than seating neighbours in
    # the rating list together round after round.
    table_of: list[int] = []
    for t, size in enumerate(plan):
        table_of += [t] * size
    tables: list[list[int]] = [[] for _ in plan]
    start = 0
    while start < len(seated):
        end = start
        while end < len(seated) and scores[end] == scores[start]:
            end += 1
        slots = list(range(start, end))
        # Interleave: the first seat of each table, then the second seat of each...
        rank_in_table: list[int] = []
        for pos in slots:
            # A table's seats are consecutive: count this table's seats before pos.
            first = pos
            while first > start and table_of[first - 1] == table_of[pos]:
                first -= 1
            rank_in_table.append(pos - first)
        dealt = sorted(slots, key=lambda q: (rank_in_table[q - start], q))
        for member, slot in zip(seated[start:end], dealt, strict=True):
            tables[table_of[slot]].append(member)
        start = end
    return tables, sorted(byes)


def seat(
    seating: Seating,
    table_cost: TableCost | None = None,
    exact_limit: int = EXACT_LIMIT,
    effort: float = 1.0,
) -> tuple[list[list[int]], list[int]]:
    """Tables (entrant indices) and byes minimising the objective (see the module doc)."""
    if seating.n <= exact_limit:
        return exact_seating(seating, table_cost)
    tables, byes = initial_seating(seating)
    search = LocalSearch(seating, tables, byes, table_cost)
    budget = int(effort * (60 if len(tables) <= 20 else 40))
    bound = -1
    if seating.nbyes <= 1 and len(seating.counts) == 1:
        # Rule 1 kept, the byes rule 2 prefers, and the contiguous seating's rule-3 cost
        # can be bettered by nothing (with one bye, an equally good bye has the same
        # score, so the seated scores, hence the rule-3 bound, are the same). Mixed table
        # sizes have no such bound: the search runs its whole budget.
        seated = sorted((seating.score[i] for t in tables for i in t), reverse=True)
        bound = seating.byes_cost(byes) + contiguous_lower_bound(seated, seating.counts)
    return search.run(seating.rng("local search"), budget, bound)


def order_tables(seating: Seating, tables: list[list[int]]) -> list[list[int]]:
    """Strongest table first (mean score, then best-placed entrant); seats by strength."""
    score = seating.score
    seated = [sorted(t) for t in tables]
    seated.sort(key=lambda t: (-sum(score[i] for i in t) / len(t), t[0]))
    return seated


def pair_multi_seat(round_: Round, exact_limit: int = EXACT_LIMIT, effort: float = 1.0) -> Pairing:
    """Seat ``round_`` at tables of its ``table_sizes`` (see the module docstring)."""
    seating = Seating(round_)
    if seating.n == 0:
        return Pairing(tables=(), byes=())
    tables, byes = seat(seating, exact_limit=exact_limit, effort=effort)
    ordered = order_tables(seating, tables)
    ids = seating.order
    return Pairing(
        tables=tuple(tuple(ids[i].id for i in t) for t in ordered),
        byes=tuple(ids[i].id for i in sorted(byes)),
    )
