"""Individual partnership movement (a progressive whist drive): tables of four.

Individuals sit at tables of four; seats 0 and 2 are partners against seats 1 and 3,
and partners change every round. The objective is that of :mod:`.objective` for a
movement: first no repeated partnership (and no forbidden pair at a table), then no one
at a table whom one has already met (as opponent or partner), then the byes (rule 2),
then score closeness (rule 3: squared differences of all six pairs at a table).

The seating is the multi-seat search of :mod:`.multi_seat` with a table cost that seats
each four in the best of their three possible partnerships (``ab|cd``, ``ac|bd``,
``ad|bc``); rule 3 does not depend on who partners whom. Among equally good
partnerships the most balanced one is taken (the strongest with the weakest, by the
order score, rating, seeded tie-break), which in round 1 — when bands deal a table one
entrant from each quarter of the rating list — partners the 1st quarter with the 4th
and the 2nd with the 3rd.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Pairing, Round
from .multi_seat import order_tables, seat
from .seating import Seating

__all__ = ["pair_movement"]

# The three partnerships of a table (a, b, c, d) as seat orders: seats 0&2, 1&3.
_ARRANGEMENTS = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))


class MovementSeating(Seating):
    """Integer costs for a movement: repeated partners above every other rule."""

    def __init__(self, round_: Round) -> None:
        super().__init__(round_)
        index = self.index
        n = self.n
        self.partners: list[set[int]] = [set() for _ in range(n)]
        self.met: list[set[int]] = [set() for _ in range(n)]
        self.forbidden: list[set[int]] = [set() for _ in range(n)]
        for i, e in enumerate(self.order):
            for other in e.partners:
                j = index[other]
                self.partners[i].add(j)
                self.partners[j].add(i)
            for other in e.met:
                j = index[other]
                self.met[i].add(j)
                self.met[j].add(i)
        for pair in round_.forbidden:
            a, b = (index[x] for x in pair)
            self.forbidden[a].add(b)
            self.forbidden[b].add(a)
        # self.p1 (from Seating) weighs one "met before" pair; a repeated partnership
        # or a forbidden pair outweighs every such pair there could be.
        self.p1_partner = self.p1 * (6 * n + 1)

    def arrangement(self, table: Sequence[int]) -> tuple[int, tuple[int, int, int, int]]:
        """The best seat order of four entrants and its rule-1 cost."""
        best: tuple[tuple[int, int], tuple[int, int, int, int]] | None = None
        for seats in _ARRANGEMENTS:
            a, b, c, d = (table[k] for k in seats)
            cost = self._repeats(a, b, c, d)
            balance = (a + c - b - d) ** 2
            key = (cost, balance)
            if best is None or key < best[0]:
                best = (key, (a, b, c, d))
        assert best is not None
        return best[0][0], best[1]

    def _repeats(self, a: int, b: int, c: int, d: int) -> int:
        cost = 0
        partners = {(a, c), (c, a), (b, d), (d, b)}
        seats = (a, b, c, d)
        for k, x in enumerate(seats):
            for y in seats[k + 1 :]:
                if y in self.forbidden[x] or ((x, y) in partners and y in self.partners[x]):
                    cost += self.p1_partner
                elif y in self.met[x]:
                    cost += self.p1
        return cost

    def movement_cost(self, table: Sequence[int]) -> int:
        score = self.score
        spread = 0
        for k, a in enumerate(table):
            for b in table[k + 1 :]:
                d = score[a] - score[b]
                spread += d * d
        return spread + self.arrangement(sorted(table))[0]


def pair_movement(round_: Round, exact_limit: int | None = None) -> Pairing:
    """Seat a movement round (tables of four in seat order; see the module docstring)."""
    seating = MovementSeating(round_)
    if seating.n == 0:
        return Pairing(tables=(), byes=())
    kwargs = {} if exact_limit is None else {"exact_limit": exact_limit}
    tables, byes = seat(seating, seating.movement_cost, **kwargs)
    ids = seating.order
    seated = []
    for table in order_tables(seating, tables):
        _, (a, b, c, d) = seating.arrangement(sorted(table))
        # The strongest at seat 0, the stronger of the other pair at seat 1.
        if min(b, d) < min(a, c):
            a, b, c, d = b, a, d, c
        a, c = min(a, c), max(a, c)
        b, d = min(b, d), max(b, d)
        seated.append((ids[a].id, ids[b].id, ids[c].id, ids[d].id))
    return Pairing(tables=tuple(seated), byes=tuple(ids[i].id for i in sorted(byes)))
