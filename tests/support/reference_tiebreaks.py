"""The tiebreaks as plain functions over a tournament's history: the readable
definitions (``scoring/tiebreaks.py`` says what each means) that the standings'
carried computation (:mod:`scoring.carried`) is compared with.

A :class:`History` holds, for every entrant, one :class:`~scoring.tiebreaks.Record` per
round played so far (:func:`build_histories` builds it from the rounds' results). Each
tiebreak is a function ``History -> {entrant: Fraction}`` (higher is better), except
:func:`direct_encounter`, which also takes the tied group. All values are exact
Fractions; sums run on integers scaled by the least common denominator.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.points import ScoringError
from scoring.round_records import records_by_round
from scoring.standings_input import RoundResults, StandingsSettings
from scoring.tiebreaks import PLAYED_KINDS, TIEBREAKS, UNPLAYED_KINDS, Record, lot_number

__all__ = [
    "TIEBREAK_FUNCTIONS",
    "History",
    "build_histories",
    "buchholz",
    "buchholz_cut1",
    "buchholz_median",
    "direct_encounter",
    "game_score",
    "game_win",
    "lot",
    "lot_number",
    "opponents_match_win",
    "progressive",
    "score_margin",
    "sonneborn_berger",
]

_KINDS = UNPLAYED_KINDS | {"game", "not_entered", "withdrawn"}
_UNPLAYED_SHARE2 = {"bye": 2, "forfeit_win": 2, "forfeit_loss": 0, "absent": 0}
_MATCH_POINTS = {"bye": 3, "forfeit_win": 3, "forfeit_loss": 0}
_HALF = Fraction(1, 2)
_THIRD = Fraction(1, 3)


def _lcd(values: Iterable[Fraction]) -> int:
    d = 1
    for v in values:
        q = v.denominator
        if q != 1 and d % q:
            d = d * q // math.gcd(d, q)
    return d


@dataclass(frozen=True)
class History:
    """Every entrant's records so far: one per round, the same number for everyone.

    ``scores`` (computed) maps each entrant to its total tournament points."""

    records: Mapping[str, Sequence[Record]]
    seed: int = 0
    validate: bool = field(default=True, repr=False, compare=False)
    """Check the records (the standings module, which builds them itself, skips it)."""
    scores: Mapping[str, Fraction] = field(init=False, repr=False, compare=False)
    _scale: int = field(init=False, repr=False, compare=False)
    _scaled: dict[str, int] = field(init=False, repr=False, compare=False)
    _cache: dict[str, object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.validate:
            self._check()
        scale = _lcd(rec.points for records in self.records.values() for rec in records)
        scaled = {
            entrant: sum(r.points.numerator * (scale // r.points.denominator) for r in records)
            for entrant, records in self.records.items()
        }
        object.__setattr__(self, "_scale", scale)
        object.__setattr__(self, "_scaled", scaled)
        object.__setattr__(self, "scores", {e: Fraction(s, scale) for e, s in scaled.items()})
        object.__setattr__(self, "_cache", {})

    def _check(self) -> None:
        lengths = {len(r) for r in self.records.values()}
        if len(lengths) > 1:
            raise ScoringError("records", "every entrant needs one record per round")
        for entrant, records in self.records.items():
            for i, record in enumerate(records):
                path = f"records[{entrant!r}][{i}]"
                if record.kind not in _KINDS:
                    raise ScoringError(f"{path}.kind", f"unknown kind {record.kind!r}")
                if len(record.results) != len(record.opponents):
                    raise ScoringError(f"{path}.results", "needs one result per opponent")
                for share in record.results:
                    if share not in (0, _HALF, 1):
                        raise ScoringError(f"{path}.results", f"must be 0, 1/2 or 1, not {share}")
                for opponent in record.opponents:
                    if opponent not in self.records or opponent == entrant:
                        raise ScoringError(
                            f"{path}.opponents", f"{opponent!r} is not another entrant"
                        )
                if record.virtual_opponents < 1:
                    raise ScoringError(f"{path}.virtual_opponents", "must be at least 1")

    @property
    def rounds(self) -> int:
        """The number of rounds recorded."""
        return len(next(iter(self.records.values()), ()))

    def _terms(self) -> dict[str, list[int]]:
        """Each entrant's Buchholz terms: opponents' scaled scores, then virtual ones."""
        cached = self._cache.get("terms")
        if cached is None:
            s = self._scaled
            terms: dict[str, list[int]] = {}
            for entrant, records in self.records.items():
                own = s[entrant]
                row: list[int] = []
                for r in records:
                    if r.kind == "game":
                        row.extend(s[o] for o in r.opponents)
                    elif r.kind in UNPLAYED_KINDS:
                        row.extend([own] * r.virtual_opponents)
                terms[entrant] = row
            self._cache["terms"] = cached = terms
        return cached  # type: ignore[return-value]


Tiebreak = Callable[[History], dict[str, Fraction]]


def buchholz(history: History) -> dict[str, Fraction]:
    """Sum of opponents' scores (unplayed rounds: one's own score per virtual opponent)."""
    d = history._scale
    return {e: Fraction(sum(t), d) for e, t in history._terms().items()}


def buchholz_cut1(history: History) -> dict[str, Fraction]:
    """Buchholz without the lowest term."""
    d = history._scale
    return {
        e: Fraction(sum(t) - min(t), d) if t else Fraction(0) for e, t in history._terms().items()
    }


def buchholz_median(history: History) -> dict[str, Fraction]:
    """Buchholz without the lowest and the highest term."""
    d = history._scale
    return {
        e: Fraction(sum(t) - min(t) - max(t), d) if len(t) > 1 else Fraction(0)
        for e, t in history._terms().items()
    }


def sonneborn_berger(history: History) -> dict[str, Fraction]:
    """Sum of opponents' scores weighted by the share of the game taken from each."""
    s = history._scaled
    out = {}
    for entrant, records in history.records.items():
        twice = 0
        for r in records:
            if r.kind == "game":
                for o, share in zip(r.opponents, r.results, strict=True):
                    # share is 0, 1/2 or 1: twice the share is 2 // denominator, or 0.
                    if share.numerator:
                        twice += s[o] * (2 // share.denominator)
            elif r.kind in UNPLAYED_KINDS:
                twice += s[entrant] * _UNPLAYED_SHARE2[r.kind] * r.virtual_opponents
        out[entrant] = Fraction(twice, 2 * history._scale)
    return out


def _match_points(record: Record) -> int:
    if record.kind == "game":
        outcome = record.outcome
        return 3 if outcome == "win" else 1 if outcome == "draw" else 0
    return _MATCH_POINTS.get(record.kind, 0)


def opponents_match_win(history: History) -> dict[str, Fraction]:
    """MTG opponents' match-win percentage (each opponent floored at 1/3)."""
    # Every match-win percentage is MP / (3 rp) with rp <= rounds: scaled by
    # L = 3 lcm(1..rounds) each one is an exact integer, and so is the floor L / 3.
    unit = 3 * math.lcm(*range(1, history.rounds + 1)) if history.rounds else 3
    floor = unit // 3
    mwp: dict[str, int] = {}
    for entrant, records in history.records.items():
        played = sum(1 for r in records if r.kind in PLAYED_KINDS)
        points = sum(_match_points(r) for r in records if r.kind in PLAYED_KINDS)
        mwp[entrant] = max(floor, points * unit // (3 * played)) if played else floor
    out = {}
    for entrant, records in history.records.items():
        total = count = 0
        for r in records:
            if r.kind == "game":
                for o in r.opponents:
                    total += mwp[o]
                    count += 1
        out[entrant] = Fraction(total, unit * count) if count else _THIRD
    return out


def game_win(history: History) -> dict[str, Fraction]:
    """Game-win percentage, ``(3 wins + draws) / (3 games)``, floored at 1/3."""
    out = {}
    for entrant, records in history.records.items():
        games = points = 0
        for r in records:
            if r.kind == "game":
                games += 1
                points += _match_points(r)
        out[entrant] = max(_THIRD, Fraction(points, 3 * games)) if games else _THIRD
    return out


def progressive(history: History) -> dict[str, Fraction]:
    """Sum of the running score after each round (round k's points count R - k + 1 times)."""
    d = history._scale
    out = {}
    for entrant, records in history.records.items():
        weight = len(records)
        total = 0
        for r in records:
            p = r.points
            if p:
                total += p.numerator * (d // p.denominator) * weight
            weight -= 1
        out[entrant] = Fraction(total, d)
    return out


def _exact_sums(values: Mapping[str, list[Fraction]]) -> dict[str, Fraction]:
    d = _lcd(v for vs in values.values() for v in vs)
    return {
        e: Fraction(sum(v.numerator * (d // v.denominator) for v in vs), d)
        for e, vs in values.items()
    }


def game_score(history: History) -> dict[str, Fraction]:
    """Sum of the entrant's game scores over games played."""
    return _exact_sums(
        {
            e: [r.game_score for r in records if r.kind == "game"]
            for e, records in history.records.items()
        }
    )


def score_margin(history: History) -> dict[str, Fraction]:
    """Sum over games of own game score minus the mean of the opponents' game scores."""
    return _exact_sums(
        {
            e: [r.margin for r in records if r.kind == "game"]
            for e, records in history.records.items()
        }
    )


def direct_encounter(history: History, group: Collection[str]) -> dict[str, Fraction]:
    """Points each member of ``group`` scored in games against members of ``group`` only."""
    members = frozenset(group)
    return _exact_sums(
        {
            e: [
                r.points
                for r in history.records[e]
                if r.kind == "game" and all(o in members for o in r.opponents)
            ]
            for e in group
        }
    )


def lot(history: History) -> dict[str, Fraction]:
    """The drawn lot of every entrant (higher ranks first, like every tiebreak)."""
    return {e: Fraction(lot_number(history.seed, e)) for e in history.records}


TIEBREAK_FUNCTIONS: Mapping[str, Tiebreak] = {
    "buchholz": buchholz,
    "buchholz_cut1": buchholz_cut1,
    "buchholz_median": buchholz_median,
    "sonneborn_berger": sonneborn_berger,
    "opponents_match_win": opponents_match_win,
    "game_win": game_win,
    "progressive": progressive,
    "game_score": game_score,
    "score_margin": score_margin,
    "lot": lot,
}
"""Every tiebreak computed over the whole field at once, by its settings name."""
assert set(TIEBREAK_FUNCTIONS) == TIEBREAKS


def build_histories(
    settings: StandingsSettings, rounds: Sequence[RoundResults]
) -> list[tuple[History, set[str]]]:
    """The :class:`History` after each round, and who has withdrawn by then (every
    round's records again: for the tiebreak functions; the standings carry their totals
    forward instead, see :mod:`scoring.carried`)."""
    so_far: dict[str, list[Record]] = {}
    out = []
    for records, backfill, withdrawn in records_by_round(settings, rounds):
        for entrant, earlier in backfill.items():
            so_far[entrant] = list(earlier)
        for entrant, record in records.items():
            so_far[entrant].append(record)
        history = History({e: tuple(h) for e, h in so_far.items()}, settings.seed, validate=False)
        out.append((history, set(withdrawn)))
    return out
