"""What the melds on a Scala 40 table accept, worked out once per meld.

Every question a turn asks about the table — may this card be laid alone on a meld,
does it extend one (so it may not be discarded before opening), whose joker may it
replace — used to try each meld on the table in turn, for every card of the hand,
several times a turn. The table changes far less often than those questions are asked
(an opening, a meld, an addition or a swap), so :class:`TableIndex` answers them from
tables, and each meld's part of them (:class:`MeldAccepts`) is worked out once, when
the meld is laid or changed, by the rules of
:mod:`~engine.games.scala40_melds` for one card:

- a set of three takes the missing suits' cards of its rank, and a joker named as one
  of them; a set of four nothing;
- a sequence takes the card just below its lowest place and just above its highest
  (an ace at place 1 or 14), and a joker named as either — but a natural ace never
  goes at one end when a natural ace holds the other;
- a joker goes only on a meld without one;
- the card a meld's joker stands for may replace it, unless the meld is the sequence
  of 14 (ace to ace: the swap would put a natural ace at both ends).

Looking a card up then costs a dictionary look-up, and a changed table the work of its
changed melds. The tests check every answer against
:func:`~engine.games.scala40_melds.extend_meld` and
:func:`~engine.games.scala40_melds.swap_joker` tried on every card.
:meth:`engine.games.scala40_state.Scala40State.table_index` keeps one per table.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.cards import SUITS, Card
from engine.games.scala40_melds import ACE, LOW_ACE, SET, Meld, Slot, card_at

_NOTHING: Final[tuple[()]] = ()


_ACCEPTS: dict[tuple[object, ...], MeldAccepts] = {}
"""MeldAccepts.of's answers by meld value (bounded: cleared when full)."""
_ACCEPTS_KEPT: Final = 20_000


@dataclass(frozen=True, slots=True)
class MeldAccepts:
    """What one meld accepts: the natural cards that fit it alone (each once), the
    names a joker may take on it (none when it has a joker), and the card that may
    replace its joker (``None``: no joker, or no swap allowed)."""

    cards: tuple[Card, ...]
    joker_names: tuple[Card, ...]
    swap: Card | None

    @classmethod
    def of(cls, meld: Meld) -> MeldAccepts:
        """What ``meld`` accepts, kept by its value (kind, slots, place): the same meld
        comes back in game after game, and the answer is immutable."""
        key = (meld.kind, meld.low, *meld.slots)
        known = _ACCEPTS.get(key)
        if known is None:
            if len(_ACCEPTS) >= _ACCEPTS_KEPT:
                _ACCEPTS.clear()
            known = _ACCEPTS[key] = cls._of(meld)
        return known

    @classmethod
    def _of(cls, meld: Meld) -> MeldAccepts:
        named = meld.joker
        if meld.kind == SET:
            if len(meld.slots) >= 4:
                return cls((), (), named)
            present = {stands.suit for _, stands in meld.slots}
            cards = tuple(card_at(suit, meld.rank) for suit in SUITS if suit not in present)
            return cls(cards, cards if named is None else (), named)
        suit = meld.suit
        assert suit is not None
        low, high = meld.low, meld.high
        # A sequence from 2 to king names the ace twice, below and above: one card, one
        # name (a legal action is listed once).
        names = []
        if low > LOW_ACE:
            names.append(card_at(suit, low - 1))
        if high < ACE:
            names.append(card_at(suit, high + 1))
        names = list(dict.fromkeys(names))
        cards = tuple(names)
        if low == LOW_ACE and not meld.slots[0][0].is_joker:
            cards = tuple(c for c in cards if c.rank != ACE)
        if high == ACE and not meld.slots[-1][0].is_joker:
            cards = tuple(c for c in cards if c.rank != ACE)
        if named is not None:
            return cls(cards, (), None if low == LOW_ACE and high == ACE else named)
        return cls(cards, tuple(names), None)


def _joker_names(parts: list[MeldAccepts]) -> list[tuple[int, Card]]:
    """(meld index, name) for every name a joker may take on the melds, by meld."""
    return [(index, name) for index, part in enumerate(parts) for name in part.joker_names]


class TableIndex:
    """The answers about the melds ``melds`` (a table's, in order) that a turn asks:
    single cards that fit each meld, joker names, and jokers that may be swapped.

    ``previous``: the index of an earlier table; the melds it shares with this one at
    the same place (the same objects: a meld is replaced, never changed) are not
    worked out again, so a turn's addition costs the checks of one meld."""

    __slots__ = ("_adds", "_joker_names", "_parts", "_swaps", "melds")
    melds: list[Meld]
    """The melds this index answers for (a copy: compare it with a table's list)."""
    _parts: list[MeldAccepts]

    def __init__(self, melds: Sequence[Meld], previous: TableIndex | None = None) -> None:
        self.melds = list(melds)
        known: list[Meld] = previous.melds if previous is not None else []
        if previous is not None and len(known) <= len(self.melds):
            self._update(previous)
            return
        parts: list[MeldAccepts] = []
        adds: dict[Card, list[tuple[int, Slot]]] = {}
        swaps: dict[Card, list[int]] = {}
        for index, meld in enumerate(self.melds):
            part = MeldAccepts.of(meld)
            parts.append(part)
            for card in part.cards:
                adds.setdefault(card, []).append((index, (card, card)))
            if part.swap is not None:
                swaps.setdefault(part.swap, []).append(index)
        self._parts = parts
        self._adds = adds
        self._joker_names = _joker_names(parts)
        self._swaps = swaps

    def _update(self, previous: TableIndex) -> None:
        """Set up from ``previous``, the index of a table of no more melds than this one:
        only the melds changed or laid since are worked out, and only the answers about
        their cards (old and new) are made again. The answers of ``previous`` are shared,
        never changed: an index's dicts and lists are not changed after it is made.
        (Cards are looked up by hash, never compared with ``in`` on a tuple: a card's
        ``__eq__`` is Python code.)"""
        known, melds = previous.melds, self.melds
        parts = previous._parts[:]
        adds = previous._adds
        copied = jokers = False
        for index in range(len(melds)):
            meld = melds[index]
            old: MeldAccepts | None = None
            if index < len(known):
                if known[index] is meld:
                    continue
                old = parts[index]
                parts[index] = part = MeldAccepts.of(meld)
            else:
                part = MeldAccepts.of(meld)
                parts.append(part)
            if not copied:
                adds, copied = dict(adds), True
            if old is not None:
                jokers = jokers or bool(old.joker_names) or old.swap is not None
                for card in old.cards:
                    left = [fit for fit in adds[card] if fit[0] != index]
                    if left:
                        adds[card] = left
                    else:
                        del adds[card]
            jokers = jokers or bool(part.joker_names) or part.swap is not None
            for card in part.cards:
                fit = (index, (card, card))
                fits = adds.get(card)
                if fits is None:
                    adds[card] = [fit]
                elif fits[-1][0] < index:
                    adds[card] = [*fits, fit]
                else:  # by meld index (distinct ints: no card is compared)
                    adds[card] = sorted([*fits, fit])
        self._parts = parts
        self._adds = adds
        if jokers:
            self._joker_names = _joker_names(parts)
            swaps: dict[Card, list[int]] = {}
            for index, part in enumerate(parts):
                if part.swap is not None:
                    swaps.setdefault(part.swap, []).append(index)
            self._swaps = swaps
        else:
            self._joker_names = previous._joker_names
            self._swaps = previous._swaps

    def is_for(self, melds: Sequence[Meld]) -> bool:
        """Whether this is the index of ``melds`` (the same meld objects, in order)."""
        known = self.melds
        return len(known) == len(melds) and all(map(operator.is_, known, melds))

    def single_adds(self, card: Card) -> list[tuple[int, Slot]]:
        """Every (meld index, slot) that lays ``card`` alone on a meld, by meld index (a
        joker under each name that fits)."""
        if card.is_joker:
            return [(index, (card, name)) for index, name in self._joker_names]
        return list(self._adds.get(card, _NOTHING))

    def takes(self, card: Card) -> bool:
        """Whether ``card`` (a joker too) could be laid alone on a meld: whether
        :meth:`single_adds` lists any (without listing them)."""
        if card.is_joker:
            return bool(self._joker_names)
        return card in self._adds

    def may_swap(self, card: Card) -> bool:
        """Whether natural ``card`` may replace a meld's joker (:meth:`swaps_for`)."""
        return card in self._swaps

    def extends(self, card: Card) -> bool:
        """Whether natural ``card`` could be laid alone on a meld on the table."""
        return card in self._adds

    def free_of(self, cards: Sequence[Card]) -> list[Card]:
        """The natural cards of ``cards`` that could be laid alone on no meld (in their
        order): what a player who has not opened may discard."""
        adds = self._adds
        return [c for c in cards if not c.is_joker and c not in adds]

    def plays(
        self, held: Sequence[Card], singles: bool
    ) -> tuple[list[tuple[int, Card]], list[tuple[int, Slot]]]:
        """The joker swaps (meld index, card) and, when ``singles``, the additions of one
        card (meld index, slot) that the cards ``held`` (each once, in the order to list
        them) allow."""
        swaps: list[tuple[int, Card]] = []
        adds: list[tuple[int, Slot]] = []
        swaps_of, adds_of = self._swaps, self._adds
        for card in held:
            if card.is_joker:
                if singles:
                    adds += [(index, (card, name)) for index, name in self._joker_names]
                continue
            indices = swaps_of.get(card)
            if indices is not None:
                swaps += [(index, card) for index in indices]
            if singles:
                adds += adds_of.get(card, _NOTHING)
        return swaps, adds

    def swaps_for(self, card: Card) -> list[int]:
        """The melds whose joker natural ``card`` may replace."""
        return list(self._swaps.get(card, _NOTHING))
