"""Time controls for people: checking one a page or the API sends, and saying it in words.

The arithmetic is pure (:mod:`tournaments.timing.clock`); this module adds what needs
Django: messages for people (translated), whether a game allows conceding a deal (for
``"forfeit_deal"``), the casual page's choices, and a description ("30 s a move; when
time runs out: an automatic move").
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import UnknownGame, game_class
from engine.flow import FlowEvents
from tournaments.services.errors import ServiceError
from tournaments.timing.clock import MAX_INCREMENT, MAX_SECONDS, MIN_SECONDS, TimeControl
from tournaments.timing.clock import TimeControlError as _Refused


def concede_possible(game_type: str) -> bool:
    """Whether game ``game_type`` lets a seat concede a deal at all (the engine's flow
    events: a game that overrides the concede hook)."""
    try:
        cls = game_class(game_type)
    except UnknownGame:
        return False
    return getattr(cls, "_concede_refusal", None) is not FlowEvents._concede_refusal


def _message(refused: _Refused, game_type: str) -> str:
    params = refused.params
    messages = {
        "not_an_object": _(
            "the time control must be an object such as "
            '{"kind": "move", "seconds": 30, "on_timeout": "auto"}, or null for no clock'
        ),
        "unknown_fields": _(
            "the time control has fields it does not know: %(fields)s "
            "(it takes kind, seconds, increment and on_timeout)"
        ),
        "kind": _("the clock's kind must be one of %(kinds)s"),
        "seconds": _("the clock's seconds must be a whole number from %(low)d to %(high)d"),
        "increment": _(
            "the clock's increment must be a whole number of seconds from 0 to %(high)d"
        ),
        "increment_not_bank": _('only a bank clock (kind "bank") takes an increment'),
        "on_timeout": _("on_timeout must be one of %(choices)s"),
        "no_concede": _(
            "%(game)s has no conceding of a deal, so running out of time cannot forfeit "
            "the deal: choose an automatic move or forfeiting the game"
        ),
    }
    return messages[refused.code] % {**params, "game": game_type}


def parse(data: Any, game_type: str) -> TimeControl | None:
    """The time control ``data`` describes for a game of ``game_type`` (``None``: no
    clock), or a :class:`ServiceError` (field ``time_control``) that says what is wrong."""
    if data is None:
        return None
    try:
        return TimeControl.parse(data, concede_possible=concede_possible(game_type))
    except _Refused as refused:
        raise ServiceError(_message(refused, game_type), field="time_control") from None


def stored(data: Any) -> TimeControl | None:
    """The time control stored on a game or tournament (``None``: untimed, or something
    no longer valid, which runs no clock rather than failing a page)."""
    if data is None:
        return None
    try:
        return TimeControl.parse(data)
    except _Refused:
        return None


def seconds_in_words(seconds: int) -> str:
    if seconds % 60 == 0:
        return _("%(minutes)d min") % {"minutes": seconds // 60}
    return _("%(seconds)d s") % {"seconds": seconds}


def in_words(control: TimeControl | None) -> str:
    """The time control for people: "30 s a move; when time runs out: an automatic move"."""
    if control is None:
        return _("No clock")
    allowance = seconds_in_words(control.seconds)
    if control.kind == "move":
        what = _("%(time)s a move") % {"time": allowance}
    elif control.kind == "deal":
        what = _("%(time)s a deal for each player") % {"time": allowance}
    else:
        what = _("%(time)s for the whole game, plus %(increment)s a move") % {
            "time": allowance,
            "increment": seconds_in_words(control.increment),
        }
    consequence = {
        "auto": _("an automatic move"),
        "forfeit_deal": _("the deal is forfeited"),
        "forfeit_game": _("the game is forfeited"),
    }[control.on_timeout]
    return _("%(clock)s; when time runs out: %(consequence)s") % {
        "clock": what,
        "consequence": consequence,
    }


CLOCK_CHOICES: list[tuple[str, Any]] = [
    ("", gettext_lazy("No clock")),
    ("move:30", gettext_lazy("30 s a move")),
    ("move:60", gettext_lazy("1 min a move")),
    ("deal:300", gettext_lazy("5 min a deal")),
    ("bank:600:5", gettext_lazy("10 min a game, plus 5 s a move")),
    ("bank:1800:10", gettext_lazy("30 min a game, plus 10 s a move")),
]
"""The new-game and setup pages' clock choices (value: ``kind:seconds[:increment]``)."""

TIMEOUT_CHOICES: list[tuple[str, Any]] = [
    ("auto", gettext_lazy("An automatic move is played")),
    ("forfeit_deal", gettext_lazy("The deal is forfeited (where the game allows it)")),
    ("forfeit_game", gettext_lazy("The game is forfeited")),
]


def to_choice(data: Any) -> tuple[str, str]:
    """A stored time control as the pages' two choices (clock, on_timeout)."""
    control = stored(data)
    if control is None:
        return "", "auto"
    value = f"{control.kind}:{control.seconds}"
    if control.kind == "bank":
        value += f":{control.increment}"
    return value, control.on_timeout


def clock_choices(current: str) -> list[tuple[str, Any]]:
    """:data:`CLOCK_CHOICES`, plus ``current`` (a clock set through the API) if missing."""
    choices = list(CLOCK_CHOICES)
    if current and current not in dict(choices):
        control = stored(from_choice(current, "auto"))
        if control is not None:
            choices.append((current, in_words(control).split(";")[0]))
    return choices


def from_choice(clock: str, on_timeout: str) -> dict[str, Any] | None:
    """The time control a page's two choices make (``None``: no clock)."""
    if not clock:
        return None
    kind, seconds, *rest = clock.split(":")
    data: dict[str, Any] = {"kind": kind, "seconds": int(seconds), "on_timeout": on_timeout}
    if rest:
        data["increment"] = int(rest[0])
    return data


__all__ = [
    "CLOCK_CHOICES",
    "MAX_INCREMENT",
    "MAX_SECONDS",
    "MIN_SECONDS",
    "TIMEOUT_CHOICES",
    "concede_possible",
    "clock_choices",
    "from_choice",
    "in_words",
    "parse",
    "stored",
    "to_choice",
]
