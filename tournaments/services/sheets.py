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
  ``tally`` events through :func:`~tournaments.services.event_store.append_event`
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
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from engine import EngineError
from engine import Game as EngineGame
from scoring.owed import owe_standings
from tournaments.models import (
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
from tournaments.services import games as game_service
from tournaments.services import sheet_rules as rules
from tournaments.services import state_cache
from tournaments.services.access import seat_users
from tournaments.services.clubs import User, has_role, require_role
from tournaments.services.dispute_words import differing_fields  # noqa: F401 (re-exported)
from tournaments.services.errors import Conflict, Forbidden, NotFound, ServiceError
from tournaments.services.event_store import append_event
from tournaments.services.sheet_messages import for_people

# The rules of a deal's lines are pure (sheet_rules); kept importable from here.
from tournaments.services.sheet_rules import (  # noqa: F401
    CONFIRMED,
    COUNTED,
    DISPUTED,
    PENDING,
    DealView,
    _distinct,
    tally_of,
)
from tournaments.services.sheet_rules import deal_view as _deal_view

KIND = SheetEntry.Kind

EVENT_NAMESPACE = uuid.UUID("6f1d2c1e-3d55-4b53-9a50-5c0f1f0e7a11")
"""Event ids of counted tallies are uuid5(this, "<game id>:<deal>")."""

MAX_DEALS = 500
"""No game lasts this many deals; a larger deal number is refused at once."""


# ---------------------------------------------------------------------- who


@dataclass(frozen=True)
class Writer:
    """Who writes a line: a seated player's ``side`` (and seats), or an official."""

    user: Any
    side: int | None
    seats: tuple[int, ...] = ()
    director: bool = False
    seat: int | None = None
    """The seat the line is written for (a guest says which; a player's login sits)."""
    via_guest_link: bool = False
    device: str = ""
    ip_hash: str = ""

    @property
    def official(self) -> bool:
        return self.side is None


def _game(table: Table) -> Game:
    if table.game_id is None:
        raise Conflict(f"table {table.number} has no game yet: its round is not published")
    game = Game.objects.get(pk=table.game_id)
    if game.mode != Game.Mode.PHYSICAL:
        raise Conflict(f"table {table.number} plays online: its deals are played, not entered")
    return game


def _club(table: Table) -> Any:
    return table.round.tournament.club


def writer(table: Table, user: User) -> Writer:
    """The user as a writer of this table's sheet; :class:`Forbidden` for anyone who
    neither plays at the table nor scores or directs for the club."""
    game = _game(table)
    seats: tuple[int, ...] = ()
    if user.is_authenticated:
        seats = tuple(sorted(n for n, uid in seat_users(game).items() if uid == user.pk))
    club = _club(table)
    director = has_role(user, club, Role.DIRECTOR)
    if seats:
        engine_game = state_cache.fresh_engine_game(game)
        return Writer(user, engine_game.side_of(seats[0]), seats, director, seat=seats[0])
    if has_role(user, club, Role.SCORER):
        return Writer(user, None, (), director)
    if not user.is_authenticated:
        raise Forbidden(
            "log in first; a guest without a login asks the director or a scorer to enter for them"
        )
    raise Forbidden(
        f"this sheet is for the players of table {table.number} and the scorers and "
        f"directors of {club.name}"
    )


def _require_director(table: Table, user: User) -> Writer:
    require_role(user, _club(table), Role.DIRECTOR)
    found = writer(table, user)
    if not found.official:
        raise Forbidden("a director playing at this table cannot rule on its sheet")
    return found


# ---------------------------------------------------------------------- reading the lines


def _views(table: Table) -> dict[int, DealView]:
    lines: dict[int, list[SheetEntry]] = {}
    found = SheetEntry.objects.filter(table=table).select_related("entered_by__player")
    for line in found.order_by("id"):
        lines.setdefault(line.deal, []).append(line)
    return {deal: _deal_view(deal, found) for deal, found in sorted(lines.items())}


def disputed_tables(tables: Iterable[int]) -> set[int]:
    """The ids among ``tables`` with a deal in dispute (entries that differ and no
    ruling yet), read in one query: the public pairings mark them."""
    lines: dict[tuple[int, int], list[SheetEntry]] = {}
    for line in SheetEntry.objects.filter(table_id__in=list(tables)).order_by("id"):
        lines.setdefault((line.table_id, line.deal), []).append(line)
    return {table for (table, deal), found in lines.items() if _deal_view(deal, found).disputed}


def counted_tallies(game: Game) -> list[dict[str, Any]]:
    """The tally events of the game, in order: deal ``i + 1`` is ``[i]``."""
    return list(
        GameEvent.objects.filter(game=game, kind=GameEvent.Kind.TALLY)
        .order_by("sequence")
        .values_list("payload", flat=True)
    )


def _replayed(game: Game, tallies: list[dict[str, Any]]) -> EngineGame:
    state = state_cache.fresh_engine_game(game)
    for tally in tallies:
        state.apply(tally)
    return state


def _canonical(game: Game, tally: Any) -> dict[str, Any]:
    """The tally in the engine's canonical form (MalformedEvent if it is no tally)."""
    if not isinstance(tally, Mapping):
        raise ServiceError('the tally must be a JSON object such as {"type": "tally", …}')
    event = dict(tally)
    event.setdefault("type", "tally")
    if event["type"] != "tally":
        raise ServiceError(f"a score sheet holds tally events, not {event['type']!r}")
    return state_cache.fresh_engine_game(game).parse(event).to_event()


def _chain(
    game: Game, views: dict[int, DealView], counted: list[dict[str, Any]], upto: int
) -> EngineGame:
    """The engine state before deal ``upto``: the counted tallies, then the agreed or
    pending tally of each deal entered ahead (Conflict when one is missing)."""
    ahead = rules.tallies_ahead(views, len(counted), upto)
    if isinstance(ahead, rules.Refusal):
        _refuse(ahead)
    state = _replayed(game, counted)
    for tally in ahead:
        state.apply(tally)
    if state.over:
        raise Conflict(f"the game is over after deal {upto - 1}: there is no deal {upto}")
    return state


# ---------------------------------------------------------------------- writing


@dataclass(frozen=True)
class Written:
    """The line a call wrote (or, for a retry, found), and the deals it made count."""

    line: SheetEntry
    created: bool
    counted: tuple[int, ...] = ()


def _locked(table: Table) -> Table:
    return (
        Table.objects.select_for_update().select_related("round__tournament__club").get(pk=table.pk)
    )


def _retry(
    table: Table, client_id: uuid.UUID, deal: int, kind: str, payload: Any, who: Writer
) -> Written | None:
    existing = SheetEntry.objects.filter(client_id=client_id).first()
    if existing is None:
        return None
    same = (
        existing.table_id == table.pk
        and existing.deal == deal
        and (existing.kind == kind or {existing.kind, kind} <= {KIND.ENTRY, KIND.RESOLVE})
        and existing.payload == payload
        and existing.entered_by_id == (who.user.pk if who.user.is_authenticated else None)
    )
    if not same:
        raise Conflict(
            f"client id {client_id} was already used for another line of a score sheet",
            line=existing.pk,
        )
    return Written(existing, False)


def _deal_number(deal: Any) -> int:
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEALS:
        raise ServiceError(
            f"deal must be a number from 1 to {MAX_DEALS}, not {deal!r}", field="deal"
        )
    return deal


def _client_id(value: Any) -> uuid.UUID:
    try:
        return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))
    except ValueError:
        raise ServiceError(f"client_id must be a UUID, not {value!r}", field="client_id") from None


def _write(
    table: Table,
    who: Writer,
    deal: int,
    kind: str,
    payload: Any,
    client_id: uuid.UUID,
    check: Any,
) -> Written:
    """Lock the table; return the original line for a retry; else run ``check(game,
    views, counted)`` (it raises to refuse), write the line and count what is agreed."""
    with transaction.atomic():
        table = _locked(table)
        retried = _retry(table, client_id, deal, kind, payload, who)
        if retried is not None:
            return retried
        if table.round.closed_at is not None and not who.director:
            raise Conflict(
                f"round {table.round.number} is closed: its sheets are read-only (the "
                "director can still rule or correct)"
            )
        game = _game(table)
        views = _views(table)
        counted = counted_tallies(game)
        try:
            check(game, views, counted)
        except EngineError as error:  # the engine's reason, seats named from 1
            error.args = (_for_people(table, game, str(error)), *error.args[1:])
            raise
        try:
            with transaction.atomic():
                line = SheetEntry.objects.create(
                    table=table,
                    deal=deal,
                    kind=kind,
                    payload=payload,
                    side=who.side,
                    entered_by=who.user if who.user.is_authenticated else None,
                    client_id=client_id,
                    seat=who.seat,
                    via_guest_link=who.via_guest_link,
                    device=who.device,
                    ip_hash=who.ip_hash,
                )
        except IntegrityError:
            # The client id was taken meanwhile by a line of another table.
            raise Conflict(f"client id {client_id} was already used for another line") from None
        if kind == KIND.RESOLVE:
            owe_standings(table.round.tournament_id, "ruling")
        done = count_agreed(table, user=who.user)
    return Written(line, True, done)


def _for_people(table: Table, game: Game, message: str) -> str:
    seats = {
        s.number: s.player.name for s in Seat.objects.filter(game=game).select_related("player")
    }
    return for_people(message, seats, side_names(table, game))


def _status(deal: int, views: dict[int, DealView], counted: list[dict[str, Any]]) -> str | None:
    return rules.status(deal, views, len(counted))


def _refuse(refusal: rules.Refusal | None) -> None:
    """Raise the service error of a rule's refusal (nothing when there is none)."""
    if refusal is None:
        return
    details = {} if refusal.deal is None else {"deal": refusal.deal}
    raise (Forbidden if refusal.forbidden else Conflict)(refusal.message, **details)


def submit(table: Table, deal: int, tally: Any, by: User | Writer, client_id: Any) -> Written:
    """Enter deal ``deal``'s tally (see the module's docstring for the rules); ``by``
    a user, or the :class:`Writer` of a guest (``guest_sheets``)."""
    deal, client_id = _deal_number(deal), _client_id(client_id)
    who = by if isinstance(by, Writer) else writer(table, by)
    payload = _canonical(_game(table), tally)

    def check(game: Game, views: dict[int, DealView], counted: list[dict[str, Any]]) -> None:
        _refuse(rules.may_enter(deal, views, len(counted), ruling=ruling))
        state = _chain(game, views, counted, deal)
        state.apply(payload)  # EngineError: refused with the engine's reason

    # A director's entry on a disputed deal is a ruling (a RESOLVE line).
    ruling = who.director and who.official
    kind = KIND.RESOLVE if ruling and _is_disputed(table, deal) else KIND.ENTRY
    return _write(table, who, deal, kind, payload, client_id, check)


def _is_disputed(table: Table, deal: int) -> bool:
    lines = list(SheetEntry.objects.filter(table=table, deal=deal).order_by("id"))
    return bool(lines) and _deal_view(deal, lines).disputed


def confirm(table: Table, deal: int, by: User | Writer, client_id: Any) -> Written:
    """Confirm deal ``deal``'s pending tally: a player of a side that did not enter
    it, or an official."""
    deal, client_id = _deal_number(deal), _client_id(client_id)
    who = by if isinstance(by, Writer) else writer(table, by)

    def check(game: Game, views: dict[int, DealView], counted: list[dict[str, Any]]) -> None:
        _refuse(rules.may_confirm(deal, views, len(counted), who.side))
        _chain(game, views, counted, deal)

    return _write(table, who, deal, KIND.CONFIRM, None, client_id, check)


def resolve(
    table: Table,
    deal: int,
    by: User,
    client_id: Any,
    *,
    chose: int | None = None,
    tally: Any = None,
    reason: str = "",
) -> Written:
    """A director's ruling on a deal not yet counted (disputed, or pending): one of
    its entries (``chose``: the line's id) or a tally of their own."""
    deal, client_id = _deal_number(deal), _client_id(client_id)
    who = _require_director(table, by)
    if (chose is None) == (tally is None):
        raise ServiceError("choose one of the deal's entries, or give a tally (not both)")
    if chose is not None:
        picked = SheetEntry.objects.filter(
            table=table, deal=deal, kind=KIND.ENTRY, pk=chose
        ).first()
        if picked is None:
            raise NotFound(f"deal {deal} of table {table.number} has no entry {chose}")
        tally = tally_of(picked.payload)
    payload: dict[str, Any] = _canonical(_game(table), tally)
    if chose is not None:
        payload["chose"] = chose
    if reason.strip():
        payload["reason"] = reason.strip()[:300]

    def check(game: Game, views: dict[int, DealView], counted: list[dict[str, Any]]) -> None:
        _refuse(rules.may_resolve(deal, len(counted)))
        state = _chain(game, views, counted, deal)
        state.apply(tally_of(payload))

    return _write(table, who, deal, KIND.RESOLVE, payload, client_id, check)


def count_agreed(table: Table, *, user: Any = None) -> tuple[int, ...]:
    """Append the agreed deals that follow the counted ones, in order, to the table's
    game (the caller holds the table's lock). Returns the deals appended."""
    game = _game(table)
    views = _views(table)
    done: list[int] = []
    deal = len(counted_tallies(game)) + 1
    while game.status == Game.Status.ACTIVE:
        view = views.get(deal)
        if view is None or view.agreed is None:
            break
        event_id = uuid.uuid5(EVENT_NAMESPACE, f"{game.pk}:{deal}")
        try:
            with transaction.atomic():
                appended = append_event(
                    game.pk,
                    view.agreed,
                    event_id=event_id,
                    expected_version=game.version,
                    user=view.agreed_by.entered_by if view.agreed_by else user,
                )
        except (EngineError, ServiceError):
            break  # shown by sheet_state as a problem for a director
        done.append(deal)
        game.refresh_from_db(fields=["version", "status"])
        if appended.over:
            break
        deal += 1
    return tuple(done)


def correct(
    table: Table, deal: int, tally: Any, by: User, client_id: Any, *, reason: str
) -> Written:
    """A director's correction of a deal that already counts: the game is replaced
    (see the module's docstring). ``reason`` is required."""
    deal, client_id = _deal_number(deal), _client_id(client_id)
    who = _require_director(table, by)
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError("a correction needs a reason", field="reason")
    old = _game(table)
    payload = {**_canonical(old, tally), "reason": reason[:300]}
    retried = _retry(table, client_id, deal, KIND.CORRECT, payload, who)
    if retried is not None:
        return retried
    with transaction.atomic():
        table = _locked(table)
        retried = _retry(table, client_id, deal, KIND.CORRECT, payload, who)
        if retried is not None:
            return retried
        old = Game.objects.select_for_update().get(pk=_game(table).pk)
        counted = counted_tallies(old)
        if deal > len(counted):
            raise Conflict(
                f"deal {deal} does not count yet: resolve or enter it instead", deal=deal
            )
        fixed = list(counted)
        fixed[deal - 1] = tally_of(payload)
        state = state_cache.fresh_engine_game(old)
        for number, event in enumerate(fixed, start=1):
            if state.over:
                raise Conflict(
                    f"with that correction the game is over after deal {number - 1}, but "
                    f"deal {number} counts: correct the later deals first",
                    deal=number,
                )
            try:
                state.apply(event)
            except EngineError as error:
                raise ServiceError(
                    f"with that correction, deal {number} is refused: {error}"
                ) from None
        line = SheetEntry.objects.create(
            table=table,
            deal=deal,
            kind=KIND.CORRECT,
            payload=payload,
            side=None,
            entered_by=by,
            client_id=client_id,
        )
        new = _replacement(table, old, fixed, by)
        RoundCorrection.objects.create(
            round=table.round,
            made_by=by,
            reason=f"table {table.number}, deal {deal}: {reason}"[:300],
            change={
                "sheet": {
                    "table": table.number,
                    "deal": deal,
                    "old_game": str(old.pk),
                    "new_game": str(new.pk),
                }
            },
        )
        owe_standings(table.round.tournament_id, "sheet corrected")
        done = count_agreed(table, user=by)
    return Written(line, True, (deal, *done))


def _replacement(table: Table, old: Game, tallies: list[dict[str, Any]], by: Any) -> Game:
    """Void ``old`` and give the table a new game holding ``tallies``."""
    Game.objects.filter(pk=old.pk).update(status=Game.Status.VOID)
    new = game_service.create_game(
        game_type=old.game_type,
        players=old.players,
        options=old.options,
        first_dealer=old.first_dealer,
        mode=Game.Mode.PHYSICAL,
        created_by=by,
    )
    for seat in Seat.objects.filter(game=old).select_related("player"):
        game_service.seat_player(new, seat.number, seat.player)
    game_service.start_game(new.pk)
    table.game = new
    table.save(update_fields=["game"])
    for deal, tally in enumerate(tallies, start=1):
        new.refresh_from_db(fields=["version", "status"])
        append_event(
            new.pk,
            tally,
            event_id=uuid.uuid5(EVENT_NAMESPACE, f"{new.pk}:{deal}"),
            expected_version=new.version,
            user=by,
        )
    new.refresh_from_db()
    return new


# ---------------------------------------------------------------------- forfeits


def record_forfeit(table: Table, entry: Entry, kind: str, by: User, note: str = "") -> Forfeit:
    """A director records that ``entry`` did not come (``no_show``) or conceded
    (``forfeit``) at ``table``; once per entry and table."""
    require_role(by, _club(table), Role.DIRECTOR)
    if kind not in Forfeit.Kind.values:
        raise ServiceError(
            f"kind must be one of {', '.join(Forfeit.Kind.values)}, not {kind!r}", field="kind"
        )
    if not TableEntry.objects.filter(table=table, entry=entry).exists():
        raise ServiceError(
            f"entry {entry.number} does not sit at table {table.number}", field="entry"
        )
    try:
        with transaction.atomic():
            forfeit = Forfeit.objects.create(
                table=table, entry=entry, kind=kind, note=(note or "").strip()[:200], recorded_by=by
            )
            owe_standings(table.round.tournament_id, "forfeit")
            return forfeit
    except IntegrityError:
        raise Conflict(
            f"a forfeit of entry {entry.number} at table {table.number} is already recorded"
        ) from None


def table_in_round(round_: Any, number: int) -> Table:
    try:
        return round_.tables.select_related("round__tournament__club").get(number=number)
    except (Table.DoesNotExist, ValueError, TypeError):
        raise NotFound(f"round {round_.number} has no table {number!r}") from None


# The sheet as people see it lives in sheet_view (kept importable from here).
from tournaments.services.sheet_view import (  # noqa: E402
    _line,
    build_state,
    history,
    sheet_state,
    side_names,
)

__all__ = ["_line", "build_state", "history", "sheet_state", "side_names"]
