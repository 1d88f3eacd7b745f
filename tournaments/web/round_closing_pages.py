"""The round control page's "Close round" button (directors)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.services import round_closing
from tournaments.services.errors import ServiceError
from tournaments.web.pages import sentence


@require_POST
def round_close(request: HttpRequest, slug: str, tslug: str, number: int) -> HttpResponse:
    """Close a published round: its table links stop taking guests' entries and its
    players' sheets become read-only."""
    from tournaments.web.round_pages import _control

    found, refused = _control(request, slug, tslug, number)
    if refused is not None:
        return refused
    club, tournament, round_ = found
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
    return redirect(reverse("games:round-control", args=[club.slug, tournament.slug, number]))
