"""Adjourning and resuming a table from its page (``games:table-pause``): a director
of its tournament, or a casual game's creator (:mod:`tournaments.services.table_actions`
decides). Success leads back to the table's page; a refusal is that page with the
reason why, nothing changed."""

from __future__ import annotations

import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from engine import EngineError
from tournaments.services import moves, table_actions
from tournaments.services.errors import ServiceError
from tournaments.web.gates import game_or_404, login_refusal
from tournaments.web.views import spectate_context
from tournaments.web.words import engine_sentence


@require_POST
@never_cache
def table_pause(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """Adjourn or resume the table (``action`` = ``adjourn`` / ``resume``, with a
    ``reason`` for an adjournment), then back to the table's page; a refusal is that
    page with the reason why (403, 400 or 409), nothing changed."""
    game = game_or_404(game_id)
    if (refused := login_refusal(request)) is not None:
        return refused
    action = request.POST.get("action")
    status = 400
    try:
        if action not in table_actions.PAUSES:
            raise ServiceError(_("That form was not understood; the table has been refreshed."))
        try:
            event_id = uuid.UUID(str(request.POST.get("event_id", "")))
        except ValueError:
            event_id = uuid.uuid4()
        moves.act(
            game.pk,
            {"type": action},
            user=request.user,
            event_id=event_id,
            reason=request.POST.get("reason", ""),
        )
    except (ServiceError, EngineError) as error:
        status = getattr(error, "status", 400)
        message = engine_sentence(error, game=game.game_type)
    else:
        return redirect(reverse("games:spectate", args=[game.pk]), permanent=False)
    context = spectate_context(request, game_or_404(game.pk))
    context["pause_error"] = message
    return render(request, "games/spectate.html", context, status=status)
