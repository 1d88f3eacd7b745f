"""Writing a table's score sheet: enter, confirm and rule on a deal (the rules are
:mod:`~tournaments.services.sheet_rules`'), each line written once under the table's
lock, and the agreed deals appended to the table's game exactly once, in order."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from engine import EngineError
from scoring.owed import owe_ratings, owe_standings
from tournaments.models import (
    Game,
    Seat,
    SheetEntry,
    Table,
)
from tournaments.services import audit
from tournaments.services import sheet_rules as rules
from tournaments.services.clubs import User
from tournaments.services.errors import Conflict, NotFound, ServiceError
from tournaments.services.game_store import append_event
from tournaments.services.rule_words import at_the_table
from tournaments.services.sheet_access import Writer, _game, _require_director, writer
from tournaments.services.sheet_reading import (
    KIND,
    _canonical,
    _chain,
    _deal_view,
    _refuse,
    _views,
    counted_tallies,
)
from tournaments.services.sheet_rules import DealView, tally_of
from tournaments.services.sheet_view import side_names

EVENT_NAMESPACE = uuid.UUID("6f1d2c1e-3d55-4b53-9a50-5c0f1f0e7a11")
"""Event ids of counted tallies are uuid5(this, "<game id>:<deal>")."""

MAX_DEALS = 500
"""No game lasts this many deals; a larger deal number is refused at once."""


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
            gettext("deal must be a number from 1 to %(most)s, not %(deal)r")
            % {"most": MAX_DEALS, "deal": deal},
            field="deal",
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
                gettext(
                    "round %(n)s is closed: its sheets are read-only (the director can still "
                    "rule or correct)"
                )
                % {"n": table.round.number}
            )
        game = _game(table)
        views = _views(table)
        counted = counted_tallies(game)
        try:
            check(game, views, counted)
        except EngineError as error:  # the engine's reason, seats named from 1
            error.args = (_for_people(table, game, error), *error.args[1:])
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
            owe_ratings([table.round.tournament.game_type], "ruling")
        if who.official:  # a scorer's or director's line (players' own lines are the sheet)
            audit_line(table, who.user, OFFICIAL_ACTIONS[kind], deal, None, payload)
        done = count_agreed(table, user=who.user)
    return Written(line, True, done)


OFFICIAL_ACTIONS = {
    KIND.ENTRY: "result-entered",
    KIND.CONFIRM: "result-confirmed",
    KIND.RESOLVE: "dispute-ruled",
    KIND.CORRECT: "result-corrected",
}
"""The audit action of a line an official writes, by the line's kind."""


def audit_line(table: Table, by: Any, action: str, deal: int, before: Any, after: Any) -> None:
    """The audit row of an official's line on ``table``'s sheet (in its transaction)."""
    round_ = table.round
    where = {"round": round_.number, "table": table.number, "deal": deal}
    audit.record(
        actor=by, club=round_.tournament.club, tournament=round_.tournament, action=action,
        subject=str(table.number), before=None if before is None else where | {"tally": before},
        after=where if after is None else where | {"tally": after},
    )  # fmt: skip


def _for_people(table: Table, game: Game, error: EngineError) -> str:
    """The engine's refusal in the reader's language, with the table's names."""
    seats = {
        s.number: s.player.name for s in Seat.objects.filter(game=game).select_related("player")
    }
    return at_the_table(error, game.game_type, seats, side_names(table, game))


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
        raise ServiceError(gettext("choose one of the deal's entries, or give a tally (not both)"))
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
