"""Cards and suits named for people, by the game's deck: the one place that names them.

The engine writes cards as codes (``7D``, ``QH``, ``RJ``) in the French deck. A game
whose profile says ``deck = "italian"`` (Scopa, Briscola, Tresette) is played with the
**Italian** deck — denari, coppe, spade, bastoni; Asso, 2–7, Fante, Cavallo, Re — unless
the viewer chose French cards (:mod:`tournaments.web.card_style`); the engine's suit
letters map D → denari, H → coppe, S → spade, C → bastoni, and its J Q K → Fante,
Cavallo, Re. The whists and the rummies are the **French** deck (in Italian: picche,
cuori, quadri, fiori; Fante, Donna, Re, Asso).

Names are in the active language (gettext): "seven of coins" / "7 di denari",
"queen of hearts" / "Donna di cuori", "red joker" / "jolly rosso". The card faces the
pages draw (:mod:`tournaments.web.cards`) and the refusals' words
(:mod:`tournaments.services.rule_words`) both name cards here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils.translation import gettext, pgettext

from engine.cards import Card

FRENCH = "french"
ITALIAN = "italian"
STYLES = (ITALIAN, FRENCH)

ITALIAN_SUITS = {"D": "denari", "H": "coppe", "S": "spade", "C": "bastoni"}
"""The engine's suit letter → the Italian suit (its sprite symbol is ``suit-<name>``)."""

_preferred: ContextVar[str] = ContextVar("tavolo_card_style", default=ITALIAN)
"""The viewer's choice for Italian-deck games (set per request by the middleware)."""


def style_for(deck: str) -> str:
    """The style a game with this deck is drawn and named in for the current viewer:
    Italian for an Italian-deck game unless the viewer chose French cards."""
    return ITALIAN if deck == ITALIAN and _preferred.get() != FRENCH else FRENCH


@contextmanager
def preferring(style: str) -> Iterator[None]:
    """The viewer's choice for Italian-deck games, for one request."""
    token = _preferred.set(style if style in STYLES else ITALIAN)
    try:
        yield
    finally:
        _preferred.reset(token)


def rank_word(rank: int, style: str) -> str:
    """A rank (2–14, ace 14) in words: "seven", "queen"; in the Italian style the
    Cavallo stands where the French deck has the queen."""
    if style == ITALIAN and rank == 12:
        return pgettext("card rank", "knight")
    words = {
        2: pgettext("card rank", "two"), 3: pgettext("card rank", "three"),
        4: pgettext("card rank", "four"), 5: pgettext("card rank", "five"),
        6: pgettext("card rank", "six"), 7: pgettext("card rank", "seven"),
        8: pgettext("card rank", "eight"), 9: pgettext("card rank", "nine"),
        10: pgettext("card rank", "ten"), 11: pgettext("card rank", "jack"),
        12: pgettext("card rank", "queen"), 13: pgettext("card rank", "king"),
        14: pgettext("card rank", "ace"),
    }  # fmt: skip
    return words[rank]


def suit_word(suit: str, style: str) -> str:
    """A suit letter in words: "coins" (denari) in the Italian style, "hearts"."""
    if style == ITALIAN:
        return {
            "D": pgettext("italian suit", "coins"),
            "H": pgettext("italian suit", "cups"),
            "S": pgettext("italian suit", "swords"),
            "C": pgettext("italian suit", "batons"),
        }[suit]
    return {
        "S": pgettext("french suit", "spades"),
        "H": pgettext("french suit", "hearts"),
        "D": pgettext("french suit", "diamonds"),
        "C": pgettext("french suit", "clubs"),
    }[suit]


def joker_word(colour: str) -> str:
    return gettext("red joker") if colour == "red" else gettext("black joker")


def card_name(code: str, style: str) -> str:
    """The card written ``code`` in words: ``7D`` → "seven of coins" / "7 di denari"
    (Italian style), "seven of diamonds" / "7 di quadri"; a joker standing for a card
    in a meld (``RJ=7H``) → "red joker (seven of hearts)". A malformed code is given
    back as written."""
    held, _, named = str(code).partition("=")
    try:
        card = Card.parse(held)
    except Exception:  # a malformed code is shown as the client wrote it
        return str(code)
    if card.suit is None:
        joker = joker_word(card.colour)
        return f"{joker} ({card_name(named, style)})" if named else joker
    return gettext("%(rank)s of %(suit)s") % {
        "rank": rank_word(card.rank, style),
        "suit": suit_word(card.suit, style),
    }
