"""Where each table of a published round stands: playing, waiting for a
confirmation, disputed, done, or settled by a forfeit or a no-show.

One function (:func:`table_states`) reads a round's tables, their games, score
sheets and recorded forfeits in a few queries; the round control page, the round
API, the director's dashboard and the "pair the next round?" confirmation all use
it, so they never disagree about which tables are still at play.

- **done**: the table's game is over (every deal counted).
- **forfeit** / **no-show**: a director recorded one at the table; the standings
  score it without the game, so the table is settled too.
- **disputed**: two sides entered different tallies of a deal and no director has
  ruled yet.
- **waiting**: a deal's tally is entered and waits for a player of another side (or
  a scorer) to confirm it.
- **playing**: anything else while the game is in play.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import Forfeit, Game, Round, SheetEntry, Table, TableEntry
from tournaments.services.errors import Conflict
from tournaments.services.sheet_rules import deal_view

PLAYING = "playing"
WAITING = "waiting"
DISPUTED = "disputed"
DONE = "done"
FORFEIT = "forfeit"
NO_SHOW = "no_show"

STATES = (PLAYING, WAITING, DISPUTED, DONE, FORFEIT, NO_SHOW)
SETTLED = frozenset({DONE, FORFEIT, NO_SHOW})
"""States in which a table needs nothing more: its result is known."""

LABELS = {
    PLAYING: gettext_lazy("playing"),
    WAITING: gettext_lazy("waiting for confirmation"),
    DISPUTED: gettext_lazy("disputed"),
    DONE: gettext_lazy("done"),
    FORFEIT: gettext_lazy("forfeit"),
    NO_SHOW: gettext_lazy("no-show"),
}
"""Each state as a person reads it."""


@dataclass(frozen=True)
class TableState:
    """One table of a round and where it stands."""

    table: Table
    state: str
    players: list[str] = field(default_factory=list)
    """The entrants' names in seat (or side) order."""
    waiting_deals: list[int] = field(default_factory=list)
    disputed_deals: list[int] = field(default_factory=list)

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def label(self) -> str:
        return str(LABELS[self.state])

    @property
    def finished(self) -> bool:
        return self.state in SETTLED

    def as_dict(self) -> dict[str, Any]:
        return {
            "table": self.number,
            "players": list(self.players),
            "state": self.state,
            "state_label": self.label,
        }


def _sheet_deals(tables: Iterable[int]) -> dict[int, dict[str, list[int]]]:
    """Per table id: the deals waiting for a confirmation and the deals in dispute."""
    lines: dict[tuple[int, int], list[SheetEntry]] = defaultdict(list)
    for line in SheetEntry.objects.filter(table_id__in=list(tables)).order_by("id"):
        lines[(line.table_id, line.deal)].append(line)
    found: dict[int, dict[str, list[int]]] = defaultdict(lambda: {WAITING: [], DISPUTED: []})
    for (table, deal), deal_lines in sorted(lines.items()):
        view = deal_view(deal, deal_lines)
        if view.disputed:
            found[table][DISPUTED].append(deal)
        elif view.agreed is None and view.by_side:
            found[table][WAITING].append(deal)
    return found


def _state(game: Game | None, forfeits: list[str], deals: dict[str, list[int]]) -> str:
    if NO_SHOW in forfeits:
        return NO_SHOW
    if FORFEIT in forfeits:
        return FORFEIT
    if game is not None and game.status == Game.Status.FINISHED:
        return DONE
    if deals[DISPUTED]:
        return DISPUTED
    if deals[WAITING]:
        return WAITING
    return PLAYING


def table_states(round_: Round) -> list[TableState]:
    """Every table of ``round_`` (published) with its state, by table number."""
    tables = list(Table.objects.filter(round=round_).select_related("game").order_by("number"))
    ids = [t.pk for t in tables]
    players: dict[int, list[str]] = defaultdict(list)
    for place in (
        TableEntry.objects.filter(table_id__in=ids)
        .select_related("entry__player", "entry__team")
        .order_by("table_id", "position")
    ):
        players[place.table_id].append(place.entry.name)
    forfeits: dict[int, list[str]] = defaultdict(list)
    for table_id, kind in Forfeit.objects.filter(table_id__in=ids).values_list("table_id", "kind"):
        forfeits[table_id].append(NO_SHOW if kind == Forfeit.Kind.NO_SHOW else FORFEIT)
    deals = _sheet_deals(ids)
    empty: dict[str, list[int]] = {WAITING: [], DISPUTED: []}
    states = []
    for table in tables:
        found = deals.get(table.pk, empty)
        states.append(
            TableState(
                table=table,
                state=_state(table.game, forfeits[table.pk], found),
                players=players[table.pk],
                waiting_deals=list(found[WAITING]),
                disputed_deals=list(found[DISPUTED]),
            )
        )
    return states


def unfinished_tables(round_: Round | None) -> list[TableState]:
    """The tables of ``round_`` still at play (playing, waiting or disputed)."""
    if round_ is None or not round_.is_published:
        return []
    return [state for state in table_states(round_) if not state.finished]


def counts(states: Iterable[TableState]) -> dict[str, int]:
    """How many tables are in each state (every state listed, zeros included)."""
    tally = dict.fromkeys(STATES, 0)
    for state in states:
        tally[state.state] += 1
    return tally


class UnfinishedTables(Conflict):
    """Pairing the next round was asked while tables of the last one are still at play;
    ``details["unfinished"]`` lists them (table, players, state)."""


def require_finished(round_: Round | None, *, confirmed: bool) -> None:
    """Refuse (:class:`UnfinishedTables`) to go past ``round_`` while any of its tables
    is unfinished, unless the director ``confirmed`` it after seeing the list."""
    unfinished = unfinished_tables(round_)
    if not unfinished or confirmed:
        return
    assert round_ is not None
    listed = "; ".join(
        _("table %(table)s (%(players)s): %(state)s")
        % {"table": s.number, "players": ", ".join(s.players), "state": s.label}
        for s in unfinished
    )
    message = ngettext(
        "Round %(round)s still has %(count)s unfinished table — %(tables)s. "
        "Confirm to pair round %(next)s anyway.",
        "Round %(round)s still has %(count)s unfinished tables — %(tables)s. "
        "Confirm to pair round %(next)s anyway.",
        len(unfinished),
    ) % {
        "round": round_.number,
        "count": len(unfinished),
        "tables": listed,
        "next": round_.number + 1,
    }
    raise UnfinishedTables(
        message, round=round_.number, unfinished=[s.as_dict() for s in unfinished]
    )
