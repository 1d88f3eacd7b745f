"""A director's correction of a deal that already counts: the table's game is voided
and replaced by one holding the corrected tally (see :mod:`tournaments.services.sheets`)."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from engine import EngineError
from scoring.owed import owe_ratings, owe_standings
from tournaments.models import (
    Game,
    RoundCorrection,
    Seat,
    SheetEntry,
    Table,
)
from tournaments.services import game_store, seats
from tournaments.services import games as game_service
from tournaments.services.clubs import User
from tournaments.services.errors import Conflict, ServiceError
from tournaments.services.game_store import append_event
from tournaments.services.sheet_access import _game, _require_director
from tournaments.services.sheet_reading import KIND, _canonical, counted_tallies
from tournaments.services.sheet_rules import tally_of
from tournaments.services.sheet_writes import (
    EVENT_NAMESPACE,
    OFFICIAL_ACTIONS,
    Written,
    _client_id,
    _deal_number,
    _for_people,
    _locked,
    _retry,
    audit_line,
    count_agreed,
)


def correct(
    table: Table, deal: int, tally: Any, by: User, client_id: Any, *, reason: str
) -> Written:
    """A director's correction of a deal that already counts: the game is replaced
    (see the module's docstring). ``reason`` is required."""
    deal, client_id = _deal_number(deal), _client_id(client_id)
    who = _require_director(table, by)
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(gettext("a correction needs a reason"), field="reason")
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
        old = game_store.get(_game(table).pk, for_update=True)
        counted = counted_tallies(old)
        if deal > len(counted):
            raise Conflict(
                gettext("deal %(deal)s does not count yet: resolve or enter it instead")
                % {"deal": deal},
                deal=deal,
            )
        fixed = list(counted)
        fixed[deal - 1] = tally_of(payload)
        state = game_store.fresh_engine_game(old)
        for number, event in enumerate(fixed, start=1):
            if state.over:
                raise Conflict(
                    gettext(
                        "with that correction the game is over after deal %(last)s, but deal "
                        "%(deal)s counts: correct the later deals first"
                    )
                    % {"last": number - 1, "deal": number},
                    deal=number,
                )
            try:
                state.apply(event)
            except EngineError as error:
                raise ServiceError(
                    gettext("with that correction, deal %(deal)s is refused: %(error)s")
                    % {"deal": number, "error": _for_people(table, old, error)}
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
        owe_ratings([old.game_type], "sheet corrected")
        audit_line(table, by, OFFICIAL_ACTIONS[KIND.CORRECT], deal, counted[deal - 1], payload)
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
        seats.seat_by_authority(new, seat.number, seat.player)
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
