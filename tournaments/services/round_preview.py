"""A round as the director sees it: tables, scores, rematches, forbidden pairs, gaps.

:func:`preview` reads a draft (or published) round with the history before it, for
the round control page and the API; it changes nothing.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from tournaments.models import Bye, Entry, Round, Table, TableEntry, Tournament
from tournaments.services.pairing_input import forbidden_pairs, history, scores

METHOD = Tournament.PairingMethod


@dataclass(frozen=True)
class SeatedEntry:
    entry: Entry
    position: int
    score: Decimal


@dataclass(frozen=True)
class TablePreview:
    table: Table
    seated: list[SeatedEntry]
    rematches: list[tuple[Entry, Entry]]
    forbidden: list[tuple[Entry, Entry]]
    score_gap: Decimal


@dataclass(frozen=True)
class RoundPreview:
    round: Round
    tables: list[TablePreview]
    byes: list[SeatedEntry]
    rematches: int
    forbidden: int
    score_cost: Decimal
    """The sum over tables of the squared score difference of every two entrants."""


def preview(round_: Round) -> RoundPreview:
    """A round as the director sees it before (and after) publishing."""
    tournament = round_.tournament
    past = history(tournament, round_.number)
    places = list(
        TableEntry.of_round(round_)
        .select_related("table", "table__game", "entry__player", "entry__team")
        .order_by("table__number", "position")
    )
    bye_entries = [
        b.entry
        for b in Bye.objects.filter(round=round_).select_related("entry__player", "entry__team")
    ]
    everyone = [p.entry for p in places] + bye_entries
    score = scores(tournament, everyone)
    forbidden = forbidden_pairs(tournament, everyone)
    by_table: dict[int, list[TableEntry]] = defaultdict(list)
    tables: dict[int, Table] = {}
    for place in places:
        by_table[place.table.number].append(place)
        tables[place.table.number] = place.table
    previews = []
    cost = Decimal(0)
    movement = tournament.pairing_method == METHOD.WHIST_DRIVE
    for number in sorted(by_table):
        seated = [SeatedEntry(p.entry, p.position, score[p.entry_id]) for p in by_table[number]]
        rematches, banned = [], []
        for i, a in enumerate(seated):
            for b in seated[i + 1 :]:
                partners_now = movement and a.position % 2 == b.position % 2
                if movement:
                    before = past.partners if partners_now else past.opponents
                    met = b.entry.pk in before.get(a.entry.pk, [])
                else:
                    met = b.entry.pk in past.opponents.get(a.entry.pk, [])
                if met:
                    rematches.append((a.entry, b.entry))
                if frozenset((a.entry.pk, b.entry.pk)) in forbidden:
                    banned.append((a.entry, b.entry))
                cost += (a.score - b.score) ** 2
        values = [s.score for s in seated]
        previews.append(
            TablePreview(tables[number], seated, rematches, banned, max(values) - min(values))
        )
    return RoundPreview(
        round=round_,
        tables=previews,
        byes=[SeatedEntry(e, 0, score[e.pk]) for e in bye_entries],
        rematches=sum(len(t.rematches) for t in previews),
        forbidden=sum(len(t.forbidden) for t in previews),
        score_cost=cost,
    )
