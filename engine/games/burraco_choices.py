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
from engine.games.burraco_events import (
    DRAWS,
    SOURCES,
    add_action,
    discard_action,
    draw_action,
    meld_action,
)
from engine.games.burraco_melds import Meld, MeldCheck, find_melds
from engine.games.burraco_state import DRAW, MELD, BurracoState

MELD_CHANCE: Final = 0.9
"""How often the random player lays a meld it found rather than discarding."""


def _as_action(seat: int, play: tuple[int | None, tuple[Card, ...]]) -> Action:
    index, cards = play
    return meld_action(seat, cards) if index is None else add_action(seat, index, cards)


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

    def _random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        # The shared path (engine.legal) lists every natural choice as an action and
        # picks one; this picks from the same lists, in the same order with the same
        # draws from ``rng`` (so the same games), but builds only the action picked.
        turn = self.turn
        phase = self.phase
        if (seat is not None and seat != turn) or phase not in (DRAW, MELD):
            return super()._random_action(rng, seat)
        if phase == DRAW:
            return DRAWS[SOURCES[rng.randrange(len(SOURCES))]][turn]
        plays = self._plays(turn)
        if plays and rng.random() < MELD_CHANCE:
            return _as_action(turn, plays[rng.randrange(len(plays))])
        discards = self._legal_discards(turn)
        if not discards:
            return super()._random_action(rng, seat)  # nothing to discard: it says why
        return discard_action(turn, discards[rng.randrange(len(discards))])

    def meld_candidates(self, seat: int) -> list[Action]:
        """Legal melds and single-card additions ``seat`` may make now (some, not every
        one: :func:`~engine.games.burraco_melds.find_melds`); the random player's."""
        if self.phase != MELD or seat != self.turn:
            return []
        return [_as_action(seat, play) for play in self._plays(seat)]

    def _plays(self, seat: int) -> list[tuple[int | None, tuple[Card, ...]]]:
        """:meth:`meld_candidates` as ``(meld number or None for a new meld, cards)``."""
        hand = self.hands[seat]
        side = self.side_of(seat)
        # Only "unable to close" is left to check once the cards are known to be held
        # and to make a meld (find_melds) or to fit (fitting_cards); it can bite
        # only when the play leaves at most one card to a side that has its pozzetto.
        near_closing = self.took_pozzetto[side]
        found: list[tuple[int | None, tuple[Card, ...]]] = []
        for cards in find_melds(hand):
            if (
                not near_closing
                or len(hand) - len(cards) > 1
                or self._why_not(self._check_meld_action, meld_action(seat, cards)) is None
            ):
                found.append((None, cards))
        melds = self.melds[side]
        if not melds:
            return found
        held = set(hand)
        lone_card_left = near_closing and len(hand) <= 2
        fits = self._fitting_cache
        for index, meld in enumerate(melds):
            cached = fits.get(id(meld))
            if cached is None or cached[0] is not meld:
                cached = fits[id(meld)] = (meld, burraco_legal.fitting_cards(meld))
            fitting = cached[1] & held
            if not fitting:
                continue
            for card in sorted(fitting, key=display_order) if len(fitting) > 1 else fitting:
                if (
                    not lone_card_left
                    or self._why_not(self._check_add_action, add_action(seat, index, (card,)))
                    is None
                ):
                    found.append((index, (card,)))
        return found

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
