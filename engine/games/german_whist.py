"""Two-player whist with drafting (``german_whist``): the seed's two-player "Whist".

- ``deck[0..25]`` are dealt alternately to ``dealer + 1``, ``dealer``, … (13 each):
  ``deck[i]`` goes to seat ``(dealer + 1 + i) mod 2``. ``deck[26..51]`` is the stock,
  ``deck[26]`` on top and face up; its suit is trumps for the whole deal (each deal
  turns its own trump card: the seed's "game" is one deal).
- ``dealer + 1`` leads the first trick. Follow suit; the winner of a trick leads the next.
- **Phase 1** (the first 13 tricks, drafting): after each trick its winner takes the
  face-up top card of the stock, the loser the next card (unseen by the winner), and
  the new top card is turned face up. Phase-1 tricks do not score.
- **Phase 2** (the last 13 tricks, the stock is empty): each player scores one point
  per trick won; the deal scores sum to 13.
- Option ``deals`` (default 1): the game is that many deals, the deal passing to
  ``dealer + 1`` each time; the larger total wins (equal totals: both, as a list).

Each phase counts as a *hand* of 13 tricks: :attr:`tricks` (and the ``tricks``
expectation of a record) gives the tricks won so far in the current phase, so it
starts again from ``[0, 0]`` when phase 2 begins. ``drafting`` says which phase is on.

What a view shows besides the usual trick-game fields: the face-up card on the stock
(``stock_top``) and the stock's size, which are public; and, per seat, the face-up
stock cards that seat took and still holds (``face_up_held``), which both players saw
it take. The card a loser draws unseen is shown only in its own hand, and the rest of
the stock to nobody.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.actions import Action
from engine.bots.whists import german_whist as german_whist_bot
from engine.cards import Card, french_deck
from engine.game import Event, parse_int_list, tally_action
from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
from engine.messages import Message, message, own_codes
from engine.options import Option
from engine.tally import Count, Phrase, TallySpec, gettext_noop
from engine.tricks import PLAY, TrickGame

HAND_SIZE = 13
"""Cards dealt to each player; also the number of tricks in each phase."""
STOCK_START = 2 * HAND_SIZE
"""``deck[STOCK_START]`` is the top card of the stock."""


class GermanWhist(TrickGame):
    name = "german_whist"
    rule_messages = own_codes(TRICK_GAME_MESSAGES, name)
    bot = german_whist_bot
    title = "Two-player whist with drafting"
    player_counts = (2,)
    option_spec: ClassVar[dict[str, Option]] = {
        "deals": Option("deals", "int", 1, "how many deals make a game", minimum=1),
    }
    tally_spec = TallySpec("seats", (Count("tricks", gettext_noop("tricks"), HAND_SIZE),))

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return [
            Phrase(
                gettext_noop(
                    "Count only the last %(size)s tricks (phase 2); they add up to %(size)s."
                ),
                size=HAND_SIZE,
            )
        ]

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.stock: list[Card] = []
        """The stock of the current deal, top first; ``stock[stock_pos:]`` is left."""
        self.stock_pos = 0
        self.drafting = False
        """Whether the deal is in phase 1 (tricks draw from the stock and do not score)."""
        self.taken_face_up: list[list[Card]] = [[], []]
        """Per seat, the face-up stock cards it took this deal (played or not)."""

    def new_deck(self) -> list[Card]:
        return french_deck()

    def _deal(self, deck: list[Card]) -> None:
        first = (self.dealer + 1) % 2
        hands: list[set[Card]] = [set(), set()]
        hands[first] = set(deck[0:STOCK_START:2])
        hands[1 - first] = set(deck[1:STOCK_START:2])
        self.hands = hands
        self.stock = deck[STOCK_START:]
        self.stock_pos = 0
        self.trump = deck[STOCK_START].suit
        self.taken_face_up = [[], []]
        self.drafting = True
        self._start_hand(first)

    @property
    def stock_top(self) -> Card | None:
        """The face-up top card of the stock (``None`` once the stock is empty)."""
        if self.stock_pos < len(self.stock):
            return self.stock[self.stock_pos]
        return None

    def _after_trick(self, winner: int, cards: list[tuple[int, Card]]) -> None:
        pos = self.stock_pos
        stock = self.stock
        if pos < len(stock):
            top = stock[pos]
            self.hands[winner].add(top)
            self.taken_face_up[winner].append(top)
            self.hands[1 - winner].add(stock[pos + 1])
            self.stock_pos = pos + 2

    def _end_of_hand(self) -> None:
        if self.drafting:
            # The stock is empty: phase 2 starts, led by the winner of the last trick.
            self.drafting = False
            self._start_hand(self.turn)
        else:
            self._finish_deal(list(self.tricks_won))

    def _concede_refusal(self, seat: int) -> Message | None:
        if self.phase == PLAY and self.drafting:
            return message("german_whist.concede.drafting", seat=seat)
        return self._two_sides_refusal(seat, self.phase == PLAY)

    def _concede(self, seat: int) -> None:
        self._concede_tricks(seat)

    def _game_is_over(self) -> bool:
        deals: int = self.options["deals"]
        return self.deal_number >= deals

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        return tally_action(tricks=parse_int_list(event, "tricks", 2))

    def _score_tally(self, action: Action) -> list[int]:
        tricks: tuple[int, int] = action.arg("tricks")
        if sum(tricks) != HAND_SIZE:
            raise self._tally_error(
                action,
                message("german_whist.tally.tricks_total", count=HAND_SIZE, count_got=sum(tricks)),
            )

        return list(tricks)

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        super()._add_to_view(view, seat)
        playing = self.phase == PLAY
        top = self.stock_top if playing else None
        view["drafting"] = playing and self.drafting
        view["stock_top"] = top.code if top is not None else None
        view["stock_size"] = len(self.stock) - self.stock_pos if playing else 0
        view["face_up_held"] = [
            [c.code for c in taken if c in hand]
            for taken, hand in zip(self.taken_face_up, self.hands, strict=True)
        ]
