"""Messages as sentences for people: the one place that turns a service's or the
engine's refusal ("a club needs a name", "seat 0 cannot play 7H") into what a page
shows ("A club needs a name.", "Seat 1 cannot play 7H.").

Services already count seats from 1 in what they say; only the engine's reasons need
:func:`engine_sentence`, which writes an engine refusal (its rule code and
parameters) in the reader's language with seats counted from 1
(:mod:`tournaments.services.rule_words`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.services.numbering import count_from_one
from tournaments.services.rule_words import is_rule, rule_sentence

REFUSED = "That was refused."
"""What an empty message says."""


def stale_settings() -> str:
    """A form saved from settings someone else has changed since (nothing was saved)."""
    return _(
        "Someone else changed these settings while you were editing: here they are now "
        "— check and save again."
    )


def sentence(message: object, empty: str = REFUSED) -> str:
    """``message`` as a sentence: capitalised, with a full stop (``empty`` if blank)."""
    text = str(message).strip()
    if not text:
        return empty
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def engine_sentence(message: object, empty: str = REFUSED, game: str | None = None) -> str:
    """An engine refusal (an ``EngineError`` or ``Message``: seats, sides and melds
    counted from 0, as in the events) as a sentence for people in their language,
    counting them from 1; ``game`` names the deck its cards are named by. A plain
    string (a service's refusal) is only counted from 1."""
    if is_rule(message):
        return rule_sentence(message, empty, game=game)
    return sentence(count_from_one(str(message)), empty)
