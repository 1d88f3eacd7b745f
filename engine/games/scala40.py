"""Scala Quaranta (``scala40``): 2 to 6 players, rummy with an opening of 40.

The rules (RULES.md §9 and the seed 004, which is the authority):

- Two 52-card decks and four jokers (108 cards). **Deal**: 13 cards each, one at a time
  from the player after the dealer, to the players still in the game: with ``k`` of
  them, ``deck[i]`` for ``i < 13k`` goes to the ``(i mod k)``-th of them counting from
  the dealer's next; ``deck[13k]`` starts the discard pile; the rest is the stock,
  ``deck[13k + 1]`` on top. The player after the dealer plays first; then the turn
  passes to the next player still in the game.
- **A turn**: ``draw`` from the stock, or (only a player who has opened) the top of the
  discard pile; then any ``open``, ``meld``, ``add`` and ``swap``; then ``discard``,
  which ends the turn. When a turn ends with the stock empty, the discard pile but its
  top card is reshuffled into a new stock: the game awaits a ``reshuffle`` chance event
  (``{"type": "reshuffle", "stock": [...]}``, top first; :meth:`pending_shuffle` tells
  the service what to shuffle, and ``awaiting`` is ``"deal"`` meanwhile, as for any
  chance event).
- **Melds** (:mod:`engine.games.scala40_melds`): sets of 3 or 4 of one rank without a
  repeated suit; sequences of one suit (ace low or high, not both; at most 14 cards, the
  whole suit and a joker at one end); one joker per meld, named when laid
  (``"RJ=7H"``), which never changes.
- **Opening**: a player's first melds are laid in one ``open`` event, from the hand,
  worth 40 or more (ace 1 in A-2-3, else 11; a joker the card it stands for). Before it
  a player may not draw the discard, ``meld`` on its own, ``add`` or ``swap``, and may not
  discard a joker or a card that could be added to a meld on the table — unless every
  card held is such a card (then any may go: a player must be able to end a turn).
- **The discard draw** must be used this turn (in a meld, an addition or a joker swap)
  and may not be discarded. It is allowed only when the card can be used (see
  :func:`~engine.games.scala40_play.find_uses`), and a move that would leave it unusable
  is refused, so a turn can always end. Once a copy of that card has gone into a meld,
  a second copy the player held is its own and may be discarded.
- **Joker swap** (opened players only): ``{"type": "swap", "meld": N, "card": C}`` puts
  ``C`` in place of the joker of meld ``N`` that stands for ``C``; the joker goes to the
  hand. The taker may lay it again (named afresh) this turn or later, or keep it (it
  costs 25 if still held when someone closes); an opened player may discard it. A swap
  that would make a sequence run from ace to ace is refused.
- **Closing**: a player whose hand is empty after their discard closes (a player may
  never meld or add their last card). The others add their hand values (2–10 face,
  J/Q/K 10, A 11, joker 25) to their totals; the closer adds 0. A player whose total
  reaches ``limit`` (option, default 101) is out; the deal then passes to the next
  player after the dealer who is still in. The game ends when one player is left: the
  winner.
- **A void hand**: if a turn ends with the stock empty and nothing under the top
  discard to reshuffle, or when the stock runs out again after ``reshuffles`` (option,
  default 3) reshuffles in the hand, the hand is void: nobody scores and the deal
  passes on. (The rules have no end for a hand nobody can close: two players left
  with one card each and only full sets on the table would draw and discard forever.)
- **Tally** (physical play): ``{"type": "tally", "closed": seat, "hand": [points per
  seat]}``; the closer has 0, players already out have 0, every other player at least 2
  (a card is left) and at most 198 (13 cards: four jokers, eight aces and a king).
  ``"closed": null`` records a void hand: every point 0.

Split out: the state, the checks each event goes through and the view in
:mod:`~engine.games.scala40_state`; legal actions, meld checks for a page and the random
player in :mod:`~engine.games.scala40_choices`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engine.actions import Action
from engine.bots.rummy import scala40 as scala40_bot
from engine.cards import Card, double_deck, sorted_cards
from engine.errors import CardNotHeld, IllegalEvent, WrongPhase
from engine.game import (
    DEAL,
    ChanceShuffle,
    Event,
    applier,
    parse_cards,
    parse_int_list,
    parse_side,
    parser,
    tally_action,
)
from engine.games import scala40_events as events
from engine.games import scala40_sheet
from engine.games.rummy_messages import RUMMY_MESSAGES
from engine.games.scala40_choices import Scala40Choices
from engine.games.scala40_melds import (
    MAX_HAND_POINTS,
    Meld,
    MeldError,
    build_meld,
    extend_meld,
    hand_points,
    swap_joker,
)
from engine.games.scala40_state import OPENING, PLAY, RESHUFFLE
from engine.messages import message, own_codes
from engine.options import Option

HAND_SIZE: Final = 13
STOCK: Final = events.STOCK
DISCARD: Final = events.DISCARD


class Scala40(Scala40Choices):
    name = "scala40"
    rule_messages = own_codes(RUMMY_MESSAGES, name)
    bot = scala40_bot
    title = "Scala Quaranta"
    player_counts = (2, 3, 4, 5, 6)
    fewest_points_win = True  # the last player under the limit wins
    option_spec: ClassVar[dict[str, Option]] = {
        "limit": Option(
            "limit", "int", 101, "a player whose total reaches this is out", minimum=2,
            maximum=10_000,
        ),
        "reshuffles": Option(
            "reshuffles", "int", 3, "how many times a hand's discard pile may be reshuffled "
            "into a new stock; when the stock runs out once more the hand is void",
            minimum=0, maximum=100,
        ),
    }  # fmt: skip
    tally_spec = scala40_sheet.TALLY_SPEC

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return scala40_sheet.sheet_notes(options)

    def new_deck(self) -> list[Card]:
        return double_deck(4)

    CHANCE_PHASES = frozenset({DEAL, RESHUFFLE})

    def pending_shuffle(self) -> ChanceShuffle | None:
        if self.phase != RESHUFFLE:
            return None
        label = f"reshuffle:{self.deal_number}:{self.reshuffles}"
        return ChanceShuffle("reshuffle", "stock", label, tuple(sorted_cards(self.pile[:-1])))

    # ------------------------------------------------------------------ dealing

    def _deal(self, deck: list[Card]) -> None:
        first = self.next_active(self.dealer)
        order = [first]
        while len(order) < len(self.active()):
            order.append(self.next_active(order[-1]))
        k = len(order)
        self.hands = [[] for _ in range(self.players)]
        for index in range(HAND_SIZE * k):
            self.hands[order[index % k]].append(deck[index])
        self.pile = [deck[HAND_SIZE * k]]
        self.stock = deck[HAND_SIZE * k + 1 :]
        self.stock_pos = 0
        self.melds = []
        self.opened = [False] * self.players
        self.reshuffles = 0
        self._start_turn(first)
        self._set_phase(PLAY)

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.drawn = False
        self.taken = None
        self.taken_keep = 0

    @parser("reshuffle")
    def _parse_reshuffle(self, event: Event) -> Action:
        return Action("reshuffle", None, None, (("stock", tuple(parse_cards(event, "stock"))),))

    @applier("reshuffle")
    def _apply_reshuffle(self, action: Action) -> None:
        if self.phase != RESHUFFLE:
            raise WrongPhase(
                message("scala40.reshuffle.phase"),
                event=action.to_event(),
            )
        stock: tuple[Card, ...] = action.arg("stock")
        if Counter(stock) != Counter(self.pile[:-1]):
            raise IllegalEvent(
                message("scala40.reshuffle.cards", count=len(self.pile) - 1, count_got=len(stock)),
                event=action.to_event(),
                rule="reshuffle",
            )
        self.stock = list(stock)
        self.stock_pos = 0
        self.pile = self.pile[-1:]
        self.reshuffles += 1
        self._set_phase(PLAY)

    # ------------------------------------------------------------------ the turn

    @parser("draw")
    def _parse_draw(self, event: Event) -> Action:
        return events.parse_draw(event, self.players)

    @parser("open")
    def _parse_open(self, event: Event) -> Action:
        return events.parse_open(event, self.players)

    @parser("meld")
    def _parse_meld(self, event: Event) -> Action:
        return events.parse_meld(event, self.players)

    @parser("add")
    def _parse_add(self, event: Event) -> Action:
        return events.parse_add(event, self.players)

    @parser("swap")
    def _parse_swap(self, event: Event) -> Action:
        return events.parse_swap(event, self.players)

    @parser("discard")
    def _parse_discard(self, event: Event) -> Action:
        return events.parse_discard(event, self.players)

    @applier("draw")
    def _apply_draw(self, action: Action) -> None:
        # The turn checks on the happy path here, _require_turn (a call) to say what is
        # wrong: draws and discards are most of a deal's events.
        seat = action.seat
        if self.phase != PLAY or seat != self.turn or self.drawn:
            seat = self._require_turn(action, drawn=False)
        assert seat is not None
        if action.arg("from") == DISCARD:
            why = self.may_draw_discard(seat)
            if why is not None:
                rule = "opening" if not self.opened[seat] else "discard draw must be used"
                raise self._breach(action, rule, why)
            top = self.pile.pop()
            self.taken = top
            self.taken_keep = self.hands[seat].count(top)
            self.hands[seat].append(top)
        else:
            self.hands[seat].append(self.stock[self.stock_pos])
            self.stock_pos += 1
        self.drawn = True

    @applier("open")
    def _apply_open(self, action: Action) -> None:
        seat = self._require_turn(action)
        if self.opened[seat]:
            raise self._breach(action, "opening", message("scala40.opening.again"))
        groups = [[events.slot_of(t) for t in tokens] for tokens in action.arg("melds")]
        try:
            melds = [build_meld(g, seat) for g in groups]
        except MeldError as error:
            raise self._breach(action, "meld", error.message) from None
        self._check_held(seat, groups, action)
        total = sum(m.value() for m in melds)
        if total < OPENING:
            raise self._breach(
                action,
                "opening",
                message("scala40.opening.value", points=OPENING, points_got=total),
            )
        self._lay(seat, melds)
        self.opened[seat] = True

    @applier("meld")
    def _apply_meld(self, action: Action) -> None:
        seat = self._require_turn(action)
        self._require_opened(action, seat)
        slots = [events.slot_of(t) for t in action.arg("cards")]
        try:
            meld = build_meld(slots, seat)
        except MeldError as error:
            raise self._breach(action, "meld", error.message) from None
        self._check_held(seat, [slots], action)
        self._refuse_if_stranded(action, seat, melds=[meld])
        self._lay(seat, [meld])

    def _lay(self, seat: int, melds: list[Meld]) -> None:
        hand = self.hands[seat]
        for meld in melds:
            for held, _ in meld.slots:
                hand.remove(held)
            self.melds.append(meld)

    @applier("add")
    def _apply_add(self, action: Action) -> None:
        seat = self._require_turn(action)
        self._require_opened(action, seat)
        index: int = action.arg("meld")
        slots = tuple(events.slot_of(t) for t in action.arg("cards"))
        meld = self._meld_at(action, index)
        try:
            extended = extend_meld(meld, slots)
        except MeldError as error:
            raise self._breach(action, "meld", error.message) from None
        self._check_held(seat, [list(slots)], action)
        self._refuse_if_stranded(action, seat, add=(index, slots))
        for held, _ in slots:
            self.hands[seat].remove(held)
        self.melds[index] = extended

    @applier("swap")
    def _apply_swap(self, action: Action) -> None:
        seat = self._require_turn(action)
        self._require_opened(action, seat)
        card = action.card
        assert card is not None
        index: int = action.arg("meld")
        meld = self._meld_at(action, index)
        try:
            swapped = swap_joker(meld, card)
        except MeldError as error:
            raise self._breach(action, "joker swap", error.message) from None
        if card not in self.hands[seat]:
            raise CardNotHeld(
                message("card.not_held", seat=seat, event="swap", card=card, cardname=card),
                seat=seat,
                event=action.to_event(),
            )
        self._refuse_if_stranded(action, seat, swap=(index, card))
        joker = next(h for h, _ in meld.slots if h.is_joker)
        self.hands[seat].remove(card)
        self.hands[seat].append(joker)
        self.melds[index] = swapped

    @applier("discard")
    def _apply_discard(self, action: Action) -> None:
        seat = action.seat
        if self.phase != PLAY or seat != self.turn or not self.drawn:
            seat = self._require_turn(action)
        assert seat is not None
        card = action.card
        assert card is not None
        hand = self.hands[seat]
        # One pass over the hand (each card passed is a Python __eq__ call), not a
        # membership test and then a remove.
        try:
            at = hand.index(card)
        except ValueError:
            raise CardNotHeld(
                message("card.not_held", seat=seat, event="discard", card=card, cardname=card),
                seat=seat,
                event=action.to_event(),
            ) from None
        why = self.discard_ban(seat, card)
        if why is not None:
            rule = "discard draw must be used" if self.must_use else "discard before opening"
            raise self._breach(action, rule, why)
        del hand[at]
        self.pile.append(card)
        if not hand:
            self._end_hand(seat)
            return
        self._start_turn(self.next_active(seat))
        if self.stock_pos >= len(self.stock):
            if len(self.pile) > 1 and self.reshuffles < self.options["reshuffles"]:
                self._set_phase(RESHUFFLE)
            else:
                self._end_hand(None)

    # ------------------------------------------------------------------ scoring

    def _end_hand(self, closer: int | None) -> None:
        points = [
            0 if self.out[s] or s == closer or closer is None else hand_points(self.hands[s])
            for s in range(self.players)
        ]
        self.last_hand = {"closed": closer, "hand": points}
        self.hands = [[] for _ in range(self.players)]
        self.melds = []
        self.pile = []
        self.stock = []
        self.stock_pos = 0
        self._finish_deal(points)

    def _finish_deal(self, deal_scores: list[int]) -> None:
        dealer = self.dealer
        limit: int = self.options["limit"]
        self.out = [
            out or total + score >= limit
            for out, total, score in zip(self.out, self.totals, deal_scores, strict=True)
        ]
        super()._finish_deal(deal_scores)
        self.dealer = self.next_active(dealer)

    def _game_is_over(self) -> bool:
        return len(self.active()) <= 1

    def _decide_winner(self) -> int | list[int] | None:
        left = self.active()
        if len(left) == 1:
            return left[0]
        best = min(self.totals)  # nobody left (cannot happen: the closer adds 0)
        tied = [s for s in range(self.players) if self.totals[s] == best]
        return tied[0] if len(tied) == 1 else tied

    def _parse_tally(self, event: Event) -> Action:
        closed = parse_side(event, "closed", self.players, nullable=True)
        return tally_action(closed=closed, hand=parse_int_list(event, "hand", self.players))

    def _score_tally(self, action: Action) -> list[int]:
        closed: int | None = action.arg("closed")
        points: tuple[int, ...] = action.arg("hand")
        if closed is None:
            if any(points):
                raise self._tally_error(action, message("scala40.tally.void"))
            self.last_hand = {"closed": None, "hand": list(points)}
            return list(points)
        if self.out[closed]:
            raise self._tally_error(action, message("scala40.tally.out_closed", seat=closed))
        if points[closed] != 0:
            raise self._tally_error(
                action, message("scala40.tally.closer", seat=closed, points=points[closed])
            )
        for seat, value in enumerate(points):
            if self.out[seat] and value != 0:
                raise self._tally_error(action, message("scala40.tally.out", seat=seat))
            if not self.out[seat] and seat != closed and not 2 <= value <= MAX_HAND_POINTS:
                raise self._tally_error(
                    action,
                    message(
                        "scala40.tally.hand", seat=seat, points_max=MAX_HAND_POINTS, points=value
                    ),
                )

        self.last_hand = {"closed": closed, "hand": list(points)}
        return list(points)
