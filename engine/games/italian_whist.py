"""Italian Whist (``italian_whist``): three players, two hands a deal, two jokers.

The rules (RULES.md §1 and the seed, which is the authority):

- The deck is the 52 French cards plus the red joker ``RJ`` and the black joker
  ``BJ``. ``deck[i]`` goes to seat ``(dealer + 1 + i) mod 3``: 18 cards each.
- **Split.** Each seat chooses 9 of its 18 cards as its *first hand* with a
  ``{"type": "split", "seat": s, "first": [9 cards]}`` event; the other 9 are its
  *second hand*. Seats split in any order (``to_act`` lists those still to split);
  play starts when all three have split.
- **Passing** by deal number ``k`` (0-based over the whole game, tallied deals
  included), ``k mod 6``: 0 second hands go left (``s`` → ``s+1``), 1 right
  (``s`` → ``s-1``), 2 kept; 3, 4, 5 the same with spades trumps (0–2: no trumps).
  Nobody sees the second hand they will play until the first hand is over.
- **First hand**: ``dealer+1`` leads, 9 tricks, each trick won is worth +1.
  **Second hand**: ``dealer+2`` leads, 9 tricks, each trick won is worth −1.
- Aces high, follow suit, the winner of a trick leads the next.
- **Jokers** (see :func:`suit_to_follow`, :func:`joker_suit`, :func:`joker_choices`
  and :func:`trick_winner`): a joker follows either suit of its colour, and must be
  played to a lead of its colour by a holder with no natural card of the suit led.
  Once a trick holding a joker is complete, each joker's player (in trick order)
  names the card it stands for with ``{"type": "joker", "seat": s, "as": "AH"}``;
  only then is the trick won and booked.
- **Deal score**: first-hand tricks − second-hand tricks (the three sum to zero).
- **End**: after a deal in which a total reaches ``+score_limit`` or
  ``-score_limit`` (option, default 10). The highest total wins; a tie is a draw
  (``winner`` is then the list of tied seats).

A score sheet records a deal as ``{"type": "tally", "tricks": [[h1, h2], ...]}``:
per seat, the tricks it won in its first and in its second hand; each hand's tricks
must add up to 9.

**Phases**: ``deal`` (awaiting a deal or a tally), ``split``, ``play`` and ``joker``
(a complete trick waiting for its jokers' values; ``to_act`` is the player of the
first joker still to declare), then ``over``. ``hand(seat)`` is the cards the seat is
playing now: all 18 during the split, then the first hand, then the second hand.

Apart from the game's state: the rules in :mod:`~engine.games.italian_whist_rules`
(re-exported here), what a seat may do in :mod:`~engine.games.italian_whist_choices`
(48,620 splits, counted and drawn without listing), what it sees in ``italian_whist_view``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engine.actions import Action
from engine.bots.whists import italian_whist as italian_whist_bot
from engine.cards import Card, french_deck, sorted_cards
from engine.errors import CardNotHeld, MalformedEvent, NotYourTurn, RuleViolation, WrongPhase
from engine.game import (
    Event,
    applier,
    parse_card,
    parse_cards,
    parse_seat,
    parser,
    require,
    tally_action,
)
from engine.games import italian_whist_sheet, italian_whist_view
from engine.games.italian_whist_choices import ItalianWhistChoices
from engine.games.italian_whist_rules import *  # noqa: F403  (re-exported)
from engine.games.italian_whist_rules import (
    DEALT,
    HAND_SIZE,
    JOKER,
    JOKER_FOLLOWING,
    PASS_OFFSET,
    PLAYERS,
    SPLIT,
    deal_score,
    describe_follow,
    joker_action,
    joker_value_problem,
    passing_direction,
    split_action,
    suit_to_follow,
    trick_winner,
    trump_of_deal,
)
from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
from engine.messages import Message, message, own_codes
from engine.options import Option
from engine.tricks import PLAY

_NO_DECLARATIONS: Final[Mapping[int, Card]] = {}


class ItalianWhist(ItalianWhistChoices):
    name = "italian_whist"
    rule_messages = own_codes(TRICK_GAME_MESSAGES, name)
    bot = italian_whist_bot
    title = "Italian Whist"
    player_counts = (PLAYERS,)
    tricks_per_hand = HAND_SIZE
    option_spec: ClassVar[dict[str, Option]] = {
        "score_limit": Option(
            "score_limit",
            "int",
            10,
            "the game ends after a deal in which a total reaches +limit or -limit",
            minimum=1,
        ),
    }
    tally_spec = italian_whist_sheet.TALLY_SPEC

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return italian_whist_sheet.sheet_notes(options)

    PRIVATE_EVENTS: ClassVar[frozenset[str]] = frozenset({SPLIT})
    """A split names 9 cards of the seat's hand: only that seat may see it during the game."""

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.hand_number = 0
        """1 or 2 while a hand is played; 0 during the split and between deals."""
        self.split_first: list[tuple[Card, ...] | None] = [None] * PLAYERS
        """Each seat's chosen first hand this deal (``None`` until it has split)."""
        self.formed_second: list[tuple[Card, ...]] = [()] * PLAYERS
        """The second hand each seat formed (indexed by the seat that formed it)."""
        self.waiting_hands: list[set[Card]] = [set() for _ in range(PLAYERS)]
        """During the first hand, the second hand each seat will play (secret)."""
        self.first_hand_tricks: list[int] | None = None
        """Tricks won in the first hand of the current deal, once it is over."""
        self.pending_jokers: list[int] = []
        """Indices in the complete trick of the jokers still to be declared."""
        self.declared: dict[int, Card] = {}
        """Declarations made so far for the complete trick (index → card)."""
        self.last_declared: Mapping[int, Card] = _NO_DECLARATIONS
        """The declarations of the last booked trick."""

    def new_deck(self) -> list[Card]:
        return french_deck(jokers=2)

    @property
    def passing(self) -> str:
        """Where second hands go in the current deal (the next one between deals)."""
        return passing_direction(self.deal_number)

    # ------------------------------------------------------------------ deal and split

    def _deal(self, deck: list[Card]) -> None:
        first = self.dealer + 1
        hands: list[set[Card]] = [set() for _ in range(PLAYERS)]
        for index, dealt in enumerate(deck):
            hands[(first + index) % PLAYERS].add(dealt)
        self.hands = hands
        self.waiting_hands = [set() for _ in range(PLAYERS)]
        self.split_first = [None] * PLAYERS
        self.formed_second = [()] * PLAYERS
        self.first_hand_tricks = None
        self.trump = trump_of_deal(self.deal_number)
        self.trick = []
        self.last_trick = []
        self.last_trick_winner = None
        self.last_declared = _NO_DECLARATIONS
        self.trick_number = 0
        self.tricks_won = [0] * PLAYERS
        self.hand_number = 0
        self._set_phase(SPLIT)

    @parser("split")
    def _parse_split(self, event: Event) -> Action:
        return split_action(parse_seat(event, self.players), parse_cards(event, "first"))

    @applier("split")
    def _apply_split(self, action: Action) -> None:
        seat = action.seat
        assert seat is not None
        first: tuple[Card, ...] = action.arg("first")
        if self.phase != SPLIT:
            raise WrongPhase(
                message("italian_whist.split.phase", seat=seat, phase=self.phase),
                seat=seat,
                event=action.to_event(),
            )
        if self.split_first[seat] is not None:
            raise NotYourTurn(
                message("italian_whist.split.again", seat=seat, seats=self.seats_to_act()),
                seat=seat,
                event=action.to_event(),
            )
        if len(first) != HAND_SIZE:
            raise RuleViolation(
                message(
                    "italian_whist.split.size",
                    seat=seat,
                    count=HAND_SIZE,
                    count_dealt=DEALT,
                    count_got=len(first),
                ),
                seat=seat,
                event=action.to_event(),
                rule="split",
            )
        if len(set(first)) != HAND_SIZE:
            repeated = sorted({c.code for c in first if first.count(c) > 1})
            raise RuleViolation(
                message("italian_whist.split.twice", seat=seat, cards=repeated, count=HAND_SIZE),
                seat=seat,
                event=action.to_event(),
                rule="split",
            )
        hand = self.hands[seat]
        missing = [c.code for c in first if c not in hand]
        if missing:
            raise CardNotHeld(
                message(
                    "italian_whist.split.not_dealt"
                    if len(missing) == 1
                    else "italian_whist.split.not_dealt_many",
                    seat=seat,
                    cards=missing,
                ),
                seat=seat,
                event=action.to_event(),
            )
        self.split_first[seat] = first
        if all(chosen is not None for chosen in self.split_first):
            self._pass_and_start()

    def _pass_and_start(self) -> None:
        """All three have split: pass the second hands and start the first hand."""
        offset = PASS_OFFSET[self.passing]
        firsts: list[set[Card]] = []
        waiting: list[set[Card]] = [set() for _ in range(PLAYERS)]
        for seat in range(PLAYERS):
            chosen = self.split_first[seat]
            assert chosen is not None
            first = set(chosen)
            second = self.hands[seat] - first
            firsts.append(first)
            self.formed_second[seat] = tuple(sorted_cards(second))
            waiting[(seat + offset) % PLAYERS] = second
        self.hands = firsts
        self.waiting_hands = waiting
        self.hand_number = 1
        self._start_hand((self.dealer + 1) % PLAYERS)

    # ------------------------------------------------------------------ play

    def _to_act_in_play(self) -> int | list[int] | None:
        phase = self.phase
        if phase == PLAY:
            return self.turn
        if phase == SPLIT:
            return [s for s in range(PLAYERS) if self.split_first[s] is None]
        if phase == JOKER:
            return self.trick[self.pending_jokers[0]][0]
        return None

    def _apply_play(self, action: Action) -> None:
        if self.phase == JOKER:
            seat = action.seat
            raise WrongPhase(
                message("italian_whist.play.joker_pending", seat=seat, seat_declaring=self.to_act),
                seat=seat,
                event=action.to_event(),
            )
        super()._apply_play(action)

    def _follow_error(self, seat: int, card: Card) -> Message | None:
        trick = self.trick
        lead = trick[0][1]
        if lead.is_joker:
            follow = suit_to_follow(trick)
        else:
            follow = lead.suit  # type: ignore[assignment]
            if card.suit == follow:
                return None  # the common case: a natural card of the natural suit led
        joker = JOKER_FOLLOWING[follow]
        if card is joker or (not card.is_joker and card.suit in follow):  # type: ignore[operator]
            return None
        naturals = False
        hand = self.hands[seat]
        for held in hand:
            if not held.is_joker and held.suit in follow:  # type: ignore[operator]
                naturals = True
                break
        if naturals:
            what = {"reason": describe_follow(trick, follow), "seat": seat, "suitsone": follow}
            if joker not in hand:
                return message("italian_whist.follow.natural", **what)
            return message("italian_whist.follow.natural_or_joker", cardname=joker, **what)
        if joker in hand:
            return message(
                "italian_whist.follow.joker",
                reason=describe_follow(trick, follow),
                seat=seat,
                cardname=joker,
            )
        return None

    def _trick_complete(self) -> None:
        trick = self.trick
        if not (trick[0][1].is_joker or trick[1][1].is_joker or trick[2][1].is_joker):
            self.last_declared = _NO_DECLARATIONS
            self._book_trick(self._trick_winner(trick))
            return
        # The trick waits for its jokers' values before anyone wins it.
        self._set_phase(JOKER)
        self.pending_jokers = [i for i, (_, played) in enumerate(trick) if played.is_joker]
        self.declared = {}

    @parser("joker")
    def _parse_joker(self, event: Event) -> Action:
        return joker_action(parse_seat(event, self.players), parse_card(event, "as"))

    @applier("joker")
    def _apply_joker(self, action: Action) -> None:
        seat = action.seat
        value: Card = action.arg("as")
        if self.phase != JOKER:
            raise WrongPhase(
                message("italian_whist.joker.phase", seat=seat, phase=self.phase),
                seat=seat,
                event=action.to_event(),
            )
        trick = self.trick
        index = self.pending_jokers[0]
        player, joker = trick[index]
        if seat != player:
            raise NotYourTurn(
                message(
                    "italian_whist.joker.turn", seat=seat, seat_declaring=player, cardname=joker
                ),
                seat=seat,
                event=action.to_event(),
            )
        problem = joker_value_problem(trick, index, value)
        if problem is not None:
            raise RuleViolation(
                message(
                    "italian_whist.joker.refused",
                    seat=seat,
                    cardname=joker,
                    card=value,
                    reason=problem,
                ),
                seat=seat,
                event=action.to_event(),
                rule="joker value",
            )
        self.declared[index] = value
        self.pending_jokers = self.pending_jokers[1:]
        if self.pending_jokers:
            return
        declared = self.declared
        self.declared = {}
        self.last_declared = declared
        self._set_phase(PLAY)
        self._book_trick(trick_winner(trick, declared, self.trump))

    def _end_of_hand(self) -> None:
        if self.hand_number == 1:
            # The first hand is over: each seat picks up the second hand passed to it.
            self.first_hand_tricks = list(self.tricks_won)
            self.hands = self.waiting_hands
            self.waiting_hands = [set() for _ in range(PLAYERS)]
            self.hand_number = 2
            self._start_hand((self.dealer + 2) % PLAYERS)
            return
        first = self.first_hand_tricks
        assert first is not None
        self.hand_number = 0
        self._finish_deal(deal_score(first, self.tricks_won))

    def _game_is_over(self) -> bool:
        limit: int = self.options["score_limit"]
        return any(total >= limit or total <= -limit for total in self.totals)

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        value = require(event, "tricks")
        if (
            not isinstance(value, list)
            or len(value) != PLAYERS
            or not all(
                isinstance(pair, list)
                and len(pair) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
                for pair in value
            )
        ):
            raise MalformedEvent(
                message("italian_whist.malformed.tricks", value=repr(value)),
                event,
            )
        return tally_action(tricks=tuple((h1, h2) for h1, h2 in value))

    def _score_tally(self, action: Action) -> list[int]:
        tricks: tuple[tuple[int, int], ...] = action.arg("tricks")
        for seat, (h1, h2) in enumerate(tricks):
            if h1 < 0 or h2 < 0:
                raise self._tally_error(
                    action,
                    message("italian_whist.tally.negative", seat=seat, number=h1, number_2=h2),
                )
        for number, code in (
            (0, "italian_whist.tally.first_total"),
            (1, "italian_whist.tally.second_total"),
        ):
            counts = [pair[number] for pair in tricks]
            if sum(counts) != HAND_SIZE:
                raise self._tally_error(
                    action,
                    message(code, count=HAND_SIZE, count_got=sum(counts), addends=counts),
                )

        return deal_score([h1 for h1, _ in tricks], [h2 for _, h2 in tricks])

    # ------------------------------------------------------------------ views

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        super()._add_to_view(view, seat)
        italian_whist_view.add_view(self, view, seat)
