"""The costs of seating one round at multi-seat tables, shared by every seating search.

:func:`composition` decides how many tables of each size seat the field (and how many
byes remain); :class:`Seating` turns the round into integers (entrants by index in
strength order, scaled scores, rule-1 conflicts, the weights that make the
lexicographic objective one integer: see :mod:`.multi_seat`); and
:func:`contiguous_lower_bound` / :func:`contiguous_plan` cut the sorted field into
consecutive tables, the rule-3 optimum the searches start from and stop at.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from functools import cache
from itertools import product

from .model import Entrant, Round
from .objective import score_scale

__all__ = [
    "Seating",
    "TableCost",
    "composition",
    "contiguous_lower_bound",
    "contiguous_plan",
]

TableCost = Callable[[Sequence[int]], int]
"""The cost of one table (entrant indices): rule 1 and rule 3 as one integer."""


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
    for size in contiguous_plan(sizes, counts, block, n):
        total += block(pos, size)
        pos += size
    return total


def contiguous_plan(
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
