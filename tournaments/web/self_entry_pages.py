"""A player entering or withdrawing themselves from the tournament page.

The tournament page shows the "Enter" button (and, for team tournaments, the player's
teams or partner lists) only while ``entries_taken`` says entries are taken, and says
why not otherwise (:func:`tournaments.web.tournament_pages.self_entry_context`); both
forms post to one service (:mod:`tournaments.services.self_entry`)
that the API calls too, and a refusal is shown on the tournament page in words.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Club, Tournament
from tournaments.services import self_entry
from tournaments.services.errors import ServiceError
from tournaments.web.gates import tournament_view
from tournaments.web.tournament_pages import page_context
from tournaments.web.words import sentence


def _ids(values: list[str]) -> list[int]:
    try:
        return [int(v) for v in values if v]
    except ValueError:
        raise ServiceError(_("Choose your partners from the list."), field="partners") from None


def _refused(request: HttpRequest, tournament: Tournament, error: ServiceError) -> HttpResponse:
    context = page_context(request, tournament.club, tournament)
    context["banner"] = sentence(error)
    return render(request, "tournaments/page.html", context, status=error.status)


@require_POST
@tournament_view(login=True)
def enter(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    """The logged-in player enters (alone, with a team of theirs, or with partners)."""
    try:
        team = request.POST.get("team") or None
        entry = self_entry.enter_self(
            tournament,
            by=request.user,
            team_id=_ids([team])[0] if team else None,
            partner_ids=_ids(request.POST.getlist("partner")),
        )
    except ServiceError as error:
        return _refused(request, tournament, error)
    messages.success(
        request,
        _("%(name)s entered as number %(n)s.") % {"name": entry.name, "n": entry.number},
    )
    return redirect(reverse("tournaments:page", args=[club.slug, tournament.slug]))


@require_POST
@tournament_view(login=True)
def withdraw(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    """The logged-in player withdraws their own entry before play begins."""
    try:
        entry = self_entry.withdraw_self(tournament, by=request.user)
    except ServiceError as error:
        return _refused(request, tournament, error)
    messages.success(request, _("%(name)s has withdrawn.") % {"name": entry.name})
    return redirect(reverse("tournaments:page", args=[club.slug, tournament.slug]))
