"""Invitation links to a casual game, on the web.

- ``/games/<id>/invite`` (the game's creator): each seat with its player, or its
  link with a Copy button, a QR code to scan from the creator's phone, and Withdraw
  (or "New link"). The seat list refreshes itself (htmx) and, once every seat is
  taken and the game has started, sends the creator to their seat.
- ``/games/join/<token>/``: what the link invites to; logged out, a way to log in
  (or sign up) and come back; logged in, one button to take the seat (a POST: a
  link preview opening the address changes nothing).

Thin: :mod:`tournaments.services.casual` decides; a refusal is shown in words and
changes nothing.
"""

from __future__ import annotations

from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.models import Game
from tournaments.services import access, bots_seating, casual
from tournaments.services.errors import ServiceError
from tournaments.services.numbering import for_people
from tournaments.web import tables
from tournaments.web.gates import game_manager_view
from tournaments.web.words import sentence


def join_url(request: HttpRequest, token: str) -> str:
    return request.build_absolute_uri(reverse("games:join", args=[token]))


def qr_code(url: str) -> str:
    """The link as a QR code, an SVG data URI for an ``<img>``."""
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2, dark="#111"))


def seats_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    names = {seat.number: seat.player.name for seat in game.seats.all()}
    bots = {seat.number for seat in game.seats.all() if seat.player.is_bot}
    live = casual.live_invitations(game)
    mine = access.seats_of(request.user, game)
    seats = []
    for number in range(game.players):
        invitation = live.get(number)
        url = join_url(request, invitation.token) if invitation else None
        seats.append(
            {
                "number": number,
                "name": names.get(number),
                "me": number in mine,
                "bot": number in bots,
                "url": url,
                "qr": qr_code(url) if url else None,
                "expires_at": invitation.expires_at if invitation else None,
            }
        )
    key = "-".join(
        f"{s['number']}:{'t' if s['name'] else live[s['number']].pk if s['url'] else 'n'}"
        for s in seats
    )
    return {
        "game": game,
        "key": key,
        "title": tables.title_of(game.game_type),
        "seats": seats,
        "empty": sum(1 for s in seats if s["name"] is None),
        "my_seat": mine[0] if mine else None,
    }


@require_GET
@never_cache
@game_manager_view()
def invitations_page(request: HttpRequest, game: Game) -> HttpResponse:
    if game.status != Game.Status.SETUP:
        return redirect(_play_url(request, game))
    return render(request, "games/invite.html", seats_context(request, game))


@require_GET
@never_cache
@game_manager_view(bare=True)
def invitations_seats(request: HttpRequest, game: Game) -> HttpResponse:
    """The seat list alone (htmx polls it); once the game has started, a redirect."""
    if game.status != Game.Status.SETUP:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = _play_url(request, game)
        return response
    context = seats_context(request, game)
    if request.GET.get("v") == context["key"]:
        return HttpResponse(status=204)  # nothing changed: the page keeps what it shows
    return render(request, "games/_invite_seats.html", context)


def _play_url(request: HttpRequest, game: Game) -> str:
    mine = access.seats_of(request.user, game)
    if mine:
        return reverse("games:seat", args=[game.pk, mine[0]])
    return reverse("games:spectate", args=[game.pk])


def _seat_arg(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("seat", ""))
    except ValueError:
        raise ServiceError(_("Choose a seat.")) from None


@require_POST
@game_manager_view()
def invitation_new(request: HttpRequest, game: Game) -> HttpResponse:
    return _change(request, game, withdraw=False)


@require_POST
@game_manager_view()
def invitation_withdraw(request: HttpRequest, game: Game) -> HttpResponse:
    return _change(request, game, withdraw=True)


@require_POST
@game_manager_view()
def invitation_bot(request: HttpRequest, game: Game) -> HttpResponse:
    """Seat a bot in an empty seat (:mod:`tournaments.services.bots_seating`)."""
    return _change(request, game, withdraw=False, bot=True)


def _change(request: HttpRequest, game: Game, *, withdraw: bool, bot: bool = False) -> HttpResponse:
    try:
        seat = _seat_arg(request)
        if bot:
            game = bots_seating.seat_bot(game, seat, by=request.user)
            if game.status == Game.Status.ACTIVE:
                messages.success(request, _("A bot took the last seat: the game has started."))
                return redirect(_play_url(request, game))
            done = _("A bot plays seat %(seat)d.")
        elif withdraw:
            casual.revoke(game, seat, request.user)
            done = _("The link for seat %(seat)d no longer works.")
        else:
            casual.invite(game, seat, request.user)
            done = _("Seat %(seat)d has a new link: send it to its player.")
    except ServiceError as error:
        context = seats_context(request, game)
        context["banner"] = sentence(error)
        return render(request, "games/invite.html", context, status=error.status)
    messages.success(request, done % {"seat": for_people(seat)})
    return redirect(reverse("games:invitations", args=[game.pk]))


# ---------------------------------------------------------------------- the invited


def signup_url() -> str:
    return reverse("accounts:signup")


@require_http_methods(["GET", "POST"])
@never_cache
def join(request: HttpRequest, token: str) -> HttpResponse:
    try:
        found = casual.invitation(token)
    except ServiceError as error:
        return render(
            request,
            "games/invite_refused.html",
            {"message": sentence(error)},
            status=error.status,
        )
    game = found.game
    context: dict[str, Any] = {
        "game": game,
        "title": tables.title_of(game.game_type),
        "seat": found.seat,
        "players": game.players,
        "inviter": _inviter(game),
        "problem": sentence(found.problem) if found.problem else None,
    }
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.path)
        back = urlencode({"next": request.path})
        context["login_url"] = f"{reverse('accounts:login')}?{back}"
        signup = signup_url()
        context["signup_url"] = f"{signup}?{back}"
        return render(request, "games/join.html", context)
    if request.method == "GET":
        if game.status != Game.Status.SETUP and access.seats_of(request.user, game):
            return redirect(_play_url(request, game))  # their own, already used link
        return render(request, "games/join.html", context, status=409 if found.problem else 200)
    try:
        game = casual.take_seat(token, request.user)
    except ServiceError as error:
        context["problem"] = sentence(error)
        return render(request, "games/join.html", context, status=error.status)
    if game.status == Game.Status.ACTIVE:
        messages.success(request, _("Everyone is here: the game has started."))
    else:
        messages.success(
            request,
            _("You have seat %(seat)d. The game starts when every seat is taken.")
            % {"seat": for_people(found.seat)},
        )
    return redirect(reverse("games:seat", args=[game.pk, found.seat]))


def _inviter(game: Game) -> str:
    creator = game.created_by
    if creator is None:
        return ""
    for seat in game.seats.all():
        if seat.player.user_id == creator.pk:
            return seat.player.name
    return creator.get_full_name() or creator.get_username()
