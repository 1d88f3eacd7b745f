"""Briscola (``briscola``): 2 or 3 players, or 4 in two teams (RULES.md §6, seed 004).

- The Italian 40-card deck; with 3 players the ``removed_card`` (option, default
  ``2H``; it must be a two, as the seed says "a single 2 is also removed") is taken
  out first, leaving 39 cards. Card points A=11, 3=10, K=4, Q=3, J=2, others 0: 120
  in every deal (a two is worth nothing).
- **Deal**: ``deck[i]`` for ``i < 3n`` goes to seat ``(dealer + 1 + i) mod n`` (3 each,
  one at a time). ``deck[3n]`` is the face-up **briscola**: its suit is trumps for the
  deal. ``deck[3n+1:]``, in order, is the stock (``deck[3n+1]`` on top); the briscola
  lies under it and is the last card drawn.
- ``dealer + 1`` leads. **No obligation to follow suit.** A trick is won by the
  strongest trump, or failing one the strongest card of the suit led; strength within
  a suit A, 3, K, Q, J, 7, 6, 5, 4, 2. The winner leads the next trick.
- **Drawing**: after each trick, while the stock lasts, each player draws one card, the
  winner first and then in seat order (``winner``, ``winner + 1``, …). The stock always
  runs out exactly at the end of a round of drawing (2 players: 17 draws each, 3: 10,
  4: 7), so every trick is played with full hands until the last three.
- **Deal score**: each side's card points (they sum to 120). A side wins the deal
  (a *game*) with strictly more card points than every other side; 60–60 (or a shared
  top score with 3 players) is a drawn game, won by nobody.
- **Match**: option ``games`` (default 1) plays that many deals, the deal passing to
  ``dealer + 1`` each time, with no early stop. ``scores`` are the card-point totals;
  ``games_won`` counts the games each side won. The winner is the side with most games
  won; between sides with equally many, the larger card-point total; a tie on both is
  a draw (``winner`` lists the sides). With ``games`` = 1 this is simply: more card
  points wins, equal top points draw.

A score sheet records a deal as ``{"type": "tally", "points": [...]}``: per side, its
card points; they must add up to 120, and each must be a total some set of cards
makes (1 and 119 are not).

**Views.** A seat sees its own hand and, like everybody, the ``briscola`` card (turned
face up: public until played, ``briscola_holder`` says who drew it), the trump suit,
``stock_size`` (cards still to draw, the briscola included), each side's card
``points`` so far, ``games_won`` and, with 3 players, ``removed_card``. The order of
the stock is shown to nobody.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.actions import Action
from engine.bots.italian_tricks import briscola as briscola_bot
from engine.cards import ITALIAN_RANKS, Card, display_order, italian_deck
from engine.game import Event, Winner, parse_int_list, tally_action
from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
from engine.messages import Message, message, own_codes
from engine.options import Option
from engine.tally import Count, Phrase, TallySpec, gettext_noop, worth_words
from engine.tricks import (
    PLAY,
    TrickGame,
    plays_of,
    strength_table,
    winning_seat_by_strength,
)

HAND_SIZE = 3
TOTAL_POINTS = 120
STRENGTH = strength_table("A3KQJ76542")
"""Trick strength by rank: A, 3, K, Q, J, 7, 6, 5, 4, 2."""
POINTS: tuple[int, ...] = tuple({14: 11, 3: 10, 13: 4, 12: 3, 11: 2}.get(r, 0) for r in range(15))
"""Card points by rank: A=11, 3=10, K=4, Q=3, J=2, others 0."""


def _reachable_points() -> frozenset[int]:
    """Every card-point total some set of the deck's cards makes (0 … 120 but 1 and 119)."""
    totals = {0}
    for card in italian_deck():
        totals |= {t + POINTS[card.rank] for t in totals}
    return frozenset(totals)


REACHABLE_POINTS = _reachable_points()
POINTS_WORDS = Phrase(
    gettext_noop("%(worths)s, the rest 0"),
    worths=worth_words(sorted(((r, POINTS[r]) for r in ITALIAN_RANKS), key=lambda rw: -rw[1])),
)
"""The card points as a scorer reads them: "A = 11, 3 = 10, K = 4, Q = 3, J = 2, …"."""


def _check_removed_card(code: str) -> Message | None:
    if code[0] != "2":
        return message("briscola.option.removed_card", card=code)
    return None


class Briscola(TrickGame):
    name = "briscola"
    rule_messages = own_codes(TRICK_GAME_MESSAGES, name)
    bot = briscola_bot
    title = "Briscola"
    player_counts = (2, 3, 4)
    option_spec: ClassVar[dict[str, Option]] = {
        "games": Option(
            "games", "int", 1, "how many deals (games) make a match", minimum=1, maximum=99
        ),
        "removed_card": Option(
            "removed_card",
            "card",
            "2H",
            "the two taken out of the deck for three players",
            check=_check_removed_card,
        ),
    }
    tally_spec = TallySpec(
        "sides",
        (
            Count(
                "points",
                gettext_noop("card points"),
                TOTAL_POINTS,
                unit=gettext_noop("%(n)s points"),
            ),
        ),
        note=Phrase(
            gettext_noop("%(worths)s: the points add up to %(total)s."),
            worths=POINTS_WORDS,
            total=TOTAL_POINTS,
        ),
    )

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        half = TOTAL_POINTS // 2
        return [
            Phrase(
                gettext_noop(
                    "Card points per side: %(worths)s; they add up to %(total)s. More points "
                    "wins the game (%(half)s-%(half)s: nobody)."
                ),
                worths=POINTS_WORDS,
                total=TOTAL_POINTS,
                half=half,
            ),
            Phrase(
                gettext_noop("A match of %(games)s game(s), one per row."),
                games=options.get("games"),
            ),
        ]

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        deck_size = len(self.new_deck())
        self.tricks_per_hand = deck_size // players
        self.briscola: Card | None = None
        """The face-up card whose suit is trumps (``None`` between deals)."""
        self.stock: list[Card] = []
        """The cards still to draw, top first; the briscola is the last one."""
        self.stock_pos = 0
        self.points = [0] * self.sides
        """Card points taken so far in the current (or last) deal, per side."""
        self.games_won = [0] * self.sides

    @property
    def team_game(self) -> bool:
        return self.players == 4

    def new_deck(self) -> list[Card]:
        deck = italian_deck()
        if self.players == 3:
            deck.remove(Card.parse(self.options["removed_card"]))
        return deck

    # ------------------------------------------------------------------ the deal

    def _deal(self, deck: list[Card]) -> None:
        players = self.players
        first = (self.dealer + 1) % players
        dealt = HAND_SIZE * players
        hands: list[set[Card]] = [set() for _ in range(players)]
        for index in range(dealt):
            hands[(first + index) % players].add(deck[index])
        self.hands = hands
        self.briscola = deck[dealt]
        self.trump = self.briscola.suit
        self.stock = deck[dealt + 1 :] + [self.briscola]
        self.stock_pos = 0
        self.points = [0] * self.sides
        self._start_hand(first)

    @property
    def stock_size(self) -> int:
        """Cards still to draw (the briscola included)."""
        return len(self.stock) - self.stock_pos if self.phase == PLAY else 0

    # ------------------------------------------------------------------ play

    def _follow_error(self, seat: int, card: Card) -> Message | None:
        return None  # no obligation to follow suit

    def _legal_plays(self, seat: int) -> list[Action]:
        return plays_of(seat, sorted(self.hands[seat], key=display_order))

    def _trick_winner(self, trick: list[tuple[int, Card]]) -> int:
        return winning_seat_by_strength(trick, self.trump, STRENGTH)

    def _after_trick(self, winner: int, cards: list[tuple[int, Card]]) -> None:
        taken = 0
        for _, card in cards:
            taken += POINTS[card.rank]
        self.points[winner % 2 if self.players == 4 else winner] += taken
        pos = self.stock_pos
        if pos < len(self.stock):
            players = self.players
            hands = self.hands
            stock = self.stock
            for offset in range(players):
                hands[(winner + offset) % players].add(stock[pos + offset])
            self.stock_pos = pos + players

    def _end_of_hand(self) -> None:
        self._finish_deal(list(self.points))

    # ------------------------------------------------------------------ conceding a deal

    def _concede_refusal(self, seat: int) -> Message | None:
        return self._two_sides_refusal(seat, self.phase == PLAY)

    def _concede(self, seat: int) -> None:
        # Every card still to be played (hands, the trick, the stock with the briscola)
        # goes to the other side with its card points.
        left = self._cards_to_play() + self.stock[self.stock_pos :]
        self.points[1 - self.side_of(seat)] += sum(POINTS[card.rank] for card in left)
        self.stock_pos = len(self.stock)
        self._clear_conceded_deal()
        self._end_of_hand()

    # ------------------------------------------------------------------ games and the match

    def _finish_deal(self, deal_scores: list[int]) -> None:
        best = max(deal_scores)
        if deal_scores.count(best) == 1:
            self.games_won[deal_scores.index(best)] += 1
        self.briscola = None
        super()._finish_deal(deal_scores)

    def _game_is_over(self) -> bool:
        games: int = self.options["games"]
        return self.deal_number >= games

    def _decide_winner(self) -> Winner:
        return match_winner(self.games_won, self.totals)

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        return tally_action(points=parse_int_list(event, "points", self.sides))

    def _score_tally(self, action: Action) -> list[int]:
        points: tuple[int, ...] = action.arg("points")
        if sum(points) != TOTAL_POINTS:
            raise self._tally_error(
                action,
                message("briscola.tally.points_total", points=TOTAL_POINTS, points_got=sum(points)),
            )
        for side, value in enumerate(points):
            if value not in REACHABLE_POINTS:
                raise self._tally_error(
                    action, message("briscola.tally.unreachable", side=side, points=value)
                )

        self.points = list(points)
        return list(points)

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        super()._add_to_view(view, seat)
        playing = self.phase == PLAY
        briscola = self.briscola if playing else None
        holder = None
        if briscola is not None:
            holder = next((s for s, h in enumerate(self.hands) if briscola in h), None)
        view["briscola"] = briscola.code if briscola is not None else None
        view["briscola_holder"] = holder
        view["stock_size"] = self.stock_size
        view["points"] = list(self.points)
        view["games_won"] = list(self.games_won)
        view["games"] = self.options["games"]
        view["removed_card"] = self.options["removed_card"] if self.players == 3 else None


def match_winner(games_won: list[int], points: list[int]) -> Winner:
    """Most games won; between sides with equally many, more card points; else a draw."""
    best = max(games_won)
    leaders = [side for side, won in enumerate(games_won) if won == best]
    top = max(points[side] for side in leaders)
    winners = [side for side in leaders if points[side] == top]
    return winners[0] if len(winners) == 1 else winners
