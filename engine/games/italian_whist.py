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

**Views.** A seat sees its current hand; once it has split, its ``first_hand`` and
the ``second_hand`` it formed with the seat it goes to (``{"cards": [...], "to": s}``),
which it composed; never the second hand passed *to* it before its first hand is
over (other hands only as counts: ``hand_sizes``, ``waiting_hand_sizes``). A
spectator sees no hand at all. Every view shows ``trump`` (``"S"`` or ``None``) and
``passing`` (``left``/``right``/``keep``) of the current deal (between deals: of the
next one), ``hand_number`` (1 or 2 while a hand is played), ``split_done`` during the
split, ``first_hand_tricks`` once the first hand is over, each joker's declared value
(``"as"``) in ``trick`` and ``last_trick``, and ``jokers_to_declare``: the seat, joker
and possible suits of each declaration still awaited.

**Legal actions during the split.** A seat has C(18, 9) = 48620 possible splits.
:meth:`ItalianWhist.legal_actions` lists them when asked, but
:meth:`~ItalianWhist.legal_count` counts them without listing,
:meth:`~ItalianWhist.random_action` draws one uniformly without listing, and a
seat's view shows the compact hint ``{"type": "split", "seat": s, "choose": 9}``
instead of the list (it is a hint, not an event to send).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from math import comb
from typing import Any, ClassVar, Final

from engine.actions import Action, make_action
from engine.cards import BLACK_JOKER, RED_JOKER, SUIT_NAMES, Card, french_deck, sorted_cards
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
from engine.options import Option
from engine.tally import Count, TallySpec
from engine.tricks import PLAY, TrickGame, play_action, winning_seat

PLAYERS: Final = 3
DEALT: Final = 18
"""Cards dealt to each seat."""
HAND_SIZE: Final = 9
"""Cards (and tricks) in each of the two hands of a deal."""

SPLIT: Final = "split"
"""The phase (and event) in which the seats choose their first hands."""
JOKER: Final = "joker"
"""The phase (and event) in which the players of a complete trick's jokers declare them."""

PASSING: Final = ("left", "right", "keep")
"""Where the second hands go in deals ``k`` with ``k mod 3`` = 0, 1, 2."""
PASS_OFFSET: Final = {"left": 1, "right": -1, "keep": 0}
"""The second hand of seat ``s`` goes to seat ``s + PASS_OFFSET[direction]``."""

COLOUR_SUITS: Final = {"red": "HD", "black": "SC"}
JOKER_FOLLOWING: Final = {
    "S": BLACK_JOKER, "C": BLACK_JOKER, "SC": BLACK_JOKER,
    "H": RED_JOKER, "D": RED_JOKER, "HD": RED_JOKER,
}  # fmt: skip
"""The joker that follows each result of :func:`suit_to_follow`."""
NATURAL_CARDS: Final = tuple(french_deck())

Trick = Sequence[tuple[int, Card]]
"""A trick as ``(seat, card)`` pairs in the order played (the lead first)."""

_NO_DECLARATIONS: Final[Mapping[int, Card]] = {}


# ---------------------------------------------------------------------- the schedule


def passing_direction(deal_number: int) -> str:
    """Where the second hands go in deal ``deal_number`` (0-based): left, right, keep."""
    return PASSING[deal_number % 3]


def trump_of_deal(deal_number: int) -> str | None:
    """Spades are trumps in deals 3, 4, 5 (mod 6); deals 0, 1, 2 have no trumps."""
    return "S" if deal_number % 6 >= 3 else None


# ---------------------------------------------------------------------- joker rules


def suit_to_follow(trick: Trick) -> str:
    """The suit letters that count as following ``trick`` (which holds a lead).

    - A natural card led: its suit, e.g. ``"H"``.
    - A joker led: the suit of the first natural card of the joker's colour played
      after it (after ``RJ 7C 5D`` it is ``"D"``); until one has been played,
      either suit of the joker's colour (``"HD"`` or ``"SC"``): a player holding a
      card of that colour must play one.

    The joker of the same colour also follows (see :func:`follows`).
    """
    lead = trick[0][1]
    if not lead.is_joker:
        return lead.suit  # type: ignore[return-value]
    colour = lead.colour
    for _, played in trick[1:]:
        if not played.is_joker and played.colour == colour:
            return played.suit  # type: ignore[return-value]
    return COLOUR_SUITS[colour]


def following_joker(follow: str) -> Card:
    """The joker that may follow ``follow`` (a result of :func:`suit_to_follow`):
    the red joker follows hearts and diamonds, the black joker spades and clubs."""
    return JOKER_FOLLOWING[follow]


def follows(card: Card, follow: str) -> bool:
    """Whether playing ``card`` follows ``follow``: a natural card of a suit to
    follow, or the joker of that colour."""
    if card.is_joker:
        return card is following_joker(follow)
    return card.suit in follow  # type: ignore[operator]


def following_cards(hand: Iterable[Card], follow: str) -> list[Card]:
    """The cards of ``hand`` that follow ``follow``. If there are any, the player
    must play one of them (so the holder of the red joker with no natural card of a
    red suit led must play the joker); if there are none, any card may be played."""
    return [c for c in hand if follows(c, follow)]


def joker_suit(trick: Trick, index: int) -> str | None:
    """The suit of the joker at ``trick[index]``: the suit of the first natural card
    of the joker's own colour in the trick, played before or after it; ``None``
    when the trick holds none (its player then chooses either suit of its colour).

    This one rule gives every case of the seed:

    - a joker following a lead of its colour takes the suit led;
    - a joker led takes the suit of the next card of its colour;
    - a joker on a lead of the other colour takes the suit of the third card if that
      card is of the joker's colour;
    - a joker among two cards of the other colour is its player's choice (it matters
      for the black joker on a red trick when spades are trumps).
    """
    colour = trick[index][1].colour
    for _, played in trick:
        if not played.is_joker and played.colour == colour:
            return played.suit
    return None


def joker_suits(trick: Trick, index: int) -> str:
    """The suits the joker at ``trick[index]`` may be declared in (one, or two when
    :func:`joker_suit` leaves it to its player)."""
    suit = joker_suit(trick, index)
    return suit if suit is not None else COLOUR_SUITS[trick[index][1].colour]


def joker_choices(trick: Trick, index: int) -> list[Card]:
    """The cards the joker at ``trick[index]`` may be declared as: every card of its
    suit(s) (:func:`joker_suits`) that is not a natural card in this trick."""
    suits = joker_suits(trick, index)
    in_trick = {played for _, played in trick}
    return [c for c in NATURAL_CARDS if c.suit in suits and c not in in_trick]  # type: ignore[operator]


def trick_winner(trick: Trick, declared: Mapping[int, Card], trump: str | None) -> int:
    """The seat winning a complete ``trick`` whose jokers stand for the cards in
    ``declared`` (trick index → card): the highest trump, or failing one the highest
    card of the suit led. A led joker leads the suit of the card it stands for."""
    effective = [(seat, declared.get(index, played)) for index, (seat, played) in enumerate(trick)]
    return winning_seat(effective, trump)


def describe_follow(trick: Trick, follow: str) -> str:
    """Say in words what is to be followed (for error messages)."""
    lead = trick[0][1]
    if not lead.is_joker:
        return f"{SUIT_NAMES[follow]} were led"
    if len(follow) == 2:
        suits = " or ".join(SUIT_NAMES[s] for s in follow)
        return (
            f"the {lead.name} was led and no natural {lead.colour} card has followed it, "
            f"so {suits} are to be followed"
        )
    return (
        f"the {lead.name} was led and the first {lead.colour} card played to it is a "
        f"{SUIT_NAMES[follow][:-1]}, so {SUIT_NAMES[follow]} are to be followed"
    )


# ---------------------------------------------------------------------- actions


def split_action(seat: int, first: Iterable[Card]) -> Action:
    """The split of ``seat`` choosing ``first`` as its first hand (order free: the
    cards are kept sorted, so equal splits compare equal)."""
    return make_action(SPLIT, seat, first=tuple(sorted_cards(first)))


def joker_action(seat: int, value: Card) -> Action:
    """``seat`` declaring that its joker in the complete trick stands for ``value``."""
    return Action(JOKER, seat, None, (("as", value),))


def _codes(items: Iterable[Card]) -> list[str]:
    return [c.code for c in items]


class ItalianWhist(TrickGame):
    name = "italian_whist"
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
    tally_spec = TallySpec(
        "seats",
        (Count("first", "1st hand", HAND_SIZE), Count("second", "2nd hand", HAND_SIZE)),
        nested="tricks",
    )

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        left = ", ".join(
            f"{s + 1}>{(s + PASS_OFFSET['left']) % PLAYERS + 1}" for s in range(PLAYERS)
        )
        return [
            f"Each hand's tricks add up to {HAND_SIZE}. "
            "Deal score = 1st-hand tricks - 2nd-hand tricks.",
            f"Passing: left = your second hand goes to the next seat ({left}); "
            "right = to the previous seat; keep = nobody passes.",
            f"The game ends after a deal in which a total reaches +/-{options.get('score_limit')}.",
        ]

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
        self.phase = SPLIT

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
                f"seat {seat} cannot split now: hands are split only right after a deal, "
                f"and the game is in its {self.phase} phase",
                seat=seat,
                event=action.to_event(),
            )
        if self.split_first[seat] is not None:
            waiting = ", ".join(str(s) for s in self.seats_to_act())
            raise NotYourTurn(
                f"seat {seat} cannot split again: it has already chosen its first hand "
                f"this deal (waiting for seat(s) {waiting} to split)",
                seat=seat,
                event=action.to_event(),
            )
        if len(first) != HAND_SIZE:
            raise RuleViolation(
                f"seat {seat} must choose exactly {HAND_SIZE} of its {DEALT} cards as its "
                f"first hand, not {len(first)}",
                seat=seat,
                event=action.to_event(),
                rule="split",
            )
        if len(set(first)) != HAND_SIZE:
            repeated = sorted({c.code for c in first if first.count(c) > 1})
            raise RuleViolation(
                f"seat {seat} names {' '.join(repeated)} more than once in its first hand; "
                f"it must choose {HAND_SIZE} different cards",
                seat=seat,
                event=action.to_event(),
                rule="split",
            )
        hand = self.hands[seat]
        missing = [c.code for c in first if c not in hand]
        if missing:
            raise CardNotHeld(
                f"seat {seat} cannot put {' '.join(missing)} in its first hand: it was not "
                f"dealt {'that card' if len(missing) == 1 else 'those cards'}",
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

    @property
    def to_act(self) -> int | list[int] | None:
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
                f"seat {seat} cannot play now: the trick is complete and seat {self.to_act} "
                "must first declare the card its joker stands for",
                seat=seat,
                event=action.to_event(),
            )
        super()._apply_play(action)

    def _follow_error(self, seat: int, card: Card) -> str | None:
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
            what = describe_follow(trick, follow)
            suits = " or ".join(SUIT_NAMES[s][:-1] for s in follow)
            also = f" or the {joker.name}" if joker in hand else ""
            return (
                f"{what} and seat {seat} holds a natural {suits}, so it must follow suit "
                f"(with a {suits}{also})"
            )
        if joker in hand:
            what = describe_follow(trick, follow)
            return (
                f"{what} and seat {seat} holds the {joker.name} and no natural card to "
                f"follow with, so it must play the {joker.name}"
            )
        return None

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
        return [play_action(seat, c) for c in self._playable(seat)]

    def _trick_complete(self) -> None:
        trick = self.trick
        if not (trick[0][1].is_joker or trick[1][1].is_joker or trick[2][1].is_joker):
            self.last_declared = _NO_DECLARATIONS
            self._book_trick(self._trick_winner(trick))
            return
        # The trick waits for its jokers' values before anyone wins it.
        self.phase = JOKER
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
                f"seat {seat} cannot declare a joker now: a joker is declared only once "
                f"the trick holding it is complete, and the game is in its {self.phase} phase",
                seat=seat,
                event=action.to_event(),
            )
        trick = self.trick
        index = self.pending_jokers[0]
        player, joker = trick[index]
        if seat != player:
            raise NotYourTurn(
                f"seat {seat} cannot declare a joker now: seat {player} must first declare "
                f"the card its {joker.name} stands for",
                seat=seat,
                event=action.to_event(),
            )
        suits = joker_suits(trick, index)
        names = " or a ".join(SUIT_NAMES[s][:-1] for s in suits)
        if value.is_joker:
            problem = f"a joker stands for a natural card (a {names}), not for the {value.name}"
        elif value.suit not in suits:  # type: ignore[operator]
            if joker_suit(trick, index) is None:
                problem = (
                    f"the trick holds no natural {joker.colour} card, so the {joker.name} "
                    f"stands for a {names} (its player's choice), not for the {value.name}"
                )
            else:
                problem = (
                    f"the first natural {joker.colour} card in the trick is a {names}, so the "
                    f"{joker.name} is a {names} too and cannot stand for the {value.name}"
                )
        elif any(played is value for _, played in trick):
            problem = f"the {value.name} itself is in this trick, so the joker cannot stand for it"
        else:
            problem = None
        if problem is not None:
            raise RuleViolation(
                f"seat {seat} cannot declare its {joker.name} as {value.code}: {problem}",
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
        self.phase = PLAY
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

    # ------------------------------------------------------------------ legal actions

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

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        phase = self.phase
        if phase == PLAY and (seat is None or seat == self.turn):
            # Hot path of random playouts: one card, without building every action.
            cards = self._playable(self.turn)
            return play_action(self.turn, cards[rng.randrange(len(cards))])
        if phase == SPLIT:
            to_split = self.seats_to_act()
            seats = to_split if seat is None else [s for s in (seat,) if s in to_split]
            if not seats:
                raise WrongPhase(f"seat {seat} has already split; no split is awaited from it")
            # Every seat to act has the same number of splits, so a uniform seat and
            # then a uniform 9-card subset is uniform over all legal splits.
            chosen = seats[rng.randrange(len(seats))]
            return split_action(chosen, rng.sample(sorted_cards(self.hands[chosen]), HAND_SIZE))
        return super().random_action(rng, seat)

    def _view_legal(self, seat: int) -> list[dict[str, Any]]:
        if self.phase == SPLIT:
            if self.split_first[seat] is not None:
                return []
            return [{"type": SPLIT, "seat": seat, "choose": HAND_SIZE}]
        return super()._view_legal(seat)

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
                "'tricks' must hold, for each of the 3 seats, the pair [tricks in its first "
                "hand, tricks in its second hand], such as [[6, 1], [2, 4], [1, 4]]; "
                f"not {value!r}",
                event,
            )
        return tally_action(tricks=tuple((h1, h2) for h1, h2 in value))

    def _score_tally(self, action: Action) -> list[int]:
        tricks: tuple[tuple[int, int], ...] = action.arg("tricks")
        for seat, (h1, h2) in enumerate(tricks):
            if h1 < 0 or h2 < 0:
                raise self._tally_error(
                    action, f"seat {seat} cannot win a negative number of tricks ({h1}, {h2})"
                )
        for number, name in ((0, "first"), (1, "second")):
            counts = [pair[number] for pair in tricks]
            if sum(counts) != HAND_SIZE:
                written = " + ".join(str(n) for n in counts)
                raise self._tally_error(
                    action,
                    f"the {name}-hand tricks must add up to {HAND_SIZE}, not {sum(counts)} "
                    f"({written})",
                )
        return deal_score([h1 for h1, _ in tricks], [h2 for _, h2 in tricks])

    # ------------------------------------------------------------------ views

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        super()._add_to_view(view, seat)
        phase = self.phase
        in_deal = phase in (SPLIT, PLAY, JOKER)
        # Trumps and passing describe the current deal (between deals: the next one).
        view["trump"] = self.trump if in_deal else trump_of_deal(self.deal_number)
        view["passing"] = self.passing
        view["hand_number"] = self.hand_number if phase in (PLAY, JOKER) else None
        view["split_done"] = [s is not None for s in self.split_first] if phase == SPLIT else None
        view["waiting_hand_sizes"] = [len(h) for h in self.waiting_hands]
        view["first_hand_tricks"] = self.first_hand_tricks
        view["trick"] = _trick_view(self.trick, self.declared)
        view["last_trick"] = _trick_view(self.last_trick, self.last_declared)
        view["jokers_to_declare"] = (
            [
                {
                    "seat": self.trick[index][0],
                    "card": self.trick[index][1].code,
                    "suits": list(joker_suits(self.trick, index)),
                }
                for index in self.pending_jokers
            ]
            if phase == JOKER
            else []
        )
        view["first_hand"] = view["second_hand"] = None
        if seat is None:
            return
        # A seat sees its own split: the second hand it formed and where it goes (it
        # composed it), but never the second hand passed to it before it plays it.
        chosen = self.split_first[seat] if in_deal else None
        if chosen is None:
            return
        view["first_hand"] = _codes(chosen)
        if phase == SPLIT:
            formed = sorted_cards(self.hands[seat] - set(chosen))
        else:
            formed = list(self.formed_second[seat])
        view["second_hand"] = {
            "cards": _codes(formed),
            "to": (seat + PASS_OFFSET[self.passing]) % PLAYERS,
        }


def _trick_view(trick: Trick, declared: Mapping[int, Card]) -> list[dict[str, Any]]:
    shown: list[dict[str, Any]] = []
    for index, (seat, played) in enumerate(trick):
        entry: dict[str, Any] = {"seat": seat, "card": played.code}
        if played.is_joker:
            value = declared.get(index)
            entry["as"] = value.code if value is not None else None
        shown.append(entry)
    return shown


def deal_score(first: Sequence[int], second: Sequence[int]) -> list[int]:
    """Each seat scores its first-hand tricks minus its second-hand tricks."""
    return [a - b for a, b in zip(first, second, strict=True)]
