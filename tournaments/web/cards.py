"""Cards as the templates draw them: rank, suit symbol, colour, a name for screen
readers. Codes are the engine's (``TH``, ``RJ``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine import Card

# U+FE0E asks for the text (not emoji) form of the suit symbols, so they take the
# card's colour on phones that would otherwise draw a coloured emoji.
SUIT_SYMBOLS = {"S": "\u2660\ufe0e", "H": "\u2665\ufe0e", "D": "\u2666\ufe0e", "C": "\u2663\ufe0e"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_LABELS = {"T": "10"}


@dataclass(frozen=True)
class CardFace:
    code: str
    rank: str
    """What the corner shows: ``A``, ``10``, ``7`` …; ``★`` for a joker."""
    suit: str
    """The suit symbol, or ``JOKER``."""
    colour: str
    """``red`` or ``black``."""
    joker: bool
    name: str
    """``queen of hearts``, ``red joker``."""

    @property
    def short(self) -> str:
        """Rank and symbol in one line of text: ``Q♥``, ``red joker``."""
        return self.name if self.joker else f"{self.rank}{self.suit}"


@cache
def face(code: str) -> CardFace:
    """The face of the card written ``code`` (MalformedCard for anything else)."""
    card = Card.parse(code)
    if card.is_joker:
        return CardFace(code, "\u2605", "JOKER", card.colour, True, card.name)
    assert card.suit is not None
    return CardFace(
        code=code,
        rank=RANK_LABELS.get(code[0], code[0]),
        suit=SUIT_SYMBOLS[card.suit],
        colour=card.colour,
        joker=False,
        name=card.name,
    )


def faces(codes: list[str] | None) -> list[CardFace]:
    return [face(code) for code in codes or []]


def suit_face(suit: str | None) -> dict[str, str] | None:
    """A suit for display (trumps): symbol, colour and word."""
    if suit is None:
        return None
    return {
        "symbol": SUIT_SYMBOLS[suit],
        "colour": "red" if suit in "HD" else "black",
        "word": SUIT_WORDS[suit],
    }
