"""What a seat may do in Italian Whist: the legal plays (following with jokers), the
splits and the joker declarations, counted and drawn at random without listing where
there are many (:class:`ItalianWhistChoices`, the base of
:class:`~engine.games.italian_whist.ItalianWhist`).

A seat has C(18, 9) = 48620 possible splits: ``legal_actions`` lists them when asked,
but ``legal_count`` counts them without listing, ``random_action`` draws one uniformly
without listing, and a seat's view shows the compact hint
``{"type": "split", "seat": s, "choose": 9}`` instead of the list (a hint, not an event
to send).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from math import comb
from typing import Any

from engine.actions import Action
from engine.cards import Card, sorted_cards
from engine.errors import WrongPhase
from engine.games.italian_whist_rules import (
    HAND_SIZE,
    JOKER,
    JOKER_FOLLOWING,
    SPLIT,
    following_cards,
    joker_action,
    joker_choices,
    split_action,
    suit_to_follow,
)
from engine.messages import message
from engine.tricks import PLAY, TrickGame, play_action, plays_of


class ItalianWhistChoices(TrickGame):
    """The legal actions of Italian Whist's phases; the game's state is kept by
    :class:`~engine.games.italian_whist.ItalianWhist`."""

    split_first: list[tuple[Card, ...] | None]
    """Each seat's chosen first hand this deal (``None`` until it has split)."""
    pending_jokers: list[int]
    """Indices in the complete trick of the jokers still to be declared."""

    def _playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play to the current trick, in display order."""
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            lead = trick[0][1]
            if lead.is_joker:
                options = following_cards(hand, suit_to_follow(trick))
            else:
                led = lead.suit
                joker = JOKER_FOLLOWING[led]  # type: ignore[index]
                options = [c for c in hand if c.suit == led or c is joker]
            if options:
                return sorted_cards(options)
        return sorted_cards(hand)

    def _legal_plays(self, seat: int) -> list[Action]:
        return plays_of(seat, self._playable(seat))

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return self._legal_plays(seat) if seat == self.turn else []
        if phase == SPLIT:
            if self.split_first[seat] is not None:
                return []
            cards = sorted_cards(self.hands[seat])
            return [split_action(seat, first) for first in combinations(cards, HAND_SIZE)]
        if phase == JOKER:
            index = self.pending_jokers[0]
            if self.trick[index][0] != seat:
                return []
            return [joker_action(seat, c) for c in joker_choices(self.trick, index)]
        return []

    def _iter_legal(self, seat: int) -> Iterator[Action]:
        if self.phase == SPLIT:
            # Lazily: 48,620 splits of 18 cards.
            if self.split_first[seat] is None:
                cards = sorted_cards(self.hands[seat])
                yield from (split_action(seat, first) for first in combinations(cards, HAND_SIZE))
            return
        yield from super()._iter_legal(seat)

    def _count_legal(self, seat: int) -> int:
        if self.phase == SPLIT:
            return comb(len(self.hands[seat]), HAND_SIZE)
        return super()._count_legal(seat)

    def _random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        phase = self.phase
        if phase == PLAY and (seat is None or seat == self.turn):
            # Hot path of random playouts: one card, without building every action.
            cards = self._playable(self.turn)
            return play_action(self.turn, cards[rng.randrange(len(cards))])
        if phase == SPLIT:
            to_split = self.seats_to_act()
            seats = to_split if seat is None else [s for s in (seat,) if s in to_split]
            if not seats:
                raise WrongPhase(message("italian_whist.split.done", seat=seat))

            # Every seat to act has the same number of splits, so a uniform seat and
            # then a uniform 9-card subset is uniform over all legal splits.
            chosen = seats[rng.randrange(len(seats))]
            return split_action(chosen, rng.sample(sorted_cards(self.hands[chosen]), HAND_SIZE))
        return super()._random_action(rng, seat)

    def _view_legal(self, seat: int) -> list[dict[str, Any]]:
        if self.phase == SPLIT:
            if self.split_first[seat] is not None:
                return []
            return [{"type": SPLIT, "seat": seat, "choose": HAND_SIZE}]
        return super()._view_legal(seat)
