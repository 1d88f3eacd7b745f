"""What the club, tournament and round pages share: finding the club and the
tournament of an address, checking a role, and turning a service's refusal into
an answer (a 4xx page, or the form again with the message next to its field).

Every page looks its objects up here, so an unknown club, tournament, entry or
round is a 404, and a page that needs a role answers an anonymous visitor with the
log-in page (or 403 for a form posted without a session) and a member without the
role with 403.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Club, Role, Tournament
from tournaments.services import clubs as club_service
from tournaments.services import tournaments as tournament_service
from tournaments.services.errors import NotFound, ServiceError
from tournaments.web.actions import _sentence


def sentence(message: object) -> str:
    """A service's message ("a club needs a name") as a sentence for people."""
    return _sentence(str(message))


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def club_or_404(slug: str) -> Club:
    try:
        return club_service.club_by_slug(slug)
    except NotFound:
        raise Http404("no such club") from None


def may(request: HttpRequest, club: Club, role: Role) -> bool:
    return club_service.has_role(request.user, club, role)


def tournament_or_404(request: HttpRequest, club: Club, slug: str) -> Tournament:
    """The tournament; one still being set up exists only for the club's scorers and
    directors (404 for everyone else, like an address that does not exist)."""
    try:
        tournament = tournament_service.tournament_in(club, slug)
    except NotFound:
        raise Http404("no such tournament") from None
    if tournament.status == Tournament.Status.DRAFT and not may(request, club, Role.SCORER):
        raise Http404("no such tournament")
    return tournament


def refuse(request: HttpRequest, club: Club | None, role: Role) -> HttpResponse | None:
    """``None`` when the user holds ``role`` in ``club``; otherwise the answer: the
    log-in page for an anonymous visitor's GET, else a 403 page."""
    if club is not None and may(request, club, role):
        return None
    if not request.user.is_authenticated and request.method == "GET" and not is_htmx(request):
        return redirect_to_login(request.get_full_path())
    if is_htmx(request):
        return HttpResponse("You may not do this here (log in again?).", status=403)
    what = f"the {role.label.lower()} role in {club.name}" if club else "a login"
    return render(request, "clubs/forbidden.html", {"club": club, "what": what}, status=403)


def login_first(request: HttpRequest) -> HttpResponse | None:
    """``None`` for a logged-in user; otherwise the log-in page (403 for a POST)."""
    if request.user.is_authenticated:
        return None
    if request.method == "GET":
        return redirect_to_login(request.get_full_path())
    return render(request, "clubs/forbidden.html", {"club": None, "what": "a login"}, status=403)


def attach(
    form: forms.Form,
    error: ServiceError,
    default_field: str | None = None,
    message: str | None = None,
) -> None:
    """Put a service's refusal (or ``message`` for it) next to the form field it names
    (``details["field"]``), else next to ``default_field``, else above the form."""
    field = error.details.get("field") or default_field
    message = sentence(message if message is not None else error)
    if isinstance(field, str) and field in form.fields:
        form.add_error(field, message)
    elif field == "options" and hasattr(form, "option_errors"):
        form.option_errors.append(message)
    else:
        form.add_error(None, message)


def ids(values: list[Any]) -> list[int]:
    """Whole-number ids from form values; a value that is not one is a ServiceError."""
    try:
        return [int(v) for v in values]
    except (TypeError, ValueError):
        raise ServiceError("that choice is not an entrant") from None
