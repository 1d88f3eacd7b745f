"""Cards as the templates draw them: rank, suit symbol, colour, a name for screen
readers. Codes are the engine's (``TH``, ``RJ``) and never change; only the drawing
does.

Two styles: the **French** deck (♠♥♦♣, J/Q/K) and, for the games whose profile says
``deck = "italian"`` (Scopa, Briscola, Tresette), the **Italian** deck — denari,
coppe, spade, bastoni; Asso, 2–7, Fante, Cavallo, Re — unless the viewer chose French
cards (:mod:`tournaments.web.card_style`). The engine's suit letters map D → denari,
H → coppe, S → spade, C → bastoni, and its J Q K → Fante, Cavallo, Re.

Cards and suits are named (for screen readers, in sentences) by
:mod:`tournaments.services.card_names`, which the refusals' words use too. Which style
a face is drawn in is the context's: :func:`showing` sets it while a
board is built, so the profiles' hooks call :func:`face` as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from engine import Card
from tournaments.services.card_names import (
    FRENCH,
    ITALIAN,
    ITALIAN_SUITS,
    STYLES,
    card_name,
    joker_word,
    preferring,
    style_for,
)
from tournaments.services.card_names import suit_word as _suit_word

__all__ = [
    "FRENCH",
    "ITALIAN",
    "ITALIAN_SUITS",
    "STYLES",
    "CardFace",
    "face",
    "faces",
    "preferring",
    "showing",
    "style_for",
    "suit_face",
    "suit_icon",
    "suit_words",
]

# U+FE0E asks for the text (not emoji) form of the suit symbols, so they take the
# card's colour on phones that would otherwise draw a coloured emoji.
SUIT_SYMBOLS = {"S": "\u2660\ufe0e", "H": "\u2665\ufe0e", "D": "\u2666\ufe0e", "C": "\u2663\ufe0e"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_LABELS = {"T": "10"}

ITALIAN_RANK_LABELS = {"A": "A", "J": "F", "Q": "C", "K": "R"}
"""What an Italian card's corner shows: A, 2–7, F(ante), C(avallo), R(e)."""

_shown: ContextVar[str] = ContextVar("tavolo_deck_shown", default=FRENCH)
"""The style faces are drawn in now (set by :func:`showing`)."""


def suit_icon(suit: str) -> SafeString:
    """An Italian suit drawn from the page's sprite (``games/_suit_sprite.html``)."""
    name = ITALIAN_SUITS[suit]
    return format_html(
        '<svg class="suit-icon suit-{}" aria-hidden="true" focusable="false">'
        '<use href="#suit-{}"></use></svg>',
        name,
        name,
    )


@dataclass(frozen=True)
class CardFace:
    code: str
    rank: str
    """What the corner shows: ``A``, ``10``, ``7`` …; ``★`` for a joker; ``F``, ``C``,
    ``R`` for an Italian Fante, Cavallo, Re."""
    suit: str
    """The suit symbol, or ``JOKER``; an Italian card's is its sprite icon (markup)."""
    colour: str
    """``red`` or ``black``."""
    joker: bool
    name: str
    """``queen of hearts``, ``red joker``; ``Asso di denari`` in Italian style and
    language. In the active language."""
    italian: str = ""
    """The Italian suit (``denari``) when drawn in the Italian style, else empty."""

    @property
    def short(self) -> str:
        """Rank and symbol in one line of text: ``Q♥``, ``red joker``; an Italian card
        in words (``7 di denari``: its suits have no characters)."""
        if self.joker or self.italian:
            return self.name
        return f"{self.rank}{self.suit}"


@cache
def _face(code: str, style: str, language: str | None) -> CardFace:
    card = Card.parse(code)
    if card.is_joker:
        return CardFace(code, "\u2605", "JOKER", card.colour, True, joker_word(card.colour))
    assert card.suit is not None
    name = card_name(code, style)  # named where every page names cards
    if style == ITALIAN:
        return CardFace(
            code=code,
            rank=ITALIAN_RANK_LABELS.get(code[0], code[0]),
            suit=suit_icon(card.suit),
            colour=card.colour,
            joker=False,
            name=name,
            italian=ITALIAN_SUITS[card.suit],
        )
    return CardFace(
        code=code,
        rank=RANK_LABELS.get(code[0], code[0]),
        suit=SUIT_SYMBOLS[card.suit],
        colour=card.colour,
        joker=False,
        name=name,
    )


def face(code: str) -> CardFace:
    """The face of the card written ``code`` (MalformedCard for anything else), in the
    style :func:`showing` set and the active language."""
    return _face(code, _shown.get(), translation.get_language())


def faces(codes: list[str] | None) -> list[CardFace]:
    return [face(code) for code in codes or []]


def suit_face(suit: str | None) -> dict[str, str] | None:
    """A suit for display (trumps): symbol, colour and word."""
    if suit is None:
        return None
    style = _shown.get()
    return {
        "symbol": suit_icon(suit) if style == ITALIAN else SUIT_SYMBOLS[suit],
        "colour": "red" if suit in "HD" else "black",
        "word": _suit_word(suit, style),
    }


def suit_words(suit: str) -> str:
    """A suit in words for a sentence: "diamonds ♦" (French), "denari" (Italian)."""
    if suit not in SUIT_SYMBOLS:
        return suit
    if _shown.get() == ITALIAN:
        return _suit_word(suit, ITALIAN)
    return f"{SUIT_WORDS[suit]} {SUIT_SYMBOLS[suit]}"


_GLYPHS = re.compile("([\u2660\u2665\u2666\u2663])\ufe0e?")
_GLYPH_SUITS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}


def with_suit_icons(text: str) -> str:
    """In the Italian style, a text's French suit symbols drawn as Italian suit icons
    (the engine's sheet labels: "coins ♦", "settebello (7♦)"); otherwise unchanged."""
    if _shown.get() != ITALIAN or not _GLYPHS.search(text):
        return text
    parts = _GLYPHS.split(text)
    return mark_safe(  # noqa: S308 - the text is escaped, the icons are ours
        "".join(
            _labelled_icon(_GLYPH_SUITS[part]) if odd else conditional_escape(part)
            for odd, part in ((i % 2 == 1, p) for i, p in enumerate(parts))
        )
    )


def _labelled_icon(suit: str) -> SafeString:
    """The icon of a suit inside a sentence, with its name for a screen reader (the
    icon itself is decoration)."""
    return format_html(
        '{}<span class="visually-hidden">{}</span>', suit_icon(suit), _suit_word(suit, ITALIAN)
    )


def tally_with_suit_icons(fields: dict[str, Any] | None) -> dict[str, Any] | None:
    """A tally form's fields (:func:`tournaments.web.tallies.tally_fields`) with
    :func:`with_suit_icons` labels."""
    if not fields or _shown.get() != ITALIAN:
        return fields
    rows = [
        {**row, "inputs": [{**i, "label": with_suit_icons(i["label"])} for i in row["inputs"]]}
        for row in fields.get("rows", [])
    ]
    choices = [{**c, "label": with_suit_icons(c["label"])} for c in fields.get("choices", [])]
    return {**fields, "rows": rows, "choices": choices}


@contextmanager
def showing(deck: str) -> Iterator[str]:
    """Draw faces for a game whose profile's deck is ``deck`` (yields the style)."""
    style = style_for(deck)
    token = _shown.set(style)
    try:
        yield style
    finally:
        _shown.reset(token)
