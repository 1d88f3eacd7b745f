"""Score sheets of tables playing with real cards: entry, confirmation, disputes,
rulings, corrections and forfeits.

A table's sheet is its log of :class:`~tournaments.models.SheetEntry` lines, never
changed (database triggers, migration 0006). What a deal's lines mean is worked out
by reading them in order (:func:`_deal_view`):

- **Entry.** A player seated at the table enters deal *N*'s tally (``ENTRY`` line,
  ``side`` = the team or seat they play for). The engine checks it against the game
  as it stands before deal *N* (the tallies that count, plus the agreed or pending
  tallies of any deals entered ahead of it); an illegal tally is refused with the
  engine's reason and nothing is written. A deal may be entered when every deal
  before it already has a tally on the sheet (so a table can enter deal 3 while
  deal 2 waits for confirmation), and not once it counts or is agreed.
- **Confirmation.** The tally counts when a player of *another* side confirms it
  (``CONFIRM`` line) or enters the identical tally. A second entry from the side
  that entered it replaces that side's own tally (a typo fixed before anyone
  else answered); a player can never confirm their own side's tally.
- **Officials.** A club scorer or director who is not seated at the table enters
  (``ENTRY`` with ``side`` ``None``) or confirms, and the deal is agreed at once.
- **Disputes.** Two entries of one deal from different sides that differ put the
  deal in dispute: :func:`sheet_state` names the fields that differ
  (``tricks[1]``, ``dummy`` …). Nothing more is agreed on it, and no later deal
  counts, until a director *resolves* it (``RESOLVE`` line: one of the entries, or a
  tally of their own). A director's entry on a disputed deal is a ruling too.
- **Counting.** Agreed deals are appended to the table's game, in deal order, as
  ``tally`` events through :func:`~tournaments.services.game_store.append_event`
  with the game's version as the expected version and an event id derived from
  (game, deal). Every sheet write locks the table row first, so concurrent
  confirmations queue up and a deal is appended exactly once (the second finds it
  counted); the derived event id makes even a lost lock harmless (a retry of the
  same event is idempotent). An agreed deal the engine refuses when its turn comes
  (a ruling on an earlier deal ended the game, say) is shown as a problem, for a
  director to resolve.
- **Corrections.** A director corrects a deal that already counts (``CORRECT``
  line: the tally plus the ``reason``). The event log is append-only and the engine
  cannot rewrite an earlier deal, so the table's game is voided
  (``Game.Status.VOID``, as :func:`tournaments.services.rounds.correct` does) and a
  replacement game is made: same type, options, first dealer and seats, played
  with real cards, holding every counted tally with the corrected one in its place.
  ``Table.game`` points at it, and a :class:`~tournaments.models.RoundCorrection`
  (``change = {"sheet": {"table", "deal", "old_game", "new_game"}}``) keeps the
  swap in the round's history. The sheet's lines stay as they were: the full
  history (every line, who, when) is :func:`history`, for directors.
- **Idempotency.** Each line carries the client's ``client_id``: the same id with
  the same content returns the line already written (no duplicate); the same id
  with anything else is a :class:`Conflict`.

**Forfeits, no-shows, late arrivals.** A director records a no-show or a forfeit
(:func:`record_forfeit`, one per entry and table). A late arrival simply plays the
deals that remain; nothing is recorded. How standings read it (the standings code
lives in ``scoring/``): a table with ``Forfeit`` rows is not scored from its game;
an entry with a ``no_show`` or a ``forfeit`` row scores a forfeit loss (the
tournament's ``forfeit_loss_points``), and every other entry of that table a forfeit
win (``forfeit_win_points``); a table without forfeits is scored from its game once the
game is finished (``Game.Status.FINISHED``: final totals per side in
``sheet_state(...)["totals"]`` or the engine state). A voided game never counts:
read ``Table.game``, which always names the current one.

**Where the code lives.** This module keeps every name importable; the code is split
by concern: :mod:`~tournaments.services.sheet_rules` (the rules above, pure),
:mod:`~tournaments.services.sheet_access` (who writes), :mod:`~tournaments.services.
sheet_reading` (the lines and tallies read from the database),
:mod:`~tournaments.services.sheet_writes` (enter, confirm, rule, count),
:mod:`~tournaments.services.sheet_corrections`, :mod:`~tournaments.services.forfeits`
and :mod:`~tournaments.services.sheet_view` (the sheet as people see it).
"""

from __future__ import annotations

# Every name callers use stays importable from here (re-exported).
from tournaments.models import (  # noqa: F401 (the models it used to import, still reachable)
    Entry,
    Forfeit,
    Game,
    GameEvent,
    Role,
    RoundCorrection,
    Seat,
    SheetEntry,
    Table,
    TableEntry,
)
from tournaments.services.dispute_words import differing_fields
from tournaments.services.forfeits import record_forfeit
from tournaments.services.sheet_access import (
    Writer,
    _club,
    _game,
    _require_director,
    table_in_round,
    writer,
)
from tournaments.services.sheet_corrections import _replacement, correct
from tournaments.services.sheet_reading import (
    KIND,
    _canonical,
    _chain,
    _refuse,
    _replayed,
    _status,
    _views,
    counted_tallies,
    disputed_tables,
)
from tournaments.services.sheet_rules import (
    CONFIRMED,
    COUNTED,
    DISPUTED,
    PENDING,
    DealView,
    _distinct,
    tally_of,
)
from tournaments.services.sheet_rules import deal_view as _deal_view
from tournaments.services.sheet_view import (
    _line,
    build_state,
    history,
    sheet_state,
    side_names,
)
from tournaments.services.sheet_writes import (
    EVENT_NAMESPACE,
    MAX_DEALS,
    Written,
    _client_id,
    _deal_number,
    _for_people,
    _is_disputed,
    _locked,
    _retry,
    _write,
    confirm,
    count_agreed,
    resolve,
    submit,
)

__all__ = [
    "CONFIRMED",
    "COUNTED",
    "DISPUTED",
    "EVENT_NAMESPACE",
    "KIND",
    "MAX_DEALS",
    "PENDING",
    "DealView",
    "Writer",
    "Written",
    "_canonical",
    "_chain",
    "_client_id",
    "_club",
    "_deal_number",
    "_deal_view",
    "_distinct",
    "_for_people",
    "_game",
    "_is_disputed",
    "_line",
    "_locked",
    "_refuse",
    "_replacement",
    "_replayed",
    "_require_director",
    "_retry",
    "_status",
    "_views",
    "_write",
    "build_state",
    "confirm",
    "correct",
    "count_agreed",
    "counted_tallies",
    "differing_fields",
    "disputed_tables",
    "history",
    "record_forfeit",
    "resolve",
    "sheet_state",
    "side_names",
    "submit",
    "table_in_round",
    "tally_of",
    "writer",
]
