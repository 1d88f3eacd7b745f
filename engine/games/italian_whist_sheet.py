"""Italian Whist's score sheet in words: the tally form's fields (:data:`TALLY_SPEC`, the
class's ``tally_spec``) and a printed sheet's notes, worded from the rules' own constants
(:mod:`engine.games.italian_whist_rules`) so that they cannot drift from the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.games.italian_whist_rules import HAND_SIZE, PASS_OFFSET, PLAYERS
from engine.tally import Count, Phrase, TallySpec, gettext_noop

TALLY_SPEC: Final = TallySpec(
    "seats",
    (
        Count(
            "first", gettext_noop("1st hand"), HAND_SIZE, counts=gettext_noop("first-hand tricks")
        ),
        Count(
            "second", gettext_noop("2nd hand"), HAND_SIZE, counts=gettext_noop("second-hand tricks")
        ),
    ),
    nested="tricks",
)


def sheet_notes(options: Mapping[str, Any]) -> list[str]:
    left = ", ".join(f"{s + 1}>{(s + PASS_OFFSET['left']) % PLAYERS + 1}" for s in range(PLAYERS))
    return [
        Phrase(
            gettext_noop(
                "Each hand's tricks add up to %(size)s. "
                "Deal score = 1st-hand tricks - 2nd-hand tricks."
            ),
            size=HAND_SIZE,
        ),
        Phrase(
            gettext_noop(
                "Passing: left = your second hand goes to the next seat (%(left)s); "
                "right = to the previous seat; keep = nobody passes."
            ),
            left=left,
        ),
        Phrase(
            gettext_noop("The game ends after a deal in which a total reaches +/-%(limit)s."),
            limit=options.get("score_limit"),
        ),
    ]
