"""Burraco's melds, apart from the game's state: reading a meld, adding to one, and
finding melds in a hand for the random player (:mod:`engine.games.burraco_find`).
Card values and the :class:`Meld` type are in :mod:`engine.games.burraco_cards`
(re-exported here).

Pure functions over cards, shared by online play (:mod:`engine.games.burraco`) and by
the service, which may ask :func:`check_meld` "is this meld legal, and if not why"
without touching a game.

**Positions.** A sequence's cards stand on positions ``1 … 14`` of its suit: ``1`` is
the ace below the 2, ``2 … 13`` the ranks 2 to K, ``14`` the ace above the K (so a
sequence may run A–K–A, 14 cards). A **wildcard** is a joker, or a 2 that does not
stand on position 2 of its own suit's sequence; at most one per meld. A group's
wildcard stands for a card of the group's rank.

**Writing a meld.** A sequence is written low to high, the wildcard in its place:
``["5H", "BJ", "7H"]`` (the joker is the 6), ``["BJ", "5H", "6H"]`` (the 4),
``["5H", "6H", "BJ"]`` (the 7). A group's cards may come in any order.

**Adding** (:func:`check_addition`): the added cards go where they fit; a natural card
that a wildcard stands for takes its place and moves the wildcard to the lower end (the
upper end when the lower end is the low ace). When the cards could go in more than one
place (an ace below the 2 or above the K, a lone wildcard at either end, a 2 of the
suit as a natural 2 or as a wildcard above), the place that keeps the added cards in
the order written wins, then the lowest.

>>> from engine.cards import cards
>>> check_meld(cards("5H BJ 7H")).meld.stands_for
'6H'
>>> check_meld(cards("5H 6S 7H")).reason
'neither a group (one rank) nor a sequence (one suit): 5H 6S 7H'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Final, NamedTuple

from engine.cards import Card
from engine.errors import MalformedCard
from engine.games.burraco_cards import *  # noqa: F403  (re-exported)
from engine.games.burraco_cards import (
    ACE_HIGH,
    ACE_LOW,
    WILD,
    Meld,
    MeldCheck,
    is_wildcard,
    new_meld,
    position_name,
)
from engine.games.burraco_find import find_melds as find_melds  # re-exported
from engine.messages import Message, message


def _bad(reason: Message, rule: str = "meld") -> MeldCheck:
    return MeldCheck(None, reason, rule)


def _as_cards(items: Sequence[Card | str]) -> list[Card] | Message:
    out: list[Card] = []
    for item in items:
        if isinstance(item, Card):
            out.append(item)
            continue
        try:
            out.append(Card.parse(item))
        except MalformedCard as error:
            return error.message
    return out


# ---------------------------------------------------------------------- new melds


def check_meld(items: Sequence[Card | str]) -> MeldCheck:
    """Whether ``items`` (cards or card codes, a sequence low to high) make a meld by
    themselves; the meld, or the reason they do not. Whose cards they are and the
    closing rules are the game's business (:meth:`Burraco.check_meld`)."""
    parsed = _as_cards(items)
    if isinstance(parsed, Message):
        return _bad(parsed)
    cards = parsed
    if len(cards) < 3:
        return _bad(message("burraco.meld.too_few", count=len(cards)))
    naturals = [c for c in cards if not is_wildcard(c)]
    if not naturals:
        return _bad(message("burraco.meld.all_wild", cards=cards), "wildcards")
    ranks = {c.rank for c in naturals}
    wildcards = len(cards) - len(naturals)
    if len(ranks) == 1 and wildcards <= 1:
        wild = next((i for i, c in enumerate(cards) if is_wildcard(c)), None)
        return MeldCheck(new_meld(tuple(cards), None, naturals[0].rank, 0, wild))
    suits = {c.suit for c in naturals}
    if len(suits) > 1:
        if len(ranks) == 1:
            return _bad(message("burraco.meld.wildcards", cards=cards), "wildcards")
        return _bad(message("burraco.meld.neither", cards=cards))
    suit = naturals[0].suit
    assert suit is not None
    meld = read_sequence(cards, suit)
    if meld is not None:
        return MeldCheck(meld)
    certain = sum(1 for c in cards if c.is_joker or (c.rank == 2 and c.suit != suit))
    if certain > 1 or wildcards > 2 or (len(ranks) == 1 and len(naturals) > 1):
        return _bad(message("burraco.meld.wildcards", cards=cards), "wildcards")
    if len(cards) > ACE_HIGH:
        return _bad(message("burraco.meld.too_long", count=ACE_HIGH))
    return _bad(message("burraco.meld.not_consecutive", cards=cards, suit=suit))


@lru_cache(maxsize=1 << 14)
def check_meld_kept(cards: tuple[Card, ...]) -> MeldCheck:
    """:func:`check_meld` of cards already parsed, kept by the cards: the answer (an
    immutable value) depends on nothing else, and a random game lays the same few
    hundred melds again and again."""
    return check_meld(cards)


def read_sequence(cards: Sequence[Card], suit: str) -> Meld | None:
    """``cards`` read as a sequence of ``suit`` written low to high, or ``None``."""
    n = len(cards)
    if n > ACE_HIGH:
        return None
    first = next((i for i, c in enumerate(cards) if not is_wildcard(c)), None)
    if first is None:
        return None
    rank = cards[first].rank
    lows = (ACE_LOW - first, ACE_HIGH - first) if rank == ACE_HIGH else (rank - first,)
    for low in lows:
        if low < ACE_LOW or low + n - 1 > ACE_HIGH:
            continue
        wild: int | None = None
        for index, card in enumerate(cards):
            position = low + index
            if card.is_joker or card.rank == 2:
                if card.suit == suit and position == 2:
                    continue  # a natural 2
                if wild is not None:
                    break
                wild = index
            elif card.suit != suit or not _fits(card.rank, position):
                break
        else:
            return new_meld(tuple(cards), suit, None, low, wild)
    return None


def _fits(rank: int, position: int) -> bool:
    return rank == position or (rank == ACE_HIGH and position == ACE_LOW)


# ---------------------------------------------------------------------- additions


def check_addition(meld: Meld, items: Sequence[Card | str]) -> MeldCheck:
    """Whether ``items`` (cards or codes) may be added to ``meld``; the meld it makes."""
    if len(items) == 1:
        extended = one_card_added(meld, items[0])
        if extended is not None:
            return MeldCheck(extended)
    parsed = _as_cards(items)
    if isinstance(parsed, Message):
        return _bad(parsed)
    added = parsed
    if not added:
        return _bad(message("burraco.add.empty"))
    if meld.suit is None:
        return _add_to_group(meld, added)
    return _add_to_sequence(meld, meld.suit, added)


_ADDITIONS: dict[tuple[object, ...], MeldCheck] = {}
""":func:`check_addition_kept`'s answers, emptied past :data:`_ADDITIONS_KEPT`."""
_ADDITIONS_KEPT: Final = 1 << 14


def check_addition_kept(meld: Meld, cards: tuple[Card, ...]) -> MeldCheck:
    """:func:`check_addition` of cards already parsed, kept by the meld's fields and
    the cards: the answer (an immutable value) depends on nothing else, and the full
    placement search (an ace, a 2, a wildcard, a card taking the wildcard's place)
    cost some 80,000 instructions an addition in random games, which meet the same
    additions again."""
    key = (meld.cards, meld.suit, meld.rank, meld.low, meld.wild, cards)
    checked = _ADDITIONS.get(key)
    if checked is None:
        if len(_ADDITIONS) >= _ADDITIONS_KEPT:
            _ADDITIONS.clear()
        checked = _ADDITIONS[key] = check_addition(meld, cards)
    return checked


def one_card_added(meld: Meld, card: Card | str) -> Meld | None:
    """``meld`` with ``card`` added when that plainly may be done (a natural card at a
    sequence's end, or of a group's rank; a wildcard to a group without one), the
    common addition, without the full placement search; ``None`` otherwise (then
    :func:`check_addition` says)."""
    if meld.suit is not None:
        return _at_an_end(meld, meld.suit, card)
    return _one_to_group(meld, card)


def _at_an_end(meld: Meld, suit: str, card: Card | str) -> Meld | None:
    """``meld`` (a sequence) with ``card`` added where it has one place to go: a
    natural of the suit (not an ace or a 2) just below or above it, or on the
    wildcard's place (the wildcard moves to the lower end, the upper end from the low
    ace); a joker or another suit's 2 just below a clean sequence (above it from the
    low ace). ``None`` otherwise, for the full search (the common additions without
    building every placement: random games add these a few times a deal)."""
    if not isinstance(card, Card):
        return None
    low, wild, cards = meld.low, meld.wild, meld.cards
    if card.suit != suit or card.rank in (2, ACE_HIGH):
        if wild is not None or len(cards) >= ACE_HIGH:
            return None
        if not (card.is_joker or (card.rank == 2 and card.suit != suit)):
            return None  # off suit, an ace or the suit's own 2: the full search
        if low > ACE_LOW:
            return new_meld((card, *cards), suit, None, low - 1, 0)
        return new_meld((*cards, card), suit, None, low, len(cards))
    position = card.rank
    if wild is not None and position == low + wild:
        wildcard = cards[wild]
        placed = (*cards[:wild], card, *cards[wild + 1 :])
        if low > ACE_LOW:
            # Onto position 2 the suit's own 2 stands for itself: no wildcard left.
            natural = low - 1 == 2 and wildcard.rank == 2 and wildcard.suit == suit
            return new_meld((wildcard, *placed), suit, None, low - 1, None if natural else 0)
        if low + len(cards) > ACE_HIGH:
            return None  # nowhere for the wildcard: the full search says so
        return new_meld((*placed, wildcard), suit, None, low, len(cards))
    if position == low - 1:
        moved = None if wild is None else wild + 1
        return new_meld((card, *cards), suit, None, position, moved)
    if position == low + len(cards):
        return new_meld((*cards, card), suit, None, low, wild)
    return None


def _one_to_group(meld: Meld, card: Card | str) -> Meld | None:
    """``meld`` (a group) with ``card`` added when it plainly may be (a natural of its
    rank; a wildcard to a group without one); ``None`` otherwise, for
    :func:`_add_to_group` and its reasons."""
    if not isinstance(card, Card):
        return None
    if is_wildcard(card):
        if meld.wild is not None:
            return None
        return new_meld((*meld.cards, card), None, meld.rank, 0, len(meld.cards))
    if card.rank != meld.rank:
        return None
    return new_meld((*meld.cards, card), None, meld.rank, 0, meld.wild)


def _add_to_group(meld: Meld, added: list[Card]) -> MeldCheck:
    assert meld.rank is not None
    wrong = [c for c in added if not is_wildcard(c) and c.rank != meld.rank]
    if wrong:
        return _bad(message("burraco.add.group_rank", cards=wrong, rank=meld.rank))
    wilds = sum(1 for c in added if is_wildcard(c)) + (meld.wild is not None)
    if wilds > 1:
        code = "burraco.add.group_wild" if meld.wild is not None else "burraco.add.wildcard"
        return _bad(message(code), "wildcards")
    cards = meld.cards + tuple(added)
    wild = meld.wild
    if wild is None:
        wild = next((i for i, c in enumerate(cards) if is_wildcard(c)), None)
    return MeldCheck(new_meld(cards, None, meld.rank, 0, wild))


def _add_to_sequence(meld: Meld, suit: str, added: list[Card]) -> MeldCheck:
    options: list[tuple[int, ...]] = []
    for card in added:
        if card.is_joker or (card.rank == 2 and card.suit != suit):
            options.append((WILD,))
        elif card.suit != suit:
            return _bad(message("burraco.add.off_suit", card=card, suit=suit))
        elif card.rank == 2:
            options.append((2, WILD))
        elif card.rank == ACE_HIGH:
            options.append((ACE_LOW, ACE_HIGH))
        else:
            options.append((card.rank,))
    naturals: dict[int, Card] = {}
    wild_card: Card | None = None
    wild_at = 0
    for index, card in enumerate(meld.cards):
        if index == meld.wild:
            wild_card, wild_at = card, meld.low + index
        else:
            naturals[meld.low + index] = card
    if wild_card is not None and sum(1 for o in options if o == (WILD,)) > 0:
        return _bad(message("burraco.add.sequence_wild"), "wildcards")
    found: dict[tuple[int, tuple[Card, ...]], tuple[bool, Meld]] = {}
    why: _Why | None = None
    for combo in product(*options):
        for layout in _place(suit, naturals, wild_card, wild_at, added, combo):
            if isinstance(layout, _Why):
                why = why or layout
                continue
            meld_out, placed = layout
            in_order = all(a < b for a, b in zip(placed, placed[1:], strict=False))
            found.setdefault((meld_out.low, meld_out.cards), (in_order, meld_out))
    if not found:
        if why is not None:
            return _bad(message(why.code, **why.params))
        return _bad(message("burraco.add.no_fit", cards=added, cards_meld=meld.cards))
    best = min(found.values(), key=lambda f: (not f[0], f[1].low, len(f[1].cards)))
    return MeldCheck(best[1])


class _Why(NamedTuple):
    """Why one choice of places fails, as the message it would make: made into one
    only when no choice succeeds (a message costs more than the whole search)."""

    code: str
    params: dict[str, str] = {}  # noqa: RUF012  (never changed)


def _place(
    suit: str,
    naturals: dict[int, Card],
    wild_card: Card | None,
    wild_at: int,
    added: list[Card],
    combo: tuple[int, ...],
) -> list[tuple[Meld, list[int]] | _Why]:
    """The layouts of one choice of places (``combo``: a position or ``WILD`` per added
    card), each with the positions the added cards took; or why there is none."""
    taken = dict(naturals)
    new_wild: Card | None = None
    new_wild_index = -1
    for index, (card, position) in enumerate(zip(added, combo, strict=True)):
        if position == WILD:
            if new_wild is not None or wild_card is not None:
                return [_Why("burraco.add.wildcard")]
            new_wild, new_wild_index = card, index
        elif position in taken:
            return [_Why("burraco.add.taken", {"card": position_name(position, card.suit)})]
        else:
            taken[position] = card
    displaced = wild_card is not None and wild_at in taken
    occupied = set(taken)
    if wild_card is not None and not displaced:
        occupied.add(wild_at)
    low, high = min(occupied), max(occupied)
    holes = [p for p in range(low, high + 1) if p not in occupied]
    floating = wild_card if displaced else new_wild
    places: list[int] = []
    if floating is None:
        if holes:
            return [_Why("burraco.add.gap")]
    elif displaced:
        if holes:
            return [_Why("burraco.add.gap")]
        spot = low - 1 if low > ACE_LOW else high + 1
        if spot > ACE_HIGH:
            return [_Why("burraco.add.wild_no_place")]
        places = [spot]
    elif len(holes) == 1:
        places = holes
    elif holes:
        return [_Why("burraco.add.gaps")]

    else:
        places = [p for p in (low - 1, high + 1) if ACE_LOW <= p <= ACE_HIGH]
    if floating is None:
        return [_layout(suit, taken, wild_card, wild_at, combo, -1)]
    return [_layout(suit, taken, floating, spot, combo, new_wild_index) for spot in places]


def _layout(
    suit: str,
    taken: dict[int, Card],
    wildcard: Card | None,
    wild_at: int,
    combo: tuple[int, ...],
    new_wild_index: int,
) -> tuple[Meld, list[int]]:
    cells = dict(taken)
    if wildcard is not None:
        cells[wild_at] = wildcard
    low = min(cells)
    cards = tuple(cells[p] for p in range(low, low + len(cells)))
    wild: int | None = None
    if wildcard is not None and not (wildcard.rank == 2 and wildcard.suit == suit and wild_at == 2):
        wild = wild_at - low
    placed = [wild_at if i == new_wild_index else p for i, p in enumerate(combo)]
    return new_meld(cards, suit, None, low, wild), placed
