"""Scopa's score sheet in words: the tally form's fields (:data:`TALLY_SPEC`, the class's
``tally_spec``) and a printed sheet's notes, worded from the rules' own constants
(:mod:`engine.games.scopa_rules`) so that they cannot drift from the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.games.scopa_rules import (
    COINS,
    DECK_SIZE,
    PLAYS_PER_ROUND,
    POSSIBLE_PRIMIERA,
    PRIMIERA,
    SETTEBELLO,
    VALUE,
)
from engine.tally import Choice, Count, Phrase, TallySpec, gettext_noop, ngettext_lazy, worth_words

COIN_CARDS: Final = sum(1 for c in VALUE if c.suit == COINS)
PRIMIERA_WORDS: Final = worth_words(
    sorted(
        ((c.rank, PRIMIERA[c]) for c in VALUE if c.suit == COINS), key=lambda rw: (-rw[1], rw[0])
    )
)
"""The primiera's worths as a scorer reads them: "7 = 21, 6 = 18, … J Q K = 10"."""

TALLY_SPEC: Final = TallySpec(
    "sides",
    (
        Count("cards", gettext_noop("cards"), DECK_SIZE, unit=gettext_noop("%(n)s cards")),
        Count(
            "coins",
            gettext_noop("coins ♦"),
            COIN_CARDS,
            counts=gettext_noop("coins"),
            unit=gettext_noop("%(n)s coins"),
        ),
        Count(
            "scope",
            gettext_noop("scope"),
            PLAYS_PER_ROUND,
            unit=ngettext_lazy("%(n)s scopa", "%(n)s scope", "n"),
        ),
        Count(
            "primiera",
            gettext_noop("primiera"),
            max(POSSIBLE_PRIMIERA),
            unit=gettext_noop("%(n)s primiera"),
        ),
    ),
    (
        Choice(
            "settebello",
            Phrase(gettext_noop("Who took the settebello (%(rank)s♦)?"), rank=SETTEBELLO.rank),
            asked=gettext_noop("Who took the settebello"),
            chosen=gettext_noop("settebello: %(who)s"),
            instruction=Phrase(
                gettext_noop("Say who took the settebello (%(rank)s♦)."), rank=SETTEBELLO.rank
            ),
        ),
    ),
    note=Phrase(
        gettext_noop(
            "Primiera: add each suit's best card (%(worths)s). Cards add up to %(cards)s, "
            "coins to %(coins)s."
        ),
        worths=PRIMIERA_WORDS,
        cards=DECK_SIZE,
        coins=COIN_CARDS,
    ),
)


def sheet_notes(options: Mapping[str, Any]) -> list[str]:
    return [
        Phrase(
            gettext_noop(
                "Per side: cards taken (they add up to %(cards)s), coins (up to %(coins)s), "
                "scope, and the primiera: each suit's best card,"
            ),
            cards=DECK_SIZE,
            coins=COIN_CARDS,
        ),
        Phrase(
            gettext_noop(
                "%(worths)s, added up (0: no cards). Settebello: the side with the "
                "%(rank)s of coins."
            ),
            worths=PRIMIERA_WORDS,
            rank=SETTEBELLO.rank,
        ),
        Phrase(
            gettext_noop(
                "Points: most cards 1, most coins 1, settebello 1, primiera 1, each scopa 1. "
                "The game ends at %(target)s (a tie at the top plays on)."
            ),
            target=options.get("target"),
        ),
    ]
