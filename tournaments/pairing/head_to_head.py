"""Head-to-head Swiss pairing (two sides per table), exactly optimal.

The objective (see :mod:`.objective`) is lexicographic: rule 1 (fewest pairs who met
before or are forbidden), rule 2 (the bye, when the number of entrants is odd, to the
entrant with the fewest byes and, among those, the lowest score), rule 3 (least sum of
squared score differences). It is solved *exactly* as one minimum-cost perfect matching
(:mod:`.matching`, Edmonds' blossom algorithm):

* each entrant is a vertex; with an odd number of entrants a ``bye`` vertex is added;
* scores are scaled to integers (``s * L`` with ``L`` the least common denominator, so
  half points and any decimal scores are exact) and an edge costs
  ``P1 * [met before or forbidden] + (s_u - s_v)**2``; the bye edge of ``u`` costs
  ``P2 * rank(u)``, ``rank`` being the dense rank of ``(byes, score)`` (0 = fewest byes,
  lowest score). ``P2`` exceeds any possible total of squared differences and ``P1``
  any possible total of the rest, so the matching's cost orders pairings exactly as
  the lexicographic objective does (Python integers: no overflow, no rounding). Because
  the bye is a vertex like the others, rule 1 can move the bye when that avoids a
  rematch, and rule 2 decides it otherwise.

**Sparse graph, and why it is still exact.** Let entrants be sorted by score and let
``C_v`` be the number of active entrants ``v`` may not meet (previous opponents and
forbidden partners). Then *some optimal matching uses only pairs ``(a, b)`` whose
positions in that order satisfy* ``b - a <= 2 (C_a + C_b) + 2``. Proof: among the
optimal matchings take one with the least total span ``sum |b - a|`` and suppose it pairs
``a < b`` with ``m = b - a - 1 >= 2 (C_a + C_b) + 2`` entrants in between. Except for the
one the bye may take, each of those lies in a *candidate*: an inner pair ``x < q`` (both
in between; re-pair as ``(a, x), (q, b)``), or an inner ``x`` whose partner ``p`` lies
above ``a`` (re-pair ``(p, a), (x, b)``) or below ``b`` (re-pair ``(a, x), (b, p)``). With
scores ``s_a >= ... >= s_b`` each re-pairing does not increase the sum of squared
differences (for ``a <= x <= q <= b``: ``(s_a-s_x)^2 + (s_q-s_b)^2 <= (s_a-s_b)^2 +
(s_x-s_q)^2``, and likewise for the crossing cases), leaves the bye alone, and strictly
decreases the total span. There are at least ``(m - 1) / 2 > C_a + C_b`` candidates, and
each entrant ``a`` or ``b`` may not meet blocks at most one of them (the candidate whose
re-pairing would seat them together), so some re-pairing adds no rule-1 violation: the
result is at least as good on every rule and has a smaller span, a contradiction.
So the graph of those pairs, plus every bye edge, contains an optimal matching of the
complete graph, and the blossom algorithm's optimum on it is optimal outright. In a
Swiss round ``r`` ``C_v <= r - 1`` (plus forbidden pairs), so each entrant has a few dozen
candidate opponents at most and 1,000 or 5,000 entrants pair in well under a second or a
few seconds.

**Ties.** Many pairings are usually optimal. The solver starts from the classic Swiss
shape: entrants are ordered by score, rating, then a hash of ``(seed, id)``, and each
score group of ``g`` entrants is split in halves, its ``i``-th entrant meeting its
``i + g // 2``-th (top half against bottom half; in round 1, when all scores are equal,
that is exactly seeding by rating). Those pairs that are not rematches form the warm
start; the blossom algorithm changes it only along augmenting paths from the entrants it
left unpaired, as far as the rules require. Everything is a function of the input, so
the same input always gives the same output, byte for byte.
"""

from __future__ import annotations

from itertools import groupby

from .matching import min_cost_perfect_matching
from .model import Entrant, Pairing, Round
from .objective import score_scale

__all__ = ["candidate_window", "pair_head_to_head"]


def candidate_window(conflicts_a: int, conflicts_b: int) -> int:
    """The largest position gap at which a pair can still be needed (see the module doc)."""
    return 2 * (conflicts_a + conflicts_b) + 2


def pair_head_to_head(round_: Round) -> Pairing:
    """The optimal head-to-head pairing of ``round_`` (tables of two)."""
    order = round_.order()
    n = len(order)
    if n == 0:
        return Pairing(tables=(), byes=())
    if n == 1:
        return Pairing(tables=(), byes=(order[0].id,))
    index = {e.id: i for i, e in enumerate(order)}
    scale = score_scale(round_)
    score = [int(e.score * scale) for e in order]

    conflicts: list[set[int]] = [set() for _ in range(n)]
    for i, e in enumerate(order):
        for other in e.met:
            j = index[other]
            conflicts[i].add(j)
            conflicts[j].add(i)
    for pair in round_.forbidden:
        a, b = (index[x] for x in pair)
        conflicts[a].add(b)
        conflicts[b].add(a)
    degree = [len(c) for c in conflicts]

    # Lexicographic weights (see the module docstring).
    spread = (max(score) - min(score)) ** 2
    level3_max = (n // 2 + 1) * spread
    bye_rank = _bye_ranks(order, score)
    p2 = level3_max + 1
    p1 = p2 * (max(bye_rank) + 1) + level3_max + 1

    def cost(a: int, b: int) -> int:
        d = score[a] - score[b]
        return d * d + (p1 if b in conflicts[a] else 0)

    edges: list[tuple[int, int, int]] = []
    seen: set[tuple[int, int]] = set()
    max_degree = max(degree)
    for a in range(n):
        reach = min(n - 1, a + candidate_window(degree[a], max_degree))
        for b in range(a + 1, reach + 1):
            if b - a <= candidate_window(degree[a], degree[b]):
                seen.add((a, b))
                edges.append((a, b, cost(a, b)))

    initial: list[tuple[int, int]] = []
    start = 0
    for _, members in groupby(range(n), key=lambda i: score[i]):
        size = len(list(members))
        initial.extend(_group_start(range(start, start + size), conflicts))
        start += size
    for a, b in initial:
        if (a, b) not in seen:
            seen.add((a, b))
            edges.append((a, b, 0))

    nvertex = n
    if n % 2:
        bye = n
        nvertex = n + 1
        edges.extend((a, bye, p2 * bye_rank[a]) for a in range(n))

    mate = min_cost_perfect_matching(nvertex, edges, initial)

    tables: list[tuple[int, int]] = []
    byes: list[str] = []
    for a in range(n):
        b = mate[a]
        if b == n:
            byes.append(order[a].id)
        elif a < b:
            tables.append((a, b))
    tables.sort(key=lambda t: (-max(score[t[0]], score[t[1]]), -(score[t[0]] + score[t[1]]), t))
    return Pairing(
        tables=tuple((order[a].id, order[b].id) for a, b in tables),
        byes=tuple(byes),
    )


def _bye_ranks(order: list[Entrant], score: list[int]) -> list[int]:
    """Dense rank of (byes so far, score): 0 for whom rule 2 prefers to get the bye."""
    keys = sorted({(e.byes, score[i]) for i, e in enumerate(order)})
    rank = {k: r for r, k in enumerate(keys)}
    return [rank[(e.byes, score[i])] for i, e in enumerate(order)]


def _group_start(group: range, conflicts: list[set[int]]) -> list[tuple[int, int]]:
    """The warm start of one score group: top half against bottom half, repaired.

    The ``i``-th entrant meets the ``i + g // 2``-th; pairs that would be rematches are
    dropped, and their entrants are paired among themselves or, failing that, by
    exchanging partners with a pair of the group (``u``-``x`` and ``v``-``y`` for a pair
    ``x``-``y``), so the solver is left with few unpaired entrants (ideally the group's
    odd one out). Every pair is within the group, so it costs nothing under rule 3.
    """
    size = len(group)
    half = size // 2
    pairs: list[tuple[int, int]] = []
    free: list[int] = []
    for offset in range(half):
        a, b = group[offset], group[offset + half]
        if b in conflicts[a]:
            free += [a, b]
        else:
            pairs.append((a, b))
    if size % 2:
        free.append(group[-1])
    free.sort()
    left: list[int] = []
    while free:
        u = free.pop(0)
        for k, v in enumerate(free):
            if v not in conflicts[u]:
                pairs.append((min(u, v), max(u, v)))
                del free[k]
                break
        else:
            left.append(u)
    # Two entrants that may not meet: exchange partners with a pair of the group. Who
    # is still unpaired after that is left to the solver.
    while len(left) >= 2:
        u = left.pop(0)
        for k, v in enumerate(left):
            if _exchange(u, v, pairs, conflicts):
                del left[k]
                break
    return pairs


def _exchange(u: int, v: int, pairs: list[tuple[int, int]], conflicts: list[set[int]]) -> bool:
    """Replace a pair x-y by u-x and v-y (or u-y and v-x) if neither has met; True if done."""
    for k, (x, y) in enumerate(pairs):
        for p, q in ((x, y), (y, x)):
            if p not in conflicts[u] and q not in conflicts[v]:
                pairs[k] = (min(u, p), max(u, p))
                pairs.append((min(v, q), max(v, q)))
                return True
    return False
