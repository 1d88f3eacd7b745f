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
from engine.messages import Message, message

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
    """Why some cards are not a meld (or not an addition to one): a message for players
    (``message``: its rule code and parameters)."""

    def __init__(self, reason: Message) -> None:
        super().__init__(str(reason))
        self.message = reason


def token(slot: Slot) -> str:
    """The notation of a slot: ``"7H"``, or ``"RJ=7H"`` for a named joker."""
    held, stands = slot
    return f"{held.code}={stands.code}" if held.is_joker else held.code


def parse_token(text: object) -> Slot:
    """A slot from its notation; :class:`MeldError` saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise MeldError(message("scala40.token.not_a_string", value=repr(text)))
    held_code, sep, named = text.partition("=")
    try:
        held = Card.parse(held_code)
    except MalformedCard as error:
        raise MeldError(error.message) from None
    if not held.is_joker:
        if sep:
            raise MeldError(message("scala40.token.named_natural", value=repr(text), card=held))
        return (held, held)
    if not sep:
        raise MeldError(message("scala40.token.unnamed_joker", cardname=held, card=held))
    try:
        stands = Card.parse(named)
    except MalformedCard as error:
        raise MeldError(
            message("scala40.token.bad_named", value=repr(text), reason=error.message)
        ) from None
    if stands.is_joker:
        raise MeldError(message("scala40.token.joker_for_joker", value=repr(text)))
    return (held, stands)


def describe(slots: Iterable[Slot]) -> str:
    return " ".join(token(s) for s in slots)


def tokens(slots: Iterable[Slot]) -> list[str]:
    """The notation of ``slots``, for a message's ``cards``."""
    return [token(s) for s in slots]


@dataclass
class Meld:
    """A meld on the table: its ``kind``, its slots (a sequence low to high, ``low`` the
    place of the first) and the seat that laid it."""

    kind: str
    slots: list[Slot]
    low: int = 0
    owner: int = -1
    _value: int | None = field(default=None, compare=False, repr=False)

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
        """What the meld counts toward an opening (worked out once: a meld is never
        changed in place)."""
        value = self._value
        if value is None:
            value = self._value = sum(
                place_value(stands, place)
                for (_, stands), place in zip(self.slots, self.places(), strict=True)
            )
        return value

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


_BUILT: dict[tuple[tuple[Slot, ...], int], Meld | Message] = {}
"""build_meld's answers by (slots, owner): the meld, or why not. A meld is a value
(never changed in place: a meld on the table is replaced), so one can be shared."""
_BUILT_KEPT: Final = 20_000


def build_meld(slots: Sequence[Slot], owner: int = -1) -> Meld:
    """The meld ``slots`` make (written order decides an ambiguous ace); raise
    :class:`MeldError` saying which rule they break.

    The answers are kept (bounded): a random player's opening or meld, listed and then
    applied, or the same play tried again by the legal-action listing, is built once."""
    key = (tuple(slots), owner)
    known = _BUILT.get(key)
    if known is None:
        try:
            known = _build_meld(slots, owner)
        except MeldError as error:
            known = error.message
        if len(_BUILT) >= _BUILT_KEPT:
            _BUILT.clear()
        _BUILT[key] = known
    if type(known) is Meld:
        return known
    raise MeldError(known)  # type: ignore[arg-type]


def _build_meld(slots: Sequence[Slot], owner: int) -> Meld:
    if len(slots) < MIN_MELD:
        raise MeldError(message("scala40.meld.too_few", count=len(slots), cards=tokens(slots)))
    _check_jokers(slots)
    stands = [s for _, s in slots]
    if len({c.rank for c in stands}) == 1:
        return _build_set(slots, owner)
    if len({c.suit for c in stands}) != 1:
        raise MeldError(message("scala40.meld.neither", cards=tokens(slots)))
    places = _place_sequence(slots, (), 0)
    order = sorted(range(len(slots)), key=lambda i: places[i])
    return Meld(SEQUENCE, [slots[i] for i in order], places[order[0]], owner)


def extend_meld(meld: Meld, added: Sequence[Slot]) -> Meld:
    """``meld`` with ``added`` laid on it (a new :class:`Meld`; ``meld`` is unchanged);
    :class:`MeldError` when they do not fit."""
    if not added:
        raise MeldError(message("scala40.add.empty"))
    _check_jokers(list(meld.slots) + list(added), adding=True)
    if meld.kind == SET:
        return _build_set(list(meld.slots) + list(added), meld.owner, adding=True)
    suit = meld.suit
    assert suit is not None
    off = [s for s in added if s[1].suit != suit]
    if off:
        raise MeldError(message("scala40.add.off_suit", cards=tokens(off), suit=suit))
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
            raise MeldError(message("scala40.swap.no_joker"))
        raise MeldError(message("scala40.swap.wrong_card", card_joker=named, card=card))
    if meld.kind == SEQUENCE and meld.low == LOW_ACE and meld.high == ACE:
        raise MeldError(message("scala40.swap.ace_to_ace", cardname=card))
    return Meld(meld.kind, slots, meld.low, meld.owner)


def _check_jokers(slots: Sequence[Slot], adding: bool = False) -> None:
    jokers = [s for s in slots if s[0].is_joker]
    if len(jokers) > 1:
        if adding:
            raise MeldError(message("scala40.meld.jokers_adding"))
        raise MeldError(message("scala40.meld.jokers", cards=tokens(jokers)))


def _build_set(slots: Sequence[Slot], owner: int, adding: bool = False) -> Meld:
    stands = [s for _, s in slots]
    rank = stands[0].rank
    other = [s for s in slots if s[1].rank != rank]
    if other:
        raise MeldError(message("scala40.set.rank", cards=tokens(other), rank=rank))
    if len(slots) > 4:
        code = "scala40.set.too_many_adding" if adding else "scala40.set.too_many"
        raise MeldError(message(code, count=len(slots)))
    suits = [c.suit for c in stands]
    twice = sorted({s for s in suits if s is not None and suits.count(s) > 1}, key=SUITS.index)
    if twice:
        if len(twice) == 1:
            raise MeldError(
                message("scala40.set.repeated_suit", cards=tokens(slots), suit=twice[0])
            )
        raise MeldError(
            message(
                "scala40.set.repeated_suits",
                cards=tokens(slots),
                suit=twice[0],
                suit_other=twice[1],
            )
        )
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
    problem: Message | None = None
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
            problem = problem or message("scala40.sequence.ace_both")
            continue
        return list(places)
    raise MeldError(problem or message("scala40.sequence.none"))


def _repeated(
    slots: Sequence[Slot], fixed: Sequence[tuple[int, Slot]], every: list[int]
) -> Message:
    cards = [s for _, s in fixed] + list(slots)
    twice = [c for p, c in zip(every, cards, strict=True) if every.count(p) > 1]
    if fixed:
        return message("scala40.sequence.taken", cards=tokens(twice))
    return message("scala40.sequence.repeated", cards=tokens(twice))


def _gaps(slots: Sequence[Slot], fixed: Sequence[tuple[int, Slot]], every: list[int]) -> Message:
    if fixed:
        return message("scala40.sequence.gap_adding", cards=tokens(slots))
    cards = sorted(zip(every, slots, strict=True), key=lambda pair: pair[0])
    return message("scala40.sequence.gaps", cards=tokens(s for _, s in cards))
