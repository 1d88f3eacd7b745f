"""The game pages. Thin: check access, call the services, render.

Live updates: a page's board asks ``…/board?v=<version>`` when its websocket says
the game moved (or every second while the socket is down) and gets **204 No
Content** (one indexed read of ``Game.version``, no replay) until the game moves on,
then the re-rendered board. See docs/development.md, "Live updates".
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.models import Game
from tournaments.services import access
from tournaments.services.games import export_record
from tournaments.web import game_lists, rummy_actions, table_acts, tables
from tournaments.web.actions import submit
from tournaments.web.gates import game_or_404, is_htmx, seat_view

WATCH_LIST_LENGTH = 12


def _unchanged(request: HttpRequest, game_id: uuid.UUID) -> bool:
    """Whether the game is still at the version (and status) the polling page shows.
    One primary-key read of two columns: the cheap answer to most polls."""
    row = Game.objects.filter(pk=game_id).values_list("version", "status").first()
    if row is None:
        raise Http404("no such game")
    version, status = row
    shown_status = request.GET.get("s")
    return request.GET.get("v") == str(version) and shown_status in (None, status)


# ---------------------------------------------------------------------- lists


@require_GET
@never_cache
def game_list(request: HttpRequest) -> HttpResponse:
    """The user's games, grouped (:mod:`game_lists`), and games in play to watch."""
    user = request.user
    mine = game_lists.grouped(user) if user.is_authenticated else None
    context: dict[str, Any] = {"mine": mine}
    watch = list(
        Game.objects.filter(status=Game.Status.ACTIVE)
        .exclude(pk__in=mine["ids"] if mine else [])
        .order_by("-started_at")
        .prefetch_related("seats__player")[:WATCH_LIST_LENGTH]
    )
    context["watch"] = [game_lists.summary(g, user) for g in watch]
    return render(request, "games/list.html", context)


# ---------------------------------------------------------------------- spectators


@require_GET
@never_cache
def spectate(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
    game = game_or_404(game_id)
    return render(request, "games/spectate.html", spectate_context(request, game))


def spectate_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The table's page: the public board, and the links and forms for its reader."""
    context = tables.spectator_board(game)
    context["my_seats"] = access.seats_of(request.user, game)
    context["invite"] = _may_invite(request, game)
    context["may_look"] = access.may_look(request.user, game)
    context["pause"] = table_acts.pause_form(request.user, game, context["view_flags"])
    return context


def _may_invite(request: HttpRequest, game: Game) -> bool:
    """A game still being set up offers its creator the invitations page."""
    return game.status == Game.Status.SETUP and access.can_manage(request.user, game)


@require_GET
@never_cache
def spectator_board(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
    if _unchanged(request, game_id):
        return HttpResponse(status=204)
    game = game_or_404(game_id)
    return render(request, "games/_public_board.html", tables.spectator_board(game))


@require_GET
def game_record(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """The finished game as a record (with its seed), to check the deals with
    ``python -m tournaments.fairness verify RECORD.json``."""
    game = game_or_404(game_id)
    if not game.is_over:
        raise Http404("the record is published when the game is over")
    response = JsonResponse(export_record(game), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="tavolo-{game.pk}.json"'
    return response


# ---------------------------------------------------------------------- seats


@require_GET
@never_cache
@seat_view
def seat_page(request: HttpRequest, game: Game, seat: int) -> HttpResponse:
    context = tables.seat_board(game, seat)
    context["invite"] = _may_invite(request, game)
    return render(request, "games/seat.html", context)


@require_GET
@never_cache
def seat_board(request: HttpRequest, game_id: uuid.UUID, seat: int) -> HttpResponse:
    # The version is public (the spectators' board shows it), so the 204 answer may
    # come before the access check: a poll costs one small query.
    if _unchanged(request, game_id):
        return HttpResponse(status=204)
    return _seat_board(request, game_id=game_id, seat=seat)


@seat_view
def _seat_board(request: HttpRequest, game: Game, seat: int) -> HttpResponse:
    return render(request, "games/_seat_board.html", tables.seat_board(game, seat))


@require_POST
@never_cache
@seat_view
def seat_act(request: HttpRequest, game: Game, seat: int) -> HttpResponse:
    """Submit the seat's action from one of its forms. With htmx the answer is the
    re-rendered board (with a banner on refusal); without, a redirect back to the
    seat's page on success or the page with the banner."""
    choosing = request.POST.get("choose")
    if choosing and not request.POST.get("move"):
        # A card with several plays, tapped without the page's script: the board
        # again with that card's choices open (nothing is appended).
        context = tables.seat_board(game, seat, choosing=choosing)
        template = "games/_seat_board.html" if is_htmx(request) else "games/seat.html"
        return render(request, template, context)
    if rummy_actions.verb(request.POST.get("action")) in rummy_actions.STAGING:
        # Scala 40's opening, built on the page: nothing is appended yet.
        staged, message = rummy_actions.stage(game, seat, request.POST)
        context = tables.seat_board(game, seat, rummy={"staged": staged})
        context["banner"] = message
        template = "games/_seat_board.html" if is_htmx(request) else "games/seat.html"
        return render(request, template, context, status=400 if message else 200)
    outcome = submit(game, seat, request.POST, request.user)
    if outcome.ok and not is_htmx(request):
        return redirect(reverse("games:seat", args=[game.pk, seat]), permanent=False)
    game = game_or_404(game.pk)  # re-read: the version moved on (or someone else's did)
    kept = None
    if not outcome.ok and rummy_actions.melds_game(game):
        kept = rummy_actions.kept(request.POST)  # a refusal keeps the selection
    context = tables.seat_board(game, seat, rummy=kept)
    context["banner"] = outcome.message
    template = "games/_seat_board.html" if is_htmx(request) else "games/seat.html"
    return render(request, template, context, status=outcome.status)


@require_GET
@never_cache
@seat_view
def meld_check(request: HttpRequest, game: Game, seat: int) -> HttpResponse:
    """Burraco and Scala 40: is the selected meld (or addition, or opening) legal now,
    and if not why: the engine's answer, shown under the selection. Changes nothing."""
    if not rummy_actions.melds_game(game) or game.status != Game.Status.ACTIVE:
        raise Http404("no melds in this game")
    answer = rummy_actions.check(game, seat, request.GET)
    return render(request, "games/_rummy_check.html", {"answer": answer})
