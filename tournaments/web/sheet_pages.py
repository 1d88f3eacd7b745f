"""A table's score sheet on a phone (``/s/<code>/``), and a round's printable sheets.

**Short links.** Each table's page is ``/s/<code>/``: ``code`` is the table's id in
base 32 followed by 8 base-32 characters of an HMAC of that id keyed with the site's
``SECRET_KEY`` (:func:`table_code`). Nothing is stored: the code is checked by
recomputing it, a wrong one is a 404, and a code cannot be guessed from a table
number. (Changing ``SECRET_KEY`` changes every code: print the sheets again.)

**The page** shows the deal-by-deal sheet (status, tallies, deal scores, running
totals), the form for the next deal, confirm buttons on the other side's entries,
disputes with the fields that differ, and for directors the rulings, corrections
and the sheet's full history. Players log in as usual; a guest without a login asks
a scorer or director, who enters for them (the page says so).

**Offline.** ``static/js/sheet.js`` keeps what is typed in ``localStorage``, sends
each submission with a ``client_id`` drawn once for it, keeps it queued when the
network is down and sends it again when it returns; the service stores a
``client_id`` once, so a submission repeated after a lost answer is not doubled.
Without JavaScript the forms post and redirect as usual.
"""

from __future__ import annotations

import base64
import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from engine import EngineError
from tournaments.models import Role, Table
from tournaments.services import sheets
from tournaments.services.errors import ServiceError
from tournaments.web.actions import FormProblem, tally_fields, tally_from_form
from tournaments.web.pages import club_or_404, may, sentence, tournament_or_404
from tournaments.web.tallies import tally_words

TAG = 8
"""Characters of the HMAC in a table's code (40 bits)."""


# ---------------------------------------------------------------------- short codes


def _b32(data: bytes) -> str:
    return base64.b32encode(data).decode().rstrip("=").lower()


def table_code(table_id: int) -> str:
    """The short, unguessable code of a table's sheet page."""
    raw = table_id.to_bytes((table_id.bit_length() + 7) // 8 or 1, "big")
    tag = _b32(salted_hmac("tavolo.sheets.table", str(table_id)).digest())[:TAG]
    return _b32(raw) + tag


def table_from_code(code: str) -> Table:
    """The table a code names (Http404 for a wrong or unknown code)."""
    code = code.lower()
    if len(code) <= TAG or len(code) > TAG + 16:
        raise Http404("no such score sheet")
    head = code[:-TAG]
    try:
        raw = base64.b32decode(head.upper() + "=" * (-len(head) % 8))
    except ValueError:
        raise Http404("no such score sheet") from None
    table_id = int.from_bytes(raw, "big")
    if not constant_time_compare(table_code(table_id), code):
        raise Http404("no such score sheet")
    table = Table.objects.select_related("round__tournament__club").filter(pk=table_id).first()
    if table is None or table.game_id is None:
        raise Http404("no such score sheet")
    return table


def sheet_path(table: Table) -> str:
    return reverse("sheets:sheet", args=[table_code(table.pk)])


# ---------------------------------------------------------------------- the page


def _names(state: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["player"] for s in state["seats"]}


def _context(request: HttpRequest, table: Table, state: dict[str, Any]) -> dict[str, Any]:
    you = state.get("you") or {}
    side = you.get("side")
    official = side is None
    director = bool(you.get("director")) and official
    game = table.game
    assert game is not None
    fields = tally_fields(game, _names(state))
    rows = []
    for deal in state["deals"]:
        mine = side is not None and side in deal["entered_by_sides"]
        rows.append(
            {
                **deal,
                "can_confirm": deal["status"] == "pending" and (official or not mine),
                "can_answer": deal["status"] == "pending" and not official and not mine,
                "can_resolve": director and deal["status"] in ("pending", "disputed"),
                "can_correct": director and deal["status"] == "counted",
                "player_entries": [
                    {**e, "text": tally_text(state, e["tally"])}
                    for e in deal["entries"]
                    if e["kind"] == "entry"
                ],
                "tally_text": tally_text(state, deal["tally"]),
            }
        )
    return {
        "table": table,
        "state": state,
        "rows": rows,
        "fields": fields,
        "official": official,
        "director": director,
        "side": side,
        "code": table_code(table.pk),
        "act_url": reverse("sheets:act", args=[table_code(table.pk)]),
        "new_client_id": uuid.uuid4(),
        "history": sheets.history(table, request.user) if director else None,
        "club": table.round.tournament.club,
        "tournament": table.round.tournament,
    }


def tally_text(state: dict[str, Any], tally: dict[str, Any] | None) -> str:
    """A tally in words for the sheet ("Ann 7 · Bruno 6", "Ann 22 cards, 6 coins …")."""
    if not tally:
        return ""
    sides = state["sides"]

    def label(index: int) -> str:
        return sides[index] if 0 <= index < len(sides) else f"side {index + 1}"

    return tally_words(tally, label)


@require_GET
@never_cache
def sheet_page(request: HttpRequest, code: str) -> HttpResponse:
    table = table_from_code(code)
    if not request.user.is_authenticated:
        context = {"table": table, "tournament": table.round.tournament, "code": code}
        return render(request, "sheets/login.html", context)
    try:
        state = sheets.sheet_state(table, request.user)
    except ServiceError as error:
        context = {"table": table, "message": sentence(error)}
        return render(request, "sheets/forbidden.html", context, status=error.status)
    return render(request, "sheets/sheet.html", _context(request, table, state))


def _outcome(request: HttpRequest, code: str, status: int, message: str) -> HttpResponse:
    """The answer to a form: JSON for the page's script (which queues and retries),
    else a message and a redirect back to the sheet."""
    if request.headers.get("X-Tavolo-Queue") == "1":
        return JsonResponse({"ok": status < 300, "message": message}, status=status)
    (messages.success if status < 300 else messages.error)(request, message)
    return redirect(reverse("sheets:sheet", args=[code]), permanent=False)


@require_POST
def sheet_act(request: HttpRequest, code: str) -> HttpResponse:
    table = table_from_code(code)
    data = request.POST
    action = data.get("action", "")
    try:
        deal = int(data.get("deal", ""))
        client_id = uuid.UUID(data.get("client_id", ""))
    except ValueError:
        return _outcome(request, code, 400, "That form is incomplete; please try again.")
    user = request.user
    try:
        game = table.game
        assert game is not None
        if action == "enter":
            written = sheets.submit(table, deal, tally_from_form(game, data), user, client_id)
        elif action == "confirm":
            written = sheets.confirm(table, deal, user, client_id)
        elif action == "resolve":
            chose = data.get("chose")
            written = sheets.resolve(
                table,
                deal,
                user,
                client_id,
                chose=int(chose) if chose else None,
                tally=None if chose else tally_from_form(game, data),
                reason=data.get("reason", ""),
            )
        elif action == "correct":
            written = sheets.correct(
                table, deal, tally_from_form(game, data), user, client_id,
                reason=data.get("reason", ""),
            )  # fmt: skip
        else:
            raise FormProblem("That form was not understood.")
    except (ServiceError, EngineError) as error:
        return _outcome(request, code, getattr(error, "status", 400), sentence(error))
    except ValueError:
        return _outcome(request, code, 400, "That form is garbled; please try again.")
    if not written.created:
        text = f"Deal {deal} was already saved."
    elif written.counted:
        text = "Counted: deal " + ", ".join(map(str, written.counted)) + "."
    elif action == "enter":
        text = f"Deal {deal} entered: a player of another side confirms it."
    else:
        text = f"Deal {deal}: saved."
    return _outcome(request, code, 201 if written.created else 200, text)


# ---------------------------------------------------------------------- printable sheets


@require_GET
@never_cache
def round_sheets_pdf(request: HttpRequest, slug: str, tslug: str, number: int) -> HttpResponse:
    """The round's printable score sheets, one page per table (scorers and directors)."""
    from tournaments.web.sheet_pdf import round_pdf

    club = club_or_404(slug)
    tournament = tournament_or_404(request, club, tslug)
    if not request.user.is_authenticated:
        from django.contrib.auth.views import redirect_to_login

        return redirect_to_login(request.get_full_path())
    if not may(request, club, Role.SCORER):
        return render(
            request,
            "sheets/forbidden.html",
            {"message": "Printable score sheets are for the club's scorers and directors."},
            status=403,
        )
    round_ = tournament.rounds.filter(number=number).first()
    if round_ is None or not round_.is_published:
        raise Http404("no such published round")
    pdf = round_pdf(round_, lambda table: request.build_absolute_uri(sheet_path(table)))
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"{tournament.slug}-round-{number}-sheets.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response
