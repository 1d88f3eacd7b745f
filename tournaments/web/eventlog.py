"""A game's log in words, for people: "Alice plays Q♥".

Works on the log as :func:`tournaments.services.games.event_log` gives it to a
viewer, so hidden events stay hidden: this module only words what it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import MalformedCard
from tournaments.web import rummy_boards
from tournaments.web.cards import CardFace, face
from tournaments.web.tallies import tally_words


def describe(entry: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """One log entry as ``{"sequence", "text", "cards"}``: ``cards`` (faces) are drawn
    after ``text``; a Scopa capture adds ``then`` ("and takes") and ``taken``."""
    event = entry["event"]
    kind = event.get("type")
    seat = event.get("seat")
    who = names.get(seat, f"seat {seat + 1}") if isinstance(seat, int) else ""
    text, cards = _words(kind, event, who, names)
    described: dict[str, Any] = {"sequence": entry["sequence"], "text": text, "cards": cards}
    capture = event.get("capture") if kind == "play" else None
    if isinstance(capture, list) and capture:
        # Scopa: "Alice plays 7♦ and takes 3♦ 4♣".
        described["then"] = "and takes"
        described["taken"] = _faces(capture)
    return described


def _words(
    kind: Any, event: Mapping[str, Any], who: str, names: Mapping[int, str]
) -> tuple[str, list[CardFace]]:
    hidden = event.get("hidden", False)
    if kind == "deal":
        return ("The cards are dealt." if hidden else "The cards were dealt (see the record)."), []
    if kind == "reshuffle":
        return "The cards are reshuffled.", []
    if kind in rummy_boards.RUMMY_EVENTS:
        return rummy_boards.event_words(kind, event, who)
    if kind == "play":
        return _play_words(event, who)
    if kind == "split":
        if hidden:
            return f"{who} splits their cards.", []
        return f"{who} keeps as first hand", _faces(event.get("first"))
    if kind == "exchange":
        took = event.get("take")
        return (f"{who} takes the spare hand." if took else f"{who} keeps their hand."), []
    if kind == "joker":
        return f"{who} declares the joker as", _faces([event.get("as")])
    if kind == "tally":
        return f"Score sheet: {_tally_words(event, names)}.", []
    return f"{kind} {who}".strip() + ".", []


SIGNAL_WORDS = {
    "busso": "busso: win this trick if you can",
    "striscio": "striscio: more of this suit",
    "volo": "volo: the last of this suit",
}


def _play_words(event: Mapping[str, Any], who: str) -> tuple[str, list[CardFace]]:
    """A play, with Tresette's lead signal worded (Scopa's capture: :func:`describe`)."""
    played = _faces([event.get("card")])
    signal = event.get("signal")
    if isinstance(signal, str):
        return f"{who} leads ({SIGNAL_WORDS.get(signal, signal)})", played
    return f"{who} plays", played


def _tally_words(event: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """A tally's numbers per row: a side is its seats ``s`` with ``s % sides == side``
    (teams hold seats t, t+2, …; without teams a side is a seat)."""
    rows = next((len(v) for v in event.values() if isinstance(v, list)), 0) or 1
    seats = sorted(names) or list(range(rows))

    def label(index: int) -> str:
        members = [names.get(s, f"seat {s + 1}") for s in seats if s % rows == index]
        return " & ".join(members) or f"seat {index + 1}"

    return tally_words(event, label)


def _faces(codes: Any) -> list[CardFace]:
    if not isinstance(codes, list):
        return []
    shown = []
    for code in codes:
        try:
            shown.append(face(code))
        except (MalformedCard, TypeError):
            continue
    return shown
