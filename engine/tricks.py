"""What all trick-taking games share: hands, following suit, winning tricks.

:class:`TrickGame` keeps one trick in progress and plays it out with the usual
rules — the leader may play any card, the others must follow the suit led when
they can, the highest trump (or failing one the highest card of the suit led)
wins, and the winner leads the next trick. Games change the parts that differ by
overriding the hooks (``_follow_error``, ``_trick_winner``, ``_after_trick``,
``_end_of_hand``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.actions import Action
from engine.cards import CARDS_BY_CODE, RANK_CHARS, SUITS, Card, display_order, sorted_cards
from engine.draws import below
from engine.errors import MustFollowSuit
from engine.game import Event, Game, applier, parse_card, parse_seat, parser
from engine.messages import Message, message

PLAY = "play"

_PLAY_ACTIONS: dict[tuple[int, Card], Action] = {}
_PLAYS_BY_JSON: dict[tuple[int, str], Action] = {}
"""The same interned actions keyed by their JSON fields: replaying a play event is
then one dictionary look-up instead of parsing its seat and card."""


def play_action(seat: int, card: Card) -> Action:
    """The (interned) action of ``seat`` playing ``card``."""
    key = (seat, card)
    action = _PLAY_ACTIONS.get(key)
    if action is None:
        action = _PLAY_ACTIONS[key] = Action(PLAY, seat, card)
        _PLAYS_BY_JSON[(seat, card.code)] = action
    return action


_SEATS_INTERNED = 8
"""Seats whose play actions are made once, at import (every game has fewer)."""
PLAYS_OF_SEAT: list[dict[Card, Action]] = [
    {card: play_action(seat, card) for card in CARDS_BY_CODE.values()}
    for seat in range(_SEATS_INTERNED)
]
"""``PLAYS_OF_SEAT[seat][card]``: the interned play actions, listed without a call each."""


CARDS_OF_SUIT: dict[str | None, frozenset[Card]] = {
    suit: frozenset(c for c in CARDS_BY_CODE.values() if c.suit == suit) for suit in (*SUITS, None)
}
"""Every card of a suit (``None``: the jokers). A hand's cards of the suit led are then
one C-level set intersection, and whether it holds any one ``isdisjoint``: following
suit costs no Python loop over the hand."""


def plays_of(seat: int, cards: Sequence[Card]) -> list[Action]:
    """The interned play actions of ``seat`` for ``cards``, in their order (one C-level
    ``map``, no call per card)."""
    return list(map(PLAYS_OF_SEAT[seat].__getitem__, cards))


def winning_seat(trick: Sequence[tuple[int, Card]], trump: str | None) -> int:
    """The seat that wins a complete ``trick`` of ``(seat, card)`` pairs in play order:
    the one with the highest trump, or failing one the highest card of the suit led."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card.suit == best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif card.suit == trump:
            best_seat, best = seat, card
    return best_seat


def winning_seat_of_four(trick: Sequence[tuple[int, Card]], trump: str | None) -> int:
    """:func:`winning_seat` of a trick of exactly four cards, unrolled: no slice and no
    loop (whist books 13 of them a deal; about a third fewer instructions a trick)."""
    (winner, best), (seat1, card1), (seat2, card2), (seat3, card3) = trick
    suit = best.suit  # the suit that wins so far: the suit led, or trumps once ruffed
    if card1.suit == suit:
        if card1.rank > best.rank:
            winner, best = seat1, card1
    elif card1.suit == trump:
        winner, best, suit = seat1, card1, trump
    if card2.suit == suit:
        if card2.rank > best.rank:
            winner, best = seat2, card2
    elif card2.suit == trump:
        winner, best, suit = seat2, card2, trump
    if card3.suit == suit:
        if card3.rank > best.rank:
            winner = seat3
    elif card3.suit == trump:
        winner = seat3
    return winner


def winning_seat_by_strength(
    trick: Sequence[tuple[int, Card]], trump: str | None, strength: Sequence[int]
) -> int:
    """Like :func:`winning_seat`, but cards of one suit compare by ``strength[card.rank]``
    instead of by rank (the Italian games: in Briscola the 3 beats the king, in
    Tresette the 3 and the 2 beat the ace)."""
    best_seat, best = trick[0]
    best_strength = strength[best.rank]
    for seat, card in trick[1:]:
        if card.suit == best.suit:
            card_strength = strength[card.rank]
            if card_strength > best_strength:
                best_seat, best, best_strength = seat, card, card_strength
        elif card.suit == trump:
            best_seat, best, best_strength = seat, card, strength[card.rank]
    return best_seat


def strength_table(order: str) -> tuple[int, ...]:
    """A ``strength`` table for :func:`winning_seat_by_strength`, indexed by rank, from the
    rank characters strongest first (``"A3KQJ76542"``)."""
    table = [0] * 15
    for place, rank_char in enumerate(order):
        table[RANK_CHARS.index(rank_char) + 2] = len(order) - place
    return tuple(table)


class TrickGame(Game):
    """A game played in tricks. Subclasses deal into ``self.hands`` and then call
    :meth:`_start_hand`."""

    tricks_per_hand: int = 13

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.hands: list[set[Card]] = [set() for _ in range(players)]
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: list[tuple[int, Card]] = []
        self.last_trick_winner: int | None = None
        self.trump: str | None = None
        self.turn = 0
        self.trick_number = 0
        self.tricks_won = [0] * self.sides

    # ------------------------------------------------------------------ deals

    def _apply_deal(self, action: Action) -> None:
        super()._apply_deal(action)
        self._forget_last_trick()

    def _apply_tally(self, action: Action) -> None:
        super()._apply_tally(action)
        self._forget_last_trick()

    def _forget_last_trick(self) -> None:
        """A new deal (or a tallied one) has no last trick: the one kept from an earlier
        deal would show, as this deal's last trick, cards now in the players' hands."""
        self.last_trick = []
        self.last_trick_winner = None

    # ------------------------------------------------------------------ play

    def _start_hand(self, leader: int) -> None:
        self._set_phase(PLAY)
        self.turn = leader
        self.trick = []
        self.trick_number = 0
        self.tricks_won = [0] * self.sides

    def _to_act_in_play(self) -> int | list[int] | None:
        return self.turn if self.phase == PLAY else None

    @property
    def tricks(self) -> list[int] | None:
        return list(self.tricks_won)

    def hand(self, seat: int) -> list[Card]:
        return sorted_cards(self.hands[seat])

    @parser("play")
    def _parse_play(self, event: Event) -> Action:
        seat = event.get("seat")
        card = event.get("card")
        if type(seat) is int and seat < self.players and type(card) is str:
            action = _PLAYS_BY_JSON.get((seat, card))
            if action is not None:
                return action
        return play_action(parse_seat(event, self.players), parse_card(event))

    @applier("play")
    def _apply_play(self, action: Action) -> None:
        seat = action.seat
        card = action.card
        assert seat is not None
        hand = self.hands[seat]
        if self.phase != PLAY or seat != self.turn or card not in hand:
            self._check_card_play(action, PLAY, self.turn, hand)  # raises the precise error
        assert card is not None
        if self.trick:
            problem = self._follow_error(seat, card)
            if problem is not None:
                raise self._refused_play(action, problem)
        hand.remove(card)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) == self.players:
            self._trick_complete()
        else:
            self.turn = (seat + 1) % self.players

    @staticmethod
    def _refused_play(action: Action, problem: Message) -> MustFollowSuit:
        """The error refusing ``action`` for the follow-suit ``problem``."""
        return MustFollowSuit(
            message("play.refused", seat=action.seat, card=action.card, reason=problem),
            seat=action.seat,
            event=action.to_event(),
        )

    def _follow_error(self, seat: int, card: Card) -> Message | None:
        """Why ``seat`` may not play ``card`` to the current trick, or ``None``."""
        led = self.trick[0][1].suit
        if card.suit == led or self.hands[seat].isdisjoint(CARDS_OF_SUIT[led]):
            return None
        assert led is not None
        return message("follow_suit", suit=led, seat=seat)

    def _legal_plays(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            following = hand & CARDS_OF_SUIT[trick[0][1].suit]
            if following:
                hand = following
        # sorted and map run in C: no Python-level loop over the hand.
        return plays_of(seat, sorted(hand, key=display_order))

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PLAY and seat == self.turn:
            return self._legal_plays(seat)
        return []

    def _random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        if self.phase == PLAY and (seat is None or seat == self.turn):
            # Hot path of random playouts: the legal plays without building a list of
            # every other seat's actions first.
            # below(rng, n) draws exactly as choice(plays) and randrange(len(plays))
            # did (_randbelow(len), inline for a plain Random): the same seed, the
            # same game.
            plays = self._legal_actions(self.turn)
            return plays[below(rng, len(plays))]
        return super()._random_action(rng, seat)

    def _trick_complete(self) -> None:
        winner = self._trick_winner(self.trick)
        self._book_trick(winner)

    def _book_trick(self, winner: int) -> None:
        """Record the trick just completed as won by ``winner`` and move on."""
        cards = self.trick
        self.tricks_won[self.side_of(winner)] += 1
        self.last_trick = cards
        self.last_trick_winner = winner
        self.trick = []
        self.trick_number += 1
        self.turn = winner
        self._after_trick(winner, cards)
        if self.trick_number == self.tricks_per_hand:
            self._end_of_hand()

    def _trick_winner(self, trick: list[tuple[int, Card]]) -> int:
        """The seat that wins ``trick`` (see :func:`winning_seat`)."""
        return winning_seat(trick, self.trump)

    def _after_trick(self, winner: int, cards: list[tuple[int, Card]]) -> None:
        """Hook: anything that happens after a trick (drawing from a stock …)."""

    def _end_of_hand(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ conceding a deal

    def _cards_to_play(self) -> list[Card]:
        """Every card of the deal still to be played or taken: the hands, the trick in
        progress (and, in a game with a stock, the stock: subclasses add it)."""
        left = [card for hand in self.hands for card in hand]
        left.extend(card for _, card in self.trick)
        return left

    def _clear_conceded_deal(self) -> None:
        """Take every card still in play off the table (the hands and the trick in
        progress; subclasses also their stock): nothing of them is shown any more."""
        self.hands = [set() for _ in range(self.players)]
        self.trick = []
        self.trick_number = self.tricks_per_hand

    def _concede_tricks(self, seat: int) -> None:
        """The trick-counting concession: every trick not yet won (the one in progress
        included) goes to the other side, and the hand ends as usual."""
        other = 1 - self.side_of(seat)
        self.tricks_won[other] += self.tricks_per_hand - self.trick_number
        self._clear_conceded_deal()
        self._end_of_hand()

    # ------------------------------------------------------------------ views

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        view["trump"] = self.trump
        view["hand"] = [c.code for c in self.hand(seat)] if seat is not None else None
        view["hand_sizes"] = [len(h) for h in self.hands]
        view["trick"] = [{"seat": s, "card": c.code} for s, c in self.trick]
        view["last_trick"] = [{"seat": s, "card": c.code} for s, c in self.last_trick]
        view["last_trick_winner"] = self.last_trick_winner
        view["tricks"] = self.tricks
        view["trick_number"] = self.trick_number
