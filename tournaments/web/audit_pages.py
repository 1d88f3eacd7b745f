"""The club's audit log, for its owners and directors: who did what and when, newest
first, a page at a time, optionally for one tournament; and the same rows as CSV.

Times are on the club's clock (the club's pages activate its zone); the actions read
as sentences in the reader's language (``tournaments/services/audit_words.py``).
Scorers, players and strangers are refused by the gate as on every director page.
"""

from __future__ import annotations

import csv
from typing import Any

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments.models import AuditEntry, Club, Role
from tournaments.services import audit_words
from tournaments.web.gates import club_view

PER_PAGE = 50


def _rows(club: Club, request: HttpRequest) -> tuple[QuerySet[AuditEntry], str, str]:
    """The club's rows (one tournament's with ``?tournament=<id>``), the chosen id, and
    a refusal in words when the id names none of the club's tournaments."""
    found = AuditEntry.objects.filter(club=club).select_related("actor", "tournament")
    chosen = request.GET.get("tournament", "").strip()
    if not chosen:
        return found.order_by("-at", "-id"), "", ""
    if (
        not chosen.isdigit()
        or not AuditEntry.objects.filter(club=club, tournament_id=int(chosen)).exists()
    ):
        return found.none(), chosen, _("This club's log has no such tournament.")
    return found.filter(tournament_id=int(chosen)).order_by("-at", "-id"), chosen, ""


def _tournaments(club: Club) -> list[tuple[int, str]]:
    """Every tournament the log names (a deleted one too, by the name it had)."""
    named: dict[int, str] = {}
    pairs = (
        AuditEntry.objects.filter(club=club, tournament_id__isnull=False)
        .order_by("-id")
        .values_list("tournament_id", "tournament_name")
    )
    for pk, name in pairs:
        named.setdefault(pk, name)
    return sorted(named.items(), key=lambda item: item[1].casefold())


def _who(row: AuditEntry) -> str:
    return row.actor_name or _("Tavolo (automatic)")


def _read(row: AuditEntry) -> dict[str, Any]:
    return {
        "row": row,
        "who": _who(row),
        "what": audit_words.sentence(row.action, row.subject, row.before, row.after),
        "changes": audit_words.changes(row.before, row.after),
    }


@require_GET
@never_cache
@club_view(Role.DIRECTOR)
def audit_log(request: HttpRequest, club: Club) -> HttpResponse:
    rows, chosen, refusal = _rows(club, request)
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "club": club,
        "page": page,
        "rows": [_read(row) for row in page.object_list],
        "tournaments": _tournaments(club),
        "chosen": chosen,
        "banner": refusal,
        "zone": club.time_zone,
    }
    return render(request, "clubs/audit.html", context, status=400 if refusal else 200)


CSV_COLUMNS = ("at", "who", "action", "what", "tournament", "subject", "changes")


@require_GET
@never_cache
@club_view(Role.DIRECTOR)
def audit_csv(request: HttpRequest, club: Club) -> HttpResponse:
    """Every row (of one tournament with ``?tournament=``), newest first; the times
    on the club's clock with their offset, the action both as its code and in words."""
    rows, _chosen, refusal = _rows(club, request)
    if refusal:
        return HttpResponse(refusal, status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-audit-log.csv"'
    response.write("\ufeff")  # so spreadsheet programs read the file as UTF-8
    out = csv.writer(response)
    out.writerow(
        [
            _("When"),
            _("Who"),
            _("Action code"),
            _("What"),
            _("Tournament"),
            _("About"),
            _("What changed"),
        ]
    )
    for row in rows.iterator(chunk_size=500):
        read = _read(row)
        out.writerow(
            [
                timezone.localtime(row.at).isoformat(timespec="seconds"),
                read["who"],
                row.action,
                read["what"],
                row.tournament_name,
                row.subject,
                "; ".join(read["changes"]),
            ]
        )
    return response
