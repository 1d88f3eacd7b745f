"""Scala Quaranta's melds: sets, sequences, named jokers, values (RULES.md §9, seed 004).

A card laid in a meld is a *slot*: the card on the table and the card it stands for
(the same card for a natural card; for a joker, the card it was named as when laid).
Events write a named joker as ``"RJ=7H"``.

- A **set** is 3 or 4 slots of one rank with no suit repeated (a joker is named with
  its suit too).
- A **sequence** is 3 or more slots of one suit in consecutive places. Places run
  1 (ace low), 2 … 13 (king), 14 (ace high): an ace is low or high, never both ends of
  one sequence — except in the longest sequence, 14 cards: the whole suit plus a joker
  at one end (standing for the other ace).
- At most one joker per meld.

Where an ace could take either end (a sequence holding both a 2 and a king), it goes
where it is written: last means high, otherwise low (so ``A 2 … K`` is ace low and
``2 … K A`` ace high).

:func:`check_meld` answers "is this meld legal, and if not why" without a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Final

from engine.cards import RANK_CHARS, SUITS, Card
from engine.errors import MalformedCard

Slot = tuple[Card, Card]
"""A card in a meld: (the card on the table, the card it stands for)."""

SET: Final = "set"
SEQUENCE: Final = "sequence"
ACE: Final = 14
LOW_ACE: Final = 1
MIN_MELD: Final = 3
LONGEST: Final = 14
JOKER_HAND_VALUE: Final = 25
MAX_HAND_POINTS: Final = 4 * 25 + 8 * 11 + 10
"""The most a hand can hold in points (a score sheet's bound)."""


def hand_value(card: Card) -> int:
    """What ``card`` costs left in a hand: 2–10 face value, J/Q/K 10, A 11, joker 25."""
    if card.is_joker:
        return JOKER_HAND_VALUE
    if card.rank == ACE:
        return 11
    return min(card.rank, 10)


def hand_points(cards: Iterable[Card]) -> int:
    return sum(hand_value(c) for c in cards)


def place_value(card: Card, place: int) -> int:
    """What a slot standing for ``card`` at ``place`` counts toward an opening (an ace
    counts 1 low in a sequence, 11 otherwise; place 0: in a set)."""
    if place == LOW_ACE:
        return 1
    return hand_value(card)


def card_at(suit: str, place: int) -> Card:
    """The natural card of ``suit`` at sequence place ``place`` (1 and 14: the ace)."""
    rank = ACE if place in (LOW_ACE, ACE) else place
    return Card.parse(RANK_CHARS[rank - 2] + suit)


class MeldError(ValueError):
    """Why some cards are not a meld (or not an addition to one): a message for players."""


def token(slot: Slot) -> str:
    """The notation of a slot: ``"7H"``, or ``"RJ=7H"`` for a named joker."""
    held, stands = slot
    return f"{held.code}={stands.code}" if held.is_joker else held.code


def parse_token(text: object) -> Slot:
    """A slot from its notation; :class:`MeldError` saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise MeldError(f"a card in a meld is written such as '7H' or 'RJ=7H', not {text!r}")
    held_code, sep, named = text.partition("=")
    try:
        held = Card.parse(held_code)
    except MalformedCard as error:
        raise MeldError(str(error)) from None
    if not held.is_joker:
        if sep:
            raise MeldError(f"{text!r}: only a joker is named ('RJ=7H'); write {held.code!r}")
        return (held, held)
    if not sep:
        raise MeldError(
            f"the {held.name} must be named when it is laid, with the card it stands for "
            f"(suit included), such as '{held.code}=7H'"
        )
    try:
        stands = Card.parse(named)
    except MalformedCard as error:
        raise MeldError(f"{text!r}: {error}") from None
    if stands.is_joker:
        raise MeldError(f"{text!r}: a joker stands for a natural card, not for a joker")
    return (held, stands)


def describe(slots: Iterable[Slot]) -> str:
    return " ".join(token(s) for s in slots)


@dataclass
class Meld:
    """A meld on the table: its ``kind``, its slots (a sequence low to high, ``low`` the
    place of the first) and the seat that laid it."""

    kind: str
    slots: list[Slot]
    low: int = 0
    owner: int = -1

    @property
    def joker(self) -> Card | None:
        """The card the meld's joker stands for, if it has one."""
        for held, stands in self.slots:
            if held.is_joker:
                return stands
        return None

    @property
    def high(self) -> int:
        return self.low + len(self.slots) - 1

    @property
    def suit(self) -> str | None:
        return self.slots[0][1].suit if self.kind == SEQUENCE else None

    @property
    def rank(self) -> int:
        return self.slots[0][1].rank

    def places(self) -> list[int]:
        if self.kind == SEQUENCE:
            return list(range(self.low, self.low + len(self.slots)))
        return [0] * len(self.slots)

    def value(self) -> int:
        """What the meld counts toward an opening."""
        return sum(
            place_value(stands, place)
            for (_, stands), place in zip(self.slots, self.places(), strict=True)
        )

    def tokens(self) -> list[str]:
        return [token(s) for s in self.slots]

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": self.tokens(), "owner": self.owner}


@dataclass(frozen=True)
class MeldCheck:
    """The answer of :func:`check_meld`: ``ok``, the ``reason`` when not, the ``kind``,
    the ``value`` it counts toward an opening and the cards in canonical order."""

    ok: bool
    reason: str | None = None
    kind: str | None = None
    value: int = 0
    cards: tuple[str, ...] = field(default=())


def check_meld(cards: Sequence[str | Card]) -> MeldCheck:
    """Is ``cards`` (notation as in events: ``["5H", "RJ=6H", "7H"]``) a legal meld on its
    own, and if not, why? Says nothing about who holds the cards or whether the player
    has opened (the game's ``check_meld_for`` does)."""
    try:
        slots = [parse_token(c.code if isinstance(c, Card) else c) for c in cards]
        meld = build_meld(slots)
    except MeldError as error:
        return MeldCheck(False, str(error))
    return MeldCheck(True, None, meld.kind, meld.value(), tuple(meld.tokens()))


# ---------------------------------------------------------------------- building melds


def build_meld(slots: Sequence[Slot], owner: int = -1) -> Meld:
    """The meld ``slots`` make (written order decides an ambiguous ace); raise
    :class:`MeldError` saying which rule they break."""
    if len(slots) < MIN_MELD:
        raise MeldError(f"a meld needs at least 3 cards, not {len(slots)} ({describe(slots)})")
    _check_jokers(slots)
    stands = [s for _, s in slots]
    if len({c.rank for c in stands}) == 1:
        return _build_set(slots, owner)
    if len({c.suit for c in stands}) != 1:
        raise MeldError(
            f"{describe(slots)} is neither a set (cards of one rank) nor a sequence "
            "(cards of one suit)"
        )
    places = _place_sequence(slots, (), 0)
    order = sorted(range(len(slots)), key=lambda i: places[i])
    return Meld(SEQUENCE, [slots[i] for i in order], places[order[0]], owner)


def extend_meld(meld: Meld, added: Sequence[Slot]) -> Meld:
    """``meld`` with ``added`` laid on it (a new :class:`Meld`; ``meld`` is unchanged);
    :class:`MeldError` when they do not fit."""
    if not added:
        raise MeldError("an addition needs at least one card")
    _check_jokers(list(meld.slots) + list(added), adding=True)
    if meld.kind == SET:
        return _build_set(list(meld.slots) + list(added), meld.owner, adding=True)
    suit = meld.suit
    assert suit is not None
    off = [s for s in added if s[1].suit != suit]
    if off:
        raise MeldError(f"{describe(off)} cannot extend a sequence of {_suit_name(suit)}")
    fixed = tuple(zip(meld.places(), meld.slots, strict=True))
    places = _place_sequence(added, fixed, meld.low)
    whole = list(fixed) + list(zip(places, added, strict=True))
    whole.sort(key=lambda pair: pair[0])
    return Meld(SEQUENCE, [slot for _, slot in whole], whole[0][0], meld.owner)


def swap_joker(meld: Meld, card: Card) -> Meld:
    """``meld`` with ``card`` in place of the joker that stands for it."""
    slots = list(meld.slots)
    for index, (held, stands) in enumerate(slots):
        if held.is_joker and stands is card:
            slots[index] = (card, card)
            break
    else:
        named = meld.joker
        if named is None:
            raise MeldError("this meld has no joker to swap")
        raise MeldError(f"its joker stands for {named.code}, not {card.code}")
    if meld.kind == SEQUENCE and meld.low == LOW_ACE and meld.high == ACE:
        raise MeldError(
            f"the {card.name} would make the sequence run from ace to ace (an ace is low or "
            "high, not both; only a joker may be the other ace)"
        )
    return Meld(meld.kind, slots, meld.low, meld.owner)


def _check_jokers(slots: Sequence[Slot], adding: bool = False) -> None:
    jokers = [s for s in slots if s[0].is_joker]
    if len(jokers) > 1:
        where = "the meld already has one" if adding else f"{describe(jokers)}"
        raise MeldError(f"a meld may hold one joker at most ({where})")


def _build_set(slots: Sequence[Slot], owner: int, adding: bool = False) -> Meld:
    stands = [s for _, s in slots]
    rank = stands[0].rank
    other = [s for s in slots if s[1].rank != rank]
    if other:
        raise MeldError(f"{describe(other)} is not of the set's rank ({_rank_name(rank)})")
    if len(slots) > 4:
        what = "the set would have" if adding else "a set has 3 or 4 cards, not"
        raise MeldError(f"{what} {len(slots)} cards (a set has 3 or 4, one of each suit)")
    suits = [c.suit for c in stands]
    twice = sorted({s for s in suits if s is not None and suits.count(s) > 1}, key=SUITS.index)
    if twice:
        names = " and ".join(_suit_name(s) for s in twice)
        raise MeldError(f"a set may not repeat a suit: {describe(slots)} has two {names}")
    ordered = sorted(slots, key=lambda s: SUITS.index(s[1].suit or "S"))
    return Meld(SET, list(ordered), 0, owner)


def _place_sequence(
    slots: Sequence[Slot], fixed: Sequence[tuple[int, Slot]], low: int
) -> list[int]:
    """The places of ``slots`` in a sequence (beside the ``fixed`` slots of a meld on
    the table): every place taken once, consecutive. An ambiguous ace goes low unless
    written last (after other cards)."""
    choices: list[tuple[int, ...]] = []
    last = len(slots) - 1
    for index, (_, stands) in enumerate(slots):
        if stands.rank == ACE:
            choices.append((ACE, LOW_ACE) if index == last and index > 0 else (LOW_ACE, ACE))
        else:
            choices.append((stands.rank,))
    taken = [place for place, _ in fixed]
    problem = None
    for places in product(*choices):
        every = taken + list(places)
        if len(set(every)) != len(every):
            problem = problem or _repeated(slots, fixed, every)
            continue
        if max(every) - min(every) + 1 != len(every):
            problem = problem or _gaps(slots, fixed, every)
            continue
        naturals = {p for p, s in zip(every, [s for _, s in fixed] + list(slots), strict=True)
                    if not s[0].is_joker and p in (LOW_ACE, ACE)}  # fmt: skip
        if naturals == {LOW_ACE, ACE}:
            problem = problem or (
                "an ace is low or high in a sequence, not both (the longest sequence is the "
                "whole suit and a joker at one end)"
            )
            continue
        return list(places)
    raise MeldError(problem or "these cards do not make a sequence")


def _repeated(slots: Sequence[Slot], fixed: Sequence[tuple[int, Slot]], every: list[int]) -> str:
    cards = [s for _, s in fixed] + list(slots)
    twice = [c for p, c in zip(every, cards, strict=True) if every.count(p) > 1]
    if fixed:
        return f"{describe(twice)}: that place of the sequence is taken"
    return f"a sequence holds each card once: {describe(twice)} take the same place"


def _gaps(slots: Sequence[Slot], fixed: Sequence[tuple[int, Slot]], every: list[int]) -> str:
    if fixed:
        return (
            f"{describe(slots)} would leave a gap in the sequence (added cards must extend "
            "it at its ends, without gaps)"
        )
    cards = sorted(zip(every, slots, strict=True), key=lambda pair: pair[0])
    return (
        f"{describe(s for _, s in cards)} is not a run of consecutive cards (a joker fills "
        "one place, named as the card it stands for)"
    )


def _suit_name(suit: str) -> str:
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit]


def _rank_name(rank: int) -> str:
    return RANK_CHARS[rank - 2] + "s"
