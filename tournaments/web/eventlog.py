"""A game's log in words, for people: "Alice plays Q♥".

Works on the log as :func:`tournaments.services.games.event_log` gives it to a
viewer, so hidden events stay hidden: this module only words what it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import MalformedCard
from tournaments.web.cards import CardFace, face


def describe(entry: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """One log entry as ``{"sequence", "text", "cards"}``: ``text`` may hold ``{card}``
    where ``cards`` (faces) are drawn."""
    event = entry["event"]
    kind = event.get("type")
    seat = event.get("seat")
    who = names.get(seat, f"seat {seat}") if isinstance(seat, int) else ""
    text, cards = _words(kind, event, who, names)
    return {"sequence": entry["sequence"], "text": text, "cards": cards}


def _words(
    kind: Any, event: Mapping[str, Any], who: str, names: Mapping[int, str]
) -> tuple[str, list[CardFace]]:
    hidden = event.get("hidden", False)
    if kind == "deal":
        return ("The cards are dealt." if hidden else "The cards were dealt (see the record)."), []
    if kind == "reshuffle":
        return "The cards are reshuffled.", []
    if kind == "play":
        return f"{who} plays", _faces([event.get("card")])
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
        return f"Score sheet: tricks {_tally_words(event, names)}.", []
    return f"{kind} {who}".strip() + ".", []


def _tally_words(event: Mapping[str, Any], names: Mapping[int, str]) -> str:
    tricks = event.get("tricks")
    if not isinstance(tricks, list):
        return "?"
    parts = []
    for value in tricks:
        if isinstance(value, list):
            parts.append("/".join(str(v) for v in value))
        else:
            parts.append(str(value))
    words = ", ".join(parts)
    if event.get("dummy") is not None:
        dummy = event["dummy"]
        words += f" (dummy taken by {names.get(dummy, f'seat {dummy}')})"
    return words


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
