"""Guests score their own table through its link, as with a Bridgemate.

The table's printed QR code / short link (``/s/<code>/``) is the guest right: whoever
holds it may enter and confirm *that table's* deals without an account, saying which
seat they are. The code names one table of one round (it is an HMAC of the table's
id, see ``tournaments.web.sheet_pages``), so it cannot touch another table, and the
right expires when the round is closed (``round_closing``).

The rules of the sheet are unchanged (``sheets``): a seat's entry waits for a player
of *another* side, who confirms it on the same phone (handed over) or on another. A
guest cannot rule, correct or record forfeits.

**Bounded abuse.** Guest writes are counted in PostgreSQL
(:mod:`tournaments.services.failure_counts`: the count holds with Redis down) in
fixed windows of :data:`WINDOW` seconds: at most :data:`PER_TABLE` per table and
:data:`PER_IP` per client address (a club's Wi-Fi shows every phone with one
address, so that limit is the higher). Past a limit the write is refused with
:class:`TooManyWrites` (HTTP 429) and nothing is written. A table enters a deal and
confirms it: two writes a deal, so 40 in 10 minutes is far more than any real table
needs.

**Attribution.** Every guest line records the seat, that it came through the table
link, and keyed hashes (never the values) of the device id the page keeps in a
cookie and of the client's IP address; the director reads them in the sheet's
history, with the time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from tournaments.models import Table
from tournaments.services import failure_counts, game_store, sheets
from tournaments.services.errors import Conflict, ServiceError

WINDOW = 600
"""Seconds of one counting window."""
PER_TABLE = 40
"""Guest writes (entries and confirmations, refused ones included) per table and window."""
PER_IP = 300
"""Guest writes per client IP address and window (one club's Wi-Fi is one address)."""


class TooManyWrites(ServiceError):
    """Too many guest writes in a few minutes (HTTP 429)."""

    status = 429


@dataclass(frozen=True)
class Visitor:
    """Someone at the table holding its link: the seat they said they are (0-based),
    the device id their browser keeps, and their IP address (both hashed before
    anything is stored)."""

    seat: int
    device: str
    ip: str


def fingerprint(kind: str, value: str) -> str:
    """A keyed hash of ``value`` (16 hex characters): the same device or address
    reads the same in the history, and the value itself is never stored."""
    if not value:
        return ""
    return salted_hmac(f"tavolo.sheets.{kind}", value).hexdigest()[:16]


def require_open(table: Table) -> None:
    """Conflict when the table's round is closed (the guest right has expired)."""
    if table.round.closed_at is not None:
        raise Conflict(
            _(
                "Round %(n)s is closed: its score sheets can no longer be changed from the "
                "table. Ask the director."
            )
            % {"n": table.round.number}
        )


def seat_count(table: Table) -> int:
    return int(sheets._game(table).players)


def guest_writer(table: Table, visitor: Visitor) -> sheets.Writer:
    """The visitor as a writer of the table's sheet, for the seat they chose."""
    require_open(table)
    game = sheets._game(table)
    if isinstance(visitor.seat, bool) or not 0 <= visitor.seat < game.players:
        raise ServiceError(
            _("Choose your seat: this table has seats 1 to %(n)s.") % {"n": game.players},
            field="seat",
        )
    side = game_store.fresh_engine_game(game).side_of(visitor.seat)
    return sheets.Writer(
        AnonymousUser(),
        side,
        (visitor.seat,),
        False,
        seat=visitor.seat,
        via_guest_link=True,
        device=fingerprint("device", visitor.device),
        ip_hash=fingerprint("ip", visitor.ip),
    )


def _count(kind: str, who: object, window: int) -> int:
    name = failure_counts.bucket("guest", kind, who, window)
    return failure_counts.add(name, WINDOW + 5, sliding=False)


def throttle(table: Table, visitor: Visitor) -> None:
    """Count one guest write; :class:`TooManyWrites` past a limit."""
    window = int(time.time() // WINDOW)
    tables = _count("table", table.pk, window)
    addresses = _count("ip", visitor.ip, window)
    if tables > PER_TABLE:
        raise TooManyWrites(
            _(
                "Too many entries from this table in a few minutes. Wait a few minutes, or "
                "ask the director."
            )
        )
    if addresses > PER_IP:
        raise TooManyWrites(
            _(
                "Too many entries from this network in a few minutes. Wait a few minutes, "
                "or ask the director."
            )
        )


def submit(table: Table, visitor: Visitor, deal: int, tally: Any, client_id: Any) -> Any:
    """Enter a deal's tally for the visitor's seat (see :func:`sheets.submit`)."""
    who = guest_writer(table, visitor)
    throttle(table, visitor)
    return sheets.submit(table, deal, tally, who, client_id)


def confirm(table: Table, visitor: Visitor, deal: int, client_id: Any) -> Any:
    """Confirm a deal's tally for the visitor's seat (see :func:`sheets.confirm`)."""
    who = guest_writer(table, visitor)
    throttle(table, visitor)
    return sheets.confirm(table, deal, who, client_id)
