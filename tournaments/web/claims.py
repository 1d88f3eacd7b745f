"""Claiming a guest record: the player's "Claim your results" page, and the page a
director gets when issuing a guest's one-time code (big enough to read out, and
printable). The claims service decides everything; see
:mod:`tournaments.services.claims`.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import Club, Player, Role
from tournaments.services import accounts, claims
from tournaments.services.errors import ServiceError
from tournaments.web.account_forms import ClaimForm
from tournaments.web.gates import club_view, login_required
from tournaments.web.pages import attach
from tournaments.web.words import sentence


def _tournament_rows(user: Any) -> list[dict[str, Any]]:
    return [
        {"t": t, "club": t.club}
        for t in sorted(claims.claimed_tournaments(user), key=lambda t: t.created_at, reverse=True)
    ]


@never_cache
@require_http_methods(["GET", "POST"])
@login_required
def claim_page(request: HttpRequest) -> HttpResponse:
    form = ClaimForm(request.POST or None)
    context: dict[str, Any] = {"form": form, "verified": accounts.is_verified(request.user)}
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                result = claims.claim(request.user, form.cleaned_data["code"])
            except ServiceError as error:
                attach(form, error, "code")
                status = error.status
            else:
                context.update(done=result, form=ClaimForm())
                status = 200
    context["tournaments"] = _tournament_rows(request.user)
    context["name"] = accounts.display_name(request.user)
    return render(request, "registration/claim.html", context, status=status)


@never_cache
@require_POST
@club_view(Role.DIRECTOR)
def issue_code(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """A director gives a guest a new code: shown once, on a page of its own."""
    guest = Player.objects.filter(pk=player_id, club=club).first()
    if guest is None:
        raise Http404("no such guest")
    try:
        with transaction.atomic():
            issued = claims.issue_claim_code(guest, request.user)
    except ServiceError as error:
        context = {"club": club, "guest": guest, "error": sentence(error)}
        return render(request, "clubs/claim_code.html", context, status=error.status)
    claim_url = request.build_absolute_uri(reverse("accounts:claim"))
    return render(
        request,
        "clubs/claim_code.html",
        {"club": club, "guest": guest, "issued": issued, "claim_url": claim_url},
    )
