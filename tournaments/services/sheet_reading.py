"""A table's score sheet read from the database: its lines by deal (what each deal
adds up to is :mod:`~tournaments.services.sheet_rules`'), the tallies its game
counts, and the engine state before a deal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext

from engine import Game as EngineGame
from tournaments.models import (
    Game,
    GameEvent,
    SheetEntry,
    Table,
)
from tournaments.services import game_store
from tournaments.services import sheet_rules as rules
from tournaments.services.errors import Conflict, Forbidden, ServiceError
from tournaments.services.sheet_rules import DealView
from tournaments.services.sheet_rules import deal_view as _deal_view

KIND = SheetEntry.Kind


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
    state = game_store.fresh_engine_game(game)
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
    return game_store.fresh_engine_game(game).parse(event).to_event()


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
        raise Conflict(
            gettext("the game is over after deal %(last)s: there is no deal %(deal)s")
            % {"last": upto - 1, "deal": upto}
        )
    return state


def _status(deal: int, views: dict[int, DealView], counted: list[dict[str, Any]]) -> str | None:
    return rules.status(deal, views, len(counted))


def _refuse(refusal: rules.Refusal | None) -> None:
    """Raise the service error of a rule's refusal (nothing when there is none)."""
    if refusal is None:
        return
    details = {} if refusal.deal is None else {"deal": refusal.deal}
    message = gettext(refusal.template) % refusal.params if refusal.template else refusal.message
    raise (Forbidden if refusal.forbidden else Conflict)(message, **details)
