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

import random
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping
from typing import Any, ClassVar, Final

from engine.actions import Action, make_action
from engine.cards import RANK_CHARS, RED_JOKER, Card, double_deck, sorted_cards
from engine.errors import (
    CardNotHeld,
    IllegalEvent,
    InvalidTally,
    MalformedEvent,
    RuleViolation,
    WrongPhase,
)
from engine.game import (
    Event,
    Game,
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
from engine.games import burraco_legal
from engine.games.burraco_melds import (
    BURRACO_LENGTH,
    DECK_POINTS,
    VALUE,
    Meld,
    MeldCheck,
    check_addition,
    check_meld,
    codes,
    find_melds,
    is_wildcard,
)
from engine.games.burraco_score import (
    CLEAN_BONUS,
    CLOSING_BONUS,
    DECK_SIZE,
    DIRTY_BONUS,
    NO_POZZETTO,
    WILDCARDS,
    hand_points,
    tally_problem,
)
from engine.options import Option
from engine.tally import Choice, Count, Flag, TallySpec, worth_words

DRAW: Final = "draw"
"""The phase in which the seat to act must draw."""
MELD: Final = "meld"
"""The phase after the draw: melds, additions, then a discard."""
HAND_SIZE: Final = 11
POZZETTO_CARDS: Final = 2 * HAND_SIZE
STOCK_LEFT_AT_END: Final = 2
SOURCES: Final = ("stock", "discard")
MELD_CHANCE: Final = 0.9
POINTS_BOUND: Final = -(-DECK_POINTS // 100) * 100
"""A score sheet's bound on melded or in-hand points: the deck's total, rounded up."""


def value_words(to: str) -> str:
    """The card values as a scorer reads them: "joker 30, 2 = 20, A = 15, 8 to K = 10,
    3 to 7 = 5" (``to`` spans ranks in a row)."""
    naturals = [Card.parse(rank + "S") for rank in RANK_CHARS]
    ranked = sorted(naturals, key=lambda c: (-VALUE[c], c.rank))
    spans = worth_words(((c.rank or 0, VALUE[c]) for c in ranked), to=to)
    return f"joker {VALUE[RED_JOKER]}, {spans}"


"""How often the random player lays a meld it found rather than discarding."""


def draw_action(seat: int, source: str) -> Action:
    return Action(DRAW, seat, None, (("from", source),))


def meld_action(seat: int, cards: tuple[Card, ...]) -> Action:
    return Action("meld", seat, None, (("cards", cards),))


def add_action(seat: int, meld: int, cards: tuple[Card, ...]) -> Action:
    return make_action("add", seat, None, meld=meld, cards=cards)


def discard_action(seat: int, card: Card) -> Action:
    return Action("discard", seat, card)


class Burraco(Game):
    name = "burraco"
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
    tally_spec = TallySpec(
        "sides",
        (
            Count("melded", "melded points", POINTS_BOUND),
            Count("clean", "clean burraco", DECK_SIZE // BURRACO_LENGTH),
            Count("dirty", "dirty burraco", WILDCARDS),
            Count("hand", "points in hand", POINTS_BOUND),
        ),
        (Choice("closed", "Who closed? (nobody: the stock ran out)", optional=True),),
        note=f"Melded: the values of the side's melded cards ({value_words(' to ')}); in "
        f"hand: the values left in its hands. Bonuses ({CLEAN_BONUS} a clean burraco, "
        f"{DIRTY_BONUS} a dirty one, {CLOSING_BONUS} for closing, -{NO_POZZETTO} without "
        "the pozzetto) are added by Tavolo.",
        flags=(Flag("pozzetto", "took its pozzetto"),),
    )

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        target = options.get("target")
        return [
            f"Per side: melded = values of its melded cards ({value_words('-')}); clean / "
            "dirty burraco: how many; in hand: values left in its hands.",
            f"Tick pozzetto if the side took its pozzetto. Score = melded + {CLEAN_BONUS} per "
            f"clean + {DIRTY_BONUS} per dirty + {CLOSING_BONUS} for closing - in hand - "
            f"{NO_POZZETTO} without the pozzetto.",
            "One hand is the game." if not target else f"The game ends at {target} points.",
        ]

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

    @property
    def team_game(self) -> bool:
        return self.players == 4

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
        self.closed = None
        self.turn = first
        self.phase = DRAW

    # ------------------------------------------------------------------ asking

    @property
    def to_act(self) -> int | list[int] | None:
        return self.turn if self.phase in (DRAW, MELD) else None

    def hand(self, seat: int) -> list[Card]:
        return sorted_cards(self.hands[seat])

    @property
    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos if self.phase in (DRAW, MELD) else 0

    def has_burraco(self, side: int) -> bool:
        return any(m.burraco for m in self.melds[side])

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat != self.to_act:
            return []
        if self.phase == DRAW:
            return [draw_action(seat, source) for source in SOURCES]
        return [discard_action(seat, c) for c in self._legal_discards(seat)]

    def _more_legal_actions(self, seat: int) -> Iterator[Action]:
        """Every legal meld and addition, one writing per play (:mod:`burraco_legal`)."""
        if self.phase != MELD or seat != self.turn:
            return
        hand = self.hands[seat]
        seen: set[Hashable] = set()
        candidates: list[tuple[int | None, Iterator[tuple[Card, ...]]]] = [
            (None, burraco_legal.meld_candidates(hand))
        ]
        for number, meld in enumerate(self.melds[self.side_of(seat)]):
            candidates.append((number, burraco_legal.addition_candidates(meld, hand)))
        for index, writings in candidates:
            for cards in writings:
                if index is None:
                    action = meld_action(seat, cards)
                    check = self._check_meld_action
                else:
                    action = add_action(seat, index, cards)
                    check = self._check_add_action
                try:
                    made = check(action)[0]
                except IllegalEvent:
                    continue
                key = burraco_legal.play_key(action.type, index, made)
                if key not in seen:
                    seen.add(key)
                    yield action

    def _is_legal(self, seat: int, action: Action) -> bool:
        if action.type == "meld":
            return self._why_not(self._check_meld_action, action) is None
        if action.type == "add":
            return self._why_not(self._check_add_action, action) is None
        return super()._is_legal(seat, action)

    def canonical(self, action: Action) -> Action:
        """The listed writing of the play ``action`` makes (a group in another order is
        the same play); ``action`` itself when it is not a legal meld or addition."""
        if action.type not in ("meld", "add") or action.seat is None:
            return action
        if not self._is_legal(action.seat, action):
            return action
        wanted = self._play_key(action)
        for listed in self._more_legal_actions(action.seat):
            if self._play_key(listed) == wanted:
                return listed
        return action

    def _play_key(self, action: Action) -> Hashable:
        if action.type == "meld":
            return burraco_legal.play_key("meld", None, self._check_meld_action(action)[0])
        made = self._check_add_action(action)[0]
        return burraco_legal.play_key("add", action.arg("meld"), made)

    def _legal_discards(self, seat: int) -> list[Card]:
        distinct = sorted_cards(set(self.hands[seat]))
        return [c for c in distinct if self._discard_problem(seat, c) is None]

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        if self.phase == MELD and seat in (None, self.turn):
            melds = self.meld_candidates(self.turn)
            if melds and rng.random() < MELD_CHANCE:
                return melds[rng.randrange(len(melds))]
        return super().random_action(rng, seat)

    def meld_candidates(self, seat: int) -> list[Action]:
        """Legal melds and single-card additions ``seat`` may make now (some, not every
        one: :func:`~engine.games.burraco_melds.find_melds`); the random player's."""
        if self.phase != MELD or seat != self.turn:
            return []
        hand = self.hands[seat]
        side = self.side_of(seat)
        found: list[Action] = []
        for cards in find_melds(hand):
            action = meld_action(seat, cards)
            if self._why_not(self._check_meld_action, action) is None:
                found.append(action)
        distinct = sorted_cards(set(hand))
        for index, meld in enumerate(self.melds[side]):
            for card in distinct:
                fits = is_wildcard(card) or (
                    card.rank == meld.rank if meld.suit is None else card.suit == meld.suit
                )
                if not fits:
                    continue
                action = add_action(seat, index, (card,))
                if self._why_not(self._check_add_action, action) is None:
                    found.append(action)
        return found

    def check_meld(self, seat: int, cards: list[Card | str]) -> MeldCheck:
        """Whether ``seat`` may lay ``cards`` (written low to high) as a meld now; the
        meld, or why not (every rule: the turn, the cards held, the meld, closing)."""
        return self._explain(
            self._check_meld_action, {"type": "meld", "seat": seat, "cards": cards}
        )

    def check_addition(self, seat: int, meld: int, cards: list[Card | str]) -> MeldCheck:
        """Whether ``seat`` may add ``cards`` to its side's meld number ``meld`` now."""
        event = {"type": "add", "seat": seat, "meld": meld, "cards": cards}
        return self._explain(self._check_add_action, event)

    def _explain(self, check: Any, event: dict[str, Any]) -> MeldCheck:
        event["cards"] = [c.code if isinstance(c, Card) else c for c in event["cards"]]
        try:
            meld: Meld = check(self.parse(event))[0]
        except IllegalEvent as error:
            return MeldCheck(None, str(error), error.rule)
        except MalformedEvent as error:
            return MeldCheck(None, str(error), "event")
        return MeldCheck(meld)

    @staticmethod
    def _why_not(check: Any, action: Action) -> str | None:
        try:
            check(action)
        except IllegalEvent as error:
            return str(error)
        return None

    # ------------------------------------------------------------------ parsing

    @parser("draw")
    def _parse_draw(self, event: Event) -> Action:
        seat = parse_seat(event, self.players)
        source = require(event, "from")
        if source not in SOURCES:
            raise MalformedEvent(f"'from' must be 'stock' or 'discard', not {source!r}", event)
        return draw_action(seat, source)

    @parser("meld")
    def _parse_meld(self, event: Event) -> Action:
        return meld_action(parse_seat(event, self.players), tuple(parse_cards(event, "cards")))

    @parser("add")
    def _parse_add(self, event: Event) -> Action:
        seat = parse_seat(event, self.players)
        index = require(event, "meld")
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise MalformedEvent(f"'meld' must be a meld number from 0, not {index!r}", event)
        return add_action(seat, index, tuple(parse_cards(event, "cards")))

    @parser("discard")
    def _parse_discard(self, event: Event) -> Action:
        return discard_action(parse_seat(event, self.players), parse_card(event))

    # ------------------------------------------------------------------ checking

    def _require_turn(self, action: Action, phase: str) -> int:
        seat = action.seat
        assert seat is not None
        if self.phase not in (DRAW, MELD):
            raise WrongPhase(
                f"seat {seat} cannot {action.type} now: no hand is being played",
                seat=seat,
                event=action.to_event(),
            )
        if seat != self.turn:
            raise self._not_your_turn(action)
        if self.phase != phase:
            why = (
                "it has drawn already this turn (meld, add or discard)"
                if phase == DRAW
                else "it must draw first (from the stock or the discard pile)"
            )
            raise WrongPhase(
                f"seat {seat} cannot {action.type} now: {why}",
                seat=seat,
                event=action.to_event(),
                rule="draw first" if phase == MELD else "one draw a turn",
            )
        return seat

    def _require_held(self, action: Action, seat: int, cards: tuple[Card, ...]) -> list[Card]:
        """The hand left once ``cards`` are out of it, or :class:`CardNotHeld`."""
        left = Counter(self.hands[seat])
        left.subtract(cards)
        missing = [c for c, n in left.items() if n < 0]
        if missing:
            raise CardNotHeld(
                f"seat {seat} cannot {action.type} {codes(cards)}: it does not hold "
                f"{' '.join(sorted(c.code for c in missing))} (so many times)",
                seat=seat,
                event=action.to_event(),
            )
        return list(left.elements())

    def _leave_problem(self, seat: int, left: list[Card], burraco: bool) -> tuple[str, str] | None:
        """Why a meld or addition leaving ``left`` in ``seat``'s hand would leave it
        unable to close (``burraco``: its side has one after the play), or ``None``."""
        if not self.took_pozzetto[self.side_of(seat)] or len(left) > 1:
            return None
        if not left:
            return (
                "final discard",
                "its side has taken its pozzetto, so its hand may only be emptied by a "
                "closing discard: it must keep a card to discard",
            )
        if not burraco:
            return (
                "unable to close",
                f"it would keep only {left[0].code}, whose discard would empty its hand, and "
                "its side has no burraco to close with",
            )
        if is_wildcard(left[0]):
            return (
                "unable to close",
                f"it would keep only {left[0].code}, a wildcard, and a hand may not be closed "
                "by discarding a wildcard",
            )
        return None

    def _check_meld_action(self, action: Action) -> tuple[Meld, list[Card]]:
        seat = self._require_turn(action, MELD)
        cards: tuple[Card, ...] = action.args[0][1]
        left = self._require_held(action, seat, cards)
        checked = check_meld(cards)
        if checked.meld is None:
            raise self._breach(action, checked.rule, checked.reason)
        burraco = self.has_burraco(self.side_of(seat)) or checked.meld.burraco is not None
        problem = self._leave_problem(seat, left, burraco)
        if problem is not None:
            raise self._breach(action, *problem)
        return checked.meld, left

    def _check_add_action(self, action: Action) -> tuple[Meld, list[Card]]:
        seat = self._require_turn(action, MELD)
        cards: tuple[Card, ...] = action.arg("cards")
        index: int = action.arg("meld")
        side = self.side_of(seat)
        melds = self.melds[side]
        if index >= len(melds):
            whose = "its team has" if self.team_game else "it has"
            raise self._breach(
                action,
                "own melds",
                f"{whose} {len(melds)} meld(s) (numbered from 0), and a player may add "
                "only to its own side's melds",
            )
        left = self._require_held(action, seat, cards)
        checked = check_addition(melds[index], cards)
        if checked.meld is None:
            raise self._breach(action, checked.rule, checked.reason)
        burraco = checked.meld.burraco is not None or any(
            m.burraco for i, m in enumerate(melds) if i != index
        )
        problem = self._leave_problem(seat, left, burraco)
        if problem is not None:
            raise self._breach(action, *problem)
        return checked.meld, left

    def _discard_problem(self, seat: int, card: Card) -> tuple[str, str] | None:
        if len(self.hands[seat]) > 1:
            return None
        side = self.side_of(seat)
        if not self.took_pozzetto[side]:
            return None  # the hand empties: the pozzetto comes next turn
        if not self.has_burraco(side):
            return (
                "closing",
                "it is its last card and its side has taken its pozzetto, so this discard "
                "would close, but the side has no burraco",
            )
        if is_wildcard(card):
            return ("closing", "a hand may not be closed by discarding a wildcard")
        return None

    @staticmethod
    def _breach(action: Action, rule: str, why: str) -> RuleViolation:
        cards = action.arg("cards")
        what = action.type
        if cards is not None:
            what += " " + codes(cards)
            if action.type == "add":
                what += f" to meld {action.arg('meld')}"
        elif action.card is not None:
            what += " " + action.card.code
        return RuleViolation(
            f"seat {action.seat} cannot {what}: {why}",
            seat=action.seat,
            event=action.to_event(),
            rule=rule,
        )

    # ------------------------------------------------------------------ applying

    @applier("draw")
    def _apply_draw(self, action: Action) -> None:
        seat = self._require_turn(action, DRAW)
        hand = self.hands[seat]
        if action.args[0][1] == "stock":
            hand.append(self.stock[self.stock_pos])
            self.stock_pos += 1
        else:
            hand.extend(self.discard_pile)
            self.known[seat].update(self.discard_pile)
            self.discard_pile = []
        self.phase = MELD

    @applier("meld")
    def _apply_meld(self, action: Action) -> None:
        meld, left = self._check_meld_action(action)
        seat = self.turn
        self.melds[self.side_of(seat)].append(meld)
        self._set_hand(seat, left)

    @applier("add")
    def _apply_add(self, action: Action) -> None:
        meld, left = self._check_add_action(action)
        seat = self.turn
        self.melds[self.side_of(seat)][action.arg("meld")] = meld
        self._set_hand(seat, left)

    def _set_hand(self, seat: int, left: list[Card]) -> None:
        self.known[seat] -= Counter(self.hands[seat]) - Counter(left)  # what was laid
        self.hands[seat] = left
        if not left:
            self._take_pozzetto(seat)  # on the fly: it plays on with it

    def _take_pozzetto(self, seat: int) -> None:
        self.hands[seat] = list(self.pozzetti[self.pozzetti_taken])
        self.pozzetti_taken += 1
        self.took_pozzetto[self.side_of(seat)] = True

    @applier("discard")
    def _apply_discard(self, action: Action) -> None:
        seat = self._require_turn(action, MELD)
        card = action.card
        assert card is not None
        hand = self.hands[seat]
        if card not in hand:
            raise CardNotHeld(
                f"seat {seat} cannot discard {card.code}: it does not hold the {card.name}",
                seat=seat,
                event=action.to_event(),
            )
        problem = self._discard_problem(seat, card)
        if problem is not None:
            raise self._breach(action, *problem)
        hand.remove(card)
        self.known[seat] -= Counter((card,))
        self.discard_pile.append(card)
        if not hand:
            side = self.side_of(seat)
            if self.took_pozzetto[side]:
                self.closed = side
                self._end_of_hand()
                return
            self._take_pozzetto(seat)  # after the discard: played from its next turn
        if self.stock_size == STOCK_LEFT_AT_END:
            self._end_of_hand()
            return
        self.turn = (seat + 1) % self.players
        self.phase = DRAW

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
            raise MalformedEvent(f"'pozzetto' must be a list of 2 true/false, not {raw!r}", event)
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
            raise InvalidTally(f"tally rejected: {problem}", event=action.to_event())
        return self._book({k: list(v) if isinstance(v, tuple) else v for k, v in count.items()})

    def tally_problem(self, count: dict[str, Any]) -> str | None:
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
