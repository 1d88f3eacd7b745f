"""The pairing objective, one definition shared by every pairing method and the tests.

A pairing is judged by a vector compared lexicographically (smaller is better):

1. ``repeats`` (rule 1): how many pairs of entrants at one table have shared a table
   before (either one's ``opponents``/``partners`` names the other) or are a forbidden
   pair. In a movement this is two numbers, compared in order: first the repeated
   partnerships (two entrants partnered now who were partners before) plus forbidden
   pairs at one table, then every other pair at one table who shared a table before
   (previous opponents or partners, now opponents, or previous opponents now partners).
2. the byes (rule 2): their number, then the byes the recipients had already had
   (fewest first), then the recipients' scores (lowest first).
3. ``score_cost`` (rule 3): the sum over tables of the squared score difference of
   every two entrants at the table.

:func:`evaluate` computes the vector of a finished pairing; the solvers use the same
quantities on integer-scaled scores (:func:`score_scale`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from .model import Entrant, Pairing, Round

__all__ = [
    "Objective",
    "bye_candidates",
    "evaluate",
    "movement_repeats",
    "score_cost",
    "score_scale",
]


@dataclass(frozen=True, order=True)
class Objective:
    """The lexicographic objective of a pairing (compare with ``<``; smaller is better)."""

    repeats: tuple[int, ...]
    byes: int
    bye_byes: int
    bye_scores: Fraction
    score_cost: Fraction


def score_scale(round_: Round) -> int:
    """The least integer that makes every score an integer (2 for half points)."""
    scale = 1
    for entrant in round_.entrants:
        scale = math.lcm(scale, entrant.score.denominator)
    return scale


def bye_candidates(order: Sequence[Entrant]) -> list[int]:
    """Positions in ``order`` (strongest first) in the order rule 2 hands out byes.

    Fewest byes so far first, then the lowest score, then the lowest placed in ``order``.
    """
    return sorted(range(len(order)), key=lambda i: (order[i].byes, order[i].score, -i))


def score_cost(round_: Round, table: Sequence[str]) -> Fraction:
    """Rule 3 for one table: the squared score differences of every two entrants."""
    scores = [round_.by_id[x].score for x in table]
    return sum(((a - b) ** 2 for a, b in combinations(scores, 2)), Fraction(0))


def movement_repeats(round_: Round, seats: Sequence[str]) -> tuple[int, int]:
    """Rule 1 in a movement for one table in seat order: (repeated partners, others)."""
    partner_pairs = {frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))}
    first = second = 0
    for a, b in combinations(seats, 2):
        pair = frozenset((a, b))
        ea, eb = round_.by_id[a], round_.by_id[b]
        partnered_before = b in ea.partners or a in eb.partners
        if pair in round_.forbidden or (pair in partner_pairs and partnered_before):
            first += 1
        elif b in ea.met or a in eb.met:
            second += 1
    return first, second


def evaluate(round_: Round, pairing: Pairing) -> Objective:
    """The objective vector of ``pairing``; raises ValueError if it is not a valid pairing."""
    seen: list[str] = [x for table in pairing.tables for x in table] + list(pairing.byes)
    if sorted(seen) != sorted(e.id for e in round_.active):
        raise ValueError("the pairing does not seat every entrant exactly once")
    for table in pairing.tables:
        if len(table) not in round_.table_sizes:
            raise ValueError(f"a table of {len(table)} is not an allowed size")
    if round_.movement:
        first = second = 0
        for table in pairing.tables:
            f, s = movement_repeats(round_, table)
            first += f
            second += s
        repeats: tuple[int, ...] = (first, second)
    else:
        repeats = (
            sum(
                1
                for table in pairing.tables
                for a, b in combinations(table, 2)
                if round_.conflict(a, b)
            ),
        )
    return Objective(
        repeats=repeats,
        byes=len(pairing.byes),
        bye_byes=sum(round_.by_id[x].byes for x in pairing.byes),
        bye_scores=sum((round_.by_id[x].score for x in pairing.byes), Fraction(0)),
        score_cost=sum((score_cost(round_, t) for t in pairing.tables), Fraction(0)),
    )
