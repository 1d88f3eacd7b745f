"""A game's log in words, for people: "Alice plays Q♥".

Works on the log as :func:`tournaments.services.games.event_log` gives it to a
viewer, so hidden events stay hidden: this module only words what it is given. The
words common to every game are here; a game's own events (a split, a meld, a lead
with a signal) are worded by its profile (:meth:`GameProfile.log_words`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.games import GameProfile
from tournaments.games.base import log_faces, seat_name
from tournaments.web.cards import CardFace
from tournaments.web.tallies import tally_words

_BY = {
    "bot": lambda: _("played by the bot"),
    "clock": lambda: _("time ran out: played automatically"),
    "director": lambda: _("by the director"),
}
"""The mark of an event not made by the seat's own player (``GameEvent.Actor``)."""

_COMMON = GameProfile()
"""Words only (for a log read without its game)."""


def describe(
    entry: Mapping[str, Any], names: Mapping[int, str], profile: GameProfile | None = None
) -> dict[str, Any]:
    """One log entry as ``{"sequence", "text", "cards"}``: ``cards`` (faces) are drawn
    after ``text``; the game's profile may add more (Scopa's capture: ``then`` "and
    takes" and ``taken``)."""
    profile = profile or _COMMON
    event = entry["event"]
    kind = event.get("type")
    seat = event.get("seat")
    who = seat_name(names, seat) if isinstance(seat, int) else ""
    text, cards = profile.log_words(kind, event, who) or _words(kind, event, who, names)
    described: dict[str, Any] = {
        "sequence": entry["sequence"],
        "text": text,
        "cards": cards,
        "by": _BY.get(entry.get("actor") or "", lambda: "")(),
    }
    described.update(profile.log_extra(event))
    return described


def _words(
    kind: Any, event: Mapping[str, Any], who: str, names: Mapping[int, str]
) -> tuple[str, list[CardFace]]:
    hidden = event.get("hidden", False)
    if kind == "deal":
        return (
            _("The cards are dealt.") if hidden else _("The cards were dealt (see the record).")
        ), []
    if kind == "reshuffle":
        return _("The cards are reshuffled."), []
    if kind == "play":
        return _("%(who)s plays") % {"who": who}, log_faces([event.get("card")])
    if kind == "tally":
        return _("Score sheet: %(tally)s.") % {"tally": _tally_words(event, names)}, []
    if kind == "resign":
        return _("%(who)s resigns: the game is over.") % {"who": who}, []
    if kind == "concede":
        return _("%(who)s concedes the deal.") % {"who": who}, []
    if kind == "adjourn":
        return _("The table is adjourned."), []
    if kind == "resume":
        return _("Play resumes."), []
    return f"{kind} {who}".strip() + ".", []


def _tally_words(event: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """A tally's numbers per row: a side is its seats ``s`` with ``s % sides == side``
    (teams hold seats t, t+2, …; without teams a side is a seat)."""
    rows = next((len(v) for v in event.values() if isinstance(v, list)), 0) or 1
    seats = sorted(names) or list(range(rows))

    def label(index: int) -> str:
        members = [seat_name(names, s) for s in seats if s % rows == index]
        return pgettext("between partners", " & ").join(members) or seat_name({}, index)

    return tally_words(event, label)
