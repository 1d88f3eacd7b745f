"""The round control page's "Close round" button (directors)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Club, Role, Round, Tournament
from tournaments.services import round_closing
from tournaments.services.errors import ServiceError
from tournaments.web.gates import round_view
from tournaments.web.words import sentence


@require_POST
@round_view(Role.DIRECTOR)
def round_close(
    request: HttpRequest, club: Club, tournament: Tournament, round_: Round
) -> HttpResponse:
    """Close a published round: its table links stop taking guests' entries and its
    players' sheets become read-only."""
    number = round_.number
    try:
        round_closing.close_round(round_, by=request.user)
    except ServiceError as error:
        messages.error(request, sentence(error))
    else:
        messages.success(
            request,
            _("Round %(n)s is closed: its score sheets are read-only except for directors.")
            % {"n": number},
        )
    return redirect(reverse("rounds:control", args=[club.slug, tournament.slug, number]))
