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

``legal_actions`` lists the draws, the discards, the joker swaps and every addition of
a single card (a joker once per name that fits); opens, new melds and additions of
several cards are validated on demand (:meth:`Scala40.check_meld_for`,
:func:`~engine.games.scala40_melds.check_meld`). ``legal_count`` counts that list.
``random_action`` is a player that melds what it can: it uses a taken discard first,
opens when its hand holds 40, lays melds and single cards, sometimes swaps a joker, then
discards a random allowed card; it draws the discard half the time it may.

**Views**: a seat's own hand; the others' as counts; the stock's size (never its cards or
order); the discard pile (bottom first) and the melds (with who laid them) are public,
and so is the card a player took from the discard pile while it is still unused.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping
from itertools import chain
from typing import Any, ClassVar, Final

from engine.actions import Action, make_action
from engine.cards import RANK_CHARS, Card, double_deck, sorted_cards
from engine.errors import CardNotHeld, IllegalEvent, RuleViolation, WrongPhase
from engine.game import (
    DEAL,
    ChanceShuffle,
    Event,
    Game,
    applier,
    parse_cards,
    parse_int_list,
    parse_side,
    parser,
    tally_action,
)
from engine.games import scala40_events as events
from engine.games import scala40_legal as legal
from engine.games import scala40_play as play
from engine.games.scala40_melds import (
    JOKER_HAND_VALUE,
    Meld,
    MeldCheck,
    MeldError,
    Slot,
    build_meld,
    extend_meld,
    hand_points,
    hand_value,
    swap_joker,
)
from engine.options import Option
from engine.tally import Choice, Count, TallySpec, rank_word, worth_words

PLAY: Final = "play"
RESHUFFLE: Final = "reshuffle"
HAND_SIZE: Final = 13
OPENING: Final = 40
MAX_HAND_POINTS: Final = 4 * 25 + 8 * 11 + 10
STOCK: Final = events.STOCK
DISCARD: Final = events.DISCARD


def hand_value_words(to: str) -> str:
    """What cards cost in hand as a scorer reads it: "2 to 10 as marked, J Q K 10, A 11,
    joker 25" (``to`` spans the ranks that cost their face value)."""
    naturals = [Card.parse(rank + "S") for rank in RANK_CHARS]
    marked = [c.rank or 0 for c in naturals if hand_value(c) == c.rank]
    others = ((c.rank or 0, hand_value(c)) for c in naturals if hand_value(c) != c.rank)
    return (
        f"{rank_word(min(marked))}{to}{rank_word(max(marked))} as marked, "
        f"{worth_words(others, sign=' ')}, joker {JOKER_HAND_VALUE}"
    )


class Scala40(Game):
    name = "scala40"
    title = "Scala Quaranta"
    player_counts = (2, 3, 4, 5, 6)
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
    tally_spec = TallySpec(
        "seats",
        (Count("hand", "points in hand", MAX_HAND_POINTS),),
        (Choice("closed", "Who closed? (nobody: a void hand)", optional=True),),
        note=f"Points in hand: {hand_value_words(' to ')}; the closer and players already "
        "out have 0; a void hand is 0 for everyone.",
    )

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return [
            f"Per player: points left in hand ({hand_value_words('-')}); the closer 0, "
            "players out 0.",
            f"A total of {options.get('limit')} or more is out. The deal passes to the next "
            "player still in (skip the dealers shown who are out).",
        ]

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

    def new_deck(self) -> list[Card]:
        return double_deck(4)

    @property
    def awaiting(self) -> str | None:
        return DEAL if self.phase in (DEAL, RESHUFFLE) else None

    def pending_shuffle(self) -> ChanceShuffle | None:
        if self.phase != RESHUFFLE:
            return None
        label = f"reshuffle:{self.deal_number}:{self.reshuffles}"
        return ChanceShuffle("reshuffle", "stock", label, tuple(sorted_cards(self.pile[:-1])))

    # ------------------------------------------------------------------ seats

    def active(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    def next_active(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if not self.out[other]:
                return other
        return seat

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
        self.phase = PLAY

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
                "a reshuffle is made only when a turn has ended with the stock empty",
                event=action.to_event(),
            )
        stock: tuple[Card, ...] = action.arg("stock")
        if Counter(stock) != Counter(self.pile[:-1]):
            raise IllegalEvent(
                f"a reshuffle must order exactly the {len(self.pile) - 1} cards of the discard "
                f"pile under its top card; this one has {len(stock)} that are not those",
                event=action.to_event(),
                rule="reshuffle",
            )
        self.stock = list(stock)
        self.stock_pos = 0
        self.pile = self.pile[-1:]
        self.reshuffles += 1
        self.phase = PLAY

    # ------------------------------------------------------------------ asking

    @property
    def to_act(self) -> int | list[int] | None:
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

    def may_draw_discard(self, seat: int) -> str | None:
        """Why ``seat`` may not take the top discard now (``None``: it may)."""
        if not self.opened[seat]:
            return "only a player who has opened may draw from the discard pile"
        if not self.pile:
            return "the discard pile is empty"
        top = self.pile[-1]
        hand = [*self.hands[seat], top]
        if not play.find_uses(top, hand, self.melds, limit=1):
            return (
                f"the {top.name} could not be used in a meld this turn, and a card drawn from "
                "the discard pile must be"
            )
        return None

    def discard_ban(self, seat: int, card: Card) -> str | None:
        """Why ``seat`` may not discard ``card`` (held) now (``None``: it may)."""
        taken = self.must_use
        if taken is not None:
            return f"the {taken.name} taken from the discard pile must be used in a meld first"
        if self.opened[seat]:
            return None
        held = self.hands[seat]
        if self._banned_before_opening(card) and not all(map(self._banned_before_opening, held)):
            if card.is_joker:
                return "a player who has not opened may not discard a joker"
            return (
                f"a player who has not opened may not discard the {card.name}: it could be added "
                "to a meld on the table"
            )
        return None

    def _banned_before_opening(self, card: Card) -> bool:
        return card.is_joker or play.extends_a_meld(card, self.melds)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase != PLAY or seat != self.turn:
            return []
        if not self.drawn:
            actions = [events.draw_action(seat, STOCK)]
            if self.may_draw_discard(seat) is None:
                actions.append(events.draw_action(seat, DISCARD))
            return actions
        hand = self.hands[seat]
        actions = []
        for card in sorted_cards(set(hand)):
            if self.discard_ban(seat, card) is None:
                actions.append(make_action("discard", seat, card))
        if not self.opened[seat]:
            return actions
        for card in sorted_cards(set(hand)):
            if not card.is_joker:
                for index in play.swaps_for(card, self.melds):
                    action = make_action("swap", seat, card, meld=index)
                    if self._keeps_taken_usable(seat, swap=(index, card)):
                        actions.append(action)
            if len(hand) >= 2:
                for index, slot in play.single_adds(card, self.melds):
                    if self._keeps_taken_usable(seat, add=(index, (slot,))):
                        actions.append(events.add_action(seat, index, (slot,)))
        return actions

    def _more_legal_actions(self, seat: int) -> Iterator[Action]:
        """Every legal opening, meld and addition of two or more cards (single additions
        and swaps are natural choices), one writing per play (:mod:`scala40_legal`)."""
        if self.phase != PLAY or seat != self.turn or not self.drawn:
            return
        hand = self.hands[seat]
        seen: set[Hashable] = set()
        tries: Iterator[Action]
        if not self.opened[seat]:
            tries = (
                events.open_action(seat, melds)
                for melds in legal.opening_candidates(hand, seat, OPENING)
            )
        else:
            tries = chain(
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
            self._appliers[action.type](action)
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

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        if self.phase != PLAY or (seat is not None and seat != self.turn):
            return super().random_action(rng, seat)
        seat = self.turn
        hand = self.hands[seat]
        if not self.drawn:
            if rng.random() < 0.5 and self.may_draw_discard(seat) is None:
                return events.draw_action(seat, DISCARD)
            return events.draw_action(seat, STOCK)
        taken = self.must_use
        if taken is not None:
            uses = play.find_uses(taken, hand, self.melds)
            return self._use_action(seat, uses[rng.randrange(len(uses))])
        if not self.opened[seat]:
            opening = play.find_open(hand, rng)
            if opening is not None:
                return events.open_action(seat, [tuple(m.slots) for m in opening])
        else:
            melds = [m for m in play.hand_melds(hand) if len(m.slots) < len(hand)]
            if melds:
                return events.meld_action(seat, tuple(melds[rng.randrange(len(melds))].slots))
            others = [a for a in self._legal_actions(seat) if a.type != "discard"]
            swaps = [a for a in others if a.type == "swap"]
            if swaps and rng.random() < 0.3:
                return swaps[rng.randrange(len(swaps))]
            adds = [a for a in others if a.type == "add"]
            if adds:
                return adds[rng.randrange(len(adds))]
        discards = [c for c in sorted_cards(set(hand)) if self.discard_ban(seat, c) is None]
        return make_action("discard", seat, discards[rng.randrange(len(discards))])

    def _use_action(self, seat: int, use: play.Use) -> Action:
        kind, index, slots = use
        if kind == "swap":
            return make_action("swap", seat, slots[0][0], meld=index)
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

    def _require_turn(self, action: Action, drawn: bool = True) -> int:
        seat = action.seat
        assert seat is not None
        if self.phase != PLAY:
            raise WrongPhase(
                f"seat {seat} cannot {action.type} now: the game is in its {self.phase} phase",
                seat=seat,
                event=action.to_event(),
            )
        if seat != self.turn:
            raise self._not_your_turn(action)
        if drawn and not self.drawn:
            raise self._breach(action, "draw first", "a turn begins with a draw")
        if not drawn and self.drawn:
            raise self._breach(action, "one draw a turn", "it has already drawn this turn")
        return seat

    def _breach(self, action: Action, rule: str, why: str) -> RuleViolation:
        return RuleViolation(
            f"seat {action.seat} cannot {action.type} ({events.what(action)}): {why}",
            seat=action.seat,
            event=action.to_event(),
            rule=rule,
        )

    def _require_opened(self, action: Action, seat: int) -> None:
        if not self.opened[seat]:
            why = {
                "meld": "a player's first melds are laid together in one open event worth 40 "
                "or more",
                "add": "a player who has not opened may not add to melds",
                "swap": "a player who has not opened may not swap jokers",
            }[action.type]
            raise self._breach(action, "opening", why)

    def _check_held(self, seat: int, groups: list[list[Slot]], action: Action) -> Counter[Card]:
        need: Counter[Card] = Counter(held for group in groups for held, _ in group)
        have = Counter(self.hands[seat])
        missing = need - have
        if missing:
            what = " ".join(sorted(c.code for c in missing.elements()))
            raise CardNotHeld(
                f"seat {seat} cannot {action.type} ({events.what(action)}): "
                f"it does not hold {what}",
                seat=seat,
                event=action.to_event(),
            )
        if sum(need.values()) >= len(self.hands[seat]):
            raise self._breach(
                action,
                "last card",
                "a player may never meld their last card (a discard must end the turn)",
            )
        return need

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
        return bool(play.find_uses(taken, hand, table, limit=1))

    def _refuse_if_stranded(self, action: Action, seat: int, **change: Any) -> None:
        if not self._keeps_taken_usable(seat, **change):
            taken = self.must_use
            assert taken is not None
            raise self._breach(
                action,
                "discard draw must be used",
                f"the {taken.name} taken from the discard pile could no longer be used this turn",
            )

    @applier("draw")
    def _apply_draw(self, action: Action) -> None:
        seat = self._require_turn(action, drawn=False)
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
            raise self._breach(action, "opening", "it has already opened; lay new melds with meld")
        groups = [[events.slot_of(t) for t in tokens] for tokens in action.arg("melds")]
        try:
            melds = [build_meld(g, seat) for g in groups]
        except MeldError as error:
            raise self._breach(action, "meld", str(error)) from None
        self._check_held(seat, groups, action)
        total = sum(m.value() for m in melds)
        if total < OPENING:
            raise self._breach(
                action,
                "opening",
                f"an opening must be worth 40 or more; these melds are worth {total}",
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
            raise self._breach(action, "meld", str(error)) from None
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
            raise self._breach(action, "meld", str(error)) from None
        self._check_held(seat, [list(slots)], action)
        self._refuse_if_stranded(action, seat, add=(index, slots))
        for held, _ in slots:
            self.hands[seat].remove(held)
        self.melds[index] = extended

    def _meld_at(self, action: Action, index: int) -> Meld:
        if index >= len(self.melds):
            raise self._breach(action, "meld", f"there are {len(self.melds)} melds on the table")
        return self.melds[index]

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
            raise self._breach(action, "joker swap", str(error)) from None
        if card not in self.hands[seat]:
            raise CardNotHeld(
                f"seat {seat} cannot swap {card.code}: it does not hold the {card.name}",
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
        seat = self._require_turn(action)
        card = action.card
        assert card is not None
        hand = self.hands[seat]
        if card not in hand:
            raise CardNotHeld(
                f"seat {seat} cannot discard {card.code}: it does not hold the {card.name}",
                seat=seat,
                event=action.to_event(),
            )
        why = self.discard_ban(seat, card)
        if why is not None:
            rule = "discard draw must be used" if self.must_use else "discard before opening"
            raise self._breach(action, rule, why)
        hand.remove(card)
        self.pile.append(card)
        if not hand:
            self._end_hand(seat)
            return
        self._start_turn(self.next_active(seat))
        if self.stock_pos >= len(self.stock):
            if len(self.pile) > 1 and self.reshuffles < self.options["reshuffles"]:
                self.phase = RESHUFFLE
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
                raise self._tally_error(action, "a void hand (nobody closed) scores 0 for everyone")
            self.last_hand = {"closed": None, "hand": list(points)}
            return list(points)
        if self.out[closed]:
            raise self._tally_error(action, f"seat {closed} is out of the game and cannot close")
        if points[closed] != 0:
            raise self._tally_error(
                action, f"the closer (seat {closed}) has 0 hand points, not {points[closed]}"
            )
        for seat, value in enumerate(points):
            if self.out[seat] and value != 0:
                raise self._tally_error(action, f"seat {seat} is out of the game: its points are 0")
            if not self.out[seat] and seat != closed and not 2 <= value <= MAX_HAND_POINTS:
                raise self._tally_error(
                    action,
                    f"seat {seat} did not close, so it holds 1 to 13 cards, worth 2 to "
                    f"{MAX_HAND_POINTS}, not {value}",
                )
        self.last_hand = {"closed": closed, "hand": list(points)}
        return list(points)

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
