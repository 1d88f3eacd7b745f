"""What the melds on a Scala 40 table accept, worked out once per table.

Every question a turn asks about the table — may this card be laid alone on a meld,
does it extend one (so it may not be discarded before opening), whose joker may it
replace — used to try each meld on the table in turn, for every card of the hand,
several times a turn. The table changes far less often than those questions are asked
(an opening, a meld, an addition or a swap), so :class:`TableIndex` answers them from
tables built once from the melds, with the very checks the game applies
(:func:`~engine.games.scala40_melds.extend_meld`,
:func:`~engine.games.scala40_melds.swap_joker`) on the few cards each meld could take:

- a set of three takes the missing suits' cards of its rank (a set of four nothing);
- a sequence takes the card just below its lowest place and just above its highest
  (an ace at place 1 or 14);
- a joker, when the meld has none, takes each of those names.

Building it costs a few checks per meld; every answer is then a dictionary look-up.
:meth:`engine.games.scala40_state.Scala40State.table_index` keeps one per table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.cards import SUITS, Card
from engine.games.scala40_melds import (
    ACE,
    LOW_ACE,
    SET,
    Meld,
    MeldError,
    Slot,
    card_at,
    extend_meld,
    swap_joker,
)

_NOTHING: Final[tuple[()]] = ()
_JOKER: Final = Card.parse("RJ")


def takers(meld: Meld) -> list[Card]:
    """The natural cards that could go alone on ``meld`` by its kind and places (not yet
    checked against the meld's other rules), lowest place first; the names a joker
    could take there too. A sequence from 2 to king names the ace twice (below and
    above), as a joker's names always have."""
    if meld.kind == SET:
        if len(meld.slots) >= 4:
            return []
        present = {stands.suit for _, stands in meld.slots}
        return [card_at(suit, meld.rank) for suit in SUITS if suit not in present]
    suit = meld.suit
    assert suit is not None
    found = []
    if meld.low > LOW_ACE:
        found.append(card_at(suit, meld.low - 1))
    if meld.high < ACE:
        found.append(card_at(suit, meld.high + 1))
    return found


def _fits(meld: Meld, slot: Slot) -> bool:
    try:
        extend_meld(meld, (slot,))
    except MeldError:
        return False
    return True


class TableIndex:
    """The answers about the melds ``melds`` (a table's, in order) that a turn asks:
    single cards that fit each meld, joker names, and jokers that may be swapped."""

    __slots__ = ("_adds", "_joker_names", "_swaps")

    def __init__(self, melds: Sequence[Meld]) -> None:
        adds: dict[Card, list[tuple[int, Slot]]] = {}
        joker_names: list[tuple[int, Card]] = []
        swaps: dict[Card, list[int]] = {}
        for index, meld in enumerate(melds):
            named = meld.joker
            names = takers(meld)
            for card in dict.fromkeys(names):
                if _fits(meld, (card, card)):
                    adds.setdefault(card, []).append((index, (card, card)))
            if named is None:
                # Which joker is laid does not matter to the rules: try one of them.
                for name in names:
                    if _fits(meld, (_JOKER, name)):
                        joker_names.append((index, name))
            else:
                try:
                    swap_joker(meld, named)
                except MeldError:
                    pass
                else:
                    swaps.setdefault(named, []).append(index)
        self._adds = adds
        self._joker_names = joker_names
        self._swaps = swaps

    def single_adds(self, card: Card) -> list[tuple[int, Slot]]:
        """Every (meld index, slot) that lays ``card`` alone on a meld, by meld index (a
        joker under each name that fits)."""
        if card.is_joker:
            return [(index, (card, name)) for index, name in self._joker_names]
        return list(self._adds.get(card, _NOTHING))

    def extends(self, card: Card) -> bool:
        """Whether natural ``card`` could be laid alone on a meld on the table."""
        return card in self._adds

    def swaps_for(self, card: Card) -> list[int]:
        """The melds whose joker natural ``card`` may replace."""
        return list(self._swaps.get(card, _NOTHING))
