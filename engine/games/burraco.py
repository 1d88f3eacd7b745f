"""Burraco (``burraco``): 4 players in two teams, or 2 players.

The rules (RULES.md §8 and the seed 004, which is the authority):

- Two 52-card decks and four jokers (108 cards). Values: joker 30, 2 = 20, A = 15,
  8 … K = 10, 3 … 7 = 5.
- **Deal**: the first 22 cards make the two **pozzetti** of 11, as RULES.md fixes
  the indexes: the first is ``deck[0..10]``, the second ``deck[11..21]``. (The seed's
  dealer places the two piles alternately; from a shuffled deck that deals the same
  way, and RULES.md's index layout is what records are written in.) Then 11 cards
  each, one at a time from ``dealer + 1``: ``deck[22 + i]`` goes to seat
  ``(dealer + 1 + i) mod n``; the next card starts the discard pile; the rest is the
  stock, the next index on top. ``dealer + 1`` plays first.
- **Turn**: ``draw`` from the stock (its top card) or the discard pile (all of it);
  then any number of ``meld`` and ``add`` events; then a ``discard``, which ends it.
- **Melds** and additions: :mod:`engine.games.burraco_melds` (sequences written low to
  high with aces low or high and A–K–A, groups with repeated suits, at most one
  wildcard, the engine inferring what it stands for, a wildcard moving when its natural
  card is added). ``add`` names a meld of the player's own team (``meld`` indexes the
  team's melds in the order laid). A meld of 7 cards or more is a burraco: clean
  without a wildcard, dirty with one.
- **Pozzetto**: a player whose hand becomes empty takes a pozzetto at once, into the
  hand: by a meld or an addition, they play on with it this turn ("on the fly"); by a
  discard, they play it from their next turn. The first side to empty a hand takes
  the first pozzetto, the other side the second (the seed's "top pozzetto" first);
  each side takes one.
- **Closing**: a discard that empties the hand of a player whose side has already
  taken its pozzetto closes the hand; it is allowed only if the side has a burraco and
  the card is not a wildcard (a joker or any 2; rule ``closing``).
- **Unable to close** (RULES.md: "a play that would leave a player unable to close with
  an empty hand is illegal"). Once a side has taken its pozzetto, a hand may only be
  emptied by closing, and a turn always ends with a discard. So, for a player whose
  side has taken its pozzetto:
  a meld or addition may not use the last card of the hand (rule ``final discard``:
  nothing would be left to discard), and may leave a single card only when that card
  could close the hand at once, i.e. the side then has a burraco and the card is not a
  wildcard (rule ``unable to close``). A discard that would empty the hand without
  closing is refused (rule ``closing``). Before the side has its pozzetto, emptying the
  hand is always allowed (it brings the pozzetto).
- **End of the hand**: a closing, or a turn that ends with two cards left in the stock.
- **Score** per side: values of its melded cards + 200 per clean burraco + 100 per dirty
  burraco + 100 for closing − values of the cards in its players' hands − 100 if it
  never took its pozzetto (an untaken pozzetto's cards count nothing).
- Option ``target`` (default 0): 0 means one hand is the game; otherwise the game ends
  after a hand in which a side has at least ``target`` and more than the other (level
  at the top: another hand).

**Listing actions.** A rummy turn has too many melds to list. ``legal_actions`` lists
the draws (``stock``, ``discard``) before drawing and the legal discards after;
melds and additions are never listed, and ``legal_count`` counts what is listed.
:meth:`Burraco.check_meld` and :meth:`Burraco.check_addition` answer "is this meld
legal now, and if not why" (:class:`~engine.games.burraco_melds.MeldCheck`) without
changing the game, and :func:`~engine.games.burraco_melds.check_meld` asks it of
cards alone. ``random_action`` after the draw lays a meld or an addition it finds
(:func:`~engine.games.burraco_melds.find_melds`, single-card additions) nine times in
ten when there is one, else discards at random.

Split out: the state and the checks each event goes through in
:mod:`~engine.games.burraco_state`, listing and checking actions in
:mod:`~engine.games.burraco_choices`, the events as actions in ``burraco_events``.

A score sheet records a hand as ``{"type": "tally", "melded": [a, b], "clean": [a, b],
"dirty": [a, b], "closed": side or null, "pozzetto": [bool, bool], "hand": [a, b]}``
and it is scored exactly as an online hand.

**Views.** A seat sees its own hand (a pozzetto it took is in it); other hands only as
counts, and ``known_held``: per seat, the cards everybody saw it take with the discard
pile, as many copies as it must still hold (each copy it melded or discarded since takes
one off, whichever copy it was). Public: the melds of each side (cards low to high, what
the wildcard stands for as ``"as"``, whether a burraco), the discard pile (bottom
first), the stock's size (never its cards), which sides took a pozzetto and how many are
left (never their cards), and after a hand ``last_hand``: its tally and the points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engine.actions import Action
from engine.bots.rummy import burraco as burraco_bot
from engine.cards import Card, double_deck, sorted_cards
from engine.errors import CardNotHeld, MalformedEvent
from engine.game import (
    Event,
    applier,
    parse_card,
    parse_cards,
    parse_int_list,
    parse_seat,
    parse_side,
    parser,
    require,
    tally_action,
)
from engine.games import burraco_sheet
from engine.games.burraco_bits import PRESENT, RANK_COUNT, with_cards, without_cards
from engine.games.burraco_choices import MELD_CHANCE as MELD_CHANCE  # re-exported
from engine.games.burraco_choices import BurracoChoices
from engine.games.burraco_events import *  # noqa: F403  (re-exported)
from engine.games.burraco_events import (
    SOURCES,
    add_action,
    discard_action,
    draw_action,
    meld_action,
    quick_discard,
    quick_draw,
)
from engine.games.burraco_melds import VALUE
from engine.games.burraco_score import hand_points, tally_problem
from engine.games.burraco_sheet import POINTS_BOUND as POINTS_BOUND  # re-exported
from engine.games.burraco_state import DRAW, MELD
from engine.games.rummy_messages import RUMMY_MESSAGES
from engine.messages import Message, message, own_codes
from engine.options import Option

HAND_SIZE: Final = 11
POZZETTO_CARDS: Final = 2 * HAND_SIZE
STOCK_LEFT_AT_END: Final = 2


class Burraco(BurracoChoices):
    name = "burraco"
    rule_messages = own_codes(RUMMY_MESSAGES, name)
    bot = burraco_bot
    title = "Burraco"
    player_counts = (2, 4)
    option_spec: ClassVar[dict[str, Option]] = {
        "target": Option(
            "target",
            "int",
            0,
            "0: one hand is the game; otherwise the game ends after a hand in which a side "
            "has at least this many points and more than the other",
            minimum=0,
            maximum=100_000,
        ),
    }
    tally_spec = burraco_sheet.TALLY_SPEC

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return burraco_sheet.sheet_notes(options)

    def new_deck(self) -> list[Card]:
        return double_deck(4)

    # ------------------------------------------------------------------ dealing

    def _deal(self, deck: list[Card]) -> None:
        n = self.players
        self.pozzetti = [deck[:HAND_SIZE], deck[HAND_SIZE:POZZETTO_CARDS]]
        self.pozzetti_taken = 0
        self.took_pozzetto = [False, False]
        first = (self.dealer + 1) % n
        self.hands = [[] for _ in range(n)]
        dealt_end = POZZETTO_CARDS + HAND_SIZE * n
        for index in range(POZZETTO_CARDS, dealt_end):
            self.hands[(first + index - POZZETTO_CARDS) % n].append(deck[index])
        self.discard_pile = [deck[dealt_end]]
        self.stock = deck[dealt_end + 1 :]
        self.stock_pos = 0
        self.melds = [[], []]
        self.known = [Counter[Card]() for _ in range(n)]
        self._hand_bits = [None] * n
        self.closed = None
        self.turn = first
        self._set_phase(DRAW)

    # ------------------------------------------------------------------ parsing

    @parser("draw")
    def _parse_draw(self, event: Event) -> Action:
        quick = quick_draw(event, self.players)
        if quick is not None:
            return quick
        seat = parse_seat(event, self.players)
        source = require(event, "from")
        if source not in SOURCES:
            raise MalformedEvent(message("malformed.from", value=repr(source)), event)
        return draw_action(seat, source)

    @parser("meld")
    def _parse_meld(self, event: Event) -> Action:
        return meld_action(parse_seat(event, self.players), tuple(parse_cards(event, "cards")))

    @parser("add")
    def _parse_add(self, event: Event) -> Action:
        seat = parse_seat(event, self.players)
        index = require(event, "meld")
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise MalformedEvent(message("burraco.malformed.meld_number", value=repr(index)), event)
        return add_action(seat, index, tuple(parse_cards(event, "cards")))

    @parser("discard")
    def _parse_discard(self, event: Event) -> Action:
        quick = quick_discard(event, self.players)
        if quick is not None:
            return quick
        return discard_action(parse_seat(event, self.players), parse_card(event))

    # ------------------------------------------------------------------ applying

    @applier("draw")
    def _apply_draw(self, action: Action) -> None:
        seat = action.seat
        if self.phase != DRAW or seat != self.turn:
            self._require_turn(action, DRAW)  # says what is wrong
        assert seat is not None
        hand = self.hands[seat]
        kept = self._hand_bits[seat]  # the random player's, kept in step
        if action.args[0][1] == "stock":
            card = self.stock[self.stock_pos]
            hand.append(card)
            self.stock_pos += 1
            if kept is not None:
                # with_cards for one card, written out: once a turn in random play.
                if kept[0] is hand and kept[1] + 1 == len(hand):
                    _, size, one, two, counts = kept
                    bits = PRESENT[card]
                    if one & bits:
                        two |= bits
                    else:
                        one |= bits
                    self._hand_bits[seat] = (hand, size + 1, one, two, counts + RANK_COUNT[card])
                else:
                    self._hand_bits[seat] = None
        else:
            pile = self.discard_pile
            hand.extend(pile)
            known = self.known[seat]
            for card in pile:  # Counter.update, without its Mapping check
                known[card] = known.get(card, 0) + 1
            self.discard_pile = []
            if kept is not None:
                self._hand_bits[seat] = with_cards(kept, hand, pile)
        self._set_phase(MELD)

    @applier("meld")
    def _apply_meld(self, action: Action) -> None:
        meld, left = self._check_meld_action(action)
        seat = self.turn
        self.melds[seat % 2].append(meld)  # side_of
        if self._table_bits is not None:
            self._fit_laid(seat % 2, meld, None)
        self._set_hand(seat, left, action.args[0][1])

    @applier("add")
    def _apply_add(self, action: Action) -> None:
        meld, left = self._check_add_action(action)
        seat = self.turn
        (_, cards), (_, index) = action.args  # add_action's, sorted
        self.melds[seat % 2][index] = meld  # side_of
        if self._table_bits is not None:
            self._fit_laid(seat % 2, meld, index)
        self._set_hand(seat, left, cards)

    def _set_hand(self, seat: int, left: list[Card], laid: tuple[Card, ...]) -> None:
        if self.known[seat]:
            self._forget_known(seat, laid)
        kept = self._hand_bits[seat]
        if kept is not None:
            self._hand_bits[seat] = without_cards(kept, self.hands[seat], left, laid)
        self.hands[seat] = left
        if not left:
            self._take_pozzetto(seat)  # on the fly: it plays on with it

    def _take_pozzetto(self, seat: int) -> None:
        self.hands[seat] = list(self.pozzetti[self.pozzetti_taken])
        self.pozzetti_taken += 1
        self.took_pozzetto[self.side_of(seat)] = True

    @applier("discard")
    def _apply_discard(self, action: Action) -> None:
        seat = action.seat
        if self.phase != MELD or seat != self.turn:
            self._require_turn(action, MELD)  # says what is wrong
        assert seat is not None
        card = action.card
        assert card is not None
        hand = self.hands[seat]
        if len(hand) > 1:  # only a last card can be refused (_discard_problem)
            try:
                hand.remove(card)  # one pass over the hand, where ``in`` first made two
            except ValueError:
                raise self._not_held(action, seat, card) from None
        else:
            if card not in hand:
                raise self._not_held(action, seat, card)
            problem = self._discard_problem(seat, card)
            if problem is not None:
                raise self._breach(action, *problem)
            hand.remove(card)
        known = self.known[seat]
        if known:  # _forget_known for one card, written out: once a turn
            copies = known.get(card, 0)
            if copies > 1:
                known[card] = copies - 1
            elif copies:
                known.pop(card)  # dict's: Counter's own __delitem__ is Python code
        kept = self._hand_bits[seat]
        if kept is not None:
            # without_cards for one card, written out: once a turn in random play.
            if kept[0] is hand and kept[1] == len(hand) + 1:
                _, size, one, two, counts = kept
                bits = PRESENT[card]
                if two & bits:
                    two ^= bits
                else:
                    one ^= bits
                self._hand_bits[seat] = (hand, size - 1, one, two, counts - RANK_COUNT[card])
            else:
                self._hand_bits[seat] = None
        self.discard_pile.append(card)
        if not hand:
            side = self.side_of(seat)
            if self.took_pozzetto[side]:
                self.closed = side
                self._end_of_hand()
                return
            self._take_pozzetto(seat)  # after the discard: played from its next turn
        if len(self.stock) - self.stock_pos == STOCK_LEFT_AT_END:  # stock_size, in play
            self._end_of_hand()
            return
        self.turn = (seat + 1) % self.players
        self._set_phase(DRAW)

    @staticmethod
    def _not_held(action: Action, seat: int, card: Card) -> CardNotHeld:
        return CardNotHeld(
            message("card.not_held", seat=seat, event="discard", card=card, cardname=card),
            seat=seat,
            event=action.to_event(),
        )

    def _end_of_hand(self) -> None:
        melded = [sum(m.points for m in melds) for melds in self.melds]
        clean = [sum(1 for m in melds if m.burraco == "clean") for melds in self.melds]
        dirty = [sum(1 for m in melds if m.burraco == "dirty") for melds in self.melds]
        held = [0, 0]
        for seat, hand in enumerate(self.hands):
            held[self.side_of(seat)] += sum(VALUE[c] for c in hand)
        count = {
            "melded": melded,
            "clean": clean,
            "dirty": dirty,
            "closed": self.closed,
            "pozzetto": list(self.took_pozzetto),
            "hand": held,
        }
        self._finish_deal(self._book(count))

    def _book(self, count: dict[str, Any]) -> list[int]:
        """The hand's scores from its count (the tally's fields); keeps ``last_hand``."""
        points = hand_points(count)
        self.last_hand = {"count": count, "points": points}
        return points

    def _apply_tally(self, action: Action) -> None:
        super()._apply_tally(action)
        self.melds = [[], []]
        self.discard_pile = []
        self.hands = [[] for _ in range(self.players)]
        self.closed = action.arg("closed")

    def _game_is_over(self) -> bool:
        target: int = self.options["target"]
        if target == 0:
            return True
        best = max(self.totals)
        return best >= target and self.totals.count(best) == 1

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        raw = require(event, "pozzetto")
        if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(v, bool) for v in raw):
            raise MalformedEvent(message("burraco.malformed.pozzetto", value=repr(raw)), event)
        return tally_action(
            melded=parse_int_list(event, "melded", 2),
            clean=parse_int_list(event, "clean", 2),
            dirty=parse_int_list(event, "dirty", 2),
            closed=parse_side(event, "closed", 2, nullable=True),
            pozzetto=tuple(raw),
            hand=parse_int_list(event, "hand", 2),
        )

    def _score_tally(self, action: Action) -> list[int]:
        count = {key: action.arg(key) for key in ("melded", "clean", "dirty", "closed", "hand")}
        count["pozzetto"] = action.arg("pozzetto")
        problem = self.tally_problem(count)
        if problem is not None:
            raise self._tally_error(action, problem)
        return self._book({k: list(v) if isinstance(v, tuple) else v for k, v in count.items()})

    def tally_problem(self, count: dict[str, Any]) -> Message | None:
        """Why ``count`` (the tally's fields) cannot be a hand's score sheet, or ``None``."""
        return tally_problem(count, self.team_game)

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        view["hand"] = [c.code for c in self.hand(seat)] if seat is not None else None
        view["hand_sizes"] = [len(h) for h in self.hands]
        view["known_held"] = [
            [c.code for c in sorted_cards(known.elements())] for known in self.known
        ]
        view["stock_size"] = self.stock_size
        view["discard_pile"] = [c.code for c in self.discard_pile]
        view["melds"] = [[m.to_json() for m in melds] for melds in self.melds]
        view["pozzetto_taken"] = list(self.took_pozzetto)
        view["pozzetti_left"] = 2 - self.pozzetti_taken
        view["last_hand"] = self.last_hand
