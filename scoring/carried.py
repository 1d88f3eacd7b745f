"""Standings carried forward round by round (pure Python; no Django).

:class:`Carried` keeps, for every entrant, the totals the standings need (points,
progressive score, opponents met, match points, game scores, outcomes, places ...).
Each round's records are added once (:meth:`Carried.add`) and the totals carried to the
next round, so the standings after every round of a tournament cost one pass over each
round, not a pass over rounds 1..r for each r. The tiebreaks of a round
(:meth:`Carried.ranking`) are then computed from that round's totals: those that depend
on the opponents' scores (Buchholz, Sonneborn-Berger, opponents' match-win) read each
opponent's current total, once per opponent met; ``direct_encounter`` reads the games of
each tied group. The definitions are those of :mod:`scoring.tiebreaks`.

**Exact arithmetic on integers.** Every column (points, each tiebreak) is an integer
numerator per entrant over one denominator for the whole field: points, game scores
and margins are carried as integers over the least common denominator of the values
added so far (when a new value needs a larger one, every total is rescaled: a handful
of times in a tournament at most); the MTG percentages use ``3 × lcm(1..rounds)``.
Sorting compares those integers; a :class:`~fractions.Fraction` is made only once per
distinct value of a column, for the rows (:func:`column_values`), and the stored rows
need none (:func:`exact_json`).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from .tiebreaks import GROUP_TIEBREAKS, PLAYED_KINDS, UNPLAYED_KINDS, Record, lot_number

__all__ = ["Carried", "Column", "Totals", "column_values", "exact_json"]

Column = tuple[dict[str, int], int]
"""A column of the standings: each entrant's numerator, and the common denominator."""
T = TypeVar("T")

_COUNTED = ("win", "draw", "loss", "bye", "forfeit_win", "forfeit_loss", "absent")
_UNPLAYED_SHARE2 = {"bye": 2, "forfeit_win": 2, "forfeit_loss": 0, "absent": 0}
_BUCHHOLZ = frozenset({"buchholz", "buchholz_cut1", "buchholz_median", "sonneborn_berger"})
_MATCH_POINTS = {"win": 3, "draw": 1, "loss": 0, "bye": 3, "forfeit_win": 3, "forfeit_loss": 0}


class Totals:
    """One entrant's totals after the rounds added so far (scaled as :class:`Carried`
    says: ``points`` and ``progressive`` over ``Carried.point_scale`` ...)."""

    __slots__ = (
        "points",
        "progressive",
        "opponents",
        "virtual",
        "sb_opponents",
        "sb_virtual2",
        "match_points",
        "played",
        "game_count",
        "game_match_points",
        "game_score",
        "margin",
        "counts",
        "places",
        "games",
    )

    def __init__(self) -> None:
        self.points = 0
        self.progressive = 0
        self.opponents: list[str] = []
        """Every opponent of every game, once per game."""
        self.virtual = 0
        """Virtual opponents of the unplayed rounds (each scores one's own score)."""
        self.sb_opponents: list[str] = []
        """Sonneborn-Berger: each opponent twice when beaten, once when tied."""
        self.sb_virtual2 = 0
        self.match_points = 0
        self.played = 0
        self.game_count = 0
        self.game_match_points = 0
        self.game_score = 0
        self.margin = 0
        self.counts = dict.fromkeys(_COUNTED, 0)
        self.places: list[int] = []
        self.games: list[tuple[tuple[str, ...], int]] = []
        """Each game's opponents and points (over the point scale): direct encounter."""


class Carried:
    """The field's totals, one round added at a time."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rounds = 0
        self.totals: dict[str, Totals] = {}
        self.point_scale = 1
        self.game_scale = 1
        self.margin_scale = 1
        self._lots: dict[str, tuple[int, bytes]] = {}

    def add(
        self, records: Mapping[str, Record], backfill: Mapping[str, Sequence[Record]] = {}
    ) -> None:
        """Add one round: ``records`` has every entrant's record of it; ``backfill`` the
        records of the earlier rounds of entrants seen for the first time."""
        for entrant, earlier in backfill.items():
            totals = self.totals[entrant] = Totals()
            for record in earlier:
                self._add(totals, record)
                totals.progressive += totals.points
        self.rounds += 1
        for entrant, record in records.items():
            self._add(self.totals[entrant], record)
        for totals in self.totals.values():
            totals.progressive += totals.points

    def _add(self, t: Totals, record: Record) -> None:
        p = record.points
        q = p.denominator
        if self.point_scale % q:
            self._rescale("points", q)
        scaled = p.numerator * (self.point_scale // q)
        t.points += scaled
        kind = record.kind
        if kind == "game":
            opponents = record.opponents
            t.opponents.extend(opponents)
            for o, share in zip(opponents, record.results, strict=True):
                if share.numerator:
                    t.sb_opponents.extend((o, o) if share.denominator == 1 else (o,))
            outcome = record.outcome or "loss"
            mp = _MATCH_POINTS[outcome]
            t.match_points += mp
            t.game_match_points += mp
            t.played += 1
            t.game_count += 1
            t.counts[outcome] += 1
            g = record.game_score
            if self.game_scale % g.denominator:
                self._rescale("game_score", g.denominator)
            t.game_score += g.numerator * (self.game_scale // g.denominator)
            m = record.margin
            if self.margin_scale % m.denominator:
                self._rescale("margin", m.denominator)
            t.margin += m.numerator * (self.margin_scale // m.denominator)
            if record.place:
                places = t.places
                while len(places) < record.place:
                    places.append(0)
                places[record.place - 1] += 1
            t.games.append((opponents, scaled))
        elif kind in UNPLAYED_KINDS:
            t.virtual += record.virtual_opponents
            t.sb_virtual2 += _UNPLAYED_SHARE2[kind] * record.virtual_opponents
            t.counts[kind] += 1
            if kind in PLAYED_KINDS:
                t.played += 1
                t.match_points += _MATCH_POINTS[kind]

    def _rescale(self, what: str, denominator: int) -> None:
        """Widen one scale so that ``denominator`` divides it (every total follows)."""
        if what == "points":
            old = self.point_scale
            self.point_scale = new = old * denominator // math.gcd(old, denominator)
            for t in self.totals.values():
                t.points *= new // old
                t.progressive *= new // old
                t.games = [(o, p * (new // old)) for o, p in t.games]
        elif what == "game_score":
            old = self.game_scale
            self.game_scale = new = old * denominator // math.gcd(old, denominator)
            for t in self.totals.values():
                t.game_score *= new // old
        else:
            old = self.margin_scale
            self.margin_scale = new = old * denominator // math.gcd(old, denominator)
            for t in self.totals.values():
                t.margin *= new // old

    # -------------------------------------------------------------------------- ranking

    def lot(self, entrant: str) -> tuple[int, bytes]:
        """The entrant's lot number and whole digest (computed once per entrant)."""
        found = self._lots.get(entrant)
        if found is None:
            digest = hashlib.sha256(f"{self.seed}\x1f{entrant}".encode()).digest()
            found = self._lots[entrant] = (lot_number(self.seed, entrant), digest)
        return found

    def ranking(self, tiebreaks: Sequence[str]) -> tuple[list[str], list[Column]]:
        """Entrants best first, and the columns: points, then each tiebreak in order.

        The order: points, each tiebreak in turn (higher is better), then the lot (the
        64-bit number, then the whole digest, then the id); a group tiebreak is computed
        within each group still equal on everything before it."""
        totals = self.totals
        columns: dict[str, Column] = {}
        if _BUCHHOLZ.intersection(tiebreaks):
            columns.update(self._buchholz())
        for name in tiebreaks:
            if name not in GROUP_TIEBREAKS and name not in columns:
                columns[name] = self._column(name)
        points = {e: t.points for e, t in totals.items()}
        entrants = list(totals)
        group_at = next((i for i, n in enumerate(tiebreaks) if n in GROUP_TIEBREAKS), None)
        if group_at is not None:
            before = [points, *(columns[n][0] for n in tiebreaks[:group_at])]
            prefix = {e: tuple(c[e] for c in before) for e in entrants}
            entrants.sort(key=prefix.__getitem__, reverse=True)
            group_values: dict[str, int] = {}
            start = 0
            while start < len(entrants):
                end = start + 1
                head = prefix[entrants[start]]
                while end < len(entrants) and prefix[entrants[end]] == head:
                    end += 1
                self._direct_encounter(entrants[start:end], group_values)
                start = end
            columns[tiebreaks[group_at]] = (group_values, self.point_scale)
        ordered = [columns[n][0] for n in tiebreaks]
        lot = self.lot
        keys = {e: (points[e], *(c[e] for c in ordered), *lot(e), e) for e in entrants}
        entrants.sort(key=keys.__getitem__, reverse=True)
        return entrants, [(points, self.point_scale), *(columns[n] for n in tiebreaks)]

    def _direct_encounter(self, group: list[str], out: dict[str, int]) -> None:
        if len(group) == 1:
            out[group[0]] = 0
            return
        within = frozenset(group).issuperset
        totals = self.totals
        for e in group:
            out[e] = sum([p for opponents, p in totals[e].games if within(opponents)])

    def _column(self, name: str) -> Column:
        totals = self.totals
        if name == "opponents_match_win":
            return self._opponents_match_win()
        if name == "game_win":
            unit = 3 * math.lcm(*range(1, self.rounds + 1)) if self.rounds else 3
            floor = unit // 3
            return (
                {
                    e: max(floor, t.game_match_points * (unit // (3 * t.game_count)))
                    if t.game_count
                    else floor
                    for e, t in totals.items()
                },
                unit,
            )
        if name == "progressive":
            return {e: t.progressive for e, t in totals.items()}, self.point_scale
        if name == "game_score":
            return {e: t.game_score for e, t in totals.items()}, self.game_scale
        if name == "score_margin":
            return {e: t.margin for e, t in totals.items()}, self.margin_scale
        if name == "lot":
            return {e: self.lot(e)[0] for e in totals}, 1
        raise KeyError(name)

    def _buchholz(self) -> dict[str, Column]:
        """The Buchholz columns and Sonneborn-Berger, from the opponents' current scores."""
        score = {e: t.points for e, t in self.totals.items()}.__getitem__
        plain, cut1, median, sb = {}, {}, {}, {}
        for e, t in self.totals.items():
            own, virtual = t.points, t.virtual
            terms = list(map(score, t.opponents))
            if virtual:
                terms.append(own)  # the lowest and highest terms are found with it
            total = sum(terms) + own * (virtual - 1) if virtual else sum(terms)
            plain[e] = total
            if terms:
                low, high = min(terms), max(terms)
                cut1[e] = total - low
                median[e] = total - low - high if len(terms) > 1 or virtual > 1 else 0
            else:
                cut1[e] = median[e] = 0
            sb[e] = sum(map(score, t.sb_opponents)) + own * t.sb_virtual2
        scale = self.point_scale
        return {
            "buchholz": (plain, scale),
            "buchholz_cut1": (cut1, scale),
            "buchholz_median": (median, scale),
            "sonneborn_berger": (sb, 2 * scale),
        }

    def _opponents_match_win(self) -> Column:
        # Each match-win percentage is MP / (3 rp) with rp <= rounds: over
        # unit = 3 lcm(1..rounds) it is an integer, and so is the floor unit / 3.
        unit = 3 * math.lcm(*range(1, self.rounds + 1)) if self.rounds else 3
        floor = unit // 3
        mwp = {
            e: max(floor, t.match_points * unit // (3 * t.played)) if t.played else floor
            for e, t in self.totals.items()
        }
        counts = {len(t.opponents) for t in self.totals.values()}
        denominator = unit * math.lcm(*counts - {0})
        out: dict[str, int] = {}
        for e, t in self.totals.items():
            count = len(t.opponents)
            if count:
                out[e] = sum(map(mwp.__getitem__, t.opponents)) * (denominator // (unit * count))
            else:
                out[e] = denominator // 3
        return out, denominator


def column_values(column: Column, make: Callable[[int, int], T]) -> dict[str, T]:
    """``make(numerator, denominator)`` for each entrant's value of ``column``, called
    once per distinct value (the values made, Fractions say, are shared)."""
    numerators, denominator = column
    made = {n: make(n, denominator) for n in set(numerators.values())}
    return {e: made[n] for e, n in numerators.items()}


def exact_json(numerator: int, denominator: int) -> int | str:
    """``numerator / denominator`` as :func:`scoring.numbers.exact` writes it (an int, or
    ``"p/q"`` in lowest terms), without making a Fraction."""
    g = math.gcd(numerator, denominator)
    if g == denominator:
        return numerator // g
    return f"{numerator // g}/{denominator // g}"
