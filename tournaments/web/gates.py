"""Who may open a page: the one access mechanism of the web views.

A view says what it needs with a decorator, and receives what the decorator looked
up instead of the address's parts:

- :func:`login_required`: a logged-in user;
- :func:`club_view` / :func:`tournament_view` / :func:`round_view`: the club (and
  tournament, and round) of the address, each a 404 when unknown, optionally with a
  role in the club — the view is called as ``view(request, club[, tournament[,
  round_]], **rest)``;
- :func:`seat_view`: a game and a seat the user may see (``view(request, game, seat)``);
- :func:`game_manager_view`: a game the user set up (``view(request, game)``);
- :func:`sheet_director_view`: a table's score sheet, for the club's directors
  (``view(request, code, table, who)``); :func:`account_writer` says who a logged-in
  user is on a sheet (the sheet's own pages ask it too).

How a page answers a visitor it does not let in is decided here and nowhere else: an
anonymous visitor's GET is sent to the log-in page (``?next=`` the page), a form
posted without a session or by a member without the role gets the 403 page that names
what is missing, and an htmx request a short 403 text its script shows.

A tournament still being set up exists only for the club's scorers and directors (404
for everyone else, like an address that does not exist).
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.models import Club, Game, Role, Round, Table, Tournament
from tournaments.services import access, sheets
from tournaments.services import rounds as round_service
from tournaments.services import tournaments as tournament_service
from tournaments.services.errors import Forbidden, NotFound
from tournaments.web import tables
from tournaments.web.club_time import club_of_request
from tournaments.web.sheet_codes import table_from_code

View = Callable[..., HttpResponse]
Refusal = Callable[[HttpRequest, Club], HttpResponse]
"""The page for a logged-in member without the role (see :func:`role_refusal`)."""


def is_htmx(request: HttpRequest) -> bool:
    """Whether the request comes from htmx (it answers with a fragment, not a page)."""
    return request.headers.get("HX-Request") == "true"


def to_login(request: HttpRequest) -> HttpResponse:
    """The log-in page, coming back to this page afterwards."""
    return redirect_to_login(request.get_full_path())


# ---------------------------------------------------------------------- look-ups


def club_or_404(request: HttpRequest, slug: str) -> Club:
    """The club of the address (read once per request, see :func:`club_of_request`)."""
    club = club_of_request(request, slug)
    if club is None:
        raise Http404("no such club")
    return club


def tournament_or_404(request: HttpRequest, club: Club, slug: str) -> Tournament:
    """The tournament; one still being set up exists only for the club's scorers and
    directors (404 for everyone else, like an address that does not exist)."""
    try:
        tournament = tournament_service.tournament_in(club, slug)
    except NotFound:
        raise Http404("no such tournament") from None
    if not access.may_see_tournament(request.user, tournament):
        raise Http404("no such tournament")
    return tournament


def round_or_404(tournament: Tournament, number: int) -> Round:
    try:
        return round_service.round_of(tournament, number)
    except NotFound:
        raise Http404("no such round") from None


def game_or_404(game_id: uuid.UUID) -> Game:
    try:
        return tables.load_game(game_id)
    except Game.DoesNotExist:
        raise Http404("no such game") from None


# ---------------------------------------------------------------------- refusals


def forbidden(
    request: HttpRequest, club: Club | None, what: str, status: int = 403
) -> HttpResponse:
    """The 403 page: "this page needs ``what``"."""
    return render(request, "clubs/forbidden.html", {"club": club, "what": what}, status=status)


def _role_page(request: HttpRequest, club: Club, role: Role) -> HttpResponse:
    what = _("the %(role)s role in %(club)s") % {"role": role.label.lower(), "club": club.name}
    return forbidden(request, club, what)


def role_refusal(
    request: HttpRequest, club: Club, role: Role, refused: Refusal | None = None
) -> HttpResponse | None:
    """``None`` when the user holds ``role`` in ``club``; otherwise the answer: the
    log-in page for an anonymous visitor's GET, a short text for htmx, else the 403
    page (``refused``'s, or the one naming the role)."""
    if access.has_role(request.user, club, role):
        return None
    if not request.user.is_authenticated and request.method == "GET" and not is_htmx(request):
        return to_login(request)
    if is_htmx(request):
        return HttpResponse(_("You may not do this here (log in again?)."), status=403)
    return refused(request, club) if refused is not None else _role_page(request, club, role)


def login_refusal(request: HttpRequest, *, post_to_login: bool = False) -> HttpResponse | None:
    """``None`` for a logged-in user; otherwise the log-in page for a GET (and for a
    POST too with ``post_to_login``), else the 403 page asking for a login."""
    if request.user.is_authenticated:
        return None
    if request.method == "GET" or post_to_login:
        return to_login(request)
    return forbidden(request, None, _("a login"))


# ---------------------------------------------------------------------- decorators


def login_required(view: View | None = None, *, post_to_login: bool = False) -> Any:
    """The page needs a logged-in user (see :func:`login_refusal`)."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def gated(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            refused = login_refusal(request, post_to_login=post_to_login)
            return refused if refused is not None else view(request, *args, **kwargs)

        return gated

    return decorate(view) if view is not None else decorate


def club_view(role: Role | None = None) -> Callable[[View], View]:
    """``view(request, club, **rest)`` for ``/clubs/<slug>/…``; with ``role``, only
    for the club's members holding it."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def gated(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponse:
            club = club_or_404(request, slug)
            refused = role_refusal(request, club, role) if role is not None else None
            return refused if refused is not None else view(request, club, **kwargs)

        return gated

    return decorate


def tournament_view(
    role: Role | None = None,
    *,
    login: bool = False,
    role_after_lookup: bool = False,
    refused: Refusal | None = None,
) -> Callable[[View], View]:
    """``view(request, club, tournament, **rest)`` for ``…/t/<tslug>/…``.

    ``login``: a logged-in user first (before anything is looked up); ``role``: a role
    in the club, asked before the tournament is looked up (so a visitor without it
    learns nothing about which tournaments exist), or after with
    ``role_after_lookup``; ``refused``: the 403 page for a member without the role."""

    def refusal(request: HttpRequest, club: Club) -> HttpResponse | None:
        return None if role is None else role_refusal(request, club, role, refused)

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def gated(request: HttpRequest, slug: str, tslug: str, **kwargs: Any) -> HttpResponse:
            if login and (no := login_refusal(request)) is not None:
                return no
            club = club_or_404(request, slug)
            if not role_after_lookup and (no := refusal(request, club)) is not None:
                return no
            tournament = tournament_or_404(request, club, tslug)
            if role_after_lookup and (no := refusal(request, club)) is not None:
                return no
            return view(request, club, tournament, **kwargs)

        return gated

    return decorate


def round_view(role: Role = Role.DIRECTOR) -> Callable[[View], View]:
    """``view(request, club, tournament, round_, **rest)`` for ``…/rounds/<number>/…``,
    for the club's members holding ``role`` (asked before anything else is looked up)."""

    def decorate(view: View) -> View:
        @tournament_view(role)
        @functools.wraps(view)
        def gated(
            request: HttpRequest, club: Club, tournament: Tournament, number: int, **kwargs: Any
        ) -> HttpResponse:
            return view(request, club, tournament, round_or_404(tournament, number), **kwargs)

        return gated

    return decorate


def seat_view(view: View) -> View:
    """``view(request, game, seat)`` for ``/games/<id>/seat/<n>/…``: a seat the user
    may see and act for. The page's gate: a submitted move is checked again by the
    move service (:func:`tournaments.services.moves.check_may_act`), on the locked game."""

    @functools.wraps(view)
    def gated(request: HttpRequest, game_id: uuid.UUID, seat: int) -> HttpResponse:
        game = game_or_404(game_id)
        if not 0 <= seat < game.players:
            raise Http404("no such seat")
        if not request.user.is_authenticated:
            if is_htmx(request):
                return HttpResponse(_("Please log in again."), status=403)
            return to_login(request)
        if not access.can_see_seat(request.user, game, seat):
            context = {"game": game, "seat": seat, "title": tables.title_of(game.game_type)}
            return render(request, "games/forbidden.html", context, status=403)
        return view(request, game, seat)

    return gated


def game_manager_view(*, bare: bool = False) -> Callable[[View], View]:
    """``view(request, game)`` for the pages of the player who set up a casual game
    (its invitations). ``bare``: a refusal is a plain 403 (a fragment htmx polls)."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def gated(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
            game = game_or_404(game_id)
            if not request.user.is_authenticated:
                return HttpResponse(status=403) if bare else to_login(request)
            if not access.can_manage(request.user, game):
                if bare:
                    return HttpResponse(status=403)
                message = _("Only the player who set up this game may invite players to it.")
                context = {"message": message}
                return render(request, "games/invite_refused.html", context, status=403)
            return view(request, game)

        return gated

    return decorate


def account_writer(request: HttpRequest, table: Table) -> sheets.Writer | None:
    """The logged-in user as a writer of this sheet (a player of the table, a scorer
    or director of the club); ``None``: they hold the link as a guest of the table."""
    if not request.user.is_authenticated:
        return None
    try:
        return sheets.writer(table, request.user)
    except Forbidden:
        return None


def sheet_director_view(refusal: str) -> Callable[[View], View]:
    """``view(request, code, table, who)`` for a score sheet's page that only the club's
    directors open (a ruling): an unknown code is a 404, anyone else gets the sheets'
    403 page saying ``refusal``."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def gated(request: HttpRequest, code: str) -> HttpResponse:
            table = table_from_code(code, request)
            who = account_writer(request, table)
            if who is None or not (who.director and who.official):
                context = {"table": table, "message": str(refusal)}
                return render(request, "sheets/forbidden.html", context, status=403)
            return view(request, code, table, who)

        return gated

    return decorate
