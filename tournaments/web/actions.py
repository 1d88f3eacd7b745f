"""From a submitted form to an event in the game's log.

Every action form carries two hidden fields written when it was rendered: a fresh
``event_id`` and the game ``version`` it shows. They go to
:func:`~tournaments.services.event_store.append_event` as the event id and the
expected version, so tapping twice (or resubmitting after a dropped connection)
appends the event once, and a form rendered before someone else moved is refused
with a clear message instead of acting on a table the player has not seen.

The seat always comes from the page's address (whose access the view checked),
never from the form.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from engine import EngineError
from tournaments.models import Game
from tournaments.services.errors import Conflict, ServiceError
from tournaments.services.event_store import append_event

STALE = "Someone acted first \u2014 the table has been refreshed."
"""The message for a form rendered at a version the game has since left."""

# What a score-sheet tally holds, per game: one count per team, per player, per
# player plus who took the dummy, or per player a pair (first hand, second hand).
TALLY_SHAPES = {
    "whist": "teams",
    "german_whist": "seats",
    "three_handed_whist": "seats_and_dummy",
    "italian_whist": "seat_pairs",
}
TALLY_MAX = {"whist": 13, "german_whist": 13, "three_handed_whist": 13, "italian_whist": 9}


class FormProblem(ServiceError):
    """The form itself is incomplete or garbled (not a rule of the game)."""


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
        appended = append_event(
            game.pk, payload, event_id=event_id, expected_version=version, user=user
        )
    except Conflict as conflict:
        current = Game.objects.only("status", "version").get(pk=game.pk)
        if current.status == Game.Status.ACTIVE and current.version != version:
            return Outcome(409, STALE)
        return Outcome(409, _sentence(str(conflict)))
    except (EngineError, ServiceError) as error:
        return Outcome(getattr(error, "status", 400), _sentence(str(error)))
    return Outcome(200, None, appended.created)


def form_stamp(data: Mapping[str, Any]) -> tuple[uuid.UUID, int]:
    """The event id and the version the form was rendered with."""
    try:
        event_id = uuid.UUID(str(data.get("event_id", "")))
        version = int(str(data.get("version", "")))
    except ValueError:
        raise FormProblem(
            "That form is incomplete (it has no event id or version); the table has been "
            "refreshed, please try again."
        ) from None
    if version < 0:
        raise FormProblem("That form's version is not a version; the table has been refreshed.")
    return event_id, version


def event_from_form(game: Game, seat: int, data: QueryDict) -> dict[str, Any]:
    """The event a form describes (its legality is the engine's business)."""
    kind = data.get("action")
    if kind == "play":
        return {"type": "play", "seat": seat, "card": _required(data, "card", "a card")}
    if kind == "split":
        return {"type": "split", "seat": seat, "first": data.getlist("first")}
    if kind == "exchange":
        take = data.get("take")
        if take not in ("0", "1"):
            raise FormProblem("Choose whether to keep your hand or take the spare.")
        return {"type": "exchange", "seat": seat, "take": take == "1"}
    if kind == "joker":
        return {"type": "joker", "seat": seat, "as": _required(data, "as", "a card")}
    if kind == "tally":
        return tally_from_form(game, data)
    raise FormProblem("That form was not understood; the table has been refreshed.")


def tally_from_form(game: Game, data: QueryDict) -> dict[str, Any]:
    shape = TALLY_SHAPES.get(game.game_type)
    if shape is None:
        raise FormProblem(f"Tallies of {game.game_type} cannot be entered on this page yet.")
    if shape == "teams":
        return {"type": "tally", "tricks": [_count(data, f"tricks_{t}") for t in (0, 1)]}
    seats = range(game.players)
    if shape == "seats":
        return {"type": "tally", "tricks": [_count(data, f"tricks_{s}") for s in seats]}
    if shape == "seats_and_dummy":
        dummy = data.get("dummy", "")
        if dummy not in [""] + [str(s) for s in seats]:
            raise FormProblem("Say who took the dummy (or nobody).")
        return {
            "type": "tally",
            "dummy": int(dummy) if dummy else None,
            "tricks": [_count(data, f"tricks_{s}") for s in seats],
        }
    return {
        "type": "tally",
        "tricks": [[_count(data, f"first_{s}"), _count(data, f"second_{s}")] for s in seats],
    }


def tally_fields(game: Game, names: Mapping[int, str]) -> dict[str, Any] | None:
    """The inputs of the tally form for ``game`` (``None``: no form for this game)."""
    shape = TALLY_SHAPES.get(game.game_type)
    if shape is None:
        return None
    top = TALLY_MAX[game.game_type]
    seats = range(game.players)
    rows: list[dict[str, Any]] = []
    if shape == "teams":
        for team in (0, 1):
            members = " & ".join(names.get(s, f"seat {s}") for s in seats if s % 2 == team)
            rows.append({"label": members, "inputs": [(f"tricks_{team}", "tricks")]})
    elif shape == "seat_pairs":
        for s in seats:
            rows.append(
                {
                    "label": names.get(s, f"seat {s}"),
                    "inputs": [(f"first_{s}", "1st hand"), (f"second_{s}", "2nd hand")],
                }
            )
    else:
        for s in seats:
            rows.append({"label": names.get(s, f"seat {s}"), "inputs": [(f"tricks_{s}", "tricks")]})
    dummy = None
    if shape == "seats_and_dummy":
        dummy = [("", "nobody")] + [(str(s), names.get(s, f"seat {s}")) for s in seats]
    return {"rows": rows, "max": top, "dummy": dummy}


def _required(data: QueryDict, key: str, what: str) -> str:
    value = data.get(key)
    if not value:
        raise FormProblem(f"Choose {what} first.")
    return value


def _count(data: QueryDict, key: str) -> int:
    raw = (data.get(key) or "").strip()
    try:
        return int(raw)
    except ValueError:
        raise FormProblem("Every count on the score sheet must be a whole number.") from None


def _sentence(message: str) -> str:
    """An engine or service message as a sentence: capitalised, with a full stop."""
    message = message.strip()
    if not message:
        return "That was refused."
    message = message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."
