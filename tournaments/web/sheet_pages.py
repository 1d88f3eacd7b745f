"""A table's score sheet on a phone (``/s/<code>/``), and a round's printable sheets.

**Short links.** Each table's page is ``/s/<code>/``: ``code`` is the table's id in
base 32 followed by 8 base-32 characters of an HMAC of that id keyed with the site's
``SECRET_KEY`` (:func:`table_code`). Nothing is stored: the code is checked by
recomputing it, a wrong one is a 404, and a code cannot be guessed from a table
number. (Changing ``SECRET_KEY`` changes every code: print the sheets again.)

**The page** shows the deal-by-deal sheet (status, tallies, deal scores, running
totals), the form for the next deal, confirm buttons on the other side's entries,
disputes in words ("Carla's first-hand tricks: 2 or 3"), and for directors the
rulings (each confirmed on a page of its own, :mod:`tournaments.web.sheet_rulings`),
corrections and the sheet's full history, attributed. Players log in as usual; whoever
else holds the link is a guest of the table, who says which seat they are
(:mod:`tournaments.web.guest_sheet_pages`). A closed round's sheet is read-only for
all but the club's directors. A refused form shows the page again with the error next
to the form and what was typed kept.

**Offline.** ``static/js/sheet.js`` keeps what is typed in ``localStorage``, sends
each submission with a ``client_id`` drawn once for it, keeps it queued when the
network is down and sends it again when it returns; the service stores a
``client_id`` once, so a submission repeated after a lost answer is not doubled.
Without JavaScript the forms post and redirect as usual.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from engine import EngineError
from tournaments.games import profile_for
from tournaments.models import Club, Role, Table, Tournament
from tournaments.services import guest_sheets, sheets
from tournaments.services.deal_schedule import deal_of
from tournaments.services.errors import ServiceError
from tournaments.services.numbering import for_people
from tournaments.web import cards
from tournaments.web import guest_sheet_pages as guest_pages
from tournaments.web.actions import FormProblem, tally_fields, tally_from_form
from tournaments.web.gates import account_writer, tournament_view
from tournaments.web.sheet_codes import table_code, table_from_code
from tournaments.web.sheet_pdf import round_pdf
from tournaments.web.tallies import tally_words
from tournaments.web.words import sentence

STATUS_WORDS = {
    "pending": pgettext_lazy("deal status", "pending"),
    "confirmed": pgettext_lazy("deal status", "confirmed"),
    "disputed": pgettext_lazy("deal status", "disputed"),
    "counted": pgettext_lazy("deal status", "counted"),
}
"""A deal's status as the sheet's Status column says it (the CSS class keeps the code)."""


# ---------------------------------------------------------------------- short codes


def sheet_path(table: Table) -> str:
    return reverse("sheets:sheet", args=[table_code(table.pk)])


# ---------------------------------------------------------------------- the page


def _names(state: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["player"] for s in state["seats"]}


def _schedule_words(table: Table, state: dict[str, Any], deal: int) -> str:
    """ "Ann deals · no trumps · passing left" (the PDF's columns, from the engine)."""
    game = table.game
    assert game is not None
    row = deal_of(game.game_type, game.players, game.first_dealer, deal)
    parts = [_("%(name)s deals") % {"name": _names(state).get(row["dealer"], "?")}]
    if "trumps" in row:
        parts.append(_("trumps: %(t)s") % {"t": _(row["trumps"])})
        parts.append(_("passing: %(p)s") % {"p": _(row["passing"])})
    return " · ".join(parts)


def _typed(fields: dict[str, Any] | None, data: Any) -> dict[str, Any] | None:
    """The tally inputs with what was typed in a refused form, to show it again."""
    if fields is None or data is None:
        return fields
    return {
        **fields,
        "rows": [
            {
                **row,
                "inputs": [{**i, "value": data.get(i["name"], "")} for i in row["inputs"]],
            }
            for row in fields["rows"]
        ],
        "choices": [{**c, "value": data.get(c["name"], "")} for c in fields["choices"]],
    }


def _context(
    request: HttpRequest,
    table: Table,
    state: dict[str, Any],
    error: dict[str, Any] | None = None,
) -> dict[str, Any]:
    you = state.get("you") or {}
    side = you.get("side")
    official = side is None
    director = bool(you.get("director")) and official
    writable = director or not state.get("closed")
    game = table.game
    assert game is not None
    with cards.showing(profile_for(game.game_type).deck) as card_style:
        fields = cards.tally_with_suit_icons(tally_fields(game, _names(state)))
    code = table_code(table.pk)
    rows = []
    for deal in state["deals"]:
        mine = side is not None and side in deal["entered_by_sides"]
        pending = deal["status"] == "pending" and writable
        rows.append(
            {
                **deal,
                "can_confirm": pending and (official or not mine),
                "can_answer": pending and not official and not mine,
                "can_resolve": director and deal["status"] in ("pending", "disputed"),
                "can_correct": director and deal["status"] == "counted",
                "player_entries": [
                    {**e, "text": tally_text(state, e["tally"])}
                    for e in deal["entries"]
                    if e["kind"] == "entry"
                ],
                "tally_text": tally_text(state, deal["tally"]),
                "status_words": STATUS_WORDS.get(deal["status"], deal["status"]),
                "schedule": _schedule_words(table, state, deal["deal"]),
            }
        )
    history = sheets.history(table, request.user) if director else None
    return {
        "table": table,
        "state": state,
        "rows": rows,
        "fields": fields,
        "card_style": card_style,
        "typed_fields": _typed(fields, error and error.get("data")),
        "error": error or {},
        "official": official,
        "director": director,
        "writable": writable,
        "side": side,
        "code": code,
        "act_url": reverse("sheets:act", args=[code]),
        "rule_url": reverse("sheets:rule", args=[code]),
        "new_client_id": uuid.uuid4(),
        "next_schedule": (
            _schedule_words(table, state, state["next_deal"]) if state["next_deal"] else ""
        ),
        "history": history_rows(state, history) if history is not None else None,
        "club": table.round.tournament.club,
        "tournament": table.round.tournament,
    }


def history_rows(state: dict[str, Any], history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sheet's lines for the director, in words: who (seat and name), how (the
    table link as a guest, or a login), when, which device, and the tally."""
    kinds = {
        "entry": _("entered"),
        "confirm": _("confirmed"),
        "resolve": _("ruled"),
        "correct": _("corrected"),
    }
    return [
        {
            **line,
            "what": kinds.get(line["kind"], line["kind"]),
            "seat_number": for_people(line["seat"]) if line.get("seat") is not None else None,
            "text": tally_text(state, line["tally"]),
        }
        for line in history
    ]


def tally_text(state: dict[str, Any], tally: dict[str, Any] | None) -> str:
    """A tally in words for the sheet ("Ann 7 · Bruno 6", "Ann 22 cards, 6 coins …")."""
    if not tally:
        return ""
    sides = state["sides"]

    def label(index: int) -> str:
        return sides[index] if 0 <= index < len(sides) else f"side {index + 1}"

    return tally_words(tally, label)


def render_sheet(
    request: HttpRequest,
    table: Table,
    who: sheets.Writer | None,
    *,
    error: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The sheet page for a login (``who``) or for a guest of the table."""
    code = table_code(table.pk)
    if who is None:
        visitor = guest_pages.visitor_of(request, table)
        if table.round.closed_at is not None:
            return guest_pages.closed_page(request, table, status=409 if error else 200)
        if visitor is None:
            return guest_pages.who_page(request, table, code, status=status)
        who = guest_sheets.guest_writer(table, visitor)
    state = sheets.build_state(table, who)
    context = _context(request, table, state, error)
    if who.via_guest_link:
        context.update(guest_pages.guest_extras(table, state, code))
    response = render(request, "sheets/sheet.html", context, status=status)
    return guest_pages.keep_device(request, response)


@require_GET
@never_cache
def sheet_page(request: HttpRequest, code: str) -> HttpResponse:
    table = table_from_code(code, request)
    return render_sheet(request, table, account_writer(request, table))


def _refused(
    request: HttpRequest, table: Table, who: sheets.Writer | None, status: int, message: str
) -> HttpResponse:
    """A refused form: JSON for the page's script, else the page again with the error
    next to the form and what was typed kept."""
    if request.headers.get("X-Tavolo-Queue") == "1":
        return JsonResponse({"ok": False, "message": message}, status=status)
    data = request.POST
    error = {
        "message": message,
        "action": data.get("action", ""),
        "deal": _int(data.get("deal")),
        "data": data,
    }
    return render_sheet(request, table, who, error=error, status=status)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _outcome(request: HttpRequest, code: str, status: int, message: str) -> HttpResponse:
    """The answer to a form that was saved: JSON for the page's script (which queues
    and retries), else a message and a redirect back to the sheet."""
    if request.headers.get("X-Tavolo-Queue") == "1":
        return JsonResponse({"ok": True, "message": message}, status=status)
    messages.success(request, message)
    return redirect(reverse("sheets:sheet", args=[code]), permanent=False)


def _write(
    request: HttpRequest, table: Table, who: sheets.Writer, action: str, deal: int, cid: Any
) -> sheets.Written:
    """A form of a login: enter, confirm, or (directors) rule and correct."""
    data = request.POST
    game = table.game
    assert game is not None
    user = request.user
    if action == "enter":
        return sheets.submit(table, deal, tally_from_form(game, data), who, cid)
    if action == "confirm":
        return sheets.confirm(table, deal, who, cid)
    if action == "resolve":
        if data.get("confirmed") != "1":
            raise FormProblem(_("Confirm the ruling first (the ruling page asks)."))
        chose = data.get("chose")
        return sheets.resolve(
            table,
            deal,
            user,
            cid,
            chose=int(chose) if chose else None,
            tally=None if chose else tally_from_form(game, data),
            reason=data.get("reason", ""),
        )
    if action == "correct":
        return sheets.correct(
            table, deal, tally_from_form(game, data), user, cid, reason=data.get("reason", "")
        )
    raise FormProblem(_("That form was not understood."))


@require_POST
def sheet_act(request: HttpRequest, code: str) -> HttpResponse:
    table = table_from_code(code, request)
    who = account_writer(request, table)
    data = request.POST
    action = data.get("action", "")
    try:
        deal = int(data.get("deal", ""))
        client_id = uuid.UUID(data.get("client_id", ""))
    except ValueError:
        return _refused(request, table, who, 400, _("That form is incomplete; please try again."))
    try:
        if who is None:
            visitor = guest_pages.visitor_of(request, table)
            written = guest_pages.act(table, visitor, action, deal, data, client_id)
        else:
            written = _write(request, table, who, action, deal, client_id)
    except (ServiceError, EngineError) as error:
        status = getattr(error, "status", 400)
        return _refused(request, table, who, status, sentence(error))
    except ValueError:
        return _refused(request, table, who, 400, _("That form is garbled; please try again."))
    if not written.created:
        text = _("Deal %(n)s was already saved.") % {"n": deal}
    elif written.counted:
        text = _("Counted: deal %(list)s.") % {"list": ", ".join(map(str, written.counted))}
    elif action == "enter":
        text = _("Deal %(n)s entered: a player of another side confirms it.") % {"n": deal}
    else:
        text = _("Deal %(n)s: saved.") % {"n": deal}
    response = _outcome(request, code, 201 if written.created else 200, text)
    return guest_pages.keep_device(request, response)


# ---------------------------------------------------------------------- printable sheets


def _not_a_scorer(request: HttpRequest, club: Club) -> HttpResponse:
    message = _("Printable score sheets are for the club's scorers and directors.")
    return render(request, "sheets/forbidden.html", {"message": message}, status=403)


@require_GET
@never_cache
@tournament_view(Role.SCORER, role_after_lookup=True, refused=_not_a_scorer)
def round_sheets_pdf(
    request: HttpRequest, club: Club, tournament: Tournament, number: int
) -> HttpResponse:
    """The round's printable score sheets, one page per table (scorers and directors)."""
    round_ = tournament.rounds.filter(number=number).first()
    if round_ is None or not round_.is_published:
        raise Http404("no such published round")
    pdf = round_pdf(round_, lambda table: request.build_absolute_uri(sheet_path(table)))
    response = HttpResponse(pdf, content_type="application/pdf")
    name = f"{tournament.slug}-round-{number}-sheets.pdf"
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response
