"""Local search over a multi-seat seating (see :mod:`.multi_seat` for the strategy).

:class:`LocalSearch` improves a complete seating: rule-1 repair by min-conflicts swaps
of equal-score entrants, descent by re-splitting two tables (or a table and the byes),
and iterated local search (perturb, descend, keep the best) until the budget is spent
or the cost meets a proven lower bound.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from .seating import Seating, TableCost

__all__ = ["LocalSearch"]


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
