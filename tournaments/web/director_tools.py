"""The director's bulk and undo pages: check everyone in, enter several players at
once, import entrants from a CSV file (on the entries page); archive, bring back or
delete a tournament, and unpublish a round whose games have not begun (each with a
confirmation page, which works without JavaScript).

Each view only reads the form and calls one service (``bulk_entries``,
``entry_import``, ``undo``); a refusal is shown in words next to the form.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import Club, Role, Round, Tournament
from tournaments.services import bulk_entries, entry_import, undo
from tournaments.services.errors import ServiceError
from tournaments.web.bulk_forms import ImportForm, ReasonForm, SeveralForm
from tournaments.web.entry_pages import entries_response, entry_choices
from tournaments.web.gates import round_view, tournament_view
from tournaments.web.pages import attach
from tournaments.web.words import sentence


def _to_entries(club: Club, tournament: Tournament) -> HttpResponse:
    url = reverse("tournaments:entries", args=[club.slug, tournament.slug])
    return redirect(url)


@require_POST
@tournament_view(Role.SCORER)
def check_in_all(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    try:
        done = bulk_entries.check_in_all(tournament, by=request.user)
    except ServiceError as error:
        return entries_response(request, club, tournament, error.status, banner=sentence(error))
    if done:
        messages.success(
            request,
            ngettext("%(n)s entrant checked in.", "%(n)s entrants checked in.", len(done))
            % {"n": len(done)},
        )
    else:
        messages.success(request, _("Everyone was already checked in."))
    return _to_entries(club, tournament)


@require_POST
@tournament_view(Role.SCORER)
def add_several(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    choices = entry_choices(club, tournament)["player"]
    form = SeveralForm(request.POST, prefix="several", choices=choices)
    if not form.is_valid():
        return entries_response(request, club, tournament, 400, several_form=form)
    try:
        entered = bulk_entries.add_several(
            tournament,
            by=request.user,
            players=form.player_ids(),
            guests=bulk_entries.guest_names(form.cleaned_data["guests"]),
        )
    except ServiceError as error:
        attach(form, error, "guests")
        return entries_response(request, club, tournament, error.status, several_form=form)
    messages.success(
        request,
        ngettext(
            "%(n)s entrant added: %(names)s.", "%(n)s entrants added: %(names)s.", len(entered)
        )
        % {"n": len(entered), "names": ", ".join(e.name for e in entered)},
    )
    return _to_entries(club, tournament)


@require_POST
@tournament_view(Role.SCORER)
def import_csv(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES, prefix="csv")
    if not form.is_valid():
        return entries_response(request, club, tournament, 400, import_form=form)
    try:
        text = entry_import.decode(form.cleaned_data["file"].read())
        entered = entry_import.import_entries(tournament, by=request.user, text=text)
    except ServiceError as error:
        lines = error.details.get("lines", [])
        message = (
            _("Nothing was imported: fix the lines listed below, then choose the file again.")
            if lines
            else str(error)
        )
        attach(form, error, "file", message=message)
        return entries_response(
            request, club, tournament, error.status, import_form=form, import_lines=lines
        )
    messages.success(
        request,
        ngettext("%(n)s entrant imported.", "%(n)s entrants imported.", len(entered))
        % {"n": len(entered)},
    )
    return _to_entries(club, tournament)


# ---------------------------------------------------------------------- undo


def _confirm(request: HttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    return render(request, "tournaments/confirm_step.html", context, status=status)


@never_cache
@require_http_methods(["GET", "POST"])
@tournament_view(Role.DIRECTOR)
def archive(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    bring_back = tournament.archived_at is not None
    context: dict[str, Any] = {
        "club": club,
        "t": tournament,
        "action": request.path,
        "title": _("Bring %(name)s back?") if bring_back else _("Archive %(name)s?"),
        "explain": (
            _("It appears again in the club's lists and can be changed.")
            if bring_back
            else _(
                "It disappears from the club's lists but stays reachable at its address, "
                "read-only: nothing in it can change until you bring it back."
            )
        ),
        "button": _("Bring it back") if bring_back else _("Archive it"),
        "danger": not bring_back,
        "back": reverse("tournaments:page", args=[club.slug, tournament.slug]),
    }
    context["title"] = context["title"] % {"name": tournament.name}
    if request.method == "GET":
        return _confirm(request, context)
    try:
        undo.archive(tournament, by=request.user, archived=not bring_back)
    except ServiceError as error:
        context["banner"] = sentence(error)
        return _confirm(request, context, error.status)
    messages.success(
        request,
        _("%(name)s is back in the club's lists.") % {"name": tournament.name}
        if bring_back
        else _("%(name)s is archived.") % {"name": tournament.name},
    )
    return redirect(reverse("tournaments:page", args=[club.slug, tournament.slug]))


@never_cache
@require_http_methods(["GET", "POST"])
@tournament_view(Role.DIRECTOR)
def delete(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    why = undo.results_of(tournament)
    context: dict[str, Any] = {
        "club": club,
        "t": tournament,
        "action": request.path,
        "title": _("Delete %(name)s?") % {"name": tournament.name},
        "explain": _(
            "Its entries, rounds and settings are deleted for good. This cannot be undone."
        ),
        "button": _("Delete it for good"),
        "danger": True,
        "back": reverse("tournaments:page", args=[club.slug, tournament.slug]),
    }
    if why:
        context["banner"] = sentence(
            _("%(name)s cannot be deleted: %(why)s. Archive it instead.")
            % {"name": tournament.name, "why": why}
        )
        context["button"] = None
    if request.method == "GET":
        return _confirm(request, context)
    try:
        name = undo.delete_tournament(tournament, by=request.user)
    except ServiceError as error:
        context["banner"] = sentence(error)
        return _confirm(request, context, error.status)
    messages.success(request, _("%(name)s is deleted.") % {"name": name})
    return redirect(reverse("clubs:page", args=[club.slug]))


@never_cache
@require_http_methods(["GET", "POST"])
@round_view(Role.DIRECTOR)
def unpublish(
    request: HttpRequest, club: Club, tournament: Tournament, round_: Round
) -> HttpResponse:
    number = round_.number
    form = ReasonForm(request.POST if request.method == "POST" else None, prefix="undo")
    control = reverse("rounds:control", args=[club.slug, tournament.slug, number])
    context: dict[str, Any] = {
        "club": club,
        "t": tournament,
        "action": request.path,
        "title": _("Unpublish round %(n)s?") % {"n": number},
        "explain": _(
            "Its tables' games are set aside (kept, not counted) and the round becomes a "
            "draft again, seen only by directors: swap, pair again or publish it anew. "
            "Only possible before anyone has entered a result."
        ),
        "button": _("Unpublish round %(n)s") % {"n": number},
        "danger": True,
        "back": control,
        "form": form,
    }
    if request.method == "GET":
        return _confirm(request, context)
    if not form.is_valid():
        return _confirm(request, context, 400)
    try:
        undo.unpublish(round_, by=request.user, reason=form.cleaned_data["reason"])
    except ServiceError as error:
        context["banner"] = sentence(error)
        return _confirm(request, context, error.status)
    messages.success(request, _("Round %(n)s is a draft again.") % {"n": number})
    return redirect(control)
