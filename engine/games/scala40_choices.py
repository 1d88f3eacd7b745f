"""What a seat may do in Scala 40 (:class:`Scala40Choices`, the base of
:class:`~engine.games.scala40.Scala40`).

``legal_actions`` lists the draws, the discards, the joker swaps and every addition of
a single card (a joker once per name that fits), then every legal opening, new meld and
addition of several cards, one writing per play (:mod:`engine.games.scala40_legal`);
:meth:`Scala40Choices.check_meld_for` answers "may this meld be laid now, and if not
why" for a page's meld builder. ``random_action`` is a player that melds what it can:
it uses a taken discard first, opens when its hand holds 40, lays melds and single
cards, sometimes swaps a joker, then discards a random allowed card; it draws the
discard half the time it may.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from itertools import chain

from engine.actions import Action
from engine.draws import below
from engine.errors import IllegalEvent
from engine.games import scala40_events as events
from engine.games import scala40_legal as legal
from engine.games import scala40_play as play
from engine.games.scala40_bits import cards_of_bits, hand_bits
from engine.games.scala40_events import DISCARD, STOCK
from engine.games.scala40_hand import hand_meld_choices
from engine.games.scala40_melds import MeldCheck, MeldError, build_meld
from engine.games.scala40_state import OPENING, PLAY, Scala40State


class Scala40Choices(Scala40State):
    """Listing, counting, checking and picking Scala 40's legal actions."""

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase != PLAY or seat != self.turn:
            return []
        if not self.drawn:
            actions = [events.draw_action(seat, STOCK)]
            if self.can_draw_discard(seat):
                actions.append(events.draw_action(seat, DISCARD))
            return actions
        actions = [events.discard_action(seat, card) for card in self.allowed_discards(seat)]
        if self.opened[seat]:
            actions += self._swaps_and_single_adds(seat)
        return actions

    def _swaps_and_single_adds(self, seat: int) -> list[Action]:
        """The joker swaps and additions of one card of opened ``seat``, card by card."""
        hand = self.hands[seat]
        guarded = self.must_use is not None
        actions = []
        table = self.table_index()
        for card in cards_of_bits(hand_bits(hand)):
            swaps, adds = table.plays((card,), len(hand) >= 2)
            for index, _ in swaps:
                if not guarded or self._keeps_taken_usable(seat, swap=(index, card)):
                    actions.append(events.swap_action(seat, index, card))
            for index, slot in adds:
                if not guarded or self._keeps_taken_usable(seat, add=(index, (slot,))):
                    actions.append(events.add_action(seat, index, (slot,)))
        return actions

    def _more_legal_actions(self, seat: int) -> Iterator[Action]:
        """Every legal opening, meld and addition of two or more cards (single additions
        and swaps are natural choices), one writing per play (:mod:`scala40_legal`)."""
        if self.phase != PLAY or seat != self.turn or not self.drawn:
            return
        hand = self.hands[seat]
        seen: set[Hashable] = set()
        if not self.opened[seat]:
            # Every candidate opening is legal: its table is worked out without
            # trying it on the game (a hand may have a thousand openings).
            for melds, key in legal.opening_plays(hand, seat, OPENING, self.melds):
                if key not in seen:
                    seen.add(key)
                    yield events.open_action(seat, melds)
            return
        tries: Iterator[Action] = chain(
            (events.meld_action(seat, m) for m in legal.valid_melds(hand, seat)),
            (
                events.add_action(seat, index, slots)
                for index, meld in enumerate(self.melds)
                for slots in legal.addition_candidates(meld, hand)
            ),
        )
        for action in tries:
            key = self._play_key(action)
            if key is not None and key not in seen:
                seen.add(key)
                yield action

    def _play_key(self, action: Action) -> Hashable | None:
        """The table ``action`` would leave, or ``None`` if it is not legal now (tried
        on the game and undone: the appliers check everything before changing)."""
        seat = action.seat
        assert seat is not None
        hands, melds, opened = self.hands, self.melds, self.opened
        self.hands = list(hands)
        self.hands[seat] = list(hands[seat])
        self.melds = list(melds)
        self.opened = list(opened)
        try:
            self._handlers[action.type][1](self, action)
            return legal.table_key(action.type, self.melds)
        except IllegalEvent:
            return None
        finally:
            self.hands, self.melds, self.opened = hands, melds, opened

    def _is_legal(self, seat: int, action: Action) -> bool:
        if action.type in ("open", "meld", "add") and self.phase == PLAY and self.drawn:
            return self._play_key(action) is not None
        return super()._is_legal(seat, action)

    def canonical(self, action: Action) -> Action:
        if action.type not in ("open", "meld", "add") or action.seat is None:
            return action
        wanted = self._play_key(action) if self._is_legal(action.seat, action) else None
        if wanted is None:
            return action
        for listed in self._iter_legal(action.seat):
            if listed.type == action.type and self._play_key(listed) == wanted:
                return listed
        return action

    def _random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        if self.phase != PLAY or self.adjourned or (seat is not None and seat != self.turn):
            return super()._random_action(rng, seat)
        return self.random_action(rng, seat)

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        if self.phase != PLAY or self.adjourned or (seat is not None and seat != self.turn):
            # FlowEvents': ``adjourned`` refused, then _random_action (chance phases).
            return super().random_action(rng, seat)
        # The hot path of random playouts, here rather than in _random_action: one
        # Python call less a step.
        seat = self.turn
        hand = self.hands[seat]
        if not self.drawn:
            if rng.random() < 0.5 and self.can_draw_discard(seat):
                return events.draw_action(seat, DISCARD)
            return events.draw_action(seat, STOCK)
        taken = self.must_use if self.taken is not None else None
        if taken is not None:
            uses = play.find_uses(taken, hand, self.melds, table=self.table_index())
            return self._use_action(seat, uses[below(rng, len(uses))])
        # The hand as one bit per card (scala40_hand.hand_bits), read once: for the
        # melds it can lay, and for its cards each once in display order.
        bits = hand_bits(hand)
        if not self.opened[seat]:
            opening = play.find_open(hand, rng, bits)
            if opening is not None:
                return events.open_action(seat, [tuple(m.slots) for m in opening])
            held = cards_of_bits(bits)
        else:
            size = len(hand)
            melds = [c.meld for c in hand_meld_choices(hand, bits) if c.size < size]
            if melds:
                return events.meld_action(seat, tuple(melds[below(rng, len(melds))].slots))
            # The swaps and single additions _legal_actions lists (no discard taken here,
            # so none is refused for stranding it), drawn from as from that list.
            held = cards_of_bits(bits)
            swaps, adds = self.table_index().plays(held, size >= 2)
            if swaps and rng.random() < 0.3:
                index, card = swaps[below(rng, len(swaps))]
                return events.swap_action(seat, index, card)
            if adds:
                index, slot = adds[below(rng, len(adds))]
                return events.add_action(seat, index, (slot,))
        discards = self._discards(seat, held)
        return events.discard_action(seat, discards[below(rng, len(discards))])

    def _use_action(self, seat: int, use: play.Use) -> Action:
        kind, index, slots = use
        if kind == "swap":
            return events.swap_action(seat, index, slots[0][0])
        if kind == "add":
            return events.add_action(seat, index, slots)
        return events.meld_action(seat, slots)

    def check_meld_for(self, seat: int, cards: list[str]) -> MeldCheck:
        """Whether ``seat`` may lay ``cards`` as a new meld now (its own cards, a legal
        meld, its last card kept), and if not why: for a web page's meld builder."""
        try:
            slots = [events.slot_of(c) for c in cards]
            meld = build_meld(slots, seat)
            self._check_held(seat, [slots], events.meld_action(seat, tuple(slots)))
        except (MeldError, IllegalEvent) as error:
            return MeldCheck(False, str(error))
        return MeldCheck(True, None, meld.kind, meld.value(), tuple(meld.tokens()))
