"""The page after logging in (``/dashboard/``): a director's or scorer's evening, and
a player's own tournaments and games. The service (``services/dashboard.py``)
decides what is shown; this view only adds the addresses."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments.models import Game
from tournaments.services import dashboard as service
from tournaments.services.table_states import TableState
from tournaments.web.forms import game_title
from tournaments.web.gates import login_required
from tournaments.web.sheet_pages import sheet_path


def _table(state: TableState) -> dict[str, Any]:
    game = state.table.game
    if game is not None and game.mode == Game.Mode.PHYSICAL:
        link = sheet_path(state.table)
    elif game is not None:
        link = reverse("games:spectate", args=[game.pk])
    else:
        link = ""
    return {
        "number": state.number,
        "players": ", ".join(state.players),
        "state": state.state,
        "label": state.label,
        "link": link,
        "deals": state.disputed_deals or state.waiting_deals,
    }


def _evening(found: service.Evening) -> dict[str, Any]:
    t = found.tournament
    args = [t.club.slug, t.slug]
    shown: dict[str, Any] = {
        "t": t,
        "club": t.club,
        "game": game_title(t.game_type),
        "directs": found.directs,
        "url": reverse("tournaments:page", args=args),
        "entries_url": reverse("tournaments:entries", args=args),
        "round": found.round,
        "counts": found.counts,
        "playing": [_table(s) for s in found.playing],
        "waiting": [_table(s) for s in found.waiting],
        "disputed": [_table(s) for s in found.disputed],
        "to_check_in": found.to_check_in,
        "draft": found.draft,
    }
    if found.round is not None:
        name = "rounds:control" if found.directs else "rounds:public"
        shown["round_url"] = reverse(name, args=[*args, found.round.number])
    if found.draft is not None:
        shown["draft_url"] = reverse("rounds:control", args=[*args, found.draft.number])
    return shown


@require_GET
@never_cache
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    found = service.summary(request.user)
    me = found["me"]
    context = {
        "clubs": found["clubs"],
        "evenings": [_evening(e) for e in found["evenings"]],
        "my_tournaments": [
            {
                "t": t,
                "entry": entry,
                "place": place,
                "url": reverse("tournaments:page", args=[t.club.slug, t.slug]),
            }
            for t, entry, place in me.tournaments
        ],
        "my_games": [
            {
                "game": g,
                "title": game_title(g.game_type),
                "players": ", ".join(s.player.name for s in g.seats.all()),
            }
            for g in me.games
        ],
    }
    return render(request, "tournaments/dashboard.html", context)
