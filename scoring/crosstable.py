"""The crosstable: one row per entry in rank order, one cell per published round saying
where the entry sat and how it went (read from the database in a handful of queries).

A cell names the table (numbered from 1, as on the sheets), the opponents by start
number, and the result: at a table of two sides W, D or L with the game score; at a
table of three or more sides the place at the table (1st, 2nd …; tied players share the
better place). A bye, a forfeit, a table still playing and a round not played say so.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scoring import local_numbers, numbers, read
from scoring.models import GameScore
from scoring.score_direction import fewest_points_win, place_at
from tournaments.models import Bye, Forfeit, Game, Round, TableEntry, Tournament

__all__ = ["Cell", "CrossRow", "Crosstable", "crosstable"]


@dataclass
class Cell:
    table: int | None = None
    opponents: list[int] = field(default_factory=list)
    """Start numbers."""
    partners: list[int] = field(default_factory=list)
    result: str = ""
    """``W`` / ``D`` / ``L``, ``1st`` …, or a word: bye, forfeit …"""
    score: str = ""

    @property
    def where(self) -> str:
        if self.table is None:
            return ""
        return _("T%(table)d") % {"table": self.table}

    @property
    def against(self) -> str:
        return ", ".join(f"#{n}" for n in self.opponents)


@dataclass
class CrossRow:
    rank: int
    number: int
    name: str
    points: str
    cells: list[Cell]


@dataclass
class Crosstable:
    tournament: Tournament
    rounds: list[int]
    rows: list[CrossRow]
    round_shown: int | None


def crosstable(t: Tournament) -> Crosstable:
    """The crosstable after the latest round with standings (rank order from them)."""
    shown = read.read(t)
    standing_rows = list(shown.standings.rows) if shown.standings else []
    last = shown.standings.round if shown.standings else 0
    rounds = list(
        Round.objects.filter(
            tournament=t, status=Round.Status.PUBLISHED, number__lte=last
        ).order_by("number")
    )
    places = list(
        TableEntry.objects.filter(round__in=rounds)
        .select_related("table", "entry")
        .order_by("table_id", "position")
    )
    at_table: dict[int, list[TableEntry]] = defaultdict(list)
    for p in places:
        at_table[p.table_id].append(p)
    game_ids = {p.table.game_id for p in places if p.table.game_id}
    finished = set(
        Game.objects.filter(pk__in=game_ids, status=Game.Status.FINISHED).values_list(
            "pk", flat=True
        )
    )
    finals = {s.game_id: s for s in GameScore.objects.filter(game_id__in=finished)}
    forfeits: dict[int, set[int]] = defaultdict(set)
    for table_id, entry_id in Forfeit.objects.filter(table_id__in=list(at_table)).values_list(
        "table_id", "entry_id"
    ):
        forfeits[table_id].add(entry_id)
    byes = set(Bye.objects.filter(round__in=rounds).values_list("round_id", "entry_id"))
    movement = t.pairing_method == Tournament.PairingMethod.WHIST_DRIVE
    fewest_win = fewest_points_win(t.game_type)
    cells: dict[tuple[int, int], Cell] = {}
    for p in places:
        table = p.table
        cell = Cell(table=table.number)
        for other in at_table[table.pk]:
            if other.entry_id == p.entry_id:
                continue
            partner = movement and other.position % 2 == p.position % 2
            (cell.partners if partner else cell.opponents).append(other.entry.number)
        final = finals.get(table.game_id)
        if forfeits.get(table.pk):
            cell.result = _("FL") if p.entry_id in forfeits[table.pk] else _("FW")
        elif final is not None:
            side_scores = list(final.scores)
            side = final.side_of[p.position]
            mine = side_scores[side]
            place = place_at(mine, side_scores, fewest_win)
            if len(side_scores) == 2:
                theirs = side_scores[1 - side]
                cell.result = _("D") if mine == theirs else _("W") if place == 1 else _("L")
                cell.score = f"{mine}-{theirs}"
            else:
                cell.result = _(numbers.ordinal(place))
                cell.score = _("score %(score)s") % {"score": mine}
        else:
            cell.result = _("playing")
        cells[(p.round_id, p.entry_id)] = cell
    rows = []
    for row in standing_rows:
        entry_id = int(row["entry"])
        line = []
        for rnd in rounds:
            cell = cells.get((rnd.pk, entry_id))
            if cell is None:
                cell = Cell(result=_("bye") if (rnd.pk, entry_id) in byes else "—")
            line.append(cell)
        rows.append(
            CrossRow(
                row["rank"], row["number"], row["name"], local_numbers.shown(row["points"]), line
            )
        )
    return Crosstable(t, [r.number for r in rounds], rows, last or None)
