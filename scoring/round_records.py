"""Each entrant's record of every round (pure).

:func:`records_by_round` turns each round into a record per entrant (a game, a bye, a
forfeit, an absence, not yet entered, withdrawn), checking that every entrant is
accounted for in every round; the standings carry them forward (:mod:`.carried`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

from .errors import ScoringError
from .points import TableResult, outcomes, pairwise_results, table_points
from .standings_input import RoundResults, StandingsError, StandingsSettings
from .tiebreaks import Kind, Record

__all__ = ["RoundRecords", "records_by_round"]

_ZERO, _HALF, _ONE = Fraction(0), Fraction(1, 2), Fraction(1)


def _round_records(settings: StandingsSettings, rnd: RoundResults, key: str) -> dict[str, Record]:
    """Each entrant's record of this round (withdrawals excluded: the caller adds them)."""
    out: dict[str, Record] = {}
    # A bye stands for a game against as many opponents as the round's biggest table
    # gives one entrant (partners are not opponents).
    virtual = max((_opponent_count(t) for t in rnd.tables), default=1)
    points_settings = settings.points

    def put(entrant: str, record: Record, path: str) -> None:
        if entrant in out or entrant in rnd.withdrawn:
            raise StandingsError(path, f"{entrant!r} appears twice in this round")
        out[entrant] = record

    for j, table in enumerate(rnd.tables):
        path = f"{key}.tables[{j}]"
        try:
            pts = table_points(points_settings, table)
        except ScoringError as exc:
            raise StandingsError(f"{path}.{exc.key}", exc.message) from None
        if table.forfeit:
            for i, (entrant, p) in enumerate(zip(table.entrants, pts, strict=True)):
                kind: Kind = "forfeit_loss" if entrant in table.forfeited else "forfeit_win"
                put(entrant, Record(kind, p, virtual_opponents=virtual), f"{path}.entrants[{i}]")
            continue
        if len(table.entrants) == 2 and not table.partners:
            _head_to_head(table, pts, put, path)
            continue
        # Everything is decided between sides: partners share a result and are not
        # each other's opponents.
        scores = table.side_scores
        side = table.side_index
        shares = pairwise_results(scores)
        results = outcomes(scores)
        n = len(scores)
        places = [1 + sum(1 for other in scores if other > mine) for mine in scores]
        margins: tuple[Fraction, ...]
        if n == 2:
            a, b = scores
            margins = (a - b, b - a) if a != b else (_ZERO, _ZERO)
        else:
            total = sum(scores, _ZERO)
            margins = tuple(s - (total - s) / (n - 1) for s in scores)
        for i, entrant in enumerate(table.entrants):
            mine = side[i]
            others = tuple(k for k in range(len(side)) if side[k] != mine)
            record = Record(
                "game",
                pts[i],
                opponents=tuple(table.entrants[k] for k in others),
                results=tuple(shares[mine][side[k]] for k in others),
                game_score=scores[mine],
                margin=margins[mine],
                outcome=results[mine],
                place=places[mine],
            )
            put(entrant, record, f"{path}.entrants[{i}]")
    for i, entrant in enumerate(rnd.byes):
        put(
            entrant,
            Record("bye", points_settings.bye, virtual_opponents=virtual),
            f"{key}.byes[{i}]",
        )
    for i, entrant in enumerate(rnd.absent):
        record = Record("absent", points_settings.absence_points, virtual_opponents=virtual)
        put(entrant, record, f"{key}.absent[{i}]")
    return out


def _head_to_head(
    table: TableResult,
    pts: tuple[Fraction, ...],
    put: Callable[[str, Record, str], None],
    path: str,
) -> None:
    """The two records of a table of two individuals: what the general case below gives,
    with one comparison of the two scores (the common table, worth its own path)."""
    x, y = table.entrants
    a, b = table.scores
    if a == b:
        first = Record("game", pts[0], (y,), (_HALF,), a, _ZERO, outcome="draw", place=1)
        second = Record("game", pts[1], (x,), (_HALF,), b, _ZERO, outcome="draw", place=1)
    else:
        high = a > b
        margin = a - b
        first = Record(
            "game",
            pts[0],
            (y,),
            (_ONE if high else _ZERO,),
            a,
            margin,
            outcome="win" if high else "loss",
            place=1 if high else 2,
        )
        second = Record(
            "game",
            pts[1],
            (x,),
            (_ZERO if high else _ONE,),
            b,
            -margin,
            outcome="loss" if high else "win",
            place=2 if high else 1,
        )
    put(x, first, f"{path}.entrants[0]")
    put(y, second, f"{path}.entrants[1]")


def _opponent_count(table: TableResult) -> int:
    """How many opponents the entrant with the fewest partners meets at ``table``."""
    sides = table.sides
    return len(sides) - min(sides.count(side) for side in table.side_order)


RoundRecords = tuple[dict[str, Record], dict[str, tuple[Record, ...]], frozenset[str]]
"""One round: every entrant's record of it, the earlier rounds' records of the entrants
seen for the first time (late entries), and who has withdrawn by then."""


def records_by_round(
    settings: StandingsSettings, rounds: Sequence[RoundResults]
) -> Iterator[RoundRecords]:
    """Each round's records, in order, checking that every entrant is accounted for."""
    entrants: dict[str, None] = {}  # everyone seen so far, in order of appearance
    withdrawn: set[str] = set()
    late = Record("not_entered", settings.late_entry_points)
    gone = Record("withdrawn")
    for r, rnd in enumerate(rounds):
        key = f"rounds[{r}]"
        this = _round_records(settings, rnd, key)
        for i, entrant in enumerate(rnd.withdrawn):
            path = f"{key}.withdrawn[{i}]"
            if entrant not in entrants:
                raise StandingsError(path, f"{entrant!r} has not entered the tournament")
            if entrant in withdrawn:
                raise StandingsError(path, f"{entrant!r} had already withdrawn")
            if rnd.withdrawn.index(entrant) != i:
                raise StandingsError(path, f"{entrant!r} is listed twice")
            withdrawn.add(entrant)
        backfill: dict[str, tuple[Record, ...]] = {}
        for entrant in this:
            if entrant in withdrawn:
                raise StandingsError(key, f"{entrant!r} withdrew and cannot play again")
            if entrant not in entrants:
                entrants[entrant] = None
                backfill[entrant] = (late,) * r
        records: dict[str, Record] = {}
        for entrant in entrants:
            if entrant in withdrawn:
                records[entrant] = gone
            elif entrant in this:
                records[entrant] = this[entrant]
            else:
                raise StandingsError(
                    key,
                    f"{entrant!r} is not in this round: seat it, or list it under "
                    "byes, absent or withdrawn",
                )
        yield records, backfill, frozenset(withdrawn)
