"""Partnership whist (``whist``): four players in two teams, the seed's "Witches Whist".

- ``deck[i]`` goes to seat ``(dealer + 1 + i) mod 4``; the last card reaches the
  dealer and is shown to all. Its suit is trumps for the deal, and it stays shown
  in the dealer's hand until it is played.
- Team 0 holds seats 0 and 2, team 1 seats 1 and 3. ``dealer + 1`` leads; follow suit.
- After 13 tricks the team with more tricks scores ``tricks - 6``; the other 0.
- The game ends after a deal in which a team reaches ``target`` (default 5).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

from engine.actions import Action
from engine.bots.whists import whist as whist_bot
from engine.cards import CARDS_BY_CODE, Card, french_deck
from engine.draws import BIT_LENGTHS, INLINE
from engine.game import DEAL, Event, Game, parse_int_list, tally_action
from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
from engine.games.whist_tables import (
    NEXT_SEAT,
    PLAYS_BY_CODE,
    PLAYS_BY_ORDER,
    WHOLE_DECK,
    held_by_suit,
)
from engine.messages import Message, message, own_codes
from engine.options import Option
from engine.tally import Count, Phrase, TallySpec, gettext_noop
from engine.tricks import CARDS_OF_SUIT, PLAY, TrickGame, winning_seat_of_four

TRICKS: Final = 13
"""Tricks in a deal (52 cards, four players)."""
BOOK: Final = 6
"""Tricks that score nothing: the team with more scores the tricks above them."""


class Whist(TrickGame):
    name = "whist"
    rule_messages = own_codes(TRICK_GAME_MESSAGES, name)
    bot = whist_bot
    title = "Partnership whist"
    player_counts = (4,)
    option_spec: ClassVar[dict[str, Option]] = {
        "target": Option(
            "target",
            "int",
            5,
            "points a team needs to win the game",
            minimum=1,
            maximum=100,
        ),
    }
    tally_spec = TallySpec("teams", (Count("tricks", gettext_noop("tricks"), TRICKS),))

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return [
            Phrase(
                gettext_noop(
                    "Tricks add up to %(tricks)s; the team with more tricks scores "
                    "tricks - %(book)s."
                ),
                tricks=TRICKS,
                book=BOOK,
            ),
            Phrase(
                gettext_noop("The game ends when a team reaches %(target)s."),
                target=options.get("target"),
            ),
        ]

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        # An instance value, not FlowEvents' class default: read twice a play (push,
        # random_action), and a class default read through the instance is a generic
        # look-up in CPython 3.11. Whist has room for it (24 attributes; Italian Whist,
        # at 29, has not: see docs/engine.md).
        self.adjourned = False
        self.trump_card: Card | None = None
        self._held: list[dict[str | None, list[int]]] | None = None
        """Per seat and suit, the ``order`` of each card of that suit the seat holds,
        ascending (display order): the same cards as ``hands`` (kept beside them, as
        every game's code reads hands as sets). The suit led is one look-up, a leader's
        plays the four lists one after the other, and a card leaves its list by int
        comparisons in C (a list of cards or actions would compare them through
        Python-level ``__eq__``). Made from the hands on the first legal-play question
        of a deal (``None`` until then), so that a replay, which asks none, does not pay
        for it."""

    @property
    def team_game(self) -> bool:
        return True

    def new_deck(self) -> list[Card]:
        return french_deck()

    def _deal(self, deck: list[Card]) -> None:
        first = self.dealer + 1
        # Seat s gets deck[i] for every i with (first + i) % 4 == s: one slice each.
        self.hands = [set(deck[(seat - first) % 4 :: 4]) for seat in range(4)]
        self._held = None  # made when a legal play is first asked for
        self.trump_card = deck[-1]
        self.trump = self.trump_card.suit
        self._start_hand(first % 4)

    def _check_deck(self, deck: Sequence[Card], action: Action) -> None:
        # The deck is 52 distinct cards whatever the options: a deck of 52 cards that
        # are every card of it is the whole deck. One C-level set where Game sorts the
        # deck (a key call per card); Game's check explains a wrong deck.
        if len(deck) != len(WHOLE_DECK) or set(deck) != WHOLE_DECK:
            super()._check_deck(deck, action)

    # ------------------------------------------------------------------ play (hot path)

    def apply(self, event: Event) -> Action:
        # One event at a time (engine.replay goes through apply_events, a loop): a
        # well-formed play event while the deal is in play is parsed here (two look-ups)
        # and pushed (push checks and applies it: two Python calls where Game.apply
        # makes three); an awaited deal event is applied by _apply_deal_event. Any
        # other event, or a play event of another shape, goes through Game.apply,
        # which parses it from scratch and explains what is wrong with it
        # (tests/engine/test_whist_replay_fast_path.py compares the two).
        if type(event) is not dict or self.phase != PLAY or self.adjourned:
            if type(event) is dict and self.awaiting == DEAL and event.get("type") == DEAL:
                return self._apply_deal_event(event)
            return Game.apply(self, event)
        try:
            # Subscripts, not get() (a method call each): a missing field, a seat off
            # the table or an unknown card code is a KeyError, an unhashable one a
            # TypeError. A code that is not a str finds nothing (the keys are str).
            seat = event["seat"]
            action = PLAYS_BY_CODE[seat][event["card"]] if event["type"] == PLAY else None
        except (KeyError, TypeError):
            action = None
        # ``is``: the seat is the int itself (small ints are one object each), not
        # True or 1.0, which find the same table but are not seats.
        if action is None or action.seat is not seat:
            return Game.apply(self, event)
        self.push(action)
        return action

    def apply_events(self, events: Iterable[Event]) -> None:
        # The hot loop of validated replays (engine.replay): a well-formed legal play
        # while the deal is in play is parsed, checked and applied here, without a
        # Python call (the loop keeps the hands, the trick and the turn in locals, and
        # every change goes to the game at once); anything else — another event, a
        # play this loop does not take (the wrong seat or card, not following suit,
        # any malformed field), a game whose held lists are made — goes through
        # apply(), which applies it or raises the precise error. Same actions, same
        # state, same errors (tests/engine/test_whist_fast_paths.py).
        hands = self.hands
        trick = self.trick
        turn = self.turn
        playing = self.phase == PLAY and not self.adjourned and self._held is None
        for event in events:
            if playing and type(event) is dict:
                try:
                    seat: int = event["seat"]
                    action = PLAYS_BY_CODE[seat][event["card"]] if event["type"] == PLAY else None
                except (KeyError, TypeError):
                    action = None
                if action is not None and action.seat is seat and seat == turn:
                    card = action.card
                    assert card is not None
                    hand = hands[seat]
                    if card in hand and (
                        not trick
                        or card.suit == trick[0][1].suit
                        or hand.isdisjoint(CARDS_OF_SUIT[trick[0][1].suit])
                    ):
                        hand.remove(card)
                        trick.append((seat, card))
                        if len(trick) == 4:
                            self._book_trick_of_four(trick)
                            trick = self.trick
                            turn = self.turn
                            playing = self.phase == PLAY
                        else:
                            turn = self.turn = NEXT_SEAT[seat]
                        self.events_applied += 1
                        continue
            self.apply(event)
            hands = self.hands
            trick = self.trick
            turn = self.turn
            playing = self.phase == PLAY and not self.adjourned and self._held is None

    def _book_trick_of_four(self, trick: list[tuple[int, Card]]) -> None:
        # _apply_play's booking of a complete trick (inline there and in apply, where a
        # call every fourth play costs about 1%).
        winner = winning_seat_of_four(trick, self.trump)
        self.tricks_won[winner & 1] += 1
        self.last_trick = trick
        self.last_trick_winner = winner
        self.trick = []
        self.trick_number += 1
        self.turn = winner
        if self.trick_number == TRICKS:
            self._end_of_hand()

    def _apply_deal_event(self, event: dict[str, Any]) -> Action:
        # A deal event awaited, parsed, checked and applied in one call where Game.apply
        # makes ten (parse, fields, checks, the hooks of Game and TrickGame): the same
        # action and state (tests/engine/test_whist_fast_paths.py). Anything but a
        # list of the 52 cards' codes goes through Game.apply, which explains.
        codes = event.get("deck")
        if type(codes) is list and len(codes) == len(WHOLE_DECK):
            try:
                deck = list(map(CARDS_BY_CODE.__getitem__, codes))
            except (KeyError, TypeError):  # not a card code (or not hashable)
                return Game.apply(self, event)
            if set(deck) == WHOLE_DECK:
                action = Action(DEAL, None, None, (("deck", tuple(deck)),))
                self._deal(deck)
                self.last_trick = []  # TrickGame._forget_last_trick
                self.last_trick_winner = None
                self.events_applied += 1
                return action
        return Game.apply(self, event)

    def push(self, action: Action) -> None:
        # The hot path of random playouts (and of apply): _apply_play's checks and
        # changes, in the same order with the same errors, without its call (about 5%
        # of a playout). Keep the three alike (push, _apply_play, apply_events):
        # tests/engine/test_whist_replay_fast_path.py, test_whist_fast_paths.py and
        # test_seeded_digests.py play, replay and refuse the same games through each.
        if action.type != PLAY or self.phase != PLAY or self.adjourned:
            return Game.push(self, action)
        seat = action.seat
        card = action.card
        assert seat is not None and card is not None
        hand = self.hands[seat]
        if seat != self.turn or card not in hand:
            self._check_card_play(action, PLAY, self.turn, hand)  # raises the precise error
        trick = self.trick
        held = self._held
        if trick:
            led = trick[0][1].suit
            if card.suit != led and (
                held[seat][led] if held is not None else not hand.isdisjoint(CARDS_OF_SUIT[led])
            ):
                assert led is not None
                raise self._refused_play(action, message("follow_suit", suit=led, seat=seat))
        hand.remove(card)
        if held is not None:
            held[seat][card.suit].remove(card.order)
        trick.append((seat, card))
        if len(trick) == 4:
            # _trick_complete and _book_trick inline (whist has nothing after a trick):
            # a team is seat % 2 (seat & 1: ``&`` is cheaper than ``%``).
            winner = winning_seat_of_four(trick, self.trump)
            self.tricks_won[winner & 1] += 1
            self.last_trick = trick
            self.last_trick_winner = winner
            self.trick = []
            self.trick_number += 1
            self.turn = winner
            if self.trick_number == TRICKS:
                self._end_of_hand()
        else:
            self.turn = NEXT_SEAT[seat]
        self.events_applied += 1

    def _apply_play(self, action: Action) -> None:
        # TrickGame's play, keeping the held lists (once made) beside the hand sets.
        seat = action.seat
        card = action.card
        assert seat is not None and card is not None
        hand = self.hands[seat]
        if self.phase != PLAY or seat != self.turn or card not in hand:
            self._check_card_play(action, PLAY, self.turn, hand)  # raises the precise error
        trick = self.trick
        held = self._held
        if trick:
            led = trick[0][1].suit
            if card.suit != led and (
                held[seat][led] if held is not None else not hand.isdisjoint(CARDS_OF_SUIT[led])
            ):
                assert led is not None
                raise self._refused_play(action, message("follow_suit", suit=led, seat=seat))
        hand.remove(card)
        if held is not None:
            held[seat][card.suit].remove(card.order)
        trick.append((seat, card))
        if len(trick) == 4:
            # _trick_complete and _book_trick inline (whist has nothing after a trick):
            # a team is seat % 2 (seat & 1: ``&`` is cheaper than ``%``).
            winner = winning_seat_of_four(trick, self.trump)
            self.tricks_won[winner & 1] += 1
            self.last_trick = trick
            self.last_trick_winner = winner
            self.trick = []
            self.trick_number += 1
            self.turn = winner
            if self.trick_number == TRICKS:
                self._end_of_hand()
        else:
            self.turn = NEXT_SEAT[seat]

    def _held_orders(self) -> list[dict[str | None, list[int]]]:
        """``_held``, made from the hands the first time a deal needs it."""
        held = self._held
        if held is None:
            self._held = held = list(map(held_by_suit, self.hands))
        return held

    def _plays_in_order(self, seat: int) -> list[int]:
        """The ``order`` of each card ``seat`` may play now, ascending."""
        held = self._held
        in_suit = (held if held is not None else self._held_orders())[seat]
        trick = self.trick
        if trick:
            following = in_suit[trick[0][1].suit]
            if following:
                return following
        # Suits S H D C one after the other are the display order.
        return [*in_suit["S"], *in_suit["H"], *in_suit["D"], *in_suit["C"]]

    def _legal_plays(self, seat: int) -> list[Action]:
        return list(map(PLAYS_BY_ORDER[seat].__getitem__, self._plays_in_order(seat)))

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        turn = self.turn
        if self.phase == PLAY and not self.adjourned and (seat is None or seat == turn):
            # The hot path of random playouts, calls short of FlowEvents' (which checks
            # ``adjourned`` and asks _random_action): _legal_plays' choice, inline, from
            # the held ints (mapped to the one action drawn), and rng.choice's draw
            # (_randbelow(len)), inline for a plain Random (engine.draws): the same seed
            # plays the same game.
            held = self._held
            in_suit = (held if held is not None else self._held_orders())[turn]
            trick = self.trick
            orders = in_suit[trick[0][1].suit] if trick else None
            if not orders:
                orders = [*in_suit["S"], *in_suit["H"], *in_suit["D"], *in_suit["C"]]
            if INLINE and type(rng) is random.Random:
                count = len(orders)
                bits = BIT_LENGTHS[count]
                index = rng.getrandbits(bits)
                while index >= count:
                    index = rng.getrandbits(bits)
                return PLAYS_BY_ORDER[turn][orders[index]]
            return rng.choice(self._legal_plays(turn))
        return super().random_action(rng, seat)

    def _trick_complete(self) -> None:
        self._book_trick(winning_seat_of_four(self.trick, self.trump))

    def _clear_conceded_deal(self) -> None:
        super()._clear_conceded_deal()
        self._held = None

    def _end_of_hand(self) -> None:
        team0, team1 = self.tricks_won
        self._finish_deal(deal_score(team0, team1))

    def _concede_refusal(self, seat: int) -> Message | None:
        return self._two_sides_refusal(seat, self.phase == PLAY)

    def _concede(self, seat: int) -> None:
        self._concede_tricks(seat)

    def _game_is_over(self) -> bool:
        target: int = self.options["target"]
        return max(self.totals) >= target

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        return tally_action(tricks=parse_int_list(event, "tricks", 2))

    def _score_tally(self, action: Action) -> list[int]:
        tricks: tuple[int, int] = action.arg("tricks")
        if sum(tricks) != 13:
            raise self._tally_error(
                action, message("whist.tally.tricks_total", count=13, count_got=sum(tricks))
            )

        return deal_score(*tricks)

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        super()._add_to_view(view, seat)
        # The turned card is public for as long as it stays in the dealer's hand.
        shown = self.phase == "play" and self.trump_card in self.hands[self.dealer]
        view["trump_card"] = self.trump_card.code if shown and self.trump_card else None


def deal_score(team0: int, team1: int) -> list[int]:
    """The team with more tricks scores ``tricks - 6``; the other scores 0."""
    if team0 > team1:
        return [team0 - BOOK, 0]
    return [0, team1 - BOOK]
