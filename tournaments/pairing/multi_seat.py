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
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import combinations, product

from .model import Entrant, Pairing, Round
from .objective import bye_candidates, score_scale

__all__ = [
    "EXACT_LIMIT",
    "Seating",
    "composition",
    "contiguous_lower_bound",
    "pair_multi_seat",
]

EXACT_LIMIT = 12
"""Up to this many entrants the seating is found by exact search (a fraction of a second)."""

TableCost = Callable[[Sequence[int]], int]


def composition(n: int, sizes: Sequence[int]) -> tuple[dict[int, int], int]:
    """How many tables of each size seat ``n`` entrants, and how many byes remain.

    Fewest byes first, then the most tables of the first size, then of the second...
    """

    @cache
    def fill(target: int, first: int) -> tuple[int, ...] | None:
        # Lexicographically largest counts of sizes[first:] that sum to target.
        if first == len(sizes):
            return () if target == 0 else None
        size = sizes[first]
        for count in range(target // size, -1, -1):
            rest = fill(target - count * size, first + 1)
            if rest is not None:
                return (count, *rest)
        return None

    for byes in range(n + 1):
        counts = fill(n - byes, 0)
        if counts is not None:
            return {s: c for s, c in zip(sizes, counts, strict=True) if c}, byes
    raise AssertionError("unreachable: zero entrants always fit")  # pragma: no cover


class Seating:
    """Integer costs of one round for the multi-seat and movement searches."""

    def __init__(self, round_: Round) -> None:
        self.round = round_
        self.order: list[Entrant] = round_.order()
        n = len(self.order)
        self.n = n
        index = {e.id: i for i, e in enumerate(self.order)}
        self.index = index
        scale = score_scale(round_)
        self.score = [int(e.score * scale) for e in self.order]
        self.conflicts: list[set[int]] = [set() for _ in range(n)]
        for i, e in enumerate(self.order):
            for other in e.met:
                j = index[other]
                self.conflicts[i].add(j)
                self.conflicts[j].add(i)
        for pair in round_.forbidden:
            a, b = (index[x] for x in pair)
            self.conflicts[a].add(b)
            self.conflicts[b].add(a)
        self.counts, self.nbyes = composition(n, round_.table_sizes)
        low = min(self.score, default=0)
        spread = max(self.score, default=0) - low
        kmax = max(round_.table_sizes)
        self.score3_max = n * kmax * spread * spread + 1
        self.w = self.nbyes * spread + 1
        self.bye_cost = [e.byes * self.w + (self.score[i] - low) for i, e in enumerate(self.order)]
        bye_max = self.nbyes * (max((e.byes for e in self.order), default=0) * self.w + spread)
        self.p2 = self.score3_max + 1
        self.p1 = self.p2 * (bye_max + 1) + self.score3_max + 1

    def table_cost(self, table: Sequence[int]) -> int:
        """Rule 1 and rule 3 of one table as one integer."""
        score, conflicts, p1 = self.score, self.conflicts, self.p1
        total = 0
        for k, a in enumerate(table):
            sa, ca = score[a], conflicts[a]
            for b in table[k + 1 :]:
                d = sa - score[b]
                total += d * d
                if b in ca:
                    total += p1
        return total

    def byes_cost(self, byes: Sequence[int]) -> int:
        return self.p2 * sum(self.bye_cost[i] for i in byes)

    def rng(self, purpose: str) -> random.Random:
        digest = hashlib.sha256(f"{self.round.seed}\x1f{purpose}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))


def contiguous_lower_bound(scores: Sequence[int], counts: dict[int, int]) -> int:
    """Least rule-3 cost of seating ``scores`` (sorted) in consecutive tables of ``counts``.

    With tables of one size, ignoring rule 1, this is the optimum for the given seated
    entrants, hence a lower bound on any seating of them: the cost of a table of ``k``
    is ``k * sum(a^2) - (sum a)^2``, so with one ``k`` the least total maximises the
    sum of squared table sums, and consecutive tables' sums majorise any others'. With
    mixed sizes it is not a bound (scores 5 3 3 3 3 3 1 at a table of five and one of
    two: consecutive costs 20, the fives' middle with 5 and 1 apart costs 16), so it
    refuses them.
    """
    if len(counts) > 1:
        raise ValueError("the consecutive seating bounds rule 3 only for tables of one size")
    sizes = sorted(counts)
    n = len(scores)
    prefix = [0]
    prefix2 = [0]
    for s in scores:
        prefix.append(prefix[-1] + s)
        prefix2.append(prefix2[-1] + s * s)

    def block(i: int, k: int) -> int:
        # sum over pairs (a-b)^2 = k * sum a^2 - (sum a)^2
        s1 = prefix[i + k] - prefix[i]
        s2 = prefix2[i + k] - prefix2[i]
        return k * s2 - s1 * s1

    if n == 0:
        return 0
    total = 0
    pos = 0
    for size in _contiguous_plan(sizes, counts, block, n):
        total += block(pos, size)
        pos += size
    return total


def _contiguous_plan(
    sizes: list[int], counts: dict[int, int], block: Callable[[int, int], int], n: int
) -> list[int]:
    """Table sizes in order along the sorted list, minimising the contiguous cost."""
    limits = [counts[s] for s in sizes]
    states = sorted(
        product(*(range(limit + 1) for limit in limits)),
        key=lambda u: sum(a * s for a, s in zip(u, sizes, strict=True)),
    )
    best: dict[tuple[int, ...], tuple[int, tuple[int, ...] | None, int]] = {states[0]: (0, None, 0)}
    for state in states:
        if state not in best:
            continue
        cost = best[state][0]
        pos = sum(a * s for a, s in zip(state, sizes, strict=True))
        for t, size in enumerate(sizes):
            if state[t] < limits[t]:
                nxt = state[:t] + (state[t] + 1,) + state[t + 1 :]
                c = cost + block(pos, size)
                if nxt not in best or c < best[nxt][0]:
                    best[nxt] = (c, state, size)
    plan: list[int] = []
    back: tuple[int, ...] | None = tuple(limits)
    while back is not None:
        _, prev, size = best[back]
        if prev is not None:
            plan.append(size)
        back = prev
    plan.reverse()
    return plan


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


# --------------------------------------------------------------------------- local search


class LocalSearch:
    """Local search over a seating: re-split two tables (or a table and the byes).

    The move takes two tables (or a table and the set of byes), pools their entrants
    and tries every way to split the pool back into the two sizes (at most 70 ways for
    two tables of four; both ways round when the sizes differ, which moves an entrant
    between tables of 4 and 3 while keeping the set of sizes). This contains every
    swap and move of one entrant, and swaps of two.
    """

    def __init__(
        self,
        seating: Seating,
        tables: list[list[int]],
        byes: list[int],
        table_cost: TableCost | None = None,
        window: int = 3,
    ) -> None:
        self.s = seating
        raw_cost = table_cost or seating.table_cost
        memo: dict[tuple[int, ...], int] = {}

        def cost_of(table: Sequence[int]) -> int:
            # Table costs do not depend on the order within the table; searches keep
            # coming back to the same tables, so remember them.
            key = tuple(sorted(table))
            cost = memo.get(key)
            if cost is None:
                cost = memo[key] = raw_cost(key)
            return cost

        self.cost_of: TableCost = cost_of
        self.tables = [list(t) for t in tables]
        self.byes = list(byes)
        self.window = window
        self.sizes = set(seating.round.table_sizes)
        self.costs = [self.cost_of(t) for t in self.tables]
        self.total = sum(self.costs) + seating.byes_cost(self.byes)

    def _best_split(self, ta: int, tb: int) -> tuple[int, list[int], list[int], int, int] | None:
        """The best split of tables ta and tb (tb == -1: the byes), if it improves.

        Returns ``(gain, new_a, new_b, cost_a, cost_b)`` with ``gain > 0``, or None.
        """
        a_tab = self.tables[ta]
        sizes = [len(a_tab)]
        if tb == -1:
            b_tab = self.byes
            current = self.costs[ta] + self.s.byes_cost(b_tab)
        else:
            b_tab = self.tables[tb]
            current = self.costs[ta] + self.costs[tb]
            if abs(len(b_tab) - len(a_tab)) == 1:
                sizes.append(len(b_tab))
        pool = a_tab + b_tab
        indices = range(len(pool))
        best = current
        found: tuple[int, list[int], list[int], int, int] | None = None
        cost_of = self.cost_of
        byes_cost = self.s.byes_cost
        for size in sizes:
            for combo in _splits(len(a_tab), len(pool), size):
                new_a = [pool[i] for i in combo]
                ca = cost_of(new_a)
                if ca >= best:
                    continue
                new_b = [pool[i] for i in indices if i not in combo]
                cb = byes_cost(new_b) if tb == -1 else cost_of(new_b)
                if ca + cb < best:
                    best = ca + cb
                    found = (current - best, new_a, new_b, ca, cb)
        return found

    def _apply(self, ta: int, tb: int, split: tuple[int, list[int], list[int], int, int]) -> None:
        gain, new_a, new_b, ca, cb = split
        self.tables[ta] = new_a
        self.costs[ta] = ca
        if tb == -1:
            self.byes = new_b
        else:
            self.tables[tb] = new_b
            self.costs[tb] = cb
        self.total -= gain

    def descend(self, work: set[int] | None = None) -> None:
        """Re-split table pairs until no pair improves.

        A table is paired with the next ``window`` tables either side in score order
        and with the byes; a table that breaks rule 1 with every table, taking the best.
        ``work`` limits the first pass to some tables (after a perturbation).
        """
        ntab = len(self.tables)
        p1 = self.s.p1
        small = ntab <= 2 * self.window + 1
        todo = set(range(ntab)) if work is None else set(work)
        while todo:
            ta = min(todo)
            todo.discard(ta)
            partners: list[int]
            if small or self.costs[ta] >= p1:
                partners = [t for t in range(ntab) if t != ta]
            else:
                lo, hi = max(0, ta - self.window), min(ntab, ta + self.window + 1)
                partners = [t for t in range(lo, hi) if t != ta]
            if self.byes:
                partners.append(-1)
            if self.costs[ta] >= p1:
                # Rule 1 is broken here: take the best re-split over all tables.
                best: tuple[int, tuple[int, list[int], list[int], int, int]] | None = None
                for tb in partners:
                    split = self._best_split(ta, tb)
                    if split is not None and (best is None or split[0] > best[1][0]):
                        best = (tb, split)
                if best is not None:
                    self._apply(ta, best[0], best[1])
                    todo.add(ta)
                    if best[0] != -1:
                        todo.add(best[0])
                continue
            for tb in partners:
                split = self._best_split(ta, tb)
                if split is not None:
                    self._apply(ta, tb, split)
                    todo.add(ta)
                    if tb != -1:
                        todo.add(tb)
                    break

    def repair(self, rng: random.Random, sweeps: int) -> None:
        """Min-conflicts on rule 1 with swaps of equal-score entrants (free under rule 3).

        Each entrant at a table with a rule-1 violation is swapped with the equal-score
        entrant, at any table, that removes the most violations (sideways moves allowed,
        so the search can walk across plateaus).
        """
        score = self.s.score
        conflicts = self.s.conflicts
        where: dict[int, int] = {}
        for t, table in enumerate(self.tables):
            for x in table:
                where[x] = t
        group: dict[int, list[int]] = {}
        for x in sorted(where):
            group.setdefault(score[x], []).append(x)

        def clashes(x: int, table: Sequence[int], skip: int) -> int:
            cx = conflicts[x]
            return sum(1 for y in table if y != x and y != skip and y in cx)

        for _ in range(sweeps):
            bad = [
                x
                for t, table in enumerate(self.tables)
                if self.costs[t] >= self.s.p1
                for x in table
                if clashes(x, table, -1)
            ]
            if not bad:
                return
            rng.shuffle(bad)
            for u in bad:
                ta = where[u]
                a_tab = self.tables[ta]
                before_u = clashes(u, a_tab, -1)
                if not before_u:
                    continue
                best_delta = 1
                best: list[int] = []
                for v in group[score[u]]:
                    tb = where[v]
                    if tb == ta:
                        continue
                    b_tab = self.tables[tb]
                    delta = (
                        clashes(v, a_tab, u)
                        + clashes(u, b_tab, v)
                        - before_u
                        - clashes(v, b_tab, -1)
                    )
                    if delta < best_delta:
                        best_delta, best = delta, [v]
                    elif delta == best_delta:
                        best.append(v)
                if not best or best_delta > 0:
                    continue
                v = best[rng.randrange(len(best))]
                tb = where[v]
                b_tab = self.tables[tb]
                a_tab[a_tab.index(u)] = v
                b_tab[b_tab.index(v)] = u
                where[u], where[v] = tb, ta
                for t in (ta, tb):
                    old = self.costs[t]
                    self.costs[t] = self.cost_of(self.tables[t])
                    self.total += self.costs[t] - old

    def perturb(self, rng: random.Random, strength: int) -> set[int]:
        """Swap a few random entrants between nearby tables (or with the byes)."""
        ntab = len(self.tables)
        touched: set[int] = set()
        small = ntab <= 2 * self.window + 1
        broken = [t for t in range(ntab) if self.costs[t] >= self.s.p1]
        for _ in range(strength):
            ta = rng.randrange(ntab)
            if broken and rng.random() < 0.5:
                # Rule 1 is broken: shake a table that breaks it, with any table.
                ta = broken[rng.randrange(len(broken))]
                tb = rng.randrange(ntab)
            elif self.byes and rng.random() < 0.2:
                tb = -1
            elif small:
                tb = rng.randrange(ntab)
            else:
                tb = min(ntab - 1, max(0, ta + rng.choice((-2, -1, 1, 2))))
            if ta == tb:
                continue
            other = self.byes if tb == -1 else self.tables[tb]
            ia = rng.randrange(len(self.tables[ta]))
            ib = rng.randrange(len(other))
            self.tables[ta][ia], other[ib] = other[ib], self.tables[ta][ia]
            self.costs[ta] = self.cost_of(self.tables[ta])
            touched.add(ta)
            if tb != -1:
                self.costs[tb] = self.cost_of(self.tables[tb])
                touched.add(tb)
        self.total = sum(self.costs) + self.s.byes_cost(self.byes)
        return touched

    def snapshot(self) -> tuple[int, list[list[int]], list[int]]:
        return self.total, [list(t) for t in self.tables], list(self.byes)

    def restore(self, state: tuple[int, list[list[int]], list[int]]) -> None:
        self.total = state[0]
        self.tables = [list(t) for t in state[1]]
        self.byes = list(state[2])
        self.costs = [self.cost_of(t) for t in self.tables]

    def run(
        self, rng: random.Random, rounds: int, lower_bound: int = -1
    ) -> tuple[list[list[int]], list[int]]:
        """Repair rule 1 for free, descend, then iterate: perturb, descend, keep the best.

        Stops early when the cost reaches ``lower_bound`` (then it is optimal).
        """
        self.repair(rng, sweeps=20)
        self.descend()
        best = self.snapshot()
        current = best
        if len(self.tables) < 2:
            return best[1], best[2]
        # While rule 1 is still broken, search five times longer before giving up.
        limit = rounds
        done = 0
        while done < limit and best[0] > lower_bound:
            done += 1
            if best[0] >= self.s.p1:
                limit = 5 * rounds
            touched = self.perturb(rng, strength=2 + rng.randrange(3))
            self.descend(touched)
            if self.total <= current[0]:
                current = self.snapshot()
                if self.total < best[0]:
                    best = current
            else:
                self.restore(current)
        return best[1], best[2]


def _splits(kept: int, pooled: int, size: int) -> Iterator[tuple[int, ...]]:
    """Index sets of size ``size`` out of a pool whose first ``kept`` are table A's.

    Every split while the pool is small (at most 70, for two tables of four); beyond
    that the splits that exchange at most two entrants between the tables (at most
    one beyond ten: two tables of six cost 36 evaluations, not 924).
    """
    if pooled <= 8:
        yield from combinations(range(pooled), size)
        return
    a_side = range(kept)
    b_side = range(kept, pooled)
    for drop in range(3 if pooled <= 10 else 2):
        take = size - kept + drop
        if take < 0 or take > len(b_side) or drop > kept:
            continue
        for out in combinations(a_side, drop):
            stay = tuple(i for i in a_side if i not in out)
            for into in combinations(b_side, take):
                yield stay + into


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

    plan = _contiguous_plan(sorted(seating.counts), seating.counts, block, len(seated))
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
