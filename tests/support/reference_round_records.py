"""REFERENCE COPY (tests only) of scoring/round_records.py as it was before the standings
were carried forward round by round (issue 17): the oracle the new computation is
compared with. Do not optimise.

Each entrant's record of every round, and the tiebreak history after each (pure).

:func:`build_histories` turns the rounds into one :class:`.tiebreaks.History` per
round: a record per entrant per round (a game, a bye, a forfeit, an absence, not yet
entered, withdrawn), checking that every entrant is accounted for in every round.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.errors import ScoringError
from scoring.points import TableResult, outcomes, pairwise_results, table_points
from scoring.standings_input import RoundResults, StandingsError, StandingsSettings
from scoring.tiebreaks import Kind, Record
from tests.support.reference_tiebreaks import History

__all__ = ["build_histories"]

_ZERO = Fraction(0)


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


def _opponent_count(table: TableResult) -> int:
    """How many opponents the entrant with the fewest partners meets at ``table``."""
    sides = table.sides
    return len(sides) - min(sides.count(side) for side in table.side_order)


def build_histories(
    settings: StandingsSettings, rounds: Sequence[RoundResults]
) -> list[tuple[History, set[str]]]:
    """The :class:`History` after each round, and who has withdrawn by then."""
    records: dict[str, list[Record]] = {}
    withdrawn: set[str] = set()
    late = Record("not_entered", settings.late_entry_points)
    gone = Record("withdrawn")
    out = []
    for r, rnd in enumerate(rounds):
        key = f"rounds[{r}]"
        this = _round_records(settings, rnd, key)
        for i, entrant in enumerate(rnd.withdrawn):
            path = f"{key}.withdrawn[{i}]"
            if entrant not in records:
                raise StandingsError(path, f"{entrant!r} has not entered the tournament")
            if entrant in withdrawn:
                raise StandingsError(path, f"{entrant!r} had already withdrawn")
            if rnd.withdrawn.index(entrant) != i:
                raise StandingsError(path, f"{entrant!r} is listed twice")
            withdrawn.add(entrant)
        for entrant in this:
            if entrant in withdrawn:
                raise StandingsError(key, f"{entrant!r} withdrew and cannot play again")
            if entrant not in records:
                records[entrant] = [late] * r
        for entrant, history in records.items():
            if entrant in withdrawn:
                history.append(gone)
            elif entrant in this:
                history.append(this[entrant])
            else:
                raise StandingsError(
                    key,
                    f"{entrant!r} is not in this round: seat it, or list it under "
                    "byes, absent or withdrawn",
                )
        history_now = History(
            {e: tuple(h) for e, h in records.items()}, settings.seed, validate=False
        )
        out.append((history_now, set(withdrawn)))
    return out
