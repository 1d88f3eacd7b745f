"""Every opening, meld and addition a Scala 40 hand could make: the candidates that
:meth:`engine.games.scala40.Scala40._more_legal_actions` tries one by one.

The candidates are a superset of the legal plays, written the canonical way (a set's
cards in card order, its joker last; a sequence low to high; an opening's melds in the
order found); the game's own rules then keep the legal ones. They are generated
lazily: a long hand may make thousands of openings.

**One play, one action.** A set may be written in any order, an opening's melds too;
such writings make the same table and are one play, listed once (:func:`table_key`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from itertools import combinations

from engine.cards import SUITS, Card, sorted_cards
from engine.games.scala40_melds import (
    ACE,
    LOW_ACE,
    SET,
    Meld,
    MeldError,
    Slot,
    build_meld,
    card_at,
    token,
)

MeldSlots = tuple[Slot, ...]


Shown = tuple[str, int, tuple[str, ...]]


def _shown(meld: Meld) -> Shown:
    """A meld as the table shows it (a set's cards in any order)."""
    tokens = [token(s) for s in meld.slots]
    return (meld.kind, meld.low, tuple(sorted(tokens) if meld.kind == SET else tokens))


def table_key(kind: str, melds: Sequence[Meld]) -> Hashable:
    """The table a play leaves (melds in any order, a set's cards in any order)."""
    return (kind, tuple(sorted(_shown(meld) for meld in melds)))


def _jokers(hand: Counter[Card]) -> list[Card]:
    return sorted_cards(c for c in hand if c.is_joker)


def _cells(hand: Counter[Card], suit: str) -> dict[int, Card]:
    """The natural card of each place (1 … 14) of ``suit`` that ``hand`` holds."""
    cells: dict[int, Card] = {}
    for card in hand:
        if card.is_joker or card.suit != suit:
            continue
        if card.rank == ACE:
            cells[LOW_ACE] = card
        cells[card.rank] = card
    return cells


def _natural(card: Card) -> Slot:
    return (card, card)


def meld_candidates(hand_cards: Sequence[Card]) -> Iterator[MeldSlots]:
    """Writings that may be new melds: sets and sequences, a joker named in each."""
    hand = Counter(hand_cards)
    jokers = _jokers(hand)
    by_rank: dict[int, list[Card]] = {}
    for card in sorted_cards(hand):
        if not card.is_joker:
            by_rank.setdefault(card.rank, []).append(card)
    for rank, naturals in sorted(by_rank.items()):
        for size in range(2, min(4, len(naturals)) + 1):
            for chosen in combinations(naturals, size):
                slots = tuple(_natural(c) for c in chosen)
                if size >= 3:
                    yield slots
                if size < 4:
                    suits = {c.suit for c in chosen}
                    for joker in jokers:
                        for suit in SUITS:
                            if suit not in suits:
                                yield (*slots, (joker, card_at(suit, rank)))
    for suit in SUITS:
        cells = _cells(hand, suit)
        if not cells:
            continue
        for low in range(LOW_ACE, ACE - 1):
            missing: list[int] = []
            for high in range(low, ACE + 1):
                if high not in cells:
                    missing.append(high)
                    if len(missing) > 1 or not jokers:
                        break
                if high - low + 1 >= 3:
                    yield from _fill(suit, cells, list(range(low, high + 1)), missing, jokers)


def _fill(
    suit: str, cells: dict[int, Card], places: list[int], missing: list[int], jokers: list[Card]
) -> Iterator[MeldSlots]:
    """The writings of ``places`` from ``cells``, a joker on the ``missing`` one (with
    none missing: also a joker on any one)."""
    if not missing:
        yield tuple(_natural(cells[p]) for p in places)
    spots = missing or places
    for joker in jokers:
        for spot in spots:
            yield tuple(
                (joker, card_at(suit, p)) if p == spot else _natural(cells[p]) for p in places
            )


def addition_candidates(meld: Meld, hand_cards: Sequence[Card]) -> Iterator[MeldSlots]:
    """Writings of two or more cards from ``hand_cards`` that may extend ``meld`` (single
    cards are the game's natural choices, listed already)."""
    hand = Counter(hand_cards)
    jokers = _jokers(hand) if meld.joker is None else []
    if meld.kind == SET:
        rank = meld.rank
        present = {stands.suit for _, stands in meld.slots}
        naturals = [c for c in sorted_cards(hand) if c.rank == rank and c.suit not in present]
        for size in range(0, 4 - len(meld.slots) + 1):
            for chosen in combinations(naturals, size):
                slots = tuple(_natural(c) for c in chosen)
                if size >= 2:
                    yield slots
                if size >= 1 and size + 1 <= 4 - len(meld.slots):
                    taken = present | {c.suit for c in chosen}
                    for joker in jokers:
                        for suit in SUITS:
                            if suit not in taken:
                                yield (*slots, (joker, card_at(suit, rank)))
        return
    run_suit = meld.suit
    assert run_suit is not None
    cells = _cells(hand, run_suit)
    # Widening the run only adds places, so once it is too long or misses more than a
    # joker could fill, every wider stretch is refused too: stop.
    most_missing = 1 if jokers else 0
    for new_low in range(meld.low, LOW_ACE - 1, -1):
        below = list(range(new_low, meld.low))
        if len(below) + len(meld.slots) > 14 or (sum(p not in cells for p in below) > most_missing):
            break
        for new_high in range(meld.high, ACE + 1):
            places = below + list(range(meld.high + 1, new_high + 1))
            if len(places) + len(meld.slots) > 14:
                break
            missing = [p for p in places if p not in cells]
            if len(missing) > most_missing:
                break
            if not missing and len(places) >= 2:
                yield tuple(_natural(cells[p]) for p in places)
            if len(places) >= 2:
                for joker in jokers:
                    for spot in missing or places:
                        yield tuple(
                            (joker, card_at(run_suit, p)) if p == spot else _natural(cells[p])
                            for p in places
                        )


def valid_melds(hand_cards: Sequence[Card], seat: int) -> list[MeldSlots]:
    """The candidate melds that are melds (not yet checked against the game)."""
    found: list[MeldSlots] = []
    seen: set[MeldSlots] = set()
    for slots in meld_candidates(hand_cards):
        if slots in seen:
            continue
        seen.add(slots)
        try:
            build_meld(slots, seat)
        except MeldError:
            continue
        found.append(slots)
    return found


def opening_candidates(
    hand_cards: Sequence[Card], seat: int, opening: int
) -> Iterator[list[MeldSlots]]:
    """Groups of melds, their cards all held together, worth ``opening`` or more."""
    melds, _built, picks = _opening_search(hand_cards, seat, opening)
    for picked in picks:
        yield [melds[i] for i in picked]


def opening_plays(
    hand_cards: Sequence[Card], seat: int, opening: int, table: Sequence[Meld]
) -> Iterator[tuple[list[MeldSlots], Hashable]]:
    """Each of :func:`opening_candidates` that keeps a card to discard, with the table
    it leaves beside ``table`` (``table_key("open", …)``), without laying it: such a
    candidate is a legal opening of a seat that has not opened (valid melds, held
    together, worth enough, not the last card), so the key is worked out from melds
    built once each, not from the game after the play."""
    melds, built, picks = _opening_search(hand_cards, seat, opening)
    shown = [_shown(meld) for meld in built]
    on_table = [_shown(meld) for meld in table]
    held = len(hand_cards)
    for picked in picks:
        if sum(len(melds[i]) for i in picked) >= held:
            continue  # the hand's last card: it must be kept to discard
        key = ("open", tuple(sorted([*on_table, *(shown[i] for i in picked)])))
        yield [melds[i] for i in picked], key


def _opening_search(
    hand_cards: Sequence[Card], seat: int, opening: int
) -> tuple[list[MeldSlots], list[Meld], Iterator[list[int]]]:
    """The valid melds, each built, and the indices of each group worth ``opening``."""
    melds = valid_melds(hand_cards, seat)
    built = [build_meld(m, seat) for m in melds]
    values = [meld.value() for meld in built]
    # Plain dicts and item tuples: a Counter's ``-`` builds a Counter per meld tried,
    # most of a long hand's opening search.
    needs = [tuple(Counter(held for held, _ in m).items()) for m in melds]
    have = dict(Counter(hand_cards))

    def grow(
        start: int, chosen: list[int], left: dict[Card, int], worth: int
    ) -> Iterator[list[int]]:
        for index in range(start, len(melds)):
            need = needs[index]
            if any(left.get(card, 0) < copies for card, copies in need):
                continue
            picked = [*chosen, index]
            total = worth + values[index]
            if total >= opening:
                yield picked
            rest = dict(left)
            for card, copies in need:
                rest[card] -= copies
            yield from grow(index, picked, rest, total)

    return melds, built, grow(0, [], have, 0)
