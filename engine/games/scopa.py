"""Scopa (``scopa``): 2 or 3 players, or 4 or 6 players in two teams.

The rules (RULES.md §5 and the seed 004, which is the authority):

- The Italian 40-card deck (the French deck without 8, 9 and 10); values A = 1,
  2 … 7 face value, J (fante) = 8, Q (cavallo) = 9, K (re) = 10. Coins are diamonds;
  the settebello is ``7D``. With 4 or 6 players team ``t`` holds seats ``t, t+2, …``.
- **Deal** of a round: ``deck[i]`` for ``i < 3n`` goes to seat ``(dealer + 1 + i) mod n``
  (3 cards each, one at a time from ``dealer + 1``), then ``deck[3n … 3n+3]`` are laid
  face up on the table in that order; the rest is the stock, ``deck[3n+4]`` on top.
  When every hand is empty and the stock is not, the next ``3n`` stock cards are dealt
  the same way (2 players: 6 hands a round, 3: 4, 4: 3, 6: 2). ``dealer + 1`` plays
  first, then the turn passes to ``seat + 1``.
- **A play** is ``{"type": "play", "seat": s, "card": c, "capture": [cards]}``:
  if a table card has the same value as ``c``, the capture must be exactly one such
  card (rule ``same value first``); otherwise, if some set of table cards adds up to
  ``c``'s value, the capture must be one such set (``capture sum``); otherwise the
  card is laid: ``capture`` empty or absent. A card that can capture must capture
  (``must capture``); captured cards must lie on the table (``capture from the
  table``). The canonical event of a lay has no ``capture``; a capture lists its
  cards in display order (any order is accepted).
- **Scopa**: a capture that clears the table scores 1 for the side. A sweep on the very
  last play of the round scores only with option ``last_sweep_counts`` (default false).
- **End of round** (all 36 cards played): the cards still on the table go to the side
  that captured last; that is not a scopa.
- **Round points** per side: most cards 1, most coins 1 (nobody's on a tie), the
  settebello 1, primiera 1 (nobody's on a tie), one per scopa. The primiera is the sum
  over the suits of the side's best card (7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14,
  3 = 13, 2 = 12, J/Q/K = 10), a lacking suit adding 0; with option
  ``primiera_needs_all_suits`` (default false) a side lacking a suit has none (0).
- **End**: after a round in which a side has at least ``target`` (default 11) points
  and more than every other side; a tie at the top plays on.
- Option ``refill`` (default ``"deal"``): ``"each_play"`` is the seed's variation in
  which, instead of dealing 3 more each when the hands are empty, the player who has
  just played draws the top card of the stock (while it lasts), so hands stay at 3
  cards until the stock is empty; then the hands are played out. The first deal (3
  each, 4 on the table) and the turn order are the same.

A score sheet records a round as a ``tally`` (:mod:`engine.games.scopa_sheet`), per
side: cards and coins taken, scope made, each side's primiera (0 for a side that may
not score it) and the side that took the settebello, checked as
:mod:`engine.games.scopa_tally` says and scored exactly as an online round.

**Views.** A seat sees its own hand; the others' only as counts (``hand_sizes``),
partners' included. Public: the ``table`` (in the order the cards arrived), the
``stock_size`` (never the stock's cards or order), per side the number of cards it has
captured this round (``captured``) and its ``scope``, the ``last_capturer`` (a seat),
the ``last_play`` and, after a round, ``last_round``: its count (the tally's fields)
and the points per component. A real table keeps captured piles face down, so the
captured cards are not listed, though every capture was seen when it was made.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engine.actions import Action
from engine.bots.scopa import scopa as scopa_bot
from engine.cards import Card, italian_deck, sorted_cards
from engine.errors import RuleViolation
from engine.game import Event, Game, applier, parse_int_list, parse_side, parser, tally_action
from engine.games import scopa_sheet
from engine.games.scopa_captures import (
    CAPTURES_BY_JSON,
    LAYS_BY_JSON,
    capture_problem,
    is_legal_play,
    legal_plays,
    parse_play,
)
from engine.games.scopa_captures import capture_action as capture_action  # re-exported
from engine.games.scopa_rules import DECK_SIZE as DECK_SIZE  # re-exported
from engine.games.scopa_rules import (
    PLAYS_PER_ROUND,
    TABLE_SIZE,
    VALUE,
    RoundCount,
    count_piles,
    round_points,
    same_value_or_sum,
)
from engine.games.scopa_tally import tally_problem
from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
from engine.messages import Message, message, own_codes
from engine.options import Option

PLAY: Final = "play"
HAND_SIZE: Final = 3
DEAL_REFILL: Final = "deal"
EACH_PLAY: Final = "each_play"


class Scopa(Game):
    name = "scopa"
    rule_messages = own_codes(TRICK_GAME_MESSAGES, name)
    bot = scopa_bot
    title = "Scopa"
    player_counts = (2, 3, 4, 6)
    option_spec: ClassVar[dict[str, Option]] = {
        "target": Option(
            "target",
            "int",
            11,
            "the game ends after a round in which a side has at least this many points "
            "and more than every other side",
            minimum=1,
            maximum=100,
        ),
        "last_sweep_counts": Option(
            "last_sweep_counts",
            "bool",
            False,
            "whether clearing the table on the very last play of a round is a scopa",
        ),
        "primiera_needs_all_suits": Option(
            "primiera_needs_all_suits",
            "bool",
            False,
            "a side lacking a suit cannot win the primiera",
        ),
        "refill": Option(
            "refill",
            "str",
            DEAL_REFILL,
            "'deal': 3 more cards each when the hands are empty; 'each_play': the player "
            "draws a card from the stock after each play",
            choices=(DEAL_REFILL, EACH_PLAY),
        ),
    }
    tally_spec = scopa_sheet.TALLY_SPEC

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return scopa_sheet.sheet_notes(options)

    OPTIONAL_FIELDS: ClassVar[Mapping[str, frozenset[str]]] = {"play": frozenset({"capture"})}

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.table: list[Card] = []
        """The cards face up on the table, in the order they arrived."""
        self.stock: list[Card] = []
        """The stock of the current round, top first; ``stock[stock_pos:]`` is left."""
        self.stock_pos = 0
        self.turn = 0
        self.plays_left = 0
        """Plays still to come in this round (the round ends when it reaches 0)."""
        self.in_hands = 0
        """Cards held by all the seats together."""
        self.captured: list[list[Card]] = [[] for _ in range(self.sides)]
        """Per side, the cards it has captured this round."""
        self.scope = [0] * self.sides
        self.last_capturer: int | None = None
        """The seat that made the last capture of this round."""
        self.last_play: tuple[int, Card, tuple[Card, ...], bool] | None = None
        """The last play of this round: seat, card, cards taken, whether a scopa."""
        self.last_round: dict[str, Any] | None = None
        """The count and the points per component of the last finished round."""
        self.each_play = self.options["refill"] == EACH_PLAY
        self.last_sweep_counts: bool = self.options["last_sweep_counts"]
        self.teams = self.team_game

    @property
    def team_game(self) -> bool:
        return self.players in (4, 6)

    def new_deck(self) -> list[Card]:
        return italian_deck()

    # ------------------------------------------------------------------ dealing

    def _deal(self, deck: list[Card]) -> None:
        n = self.players
        dealt = HAND_SIZE * n
        self.hands = [[] for _ in range(n)]
        self._deal_hands(deck[:dealt])
        self.table = deck[dealt : dealt + TABLE_SIZE]
        self.stock = deck[dealt + TABLE_SIZE :]
        self.stock_pos = 0
        self.plays_left = PLAYS_PER_ROUND
        self.captured = [[] for _ in range(self.sides)]
        self.scope = [0] * self.sides
        self.last_capturer = None
        self.last_play = None
        self._set_phase(PLAY)

    def _deal_hands(self, cards: list[Card]) -> None:
        """Deal ``cards`` one at a time from ``dealer + 1``; ``dealer + 1`` plays next."""
        n = self.players
        first = self.dealer + 1
        for index, dealt in enumerate(cards):
            self.hands[(first + index) % n].append(dealt)
        self.in_hands = len(cards)
        self.turn = first % n

    def _apply_tally(self, action: Action) -> None:
        super()._apply_tally(action)
        self.last_play = None

    # ------------------------------------------------------------------ asking

    def _to_act_in_play(self) -> int | list[int] | None:
        return self.turn if self.phase == PLAY else None

    def hand(self, seat: int) -> list[Card]:
        return sorted_cards(self.hands[seat])

    @property
    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos if self.phase == PLAY else 0

    def captures_for(self, card: Card) -> list[tuple[Card, ...]]:
        """The captures ``card`` may make from the table now (empty: it is laid)."""
        return same_value_or_sum(self.table, VALUE[card])

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase != PLAY or seat != self.turn:
            return []
        return legal_plays(seat, self.hands[seat], self.table)

    def _random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        if self.phase == PLAY and (seat is None or seat == self.turn):
            # Hot path of random playouts: only the seat to play has actions.
            turn = self.turn
            actions = legal_plays(turn, self.hands[turn], self.table)
            return actions[rng.randrange(len(actions))]
        return super()._random_action(rng, seat)

    # ------------------------------------------------------------------ playing

    @parser("play")
    def _parse_play(self, event: Event) -> Action:
        # Hot path of replays: one look-up (the seat's type first: True finds seat 1).
        seat = event.get("seat")
        if type(seat) is int and 0 <= seat < self.players:
            raw = event.get("capture")
            code: Any = event.get("card")  # anything but a card code finds nothing
            try:
                if raw is None or raw == []:
                    action = LAYS_BY_JSON.get((seat, code))
                elif type(raw) is list:
                    action = CAPTURES_BY_JSON.get((seat, code, tuple(raw)))
                else:
                    action = None
            except TypeError:  # an unhashable card or capture item: explained below
                action = None
            if action is not None:
                return action
        return parse_play(event, self.players)

    @applier("play")
    def _apply_play(self, action: Action) -> None:
        seat = action.seat
        card = action.card
        assert seat is not None and card is not None
        hand = self.hands[seat]
        if self.phase != PLAY or seat != self.turn or card not in hand:
            self._check_card_play(action, PLAY, self.turn, hand)  # raises the precise error
        args = action.args
        table = self.table
        if args:
            taken: tuple[Card, ...] = args[0][1]
            legal = is_legal_play(table, card, taken)
        else:
            taken = ()
            # A lay: no set of table cards (a single one included) adds up to the card.
            reachable = 1
            for c in table:
                reachable |= reachable << VALUE[c]
            legal = not reachable >> VALUE[card] & 1
        if not legal:
            problem = capture_problem(table, card, taken)
            assert problem is not None
            raise self._breach(action, *problem)

        # Legal: apply it.
        hand.remove(card)
        self.in_hands -= 1
        self.plays_left -= 1
        swept = False
        if taken:
            side = seat % 2 if self.teams else seat
            for c in taken:
                table.remove(c)
            pile = self.captured[side]
            pile.extend(taken)
            pile.append(card)
            self.last_capturer = seat
            if not table and (self.plays_left > 0 or self.last_sweep_counts):
                self.scope[side] += 1
                swept = True
        else:
            table.append(card)
        self.last_play = (seat, card, taken, swept)
        self.turn = (seat + 1) % self.players
        stock = self.stock
        if self.plays_left == 0:
            self._end_of_round()
        elif self.each_play:
            if self.stock_pos < len(stock):
                hand.append(stock[self.stock_pos])
                self.stock_pos += 1
                self.in_hands += 1
        elif self.in_hands == 0:
            start = self.stock_pos
            self.stock_pos = start + HAND_SIZE * self.players
            self._deal_hands(stock[start : self.stock_pos])

    @staticmethod
    def _breach(action: Action, rule: str, why: Message) -> RuleViolation:
        assert action.card is not None
        taken = action.arg("capture", ())
        refusal = (
            message(
                "scopa.capture.refused", seat=action.seat, card=action.card, cards=taken, reason=why
            )
            if taken
            else message("scopa.lay.refused", seat=action.seat, card=action.card, reason=why)
        )
        return RuleViolation(
            refusal,
            seat=action.seat,
            event=action.to_event(),
            rule=rule,
        )

    def _end_of_round(self) -> None:
        """Give the cards left on the table to the side that captured last, count the
        piles and book the round's points."""
        if self.table and self.last_capturer is not None:
            self.captured[self.side_of(self.last_capturer)].extend(self.table)
            self.table = []
        count = count_piles(self.captured, self.scope, self.options["primiera_needs_all_suits"])
        points, components = round_points(count)
        self.last_round = {"count": count.to_json(), "points": components}
        self._finish_deal(points)

    def _concede_refusal(self, seat: int) -> Message | None:
        return self._two_sides_refusal(seat, self.phase == PLAY)

    def _concede(self, seat: int) -> None:
        # Hands, stock and table go to the other side (no scopa), then the usual count.
        left = [card for hand in self.hands for card in hand]
        self.captured[1 - self.side_of(seat)] += left + self.stock[self.stock_pos :] + self.table
        self.hands, self.table = [[] for _ in range(self.players)], []
        self.stock_pos, self.plays_left, self.in_hands = len(self.stock), 0, 0
        self._end_of_round()

    def _game_is_over(self) -> bool:
        best = max(self.totals)
        target: int = self.options["target"]
        return best >= target and self.totals.count(best) == 1

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        sides = self.sides
        settebello = parse_side(event, "settebello", sides)
        return tally_action(
            cards=parse_int_list(event, "cards", sides),
            coins=parse_int_list(event, "coins", sides),
            scope=parse_int_list(event, "scope", sides),
            settebello=settebello,
            primiera=parse_int_list(event, "primiera", sides),
        )

    def _score_tally(self, action: Action) -> list[int]:
        count = RoundCount(
            cards=action.arg("cards"),
            coins=action.arg("coins"),
            scope=action.arg("scope"),
            settebello=action.arg("settebello"),
            primiera=action.arg("primiera"),
        )
        problem = self.tally_problem(count)
        if problem is not None:
            raise self._tally_error(action, problem)
        points, components = round_points(count)
        self.last_round = {"count": count.to_json(), "points": components}
        return points

    def tally_problem(self, count: RoundCount) -> Message | None:
        """Why ``count`` cannot be a round's score sheet, or ``None``
        (:func:`~engine.games.scopa_tally.tally_problem`)."""
        return tally_problem(count, self.sides, self.options["primiera_needs_all_suits"])

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        playing = self.phase == PLAY
        view["hand"] = [c.code for c in self.hand(seat)] if seat is not None else None
        view["hand_sizes"] = [len(h) for h in self.hands]
        view["table"] = [c.code for c in self.table] if playing else []
        view["stock_size"] = self.stock_size
        view["refill"] = self.options["refill"]
        view["captured"] = [len(p) for p in self.captured] if playing else [0] * self.sides
        view["scope"] = list(self.scope) if playing else [0] * self.sides
        view["last_capturer"] = self.last_capturer if playing else None
        last = self.last_play
        view["last_play"] = (
            {
                "seat": last[0],
                "card": last[1].code,
                "capture": [c.code for c in last[2]],
                "scopa": last[3],
            }
            if last is not None
            else None
        )
        view["last_round"] = self.last_round
