"""Scala 40's score sheet in words: the tally form's fields (:data:`TALLY_SPEC`, the
class's ``tally_spec``) and a printed sheet's notes, worded from the rules' own
constants (:mod:`engine.games.scala40_melds`) so that they cannot drift from the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.cards import RANK_CHARS, Card
from engine.games.scala40_melds import JOKER_HAND_VALUE, MAX_HAND_POINTS, hand_value
from engine.tally import Choice, Count, Phrase, TallySpec, gettext_noop, rank_word, worth_words


def hand_value_words(span: bool) -> Phrase:
    """What cards cost in hand as a scorer reads it: "2 to 10 as marked, J Q K 10, A 11,
    joker 25" (``span``: the ranks that cost their face value said "2 to 10", else
    "2-10")."""
    naturals = [Card.parse(rank + "S") for rank in RANK_CHARS]
    marked = [c.rank or 0 for c in naturals if hand_value(c) == c.rank]
    others = ((c.rank or 0, hand_value(c)) for c in naturals if hand_value(c) != c.rank)
    template = (
        gettext_noop("%(low)s to %(high)s as marked, %(others)s, joker %(joker)s")
        if span
        else gettext_noop("%(low)s-%(high)s as marked, %(others)s, joker %(joker)s")
    )
    return Phrase(
        template,
        low=rank_word(min(marked)),
        high=rank_word(max(marked)),
        others=worth_words(others, sign=" "),
        joker=JOKER_HAND_VALUE,
    )


TALLY_SPEC: Final = TallySpec(
    "seats",
    (
        Count(
            "hand",
            gettext_noop("points in hand"),
            MAX_HAND_POINTS,
            unit=gettext_noop("%(n)s in hand"),
        ),
    ),
    (
        Choice(
            "closed",
            gettext_noop("Who closed? (nobody: a void hand)"),
            optional=True,
            asked=gettext_noop("Who closed"),
            chosen=gettext_noop("closed: %(who)s"),
        ),
    ),
    note=Phrase(
        gettext_noop(
            "Points in hand: %(values)s; the closer and players already out have 0; a void "
            "hand is 0 for everyone."
        ),
        values=hand_value_words(span=True),
    ),
)


def sheet_notes(options: Mapping[str, Any]) -> list[str]:
    return [
        Phrase(
            gettext_noop(
                "Per player: points left in hand (%(values)s); the closer 0, players out 0."
            ),
            values=hand_value_words(span=False),
        ),
        Phrase(
            gettext_noop(
                "A total of %(limit)s or more is out. The deal passes to the next player "
                "still in (skip the dealers shown who are out)."
            ),
            limit=options.get("limit"),
        ),
    ]
