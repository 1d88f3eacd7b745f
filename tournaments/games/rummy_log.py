"""The rummy games' log in words: draws, melds, additions, discards, an opening and a
joker swap ("Alice adds to meld 2 (joker as 7♥)")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from tournaments.web.cards import face

EVENTS = ("draw", "meld", "add", "discard", "open", "swap")


def event_words(kind: str, event: Mapping[str, Any], who: str) -> tuple[str, list[Any]]:
    """A Burraco or Scala 40 event in words, with the cards to draw after them
    (a named joker's name is said in the words: "(joker as 7♥)")."""
    if kind == "draw":
        if event.get("from") == "discard":
            return gettext("%(who)s takes the discard pile.") % {"who": who}, []
        return gettext("%(who)s draws from the stock.") % {"who": who}, []
    if kind == "discard":
        return gettext("%(who)s discards") % {"who": who}, _cards([event.get("card")])[0]
    if kind == "swap":
        meld = event.get("meld")
        number = meld + 1 if isinstance(meld, int) else "?"
        words = gettext("%(who)s takes the joker of meld %(number)s, putting in")
        return words % {"who": who, "number": number}, _cards([event.get("card")])[0]
    if kind == "open":
        melds = [m for m in event.get("melds") or [] if isinstance(m, list)]
        cards: list[Any] = []
        named: list[str] = []
        for meld in melds:
            shown, names = _cards(meld)
            cards += shown
            named += names
        words = ngettext(
            "%(who)s opens with %(count)s meld%(jokers)s",
            "%(who)s opens with %(count)s melds%(jokers)s",
            len(melds),
        )
        return words % {"who": who, "count": len(melds), "jokers": _named(named)}, cards
    shown, names = _cards(event.get("cards"))
    if kind == "add":
        meld = event.get("meld")
        number = meld + 1 if isinstance(meld, int) else "?"
        words = gettext("%(who)s adds to meld %(number)s%(jokers)s")
        return words % {"who": who, "number": number, "jokers": _named(names)}, shown
    return gettext("%(who)s melds%(jokers)s") % {"who": who, "jokers": _named(names)}, shown


def _cards(tokens: Any) -> tuple[list[Any], list[str]]:
    """Faces of the cards held, and the names given to jokers (``RJ=7H``)."""
    shown: list[Any] = []
    named: list[str] = []
    for token in tokens if isinstance(tokens, list) else []:
        if not isinstance(token, str):
            continue
        held, _, name = token.partition("=")
        try:
            shown.append(face(held))
            if name:
                named.append(face(name).short)
        except Exception:  # noqa: BLE001 - a garbled card is left out, never shown raw
            continue
    return shown, named


def _named(names: list[str]) -> str:
    return gettext(" (joker as %(cards)s)") % {"cards": ", ".join(names)} if names else ""
