"""Burraco's score sheet in words: the tally form's fields (:data:`TALLY_SPEC`, the
class's ``tally_spec``) and a printed sheet's notes, worded from the rules' own
constants (card values and bonuses in :mod:`engine.games.burraco_score`) so that they
cannot drift from the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.games.burraco_melds import BURRACO_LENGTH, DECK_POINTS
from engine.games.burraco_score import (
    CLEAN_BONUS,
    CLOSING_BONUS,
    DECK_SIZE,
    DIRTY_BONUS,
    NO_POZZETTO,
    WILDCARDS,
    value_words,
)
from engine.tally import Choice, Count, Flag, Phrase, TallySpec, gettext_noop

POINTS_BOUND: Final = -(-DECK_POINTS // 100) * 100
"""A score sheet's bound on melded or in-hand points: the deck's total, rounded up."""

TALLY_SPEC: Final = TallySpec(
    "sides",
    (
        Count(
            "melded", gettext_noop("melded points"), POINTS_BOUND, unit=gettext_noop("%(n)s melded")
        ),
        Count(
            "clean",
            gettext_noop("clean burraco"),
            DECK_SIZE // BURRACO_LENGTH,
            unit=gettext_noop("%(n)s clean"),
        ),
        Count("dirty", gettext_noop("dirty burraco"), WILDCARDS, unit=gettext_noop("%(n)s dirty")),
        Count(
            "hand", gettext_noop("points in hand"), POINTS_BOUND, unit=gettext_noop("%(n)s in hand")
        ),
    ),
    (
        Choice(
            "closed",
            gettext_noop("Who closed? (nobody: the stock ran out)"),
            optional=True,
            asked=gettext_noop("Who closed"),
            chosen=gettext_noop("closed: %(who)s"),
        ),
    ),
    note=Phrase(
        gettext_noop(
            "Melded: the values of the side's melded cards (%(values)s); in hand: the "
            "values left in its hands. Bonuses (%(clean)s a clean burraco, %(dirty)s a "
            "dirty one, %(closing)s for closing, -%(pozzetto)s without the pozzetto) are "
            "added by Tavolo."
        ),
        values=value_words(" to "),
        clean=CLEAN_BONUS,
        dirty=DIRTY_BONUS,
        closing=CLOSING_BONUS,
        pozzetto=NO_POZZETTO,
    ),
    flags=(
        Flag(
            "pozzetto",
            gettext_noop("took its pozzetto"),
            counts=gettext_noop("pozzetto taken"),
            yes=gettext_noop("pozzetto"),
            no=gettext_noop("no pozzetto"),
        ),
    ),
)


def sheet_notes(options: Mapping[str, Any]) -> list[str]:
    """A printed sheet's notes for a game with ``options``."""
    target = options.get("target")
    return [
        Phrase(
            gettext_noop(
                "Per side: melded = values of its melded cards (%(values)s); clean / dirty "
                "burraco: how many; in hand: values left in its hands."
            ),
            values=value_words("-"),
        ),
        Phrase(
            gettext_noop(
                "Tick pozzetto if the side took its pozzetto. Score = melded + %(clean)s "
                "per clean + %(dirty)s per dirty + %(closing)s for closing - in hand - "
                "%(pozzetto)s without the pozzetto."
            ),
            clean=CLEAN_BONUS,
            dirty=DIRTY_BONUS,
            closing=CLOSING_BONUS,
            pozzetto=NO_POZZETTO,
        ),
        Phrase(gettext_noop("One hand is the game."))
        if not target
        else Phrase(gettext_noop("The game ends at %(target)s points."), target=target),
    ]
