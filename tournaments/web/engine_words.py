"""The engine's score-sheet text in the reader's language.

The engine is pure and speaks English only: its tally labels are plain strings
marked with ``gettext_noop`` and its notes are :class:`engine.tally.Phrase` objects
(the English text, its template and its parameters). :func:`say` translates the
template with Django's ``gettext`` and fills the parameters in, each said in turn: a
nested phrase is translated, and card worths (:class:`engine.tally.Worths`) name the
ranks as the reader's deck prints them. In Italian the Italian deck's court cards
are Fante, Cavallo and Re (F, C, R); the French deck keeps J, Q, K, as printed on
its cards in Italy too. English stays exactly the engine's text.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext, gettext_noop

from engine.tally import RANK_WORDS, Phrase, Worths
from tournaments.games import profile_for
from tournaments.services.card_names import ITALIAN

SCHEDULE_WORDS = (gettext_noop("left"), gettext_noop("right"), gettext_noop("keep"))
"""Italian Whist's passing directions, as the engine names them in a deal's schedule
(the sheet and its PDF translate them; the trumps' suit names are marked elsewhere)."""
ITALIAN_DECK_RANKS = {**RANK_WORDS, 11: "F", 12: "C", 13: "R"}
"""Asso, Fante, Cavallo, Re: the ranks of the 40-card Italian deck, in Italian."""


def italian_deck(game_type: str) -> bool:
    """Whether ``game_type`` is played with the 40-card Italian deck."""
    return profile_for(game_type).deck == ITALIAN


def say(text: Any, *, italian_cards: bool = False) -> str:
    """``text`` (an engine label, :class:`Phrase` or :class:`Worths`) in the active
    language; ``italian_cards``: the ranks are the Italian deck's."""
    if isinstance(text, Phrase):
        template = gettext(text.template)
        if not text.params:
            return template
        return template % {k: _param(v, italian_cards) for k, v in text.params.items()}
    if isinstance(text, Worths):
        return _worths(text, italian_cards)
    return gettext(text) if text else ""


def _param(value: Any, italian_cards: bool) -> Any:
    if isinstance(value, (Phrase, Worths)):
        return say(value, italian_cards=italian_cards)
    return value


def _worths(worths: Worths, italian_cards: bool) -> str:
    if italian_cards and (get_language() or "").startswith("it"):
        return worths.said(ITALIAN_DECK_RANKS)
    return str(worths)
