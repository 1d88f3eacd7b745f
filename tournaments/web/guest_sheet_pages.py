"""The table link for guests: say which seat you are, enter, hand the phone over.

Whoever opens a table's link (``/s/<code>/``) without a login that plays or scores
there is a guest of that table (``tournaments.services.guest_sheets``): the page
first asks "who are you?" with one big button per seat (the player's name, seats
numbered from 1). The seat chosen is kept in the session, per table; after a deal is
entered, the page asks the phone to be handed to a player of another side ("who are
you?" again, with the other sides' seats only), who then confirms it. Another phone
works as well: it says its own seat.

The device id is a random value in a long-lived cookie (:data:`DEVICE_COOKIE`); only
its keyed hash reaches the database, as the IP address's does.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Table
from tournaments.services import guest_sheets, sheets
from tournaments.services.errors import Forbidden, ServiceError
from tournaments.services.numbering import for_people
from tournaments.web.sheet_codes import table_from_code
from tournaments.web.tallies import tally_from_form

DEVICE_COOKIE = "tavolo_device"
DEVICE_AGE = 400 * 24 * 3600


def seat_key(table: Table) -> str:
    return f"tavolo-sheet-seat:{table.pk}"


def device_of(request: HttpRequest) -> str:
    """This browser's device id (a new one when it has none yet; see :func:`keep_device`)."""
    found = request.COOKIES.get(DEVICE_COOKIE, "")
    if not found or len(found) > 64:
        found = getattr(request, "_tavolo_device", "") or uuid.uuid4().hex
        request._tavolo_device = found  # type: ignore[attr-defined]
    return found


def keep_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Give the browser its device id cookie when it has none."""
    if not request.COOKIES.get(DEVICE_COOKIE):
        response.set_cookie(
            DEVICE_COOKIE, device_of(request), max_age=DEVICE_AGE, httponly=True, samesite="Lax"
        )
    return response


def visitor_of(request: HttpRequest, table: Table) -> guest_sheets.Visitor | None:
    """The guest holding this table's link, if they said which seat they are."""
    seat = request.session.get(seat_key(table))
    if not isinstance(seat, int) or not 0 <= seat < guest_sheets.seat_count(table):
        return None
    return guest_sheets.Visitor(seat, device_of(request), request.META.get("REMOTE_ADDR", ""))


def act(
    table: Table, visitor: guest_sheets.Visitor | None, action: str, deal: int, data: Any, cid: Any
) -> sheets.Written:
    """A guest's form: enter or confirm, for the seat they said."""
    guest_sheets.require_open(table)
    if visitor is None:
        raise Forbidden(_("Say which seat you are first."))
    if action == "enter":
        game = table.game
        assert game is not None
        return guest_sheets.submit(table, visitor, deal, tally_from_form(game, data), cid)
    if action == "confirm":
        return guest_sheets.confirm(table, visitor, deal, cid)
    raise Forbidden(_("Only the director rules on a deal or corrects it."))


def _seats(table: Table) -> list[dict[str, Any]]:
    state = sheets.build_state(table)
    return [{**s, "number": for_people(s["seat"])} for s in state["seats"]]


def closed_page(request: HttpRequest, table: Table, status: int = 200) -> HttpResponse:
    context = {"table": table, "tournament": table.round.tournament}
    return render(request, "sheets/closed.html", context, status=status)


def who_page(request: HttpRequest, table: Table, code: str, status: int = 200) -> HttpResponse:
    """ "Who are you?": one button per seat."""
    context = {
        "table": table,
        "tournament": table.round.tournament,
        "seats": _seats(table),
        "seat_url": reverse("sheets:seat", args=[code]),
        "login_url": reverse("accounts:login") + "?next=" + reverse("sheets:sheet", args=[code]),
    }
    return keep_device(request, render(request, "sheets/who.html", context, status=status))


def guest_extras(table: Table, state: dict[str, Any], code: str) -> dict[str, Any]:
    """What the sheet page adds for a guest: who they are, and the hand-over step when
    their side's entry waits for another side."""
    you = state.get("you") or {}
    seat = (you.get("seats") or [None])[0]
    side = you.get("side")
    names = {s["seat"]: s["player"] for s in state["seats"]}
    waiting = [
        d["deal"]
        for d in state["deals"]
        if d["status"] == "pending" and side in d["entered_by_sides"]
    ]
    others = [{**s, "number": for_people(s["seat"])} for s in state["seats"] if s["side"] != side]
    return {
        "guest": True,
        "you_seat": for_people(seat) if seat is not None else None,
        "you_name": names.get(seat, ""),
        "waiting": waiting,
        "others": others,
        "seat_url": reverse("sheets:seat", args=[code]),
    }


@require_POST
def choose_seat(request: HttpRequest, code: str) -> HttpResponse:
    """Say which seat you are (``seat``: 0-based), or forget it (empty)."""
    table = table_from_code(code, request)
    if table.round.closed_at is not None:
        return closed_page(request, table, status=409)
    raw = request.POST.get("seat", "")
    key = seat_key(table)
    if raw == "":
        request.session.pop(key, None)
        return redirect(reverse("sheets:sheet", args=[code]))
    try:
        seat = int(raw)
        if not 0 <= seat < guest_sheets.seat_count(table):
            raise ValueError
    except (ValueError, ServiceError):
        return who_page(request, table, code, status=400)
    request.session[key] = seat
    return keep_device(request, redirect(reverse("sheets:sheet", args=[code])))
