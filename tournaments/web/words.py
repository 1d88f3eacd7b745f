"""Messages as sentences for people: the one place that turns a service's or the
engine's refusal ("a club needs a name", "seat 0 cannot play 7H") into what a page
shows ("A club needs a name.", "Seat 1 cannot play 7H.").

Services already count seats from 1 in what they say; only the engine's reasons need
:func:`engine_sentence`, which counts them from 1
(:func:`tournaments.services.numbering.count_from_one`).
"""

from __future__ import annotations

from tournaments.services.numbering import count_from_one

REFUSED = "That was refused."
"""What an empty message says."""


def sentence(message: object, empty: str = REFUSED) -> str:
    """``message`` as a sentence: capitalised, with a full stop (``empty`` if blank)."""
    text = str(message).strip()
    if not text:
        return empty
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def engine_sentence(message: object, empty: str = REFUSED) -> str:
    """An engine message (seats, sides and melds counted from 0, as in the events) as a
    sentence for people, counting them from 1."""
    return sentence(count_from_one(str(message)), empty)
