"""The state of a Burraco hand and the checks its events go through:
:class:`BurracoState`, the base of :class:`~engine.games.burraco.Burraco`.

Who is to act, what a seat holds, and whether a meld, an addition or a discard is
allowed now, with the precise rule broken (the turn, the cards held, the meld, and
"unable to close": see the rules in :mod:`engine.games.burraco`). Nothing here
changes the game: the appliers in :mod:`engine.games.burraco` check, then change.
"""

from __future__ import annotations

from collections import Counter
from itertools import filterfalse
from typing import Any, Final

from engine.actions import Action
from engine.cards import Card, sorted_cards
from engine.errors import CardNotHeld, RuleViolation, WrongPhase
from engine.game import Game
from engine.games.burraco_bits import HandBits
from engine.games.burraco_melds import (
    Meld,
    check_addition_kept,
    check_meld_kept,
    is_wildcard,
    one_card_added,
)
from engine.messages import Message, message, plain_text

TableBits = list[Any]
"""What the random player keeps of a side's melds (``_fitting_bits`` in
:mod:`~engine.games.burraco_choices`): ``[melds, fits, every_fit]``, a copy of the
side's melds when last seen, per meld the own bits of the cards that fit it alone,
and all of them or-ed (a list: the meld and add events update it in place)."""

DRAW: Final = "draw"
"""The phase in which the seat to act must draw."""
MELD: Final = "meld"
"""The phase after the draw: melds, additions, then a discard."""


class BurracoState(Game):
    """A Burraco game's state (set up here) and the checks on it; the events that
    change it are :class:`~engine.games.burraco.Burraco`'s."""

    _table_bits: dict[int, TableBits] | None = None
    """Per side, its melds when last asked, what fits each alone and all of them
    together (:meth:`~engine.games.burraco_choices.BurracoChoices._fitting_bits`): a
    cache, at class level so that a state pickled without it reads as empty, and never
    pickled."""

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        """The stock of the current hand, top first; ``stock[stock_pos:]`` is left."""
        self.stock_pos = 0
        self.discard_pile: list[Card] = []
        """The discard pile, bottom first (its top card is the last)."""
        self.melds: list[list[Meld]] = [[], []]
        """Per side, its melds in the order laid."""
        self.pozzetti: list[list[Card]] = [[], []]
        self.pozzetti_taken = 0
        self.took_pozzetto = [False, False]
        """Per side, whether it has taken its pozzetto."""
        self.turn = 0
        self.closed: int | None = None
        """The side that closed the current (or last) hand, if any."""
        self.last_hand: dict[str, Any] | None = None
        self.known: list[Counter[Card]] = [Counter() for _ in range(players)]
        """Per seat, the cards every seat saw it take with the discard pile and that it
        must still hold (a copy it melded or discarded counts as one of them)."""
        self.adjourned = False
        """An instance value, not FlowEvents' class default: read twice a step of a
        random playout (push, random_action), and a class default read through the
        instance is a generic look-up in CPython 3.11 (27 attributes: room for it)."""
        self._hand_bits: list[HandBits | None] = [None] * players
        """Per seat, its hand as the random player reads it (:data:`HandBits`), made on
        its first question and then kept in step by the events (a replay, which asks
        none, never pays for it); never pickled."""

    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        state.pop("_table_bits", None)
        state.pop("_hand_bits", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._hand_bits = [None] * self.players

    # ------------------------------------------------------------------ asking

    @property
    def team_game(self) -> bool:
        return self.players == 4

    def _to_act_in_play(self) -> int | list[int] | None:
        return self.turn if self.phase in (DRAW, MELD) else None

    def side_of(self, seat: int) -> int:
        # Seat and side are one with two players (seats 0 and 1), and a team holds
        # seats t and t + 2 with four: seat % 2 either way, without team_game.
        return seat % 2

    def hand(self, seat: int) -> list[Card]:
        return sorted_cards(self.hands[seat])

    @property
    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos if self.phase in (DRAW, MELD) else 0

    def has_burraco(self, side: int) -> bool:
        return any(m.burraco for m in self.melds[side])

    def _forget_known(self, seat: int, gone: tuple[Card, ...]) -> None:
        """Take one copy of each card in ``gone`` (melded or discarded) off what ``seat``
        is known to hold. In place: a ``Counter`` subtraction builds two new ones."""
        known = self.known[seat]
        if not known:
            return
        for card in gone:
            copies = known.get(card, 0)
            if copies > 1:
                known[card] = copies - 1
            elif copies:
                known.pop(card)  # dict's: Counter's own __delitem__ is Python code

    # ------------------------------------------------------------------ checks

    def _require_turn(self, action: Action, phase: str) -> int:
        seat = action.seat
        assert seat is not None
        if self.phase not in (DRAW, MELD):
            raise WrongPhase(
                message("burraco.phase.no_hand", seat=seat, event=action.type),
                seat=seat,
                event=action.to_event(),
            )
        if seat != self.turn:
            raise self._not_your_turn(action)
        if self.phase != phase:
            code = "burraco.turn.drawn" if phase == DRAW else "burraco.turn.draw_first"
            raise WrongPhase(
                message(code, seat=seat, event=action.type),
                seat=seat,
                event=action.to_event(),
                rule="draw first" if phase == MELD else "one draw a turn",
            )
        return seat

    def _require_held(self, action: Action, seat: int, cards: tuple[Card, ...]) -> list[Card]:
        """The hand left once ``cards`` are out of it, or :class:`CardNotHeld`. The
        cards left keep their order, copies of a card brought together where the first
        stood (records replay to the same hands, and random games to the same plays)."""
        hand = self.hands[seat]
        bits = self._hand_bits[seat]  # the random player's, when it has them
        if bits is not None and bits[0] is hand and bits[1] == len(hand):
            held_twice = bits[3] != 0
        else:
            held_twice = len(set(hand)) != len(hand)
        if not held_twice:
            # The order is the hand's. Looked up in a set (cards hash by identity),
            # where list.remove called Card.__eq__, Python code, per card passed;
            # filtered in C (a list comprehension is a Python call and a loop).
            left_in_order = list(filterfalse(set(cards).__contains__, hand))
            if len(left_in_order) + len(cards) == len(hand):  # each laid card held once
                return left_in_order
            # else not held (or laid twice): the Counter below says which
        # A Counter's counts and order (copies where the first stood), in a plain dict.
        left: dict[Card, int] = {}
        for card in hand:
            left[card] = left.get(card, 0) + 1
        for card in cards:
            left[card] = left.get(card, 0) - 1
        missing = {c for c in cards if left[c] < 0}  # only a laid card can run short
        if missing:
            raise CardNotHeld(
                message(
                    "burraco.not_held",
                    seat=seat,
                    event=action.type,
                    cards=cards,
                    cards_missing=sorted(c.code for c in missing),
                ),
                seat=seat,
                event=action.to_event(),
            )
        kept: list[Card] = []
        for card, copies in left.items():
            if copies > 0:
                kept += [card] * copies
        return kept

    def _may_be_unable_to_close(self, seat: int, left: list[Card]) -> bool:
        """Whether :meth:`_leave_problem` may find one (so whether the side's burraco
        is worth looking for): only with the pozzetto taken and at most a card left."""
        return len(left) <= 1 and self.took_pozzetto[self.side_of(seat)]

    def _leave_problem(
        self, seat: int, left: list[Card], burraco: bool
    ) -> tuple[str, Message] | None:
        """Why a meld or addition leaving ``left`` in ``seat``'s hand would leave it
        unable to close (``burraco``: its side has one after the play), or ``None``."""
        if not self.took_pozzetto[self.side_of(seat)] or len(left) > 1:
            return None
        if not left:
            return ("final discard", message("burraco.close.keep_card"))
        if not burraco:
            return ("unable to close", message("burraco.close.keep_no_burraco", card=left[0]))
        if is_wildcard(left[0]):
            return ("unable to close", message("burraco.close.keep_wildcard", card=left[0]))
        return None

    def _check_meld_action(self, action: Action) -> tuple[Meld, list[Card]]:
        seat = action.seat
        if self.phase != MELD or seat != self.turn:
            self._require_turn(action, MELD)  # says what is wrong
        assert seat is not None
        cards: tuple[Card, ...] = action.args[0][1]
        left = self._require_held(action, seat, cards)
        checked = check_meld_kept(cards)
        if checked.meld is None:
            raise self._breach(action, checked.rule, checked.reason)
        if self._may_be_unable_to_close(seat, left):
            burraco = self.has_burraco(self.side_of(seat)) or checked.meld.burraco is not None
            problem = self._leave_problem(seat, left, burraco)
            if problem is not None:
                raise self._breach(action, *problem)
        return checked.meld, left

    def _check_add_action(self, action: Action) -> tuple[Meld, list[Card]]:
        seat = action.seat
        if self.phase != MELD or seat != self.turn:
            self._require_turn(action, MELD)  # says what is wrong
        assert seat is not None
        # add_action's arguments, sorted: ("cards", …), ("meld", …).
        (_, cards), (_, index) = action.args
        side = seat % 2  # side_of
        melds = self.melds[side]
        if index >= len(melds):
            code = "burraco.add.own_team" if self.team_game else "burraco.add.own"
            raise self._breach(action, "own melds", message(code, count=len(melds)))
        left = self._require_held(action, seat, cards)
        made = one_card_added(melds[index], cards[0]) if len(cards) == 1 else None
        if made is None:
            checked = check_addition_kept(melds[index], cards)
            if checked.meld is None:
                raise self._breach(action, checked.rule, checked.reason)
            made = checked.meld
        if self._may_be_unable_to_close(seat, left):
            burraco = made.burraco is not None or any(
                m.burraco for i, m in enumerate(melds) if i != index
            )
            problem = self._leave_problem(seat, left, burraco)
            if problem is not None:
                raise self._breach(action, *problem)
        return made, left

    def _discard_problem(self, seat: int, card: Card) -> tuple[str, Message] | None:
        if len(self.hands[seat]) > 1:
            return None
        side = self.side_of(seat)
        if not self.took_pozzetto[side]:
            return None  # the hand empties: the pozzetto comes next turn
        if not self.has_burraco(side):
            return ("closing", message("burraco.close.no_burraco"))
        if is_wildcard(card):
            return ("closing", message("burraco.close.wildcard"))
        return None

    @staticmethod
    def _breach(action: Action, rule: str, why: str) -> RuleViolation:
        """``why`` is a message (a meld check's ``reason`` is typed ``str``)."""
        cards = action.arg("cards")
        said = {"seat": action.seat, "event": action.type, "reason": plain_text(why)}
        if cards is not None and action.type == "add":
            refusal = message("burraco.refused.add", cards=cards, number=action.arg("meld"), **said)
        elif cards is not None:
            refusal = message("burraco.refused.cards", cards=cards, **said)
        elif action.card is not None:
            refusal = message("burraco.refused.card", card=action.card, **said)
        else:
            refusal = message("burraco.refused", **said)
        return RuleViolation(
            refusal,
            seat=action.seat,
            event=action.to_event(),
            rule=rule,
        )
