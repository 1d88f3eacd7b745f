"""The state of a Scala 40 game and the checks its events go through:
:class:`Scala40State`, the base of :class:`~engine.games.scala40.Scala40`.

Who is to act, who is still in, what a seat holds, whether it may take the discard or
discard a card, whether a meld's cards are held, and whether a move keeps a taken
discard usable, with the precise rule broken; and what a seat sees. Nothing here
changes the game: the appliers in :mod:`engine.games.scala40` check, then change.

**Views**: a seat's own hand; the others' as counts; the stock's size (never its cards or
order); the discard pile (bottom first) and the melds (with who laid them) are public,
and so is the card a player took from the discard pile while it is still unused.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from engine.actions import Action
from engine.cards import Card, sorted_cards
from engine.errors import CardNotHeld, RuleViolation, WrongPhase
from engine.flow import best_of
from engine.game import Game
from engine.games import scala40_events as events
from engine.games import scala40_play as play
from engine.games.scala40_bits import cards_of_bits, hand_bits
from engine.games.scala40_melds import Meld, Slot, extend_meld, swap_joker
from engine.games.scala40_table import TableIndex
from engine.messages import Message, message

PLAY: Final = "play"
"""The phase of a hand being played."""
RESHUFFLE: Final = "reshuffle"
"""The phase in which a hand awaits a reshuffle of the discard pile (a chance event)."""
OPENING: Final = 40
"""What a player's first melds must be worth."""


class Scala40State(Game):
    """A Scala 40 game's state (set up here), the checks on it and the seat's view;
    the events that change it are :class:`~engine.games.scala40.Scala40`'s."""

    # The index of the table last asked about: a cache (see table_index), at class
    # level so that any state, even unpickled, has one.
    _index: TableIndex | None = None

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []
        """The stock, top first; ``stock[stock_pos:]`` is left."""
        self.stock_pos = 0
        self.pile: list[Card] = []
        """The discard pile, bottom first (its top is the last card)."""
        self.melds: list[Meld] = []
        self.opened = [False] * players
        self.out = [False] * players
        """Players whose total has reached the limit."""
        self.turn = 0
        self.drawn = False
        """Whether the seat to act has drawn this turn."""
        self.taken: Card | None = None
        """The card taken from the discard pile this turn, if any."""
        self.taken_keep = 0
        """How many copies of ``taken`` the player held before taking it."""
        self.reshuffles = 0
        """Reshuffles in this deal so far."""
        self.last_hand: dict[str, Any] | None = None

    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        state.pop("_index", None)
        return state

    def table_index(self) -> TableIndex:
        """What the melds on the table accept (:class:`TableIndex`), worked out again only
        for the melds laid or changed since the last question. The index is kept while
        the table's melds are equal to those it was made for (a list comparison in C,
        which tries identity first: a meld on the table is never changed in place, only
        replaced, and an equal meld accepts the same cards)."""
        index = self._index
        if index is None or index.melds != self.melds:
            index = TableIndex(self.melds, previous=index)
            self._index = index
        return index

    # ------------------------------------------------------------------ seats and asking

    def active(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    def _resign_refusal(self, seat: int) -> Message | None:
        return message("scala40.resign.out", seat=seat) if self.out[seat] else None

    def _resign_winner(self, seat: int) -> int | list[int] | None:
        # The fewest penalty points among the others still in the game.
        left = [other for other in self.active() if other != seat]
        return best_of(left, self.totals, highest=False)

    def next_active(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if not self.out[other]:
                return other
        return seat

    def _to_act_in_play(self) -> int | list[int] | None:
        return self.turn if self.phase == PLAY else None

    def hand(self, seat: int) -> list[Card]:
        return sorted_cards(self.hands[seat])

    @property
    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos if self.phase in (PLAY, RESHUFFLE) else 0

    @property
    def must_use(self) -> Card | None:
        """The card taken from the discard pile this turn while it is still unused."""
        taken = self.taken
        if taken is None or self.hands[self.turn].count(taken) <= self.taken_keep:
            return None
        return taken

    def may_draw_discard(self, seat: int) -> Message | None:
        """Why ``seat`` may not take the top discard now (``None``: it may)."""
        if not self.opened[seat]:
            return message("scala40.draw.not_opened")
        if not self.pile:
            return message("scala40.draw.pile_empty")
        if not self._top_discard_usable(seat):
            return message("scala40.draw.unusable", cardname=self.pile[-1])
        return None

    def can_draw_discard(self, seat: int) -> bool:
        """Whether ``seat`` may take the top discard now (:meth:`may_draw_discard`
        without the reason: a random player asks every turn)."""
        return self.opened[seat] and bool(self.pile) and self._top_discard_usable(seat)

    def _top_discard_usable(self, seat: int) -> bool:
        top = self.pile[-1]
        return play.can_use(top, [*self.hands[seat], top], self.melds, self.table_index())

    def discard_ban(self, seat: int, card: Card) -> Message | None:
        """Why ``seat`` may not discard ``card`` (held) now (``None``: it may)."""
        # ``self.taken`` first: most turns take no discard, and a property read is a
        # Python call (CPython 3.11), on the path of every discard.
        taken = self.must_use if self.taken is not None else None
        if taken is not None:
            return message("scala40.discard.must_use", cardname=taken)
        if self.opened[seat]:
            return None
        table = self.table_index()
        if (card.is_joker or table.extends(card)) and table.free_of(self.hands[seat]):
            if card.is_joker:
                return message("scala40.discard.joker_before_opening")
            return message("scala40.discard.before_opening", cardname=card)
        return None

    def allowed_discards(self, seat: int) -> list[Card]:
        """The cards ``seat`` (to act, having drawn) may discard, in card order, each once:
        :meth:`discard_ban` answered for the whole hand at once."""
        if self.taken is not None and self.must_use is not None:
            return []
        return self._discards(seat, cards_of_bits(hand_bits(self.hands[seat])))

    def _discards(self, seat: int, held: list[Card]) -> list[Card]:
        """:meth:`allowed_discards` (no discard taken to use) from ``held``, the
        seat's cards each once in card order."""
        if self.opened[seat]:
            return held
        return self.table_index().free_of(held) or held

    # ------------------------------------------------------------------ checks

    def _require_turn(self, action: Action, drawn: bool = True) -> int:
        seat = action.seat
        assert seat is not None
        if self.phase != PLAY:
            raise WrongPhase(
                message("phase.act", seat=seat, event=action.type, phase=self.phase),
                seat=seat,
                event=action.to_event(),
            )
        if seat != self.turn:
            raise self._not_your_turn(action)
        if drawn and not self.drawn:
            raise self._breach(action, "draw first", message("scala40.turn.draw_first"))
        if not drawn and self.drawn:
            raise self._breach(action, "one draw a turn", message("scala40.turn.drawn"))
        return seat

    def _breach(self, action: Action, rule: str, why: Message) -> RuleViolation:
        return RuleViolation(
            message(
                "scala40.refused",
                seat=action.seat,
                event=action.type,
                action=events.what(action),
                reason=why,
            ),
            seat=action.seat,
            event=action.to_event(),
            rule=rule,
        )

    def _require_opened(self, action: Action, seat: int) -> None:
        if not self.opened[seat]:
            why = {
                "meld": message("scala40.opening.meld"),
                "add": message("scala40.opening.add"),
                "swap": message("scala40.opening.swap"),
            }[action.type]
            raise self._breach(action, "opening", why)

    def _check_held(self, seat: int, groups: list[list[Slot]], action: Action) -> None:
        need: dict[Card, int] = {}
        for group in groups:
            for held, _ in group:
                need[held] = need.get(held, 0) + 1
        hand = self.hands[seat]
        # One count of the hand in C (a dict by card: hashed, not compared), not a
        # list.count per card needed (a Python __eq__ call per card passed).
        counts = Counter(hand)
        if any(counts[card] < count for card, count in need.items()):
            missing = Counter(need) - counts
            raise CardNotHeld(
                message(
                    "scala40.not_held",
                    seat=seat,
                    event=action.type,
                    action=events.what(action),
                    cards=sorted(c.code for c in missing.elements()),
                ),
                seat=seat,
                event=action.to_event(),
            )
        if sum(need.values()) >= len(hand):
            raise self._breach(action, "last card", message("scala40.last_card"))

    def _keeps_taken_usable(
        self,
        seat: int,
        *,
        melds: list[Meld] | None = None,
        add: tuple[int, tuple[Slot, ...]] | None = None,
        swap: tuple[int, Card] | None = None,
    ) -> bool:
        taken = self.must_use
        if taken is None or seat != self.turn:
            return True
        hand = list(self.hands[seat])
        table = list(self.melds)
        used: list[Card] = []
        if melds is not None:
            used = [held for m in melds for held, _ in m.slots]
            table.extend(melds)
        if add is not None:
            index, slots = add
            used = [held for held, _ in slots]
            table[index] = extend_meld(table[index], slots)
        if swap is not None:
            index, card = swap
            used = [card]
            table[index] = swap_joker(table[index], card)
            joker = next(h for h, s in self.melds[index].slots if h.is_joker)
            hand.append(joker)
        for card in used:
            hand.remove(card)
        if hand.count(taken) <= self.taken_keep:
            return True
        return play.can_use(taken, hand, table)

    def _refuse_if_stranded(self, action: Action, seat: int, **change: Any) -> None:
        if not self._keeps_taken_usable(seat, **change):
            taken = self.must_use
            assert taken is not None
            raise self._breach(
                action,
                "discard draw must be used",
                message("scala40.must_use.lost", cardname=taken),
            )

    def _meld_at(self, action: Action, index: int) -> Meld:
        if index >= len(self.melds):
            raise self._breach(action, "meld", message("scala40.meld.index", count=len(self.melds)))

        return self.melds[index]

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        playing = self.phase in (PLAY, RESHUFFLE)
        view["hand"] = [c.code for c in self.hand(seat)] if seat is not None else None
        view["hand_sizes"] = [len(h) for h in self.hands]
        view["stock_size"] = self.stock_size
        view["discard_pile"] = [c.code for c in self.pile] if playing else []
        view["melds"] = [m.to_json() for m in self.melds] if playing else []
        view["opened"] = list(self.opened) if playing else [False] * self.players
        view["out"] = list(self.out)
        view["limit"] = self.options["limit"]
        view["step"] = ("play" if self.drawn else "draw") if self.phase == PLAY else None
        taken = self.must_use if self.phase == PLAY else None
        view["must_use"] = taken.code if taken is not None else None
        view["last_hand"] = self.last_hand
