"""What a seat may do in Burraco: the legal draws and discards, every legal meld and
addition (one writing per play, :mod:`engine.games.burraco_legal`), the random player,
and "may this meld be laid now, and if not why" for a page's meld builder
(:class:`BurracoChoices`, the base of :class:`~engine.games.burraco.Burraco`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from typing import Any, Final

from engine.actions import Action
from engine.cards import Card, display_order
from engine.errors import IllegalEvent, MalformedEvent
from engine.games import burraco_legal
from engine.games.burraco_bits import (
    EVERY_OWN_BIT,
    NIBBLE_FOUR_UP,
    NIBBLE_ONES,
    NIBBLE_TWO_UP,
    POSITIONS,
    RANKS,
    WILD_SHIFT,
    HandBits,
    cards_in,
    hand_bits,
    meld_bits,
    nth_card,
)
from engine.games.burraco_events import (
    DISCARDS,
    DRAWS,
    SOURCES,
    add_action,
    discard_action,
    draw_action,
    meld_action,
)
from engine.games.burraco_find import find_melds_in
from engine.games.burraco_melds import BURRACO_LENGTH, Meld, MeldCheck, is_wildcard
from engine.games.burraco_state import DRAW, MELD, BurracoState, TableBits

MELD_CHANCE: Final = 0.9
"""How often the random player lays a meld it found rather than discarding."""


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` (``n`` > 0), the same number from the same draws: for a
    plain :class:`random.Random` the draw ``randrange`` makes (``_randbelow``:
    ``n.bit_length()`` random bits until one is below ``n``), without its two Python
    calls and checks (test_burraco_bits compares them)."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


_ACTIONS: dict[tuple[int, tuple[int | None, tuple[Card, ...]]], Action] = {}
"""The random player's meld and addition actions by seat and play, kept (actions are
values, and building one costs more than finding it: random games make the same few
thousand again and again); emptied when it grows past :data:`_ACTIONS_KEPT`."""
_ACTIONS_KEPT: Final = 1 << 16
_RANDOM: Final = random.Random


def _as_action(seat: int, play: tuple[int | None, tuple[Card, ...]]) -> Action:
    key = (seat, play)
    action = _ACTIONS.get(key)
    if action is None:
        if len(_ACTIONS) >= _ACTIONS_KEPT:
            _ACTIONS.clear()
        index, cards = play
        action = meld_action(seat, cards) if index is None else add_action(seat, index, cards)
        _ACTIONS[key] = action
    return action


class BurracoChoices(BurracoState):
    """Listing, counting, checking and picking Burraco's legal actions."""

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat != self.to_act:
            return []
        if self.phase == DRAW:
            return [draw_action(seat, source) for source in SOURCES]
        return [discard_action(seat, c) for c in self._legal_discards(seat)]

    def _more_legal_actions(self, seat: int) -> Iterator[Action]:
        """Every legal meld and addition, one writing per play (:mod:`burraco_legal`)."""
        if self.phase != MELD or seat != self.turn:
            return
        hand = self.hands[seat]
        seen: set[Hashable] = set()
        candidates: list[tuple[int | None, Iterator[tuple[Card, ...]]]] = [
            (None, burraco_legal.meld_candidates(hand))
        ]
        for number, meld in enumerate(self.melds[self.side_of(seat)]):
            candidates.append((number, burraco_legal.addition_candidates(meld, hand)))
        for index, writings in candidates:
            for cards in writings:
                if index is None:
                    action = meld_action(seat, cards)
                    check = self._check_meld_action
                else:
                    action = add_action(seat, index, cards)
                    check = self._check_add_action
                try:
                    made = check(action)[0]
                except IllegalEvent:
                    continue
                key = burraco_legal.play_key(action.type, index, made)
                if key not in seen:
                    seen.add(key)
                    yield action

    def _is_legal(self, seat: int, action: Action) -> bool:
        if action.type == "meld":
            return self._why_not(self._check_meld_action, action) is None
        if action.type == "add":
            return self._why_not(self._check_add_action, action) is None
        return super()._is_legal(seat, action)

    def canonical(self, action: Action) -> Action:
        """The listed writing of the play ``action`` makes (a group in another order is
        the same play); ``action`` itself when it is not a legal meld or addition."""
        if action.type not in ("meld", "add") or action.seat is None:
            return action
        if not self._is_legal(action.seat, action):
            return action
        wanted = self._play_key(action)
        for listed in self._more_legal_actions(action.seat):
            if self._play_key(listed) == wanted:
                return listed
        return action

    def _play_key(self, action: Action) -> Hashable:
        if action.type == "meld":
            return burraco_legal.play_key("meld", None, self._check_meld_action(action)[0])
        made = self._check_add_action(action)[0]
        return burraco_legal.play_key("add", action.arg("meld"), made)

    def _legal_discards(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        distinct = sorted(set(hand), key=display_order)
        if len(hand) > 1:
            return distinct  # only a last card can be refused (_discard_problem)
        return [c for c in distinct if self._discard_problem(seat, c) is None]

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        # The shared path (engine.legal) lists every natural choice as an action and
        # picks one; this picks from the same lists, in the same order with the same
        # draws from ``rng`` (so the same games), but builds only the action picked.
        # It is random_action itself, a call short of FlowEvents' (which checks
        # ``adjourned`` and asks _random_action): once a step of a random playout.
        turn = self.turn
        phase = self.phase
        if self.adjourned or (seat is not None and seat != turn) or phase not in (DRAW, MELD):
            return super().random_action(rng, seat)  # the shared path, or why none
        if phase == DRAW:
            if type(rng) is _RANDOM:  # below(rng, 2), written out
                drawn = rng.getrandbits(2)
                while drawn >= 2:
                    drawn = rng.getrandbits(2)
            else:
                drawn = below(rng, 2)
            return DRAWS[SOURCES[drawn]][turn]
        hand = self.hands[turn]
        kept = self._hand_bits[turn]
        if kept is None or kept[0] is not hand or kept[1] != len(hand):
            kept = self._hand_bits[turn] = hand_bits(hand)
        plays = self._plays_of(turn, hand, kept)
        own = 0
        if plays and rng.random() < MELD_CHANCE:
            count = len(plays)
        elif len(hand) > 1:  # _legal_discards: only a last card can be refused
            # The distinct cards in display order are the hand's own bits, low to high.
            own = kept[2] & EVERY_OWN_BIT
            count = own.bit_count()
        else:
            count = 0
        if count:
            if type(rng) is _RANDOM:  # below(rng, count), written out: once a step
                bits = count.bit_length()
                drawn = rng.getrandbits(bits)
                while drawn >= count:
                    drawn = rng.getrandbits(bits)
            else:
                drawn = below(rng, count)
            if own:
                return DISCARDS[nth_card(own, drawn)][turn]
            return _as_action(turn, plays[drawn])
        discards = self._legal_discards(turn)
        if not discards:
            return super()._random_action(rng, seat)  # nothing to discard: it says why
        return DISCARDS[discards[below(rng, len(discards))]][turn]

    def meld_candidates(self, seat: int) -> list[Action]:
        """Legal melds and single-card additions ``seat`` may make now (some, not every
        one: :func:`~engine.games.burraco_melds.find_melds`); the random player's."""
        if self.phase != MELD or seat != self.turn:
            return []
        return [_as_action(seat, play) for play in self._plays(seat)]

    def _plays(self, seat: int) -> list[tuple[int | None, tuple[Card, ...]]]:
        """:meth:`meld_candidates` as ``(meld number or None for a new meld, cards)``."""
        hand = self.hands[seat]
        return self._plays_of(seat, hand, hand_bits(hand))

    def _plays_of(
        self, seat: int, hand: list[Card], kept: HandBits
    ) -> list[tuple[int | None, tuple[Card, ...]]]:
        """:meth:`_plays`, ``kept`` the hand's :data:`~engine.games.burraco_bits.HandBits`."""
        side = seat % 2  # side_of
        # The hand as integers (burraco_bits): whether it may meld at all, and which
        # of its cards fit the side's melds, each asked in a few integer operations.
        present = kept[2]
        # Only "unable to close" is left to check once the cards are known to be held
        # and to make a meld (find_melds) or to fit (fitting_cards); it can bite
        # only when the play leaves at most one card to a side that has its pozzetto.
        near_closing = self.took_pozzetto[side]
        found: list[tuple[int | None, tuple[Card, ...]]] = []
        # may_meld(kept[4], present), written out (a call a step): three naturals
        # of a rank, or two with a wildcard; three positions in a row, or two close
        # enough for a wildcard.
        counts = kept[4]
        ranks = counts & RANKS
        held = present & POSITIONS
        if (
            (ranks & NIBBLE_TWO_UP or held & (held >> 1 | held >> 2))
            if counts >> WILD_SHIFT
            else ((ranks + NIBBLE_ONES) & NIBBLE_FOUR_UP or held & held >> 1 & held >> 2)
        ):
            for cards in find_melds_in(hand, present, kept[3], kept[4]):
                if (
                    not near_closing
                    or len(hand) - len(cards) > 1
                    or self._may_leave(side, hand, cards, len(cards) >= BURRACO_LENGTH)
                ):
                    found.append((None, cards))
        melds = self.melds[side]
        if not melds:
            return found
        kept_fits = self._table_bits
        known = kept_fits.get(side) if kept_fits is not None else None
        if known is None or known[0] != melds:  # kept in step by _fit_laid
            known = self._fitting_bits(side, melds)
        laid, fits, every_fit = known
        if not present & every_fit:
            return found
        lone_card_left = near_closing and len(hand) <= 2
        for index, fit in enumerate(fits):
            fitting = present & fit
            if not fitting:
                continue
            for card in cards_in(fitting):
                if not lone_card_left or self._may_leave(
                    side, hand, (card,), len(laid[index].cards) + 1 >= BURRACO_LENGTH, index
                ):
                    found.append((index, (card,)))
        return found

    def _may_leave(
        self,
        side: int,
        hand: list[Card],
        cards: tuple[Card, ...],
        makes_burraco: bool,
        index: int | None = None,
    ) -> bool:
        """Whether laying ``cards`` (held, and a meld, or fitting meld ``index`` of
        ``side``; ``makes_burraco``: the meld is then a burraco) leaves ``side``, which
        has taken its pozzetto, able to close: what the full check
        (:meth:`_leave_problem`) says, without building its refusal."""
        left = list(hand)
        for card in cards:
            left.remove(card)
        if len(left) != 1:
            return len(left) > 1
        burraco = makes_burraco or any(
            meld.burraco for number, meld in enumerate(self.melds[side]) if number != index
        )
        return burraco and not is_wildcard(left[0])

    def _fitting_bits(self, side: int, melds: list[Meld]) -> TableBits:
        """Per meld of ``side`` (``melds``), the cards that fit it alone as
        :func:`~engine.games.burraco_bits.meld_bits`, and all of them together; kept
        per side, kept in step by the meld and add events (:meth:`_fit_laid`), and
        worked out again here only for a meld laid or replaced otherwise (melds are
        values, compared by identity)."""
        kept = self._table_bits
        if kept is None:
            kept = self._table_bits = {}
        known = kept.get(side)
        if known is not None and known[0] == melds:
            return known
        before: list[Meld] = known[0] if known is not None else []
        fits = [
            known[1][index]
            if known is not None and index < len(before) and before[index] is meld
            else meld_bits(meld)
            for index, meld in enumerate(melds)
        ]
        every_fit = 0
        for fit in fits:
            every_fit |= fit
        kept[side] = known = [list(melds), fits, every_fit]
        return known

    def _fit_laid(self, side: int, meld: Meld, index: int | None) -> None:
        """Keep :meth:`_fitting_bits`'s answer for ``side`` in step with ``meld``, just
        laid (``index`` ``None``) or made by an addition to meld ``index``: the meld
        and add events call it when the random player keeps fits (never in a
        replay), so that a random step after a meld or addition finds them ready
        instead of comparing and working out the side's melds again."""
        kept = self._table_bits
        known = kept.get(side) if kept is not None else None
        if known is None:
            return
        laid: list[Meld] = known[0]
        fits: list[int] = known[1]
        bits = meld_bits(meld)
        if index is None:
            laid.append(meld)
            fits.append(bits)
            known[2] |= bits
        elif index < len(laid):
            laid[index] = meld
            fits[index] = bits
            every_fit = 0
            for fit in fits:
                every_fit |= fit
            known[2] = every_fit
        # else the kept melds were stale: _plays_of finds them unlike the side's

    def check_meld(self, seat: int, cards: list[Card | str]) -> MeldCheck:
        """Whether ``seat`` may lay ``cards`` (written low to high) as a meld now; the
        meld, or why not (every rule: the turn, the cards held, the meld, closing)."""
        return self._explain(
            self._check_meld_action, {"type": "meld", "seat": seat, "cards": cards}
        )

    def check_addition(self, seat: int, meld: int, cards: list[Card | str]) -> MeldCheck:
        """Whether ``seat`` may add ``cards`` to its side's meld number ``meld`` now."""
        event = {"type": "add", "seat": seat, "meld": meld, "cards": cards}
        return self._explain(self._check_add_action, event)

    def _explain(self, check: Any, event: dict[str, Any]) -> MeldCheck:
        event["cards"] = [c.code if isinstance(c, Card) else c for c in event["cards"]]
        try:
            meld: Meld = check(self.parse(event))[0]
        except IllegalEvent as error:
            return MeldCheck(None, error.message, error.rule)
        except MalformedEvent as error:
            return MeldCheck(None, error.message, "event")
        return MeldCheck(meld)

    @staticmethod
    def _why_not(check: Any, action: Action) -> str | None:
        try:
            check(action)
        except IllegalEvent as error:
            return str(error)
        return None
