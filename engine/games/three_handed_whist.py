"""Three-handed whist (``three_handed_whist``): three players and a dummy hand.

- ``deck[i]`` goes to hand ``i mod 4``: hands 0, 1, 2 are seats ``dealer + 1``,
  ``dealer + 2`` and ``dealer``; hand 3 is the **dummy**, laid aside face down.
- **Exchange**, in order ``dealer + 1``, ``dealer + 2``, ``dealer``: each player sends
  ``exchange`` with ``take: false`` to keep their hand, or ``take: true`` to take the
  *spare* hand (at first the dummy) and lay their own down as the new spare. Nobody
  sees the spare unless they take it.
- Target: 4 tricks for the player who took the original dummy, 3 for everyone else
  (a player who took a hand another player discarded included).
- Clubs are always trumps. ``dealer + 1`` leads; follow suit; 13 tricks.
- Deal score per player: ``tricks - target``.
- End: after ``deals`` deals when that option is set (a positive multiple of 3), else
  after the first deal at whose end a player's total is at least ``target_score``.
  The highest total wins (equal leaders: a list).

Views show a seat its own hand only. The spare hand is shown to nobody, not even to
the player who laid it down; who took the dummy, each seat's target and the
exchange decisions so far are public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.actions import Action, make_action
from engine.bots.whists import three_handed_whist as three_handed_whist_bot
from engine.cards import Card, french_deck
from engine.errors import WrongPhase
from engine.game import (
    Event,
    applier,
    parse_bool,
    parse_int_list,
    parse_seat,
    parse_side,
    parser,
    tally_action,
)
from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
from engine.messages import Message, message, own_codes
from engine.options import Option
from engine.tally import Choice, Count, Phrase, TallySpec, gettext_noop
from engine.tricks import PLAY, TrickGame

EXCHANGE = "exchange"
"""The phase in which the players, in turn, keep their hand or take the spare."""
TRUMP = "C"
TRUMP_WORDS = {
    "S": gettext_noop("Spades"),
    "H": gettext_noop("Hearts"),
    "D": gettext_noop("Diamonds"),
    "C": gettext_noop("Clubs"),
}
"""The trump suit's name at the head of a sentence (the web translates it)."""
HAND_SIZE = 13
DUMMY_TARGET = 4
TARGET = 3

_EXCHANGE_ACTIONS: dict[tuple[int, bool], Action] = {
    (seat, take): make_action(EXCHANGE, seat, take=take)
    for seat in range(3)
    for take in (False, True)
}


def _check_deals(value: int) -> Message | None:
    if value < 1 or value % 3:
        return message("three_handed_whist.option.deals", number=value)
    return None


class ThreeHandedWhist(TrickGame):
    name = "three_handed_whist"
    rule_messages = own_codes(TRICK_GAME_MESSAGES, name)
    bot = three_handed_whist_bot
    title = "Three-handed whist"
    player_counts = (3,)
    option_spec: ClassVar[dict[str, Option]] = {
        "deals": Option(
            "deals",
            "int",
            None,
            "play exactly this many deals (a multiple of 3); null: play to target_score",
            nullable=True,
            check=_check_deals,
        ),
        "target_score": Option(
            "target_score",
            "int",
            21,
            "the game ends after a deal in which a player's total reaches this score "
            "(used when deals is null)",
            minimum=1,
        ),
    }
    tally_spec = TallySpec(
        "seats",
        (Count("tricks", gettext_noop("tricks"), HAND_SIZE),),
        (
            Choice(
                "dummy",
                gettext_noop("Who took the dummy?"),
                optional=True,
                asked=gettext_noop("Who took the dummy"),
                chosen=gettext_noop("dummy: %(who)s"),
                nobody_said=True,
            ),
        ),
    )

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return [
            Phrase(
                gettext_noop("%(suit)s are always trumps. Tricks add up to %(size)s."),
                suit=Phrase(TRUMP_WORDS[TRUMP]),
                size=HAND_SIZE,
            ),
            Phrase(
                gettext_noop(
                    "Score = tricks - target: %(dummy)s for whoever took the dummy, %(target)s "
                    "for the others."
                ),
                dummy=DUMMY_TARGET,
                target=TARGET,
            ),
        ]

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.trump = TRUMP
        self.spare: set[Card] = set()
        """The hand lying aside: the dummy until someone takes it, then the last hand given up."""
        self.spare_is_dummy = True
        self.dummy_taker: int | None = None
        """The seat that took the original dummy this deal, if any."""
        self.exchanges: list[bool] = []
        """This deal's exchange decisions in turn order (``True``: took the spare)."""

    def new_deck(self) -> list[Card]:
        return french_deck()

    def _deal(self, deck: list[Card]) -> None:
        dealer = self.dealer
        hands: list[set[Card]] = [set(), set(), set()]
        for index in range(3):
            hands[(dealer + 1 + index) % 3] = set(deck[index::4])
        self.hands = hands
        self.spare = set(deck[3::4])
        self.spare_is_dummy = True
        self.dummy_taker = None
        self.exchanges = []
        # A fresh hand (no tricks yet), held back for the exchange: dealer + 1 both
        # exchanges first and then leads.
        self._start_hand((dealer + 1) % 3)
        self._set_phase(EXCHANGE)

    def _to_act_in_play(self) -> int | list[int] | None:
        return self.turn if self.phase == PLAY or self.phase == EXCHANGE else None

    # ------------------------------------------------------------------ exchange

    @parser("exchange")
    def _parse_exchange(self, event: Event) -> Action:
        return _EXCHANGE_ACTIONS[parse_seat(event, 3), parse_bool(event, "take")]

    @applier("exchange")
    def _apply_exchange(self, action: Action) -> None:
        seat = action.seat
        assert seat is not None
        if self.phase != EXCHANGE:
            code = (
                "three_handed_whist.exchange.playing"
                if self.phase == PLAY
                else "three_handed_whist.exchange.no_deal"
            )
            raise WrongPhase(
                message(code, seat=seat),
                seat=seat,
                event=action.to_event(),
            )
        if seat != self.turn:
            raise self._not_your_turn(action)
        take: bool = action.arg("take")
        if take:
            self.hands[seat], self.spare = self.spare, self.hands[seat]
            if self.spare_is_dummy:
                self.dummy_taker = seat
                self.spare_is_dummy = False
        self.exchanges.append(take)
        if len(self.exchanges) == 3:
            self._set_phase(PLAY)
            self.turn = (self.dealer + 1) % 3
        else:
            self.turn = (seat + 1) % 3

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == EXCHANGE:
            if seat != self.turn:
                return []
            return [_EXCHANGE_ACTIONS[seat, False], _EXCHANGE_ACTIONS[seat, True]]
        return super()._legal_actions(seat)

    # ------------------------------------------------------------------ scoring

    def _end_of_hand(self) -> None:
        self._finish_deal(deal_score(self.tricks_won, self.dummy_taker))

    def _game_is_over(self) -> bool:
        deals: int | None = self.options["deals"]
        if deals is not None:
            return self.deal_number >= deals
        target_score: int = self.options["target_score"]
        return max(self.totals) >= target_score

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        return tally_action(
            dummy=parse_side(event, "dummy", 3, nullable=True),
            tricks=parse_int_list(event, "tricks", 3),
        )

    def _score_tally(self, action: Action) -> list[int]:
        dummy: int | None = action.arg("dummy")
        tricks: tuple[int, int, int] = action.arg("tricks")
        if sum(tricks) != HAND_SIZE:
            raise self._tally_error(
                action,
                message(
                    "three_handed_whist.tally.tricks_total", count=HAND_SIZE, count_got=sum(tricks)
                ),
            )

        return deal_score(tricks, dummy)

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        super()._add_to_view(view, seat)
        dealt = self.phase == EXCHANGE or self.phase == PLAY
        view["spare_size"] = len(self.spare) if self.phase == EXCHANGE else 0
        view["spare_is_dummy"] = self.spare_is_dummy if self.phase == EXCHANGE else None
        view["dummy_taker"] = self.dummy_taker if dealt else None
        view["exchanges"] = list(self.exchanges) if dealt else []
        view["targets"] = targets(self.dummy_taker) if dealt else None


def targets(dummy_taker: int | None) -> list[int]:
    """Each seat's target: 4 tricks for the taker of the original dummy, 3 for the others."""
    return [DUMMY_TARGET if seat == dummy_taker else TARGET for seat in range(3)]


def deal_score(tricks: Sequence[int], dummy_taker: int | None) -> list[int]:
    """Each seat's ``tricks - target``."""
    return [won - target for won, target in zip(tricks, targets(dummy_taker), strict=True)]
