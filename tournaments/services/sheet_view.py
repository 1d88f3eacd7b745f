"""A table's score sheet as people see it: every deal's status, tally, scores and
running totals, what a dispute differs on in words, who wrote each line (the seat
and the player's name, through the table's link or a login), and the full history
for directors. The rules of writing are :mod:`tournaments.services.sheets`'.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from engine import EngineError
from tournaments.models import Forfeit, Game, Role, Seat, SheetEntry, Table
from tournaments.services import game_store
from tournaments.services.access import User, require_role
from tournaments.services.dispute_words import differences
from tournaments.services.errors import Conflict
from tournaments.services.rule_words import at_the_table
from tournaments.services.sheet_access import Writer, _club, _game, writer
from tournaments.services.sheet_reading import (
    _chain,
    _replayed,
    _status,
    _views,
    counted_tallies,
)
from tournaments.services.sheet_rules import DISPUTED, DealView, tally_of


def _line(
    line: SheetEntry, *, full: bool, names: Mapping[int, str] | None = None
) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": line.pk,
        "deal": line.deal,
        "kind": line.kind,
        "side": line.side,
        "tally": tally_of(line.payload),
        "by": line.entered_by.get_username() if line.entered_by_id else None,
        "name": _author(line, names or {}),
        "seat": line.seat,
        "guest": line.via_guest_link,
        "at": line.created_at.isoformat(),
    }
    if line.payload and "reason" in line.payload:
        shown["reason"] = line.payload["reason"]
    if line.payload and "chose" in line.payload:
        shown["chose"] = line.payload["chose"]
    if full:
        shown["client_id"] = str(line.client_id)
        shown["device"] = line.device
    return shown


def _author(line: SheetEntry, names: Mapping[int, str]) -> str | None:
    """The display name of who wrote a line: the player at its seat (``names``:
    seat → name), else the login's player name, else the login."""
    if line.seat is not None and line.seat in names:
        return names[line.seat]
    if line.entered_by_id is None:
        return None
    player = getattr(line.entered_by, "player", None)
    return str(player.name) if player is not None else str(line.entered_by.get_username())


def side_names(table: Table, game: Game) -> list[str]:
    """Each side's players, by name ("Ann & Carla" for a team)."""
    engine_game = game_store.fresh_engine_game(game)
    names: list[list[str]] = [[] for _ in range(engine_game.sides)]
    for seat in Seat.objects.filter(game=game).select_related("player").order_by("number"):
        names[engine_game.side_of(seat.number)].append(seat.player.name)
    return [" & ".join(n) for n in names]


def sheet_state(table: Table, by: User) -> dict[str, Any]:
    """The sheet as a player of the table (or a scorer or director) sees it."""
    who = writer(table, by)
    return build_state(table, who)


def build_state(table: Table, who: Writer | None = None) -> dict[str, Any]:
    game = _game(table)
    views = _views(table)
    counted = counted_tallies(game)
    state = game_store.fresh_engine_game(game)
    seated = list(Seat.objects.filter(game=game).select_related("player").order_by("number"))
    names = {s.number: s.player.name for s in seated}
    sides = side_names(table, game)

    def label(index: int) -> str:
        return sides[index] if 0 <= index < len(sides) else f"side {index + 1}"

    deals: list[dict[str, Any]] = []
    last = max([len(counted), *views.keys()], default=0)
    for deal in range(1, last + 1):
        view = views.get(deal) or DealView(deal)
        row: dict[str, Any] = {
            "deal": deal,
            # Every game passes the deal one seat on (engine.game.Game._finish_deal).
            "dealer": (game.first_dealer + deal - 1) % game.players,
            "status": _status(deal, views, counted) or "empty",
            "tally": None,
            "scores": None,
            "totals": None,
            "differs": view.differs(),
            "differences": differences(view.entered, label, gettext) if view.disputed else [],
            "entries": [_line(x, full=False, names=names) for x in view.lines],
            "entered_by_sides": sorted(view.entering_sides),
            "problem": None,
        }
        if deal <= len(counted):
            state.apply(counted[deal - 1])
            row["tally"] = counted[deal - 1]
            row["scores"] = list(state.deal_scores or [])
            row["totals"] = list(state.totals)
        else:
            row["tally"] = view.candidate
            if view.agreed is not None and deal == len(counted) + 1:
                # Agreed, first in line, and still not counted: the engine refused it.
                try:
                    _replayed(game, counted).apply(view.agreed)
                except EngineError as error:
                    row["problem"] = at_the_table(error, game.game_type, names, sides)
        deals.append(row)
    over = state.over
    next_deal = None
    if not over and game.status == Game.Status.ACTIVE:
        try:
            nxt = len(counted) + 1
            while views.get(nxt) is not None and views[nxt].lines:
                if views[nxt].candidate is None:
                    raise Conflict(f"deal {nxt} is disputed")
                nxt += 1
            _chain(game, views, counted, nxt)
            next_deal = nxt
        except (Conflict, EngineError):
            next_deal = None
    shown: dict[str, Any] = {
        "table": table.number,
        "round": table.round.number,
        "tournament": table.round.tournament.name,
        "game": str(game.pk),
        "game_type": game.game_type,
        "game_status": game.status,
        "sides": sides,
        "seats": [
            {"seat": s.number, "player": s.player.name, "side": state.side_of(s.number)}
            for s in seated
        ],
        "closed": table.round.closed_at is not None,
        "deals": deals,
        "counted": len(counted),
        "next_deal": next_deal,
        "totals": list(state.totals),
        "over": over,
        "winner": state.winner if over else None,
        "winner_names": _winner_names(state.winner, sides) if over else [],
        "disputed": [d["deal"] for d in deals if d["status"] == DISPUTED],
        "forfeits": [
            {"entry": f.entry_id, "kind": f.kind, "note": f.note}
            for f in Forfeit.objects.filter(table=table)
        ],
    }
    if who is not None:
        shown["you"] = {
            "side": who.side,
            "seats": list(who.seats),
            "director": who.director,
            "guest": who.via_guest_link,
        }
    return shown


def history(table: Table, by: User) -> list[dict[str, Any]]:
    """Every line of the sheet, oldest first, with who wrote it and when (directors)."""
    require_role(by, _club(table), Role.DIRECTOR)
    lines = (
        SheetEntry.objects.filter(table=table).select_related("entered_by__player").order_by("id")
    )
    game = _game(table)
    names = {
        s.number: s.player.name for s in Seat.objects.filter(game=game).select_related("player")
    }
    return [_line(line, full=True, names=names) for line in lines]


def _winner_names(winner: int | list[int] | None, sides: list[str]) -> list[str]:
    """The names of the winning side, or of every side sharing the top (a draw)."""
    if winner is None:
        return []
    return [sides[side] for side in ([winner] if isinstance(winner, int) else winner)]
