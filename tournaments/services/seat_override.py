"""A director's look at one seat's cards: an explicit, recorded act (issue 15).

Nobody but a seat's own player sees its hand through the game's pages and API. To
settle a dispute, a director of the tournament the game belongs to who does not play
at the table may look at one seat's view: a separate action (``POST
/api/games/{id}/seats/{n}/look``, the spectators' page's form), with a reason, and
each look is recorded (the audit log, action ``seat-view-override``, and the server's
log). A ``?seat=`` query never does this silently.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Game, Seat, Table
from tournaments.services import access, audit, games
from tournaments.services.errors import Forbidden, ServiceError
from tournaments.services.numbering import for_people

ACTION = "seat-view-override"
REASON_LENGTH = 300

logger = logging.getLogger(__name__)


def _not_a_director() -> str:
    """The refusal, in the current language (read when refused, not at import)."""
    return _(
        "Only a director of the tournament this game belongs to may look at a seat's "
        "cards, and each look is recorded."
    )


def check_may_look(by: Any, game: Game) -> None:
    """Raise :class:`Forbidden` unless ``by`` may look at a seat of ``game``."""
    if not getattr(by, "is_authenticated", False):
        raise Forbidden(_("Log in to look at a seat's cards."))
    if access.seats_of(by, game):
        raise Forbidden(_("You play at this table: you may not look at another seat's cards."))
    if not access.may_look(by, game):
        raise Forbidden(_not_a_director())


def look_at_seat(game: Game, seat: int, *, by: Any, reason: str) -> dict[str, Any]:
    """Seat ``seat``'s view (as :func:`games.seat_view` gives it to its player), for a
    director of the game's tournament who does not play at it, with ``reason``;
    the look is recorded before the view is returned. Refused (403, 400), nothing is
    shown and nothing recorded, for anyone else or without a reason."""
    check_may_look(by, game)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ServiceError(
            _("the seat must be a seat index from 0 to %(last)d, not %(seat)s")
            % {"last": game.players - 1, "seat": seat},
            field="seat",
        )
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(
            _("Say why you look at this seat's cards: the reason is recorded."),
            field="reason",
        )
    if len(reason) > REASON_LENGTH:
        raise ServiceError(
            _("Keep the reason to %(count)d characters.") % {"count": REASON_LENGTH},
            field="reason",
        )
    with transaction.atomic():  # no look without its audit row
        view = games.seat_view(game, seat)
        _record(game, seat, by, reason)
    return view


def _record(game: Game, seat: int, by: Any, reason: str) -> None:
    """The audit row (``seat-view-override``) and the server's log line: who looked at
    which seat of which table, and why; never a card."""
    table = (
        Table.objects.filter(game_id=game.pk)
        .select_related("round__tournament__club")
        .order_by("pk")
        .first()
    )
    if table is None:  # pragma: no cover - check_may_look found the game's tournament
        raise Forbidden(_not_a_director())
    tournament = table.round.tournament
    player = Seat.objects.filter(game_id=game.pk, number=seat).values_list(
        "player__name", flat=True
    )
    name = player.first() or ""
    audit.record(
        actor=by,
        club=tournament.club,
        tournament=tournament,
        action=ACTION,
        subject=(
            f"{name} (seat {for_people(seat)}), round {table.round.number}, table {table.number}"
        ),
        after={
            "game": str(game.pk),
            "round": table.round.number,
            "table": table.number,
            "seat": for_people(seat),
            "reason": reason,
        },
    )
    logger.warning(
        "%s: %s looked at seat %d of game %s (tournament %s): %s",
        ACTION,
        by.get_username(),
        for_people(seat),
        game.pk,
        tournament.pk,
        reason,
    )
