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
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from engine.actions import Action
from engine.cards import SUITS, Card, display_order, french_deck
from engine.draws import BIT_LENGTHS, INLINE
from engine.game import Event, Game, parse_int_list, tally_action
from engine.messages import Message, message
from engine.options import Option
from engine.tally import Count, Phrase, TallySpec, gettext_noop
from engine.tricks import CARDS_OF_SUIT, PLAY, PLAYS_OF_SEAT, TrickGame, winning_seat

_PLAYS_BY_CODE: Final[dict[int, dict[str, Action]]] = {
    seat: {card.code: action for card, action in PLAYS_OF_SEAT[seat].items()} for seat in range(4)
}
"""Per seat of the table (0 to 3, no other key), the interned play actions by card code:
a replayed play event is two look-ups, its seat out of range or its code unknown a
``None`` (and then the ordinary parse, which explains)."""

_WHOLE_DECK: Final = frozenset(french_deck())
"""The 52 cards of every deal (distinct, interned)."""

TRICKS: Final = 13
"""Tricks in a deal (52 cards, four players)."""
BOOK: Final = 6
"""Tricks that score nothing: the team with more scores the tricks above them."""


class Whist(TrickGame):
    name = "whist"
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
        self._in_suit: list[dict[str | None, dict[Card, Action]]] | None = None
        """Per seat and suit, the seat's cards of that suit (in display order) and their
        play actions: the same cards as ``hands`` (kept beside them, as every game's
        code reads hands as sets), so that listing the legal plays needs no sort and
        no scan. Made on the first legal-play question of a deal (``None`` until then),
        so that a replay, which asks none, does not pay for it. Dicts, not lists: a
        card leaves by its hash, where a list's ``remove`` would compare it with the
        cards before it (Python-level comparisons, slow)."""

    @property
    def team_game(self) -> bool:
        return True

    def new_deck(self) -> list[Card]:
        return french_deck()

    def _deal(self, deck: list[Card]) -> None:
        first = self.dealer + 1
        # Seat s gets deck[i] for every i with (first + i) % 4 == s: one slice each.
        self.hands = [set(deck[(seat - first) % 4 :: 4]) for seat in range(4)]
        self._in_suit = None  # made when a legal play is first asked for
        self.trump_card = deck[-1]
        self.trump = self.trump_card.suit
        self._start_hand(first % 4)

    def _check_deck(self, deck: Sequence[Card], action: Action) -> None:
        # The deck is 52 distinct cards whatever the options: a deck of 52 cards that
        # are every card of it is the whole deck. One C-level set where Game sorts the
        # deck (a key call per card); Game's check explains a wrong deck.
        if len(deck) != len(_WHOLE_DECK) or set(deck) != _WHOLE_DECK:
            super()._check_deck(deck, action)

    # ------------------------------------------------------------------ play (hot path)

    def apply(self, event: Event) -> Action:
        # The hot path of validated replays: a well-formed play event while the deal is
        # in play is parsed (two look-ups), checked and applied here, in one Python call
        # where Game.apply makes three (apply, _parse_play, _apply_play): about a sixth
        # of a replay's cost (docs/engine.md). The checks and the changes are
        # _apply_play's, in the same order, with the same errors (keep the two alike:
        # tests/engine/test_seeded_digests.py replays and plays the same games). Any
        # other event, or a play event of another shape, goes through Game.apply,
        # which parses it from scratch and explains what is wrong with it.
        if type(event) is not dict or event.get("type") != PLAY or self.phase != PLAY:
            return Game.apply(self, event)
        seat = event.get("seat")
        code: Any = event.get("card")
        plays = _PLAYS_BY_CODE.get(seat) if type(seat) is int and type(code) is str else None
        action = plays.get(code) if plays is not None else None
        if action is None or self.adjourned:
            return Game.apply(self, event)
        card = action.card
        assert seat is not None and card is not None
        hand = self.hands[seat]
        if seat != self.turn or card not in hand:
            self._check_card_play(action, PLAY, self.turn, hand)  # raises the precise error
        in_suits = self._in_suit
        trick = self.trick
        if trick:
            led = trick[0][1].suit
            if card.suit != led and (
                in_suits[seat][led]
                if in_suits is not None
                else not hand.isdisjoint(CARDS_OF_SUIT[led])
            ):
                assert led is not None
                raise self._refused_play(action, message("follow_suit", suit=led, seat=seat))
        hand.remove(card)
        if in_suits is not None:
            del in_suits[seat][card.suit][card]
        trick.append((seat, card))
        if len(trick) == 4:
            winner = winning_seat(trick, self.trump)
            self.tricks_won[winner % 2] += 1
            self.last_trick = trick
            self.last_trick_winner = winner
            self.trick = []
            self.trick_number += 1
            self.turn = winner
            if self.trick_number == TRICKS:
                self._end_of_hand()
        else:
            self.turn = (seat + 1) % 4
        self.events_applied += 1
        return action

    def _apply_play(self, action: Action) -> None:
        # TrickGame's play, keeping the per-suit dicts (once made) beside the hand sets.
        seat = action.seat
        card = action.card
        assert seat is not None and card is not None
        hand = self.hands[seat]
        if self.phase != PLAY or seat != self.turn or card not in hand:
            self._check_card_play(action, PLAY, self.turn, hand)  # raises the precise error
        in_suits = self._in_suit
        trick = self.trick
        if trick:
            led = trick[0][1].suit
            if card.suit != led and (
                in_suits[seat][led]
                if in_suits is not None
                else not hand.isdisjoint(CARDS_OF_SUIT[led])
            ):
                assert led is not None
                raise self._refused_play(action, message("follow_suit", suit=led, seat=seat))
        hand.remove(card)
        if in_suits is not None:
            del in_suits[seat][card.suit][card]
        trick.append((seat, card))
        if len(trick) == 4:
            # _trick_complete and _book_trick inline (whist has nothing after a trick):
            # a team is seat % 2.
            winner = winning_seat(trick, self.trump)
            self.tricks_won[winner % 2] += 1
            self.last_trick = trick
            self.last_trick_winner = winner
            self.trick = []
            self.trick_number += 1
            self.turn = winner
            if self.trick_number == TRICKS:
                self._end_of_hand()
        else:
            self.turn = (seat + 1) % 4

    def _in_suits(self) -> list[dict[str | None, dict[Card, Action]]]:
        """``_in_suit``, made from the hands the first time a deal needs it."""
        in_suits = self._in_suit
        if in_suits is None:
            self._in_suit = in_suits = [{suit: {} for suit in SUITS} for _ in range(4)]
            for seat, in_suit in enumerate(in_suits):
                plays = PLAYS_OF_SEAT[seat]
                for held in sorted(self.hands[seat], key=display_order):
                    in_suit[held.suit][held] = plays[held]
        return in_suits

    def _legal_plays(self, seat: int) -> list[Action]:
        in_suits = self._in_suit
        in_suit = (in_suits if in_suits is not None else self._in_suits())[seat]
        trick = self.trick
        if trick:
            following = in_suit[trick[0][1].suit]
            if following:
                return list(following.values())
        # Suits S H D C one after the other are the display order.
        return [
            *in_suit["S"].values(),
            *in_suit["H"].values(),
            *in_suit["D"].values(),
            *in_suit["C"].values(),
        ]

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        turn = self.turn
        if self.phase == PLAY and not self.adjourned and (seat is None or seat == turn):
            # The hot path of random playouts, calls short of FlowEvents' (which checks
            # ``adjourned`` and asks _random_action): _legal_plays' list, inline, and
            # rng.choice's draw (_randbelow(len)), inline for a plain Random
            # (engine.draws): the same seed plays the same game.
            in_suits = self._in_suit
            in_suit = (in_suits if in_suits is not None else self._in_suits())[turn]
            trick = self.trick
            plays = None
            if trick:
                following = in_suit[trick[0][1].suit]
                if following:
                    plays = list(following.values())
            if plays is None:
                plays = [
                    *in_suit["S"].values(),
                    *in_suit["H"].values(),
                    *in_suit["D"].values(),
                    *in_suit["C"].values(),
                ]
            if INLINE and type(rng) is random.Random:
                count = len(plays)
                bits = BIT_LENGTHS[count]
                index = rng.getrandbits(bits)
                while index >= count:
                    index = rng.getrandbits(bits)
                return plays[index]
            return rng.choice(plays)
        return super().random_action(rng, seat)

    def _trick_complete(self) -> None:
        self._book_trick(winning_seat(self.trick, self.trump))

    def _clear_conceded_deal(self) -> None:
        super()._clear_conceded_deal()
        self._in_suit = None

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
