"""A director's look at one seat's cards, from the spectators' page (issue 15).

The page's form posts the seat (counted from 1, as people count) and a reason;
:func:`tournaments.services.seat_override.look_at_seat` decides and records the look.
The answer is a page of that seat's hand, shown once (never cached): nothing on it
acts for the seat. Everyone else gets the 403 page that says who may.
"""

from __future__ import annotations

import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournaments.games import profile_for
from tournaments.services import seat_override
from tournaments.services.errors import ServiceError
from tournaments.web import cards, tables
from tournaments.web.gates import game_or_404, login_refusal


@require_POST
@never_cache
def seat_look(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
    game = game_or_404(game_id)
    if (refused := login_refusal(request)) is not None:
        return refused
    try:
        seat_override.check_may_look(request.user, game)
    except ServiceError as error:
        context = {"game": game, "title": tables.title_of(game.game_type), "message": str(error)}
        return render(request, "games/look_refused.html", context, status=403)
    raw = request.POST.get("seat", "")
    seat = int(raw) - 1 if raw.isdigit() and len(raw) < 4 else -1
    context = tables.spectator_board(game)
    try:
        view = seat_override.look_at_seat(
            game, seat, by=request.user, reason=request.POST.get("reason", "")
        )
    except ServiceError as error:
        context.update({"may_look": True, "look_error": _problem(error)})
        return render(request, "games/spectate.html", context, status=400)
    names = tables.seat_names(game)
    with cards.showing(profile_for(game.game_type).deck) as style:
        hand = [cards.face(code) for code in view.get("hand") or []]
    context.update(
        {
            "seat": seat,
            "who": names.get(seat, ""),
            "hand": hand,
            "reason": request.POST.get("reason", "").strip(),
            "card_style": style,
        }
    )
    return render(request, "games/look.html", context)


def _problem(error: ServiceError) -> str:
    """The refusal in the page's words (the service's seat message counts from 0)."""
    if error.details.get("field") == "seat":
        return _("Choose one of the seats listed.")
    return str(error)
