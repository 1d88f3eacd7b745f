"""From a submitted form to an event in the game's log.

Every action form carries two hidden fields written when it was rendered: a fresh
``event_id`` and the game ``version`` it shows. They go to the move service,
:func:`~tournaments.services.moves.submit_move` (which owns who may act), as the
event id and the expected version, so tapping twice (or resubmitting after a
dropped connection) appends the event once, and a form rendered before someone else
moved is refused with a clear message instead of acting on a table the player has
not seen.

The seat always comes from the page's address (whose access the view checked, and
the move service checks again on the locked game), never from the form.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import EngineError
from tournaments.models import Game
from tournaments.services import game_store
from tournaments.services.errors import Conflict, ServiceError
from tournaments.services.moves import submit_move
from tournaments.web import rummy_actions
from tournaments.web.tallies import FormProblem, tally_fields, tally_from_form
from tournaments.web.words import engine_sentence

__all__ = ["FormProblem", "Outcome", "submit", "tally_fields", "tally_from_form"]

STALE = gettext_lazy("Someone acted first — the table has been refreshed.")
"""The message for a form rendered at a version the game has since left."""


@dataclass(frozen=True)
class Outcome:
    """What happened to a submitted form: ``status`` is the HTTP status to answer
    with (200 when the event is in the log) and ``message`` what to tell the player."""

    status: int
    message: str | None = None
    created: bool = False

    @property
    def ok(self) -> bool:
        return self.status == 200


def submit(game: Game, seat: int, data: QueryDict, user: Any) -> Outcome:
    """Append the event the form ``data`` describes, acting as ``seat``."""
    try:
        event_id, version = form_stamp(data)
        payload = event_from_form(game, seat, data)
    except FormProblem as problem:
        return Outcome(400, str(problem))
    try:
        moved = submit_move(
            game.pk, payload, user=user, event_id=event_id, expected_version=version, legal=False
        )
    except Conflict as conflict:
        current = game_store.get(game.pk)
        if current.status == Game.Status.ACTIVE and current.version != version:
            return Outcome(409, str(STALE))
        return Outcome(409, engine_sentence(conflict, game=game.game_type))
    except (EngineError, ServiceError) as error:
        return Outcome(getattr(error, "status", 400), engine_sentence(error, game=game.game_type))
    return Outcome(200, None, moved.created)


def form_stamp(data: Mapping[str, Any]) -> tuple[uuid.UUID, int]:
    """The event id and the version the form was rendered with."""
    try:
        event_id = uuid.UUID(str(data.get("event_id", "")))
        version = int(str(data.get("version", "")))
    except ValueError:
        raise FormProblem(
            _(
                "That form is incomplete (it has no event id or version); the table has been "
                "refreshed, please try again."
            )
        ) from None
    if version < 0:
        raise FormProblem(_("That form's version is not a version; the table has been refreshed."))
    return event_id, version


def event_from_form(game: Game, seat: int, data: QueryDict) -> dict[str, Any]:
    """The event a form describes (its legality is the engine's business)."""
    kind = data.get("action")
    if kind == "play":
        move = (data.get("move") or "").split()
        if move:
            return play_from_move(seat, move)
        return {"type": "play", "seat": seat, "card": _required(data, "card")}
    if kind == "split":
        return {"type": "split", "seat": seat, "first": data.getlist("first")}
    if kind == "exchange":
        take = data.get("take")
        if take not in ("0", "1"):
            raise FormProblem(_("Choose whether to keep your hand or take the spare."))
        return {"type": "exchange", "seat": seat, "take": take == "1"}
    if kind == "joker":
        return {"type": "joker", "seat": seat, "as": _required(data, "as")}
    if kind == "tally":
        return tally_from_form(game, data)
    if kind in ("resign", "concede"):  # the seat's own acts (tournaments.web.table_acts)
        return {"type": kind, "seat": seat}
    if rummy_actions.verb(kind) in rummy_actions.KINDS and rummy_actions.melds_game(game):
        return rummy_actions.event_from_form(game, seat, data)
    raise FormProblem(_("That form was not understood; the table has been refreshed."))


SIGNALS = ("busso", "volo", "striscio")


def play_from_move(seat: int, move: list[str]) -> dict[str, Any]:
    """A play written as words, as the play buttons of Scopa and Tresette send it:
    the card, then the cards it captures (Scopa) or a signal (Tresette's leader)."""
    card, *rest = move
    event: dict[str, Any] = {"type": "play", "seat": seat, "card": card}
    signals = [word for word in rest if word in SIGNALS]
    capture = [word for word in rest if word not in SIGNALS]
    if len(signals) > 1:
        raise FormProblem(_("A lead carries one signal at most."))
    if signals:
        event["signal"] = signals[0]
    if capture:
        event["capture"] = capture
    return event


def _required(data: QueryDict, key: str) -> str:
    value = data.get(key)
    if not value:
        raise FormProblem(_("Choose a card first."))
    return value
