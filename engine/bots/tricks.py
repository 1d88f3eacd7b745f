"""The play of one card to a trick, shared by every trick-taking bot.

The rule of thumb (a club player's, not a search): when a partner is winning the
trick, play the cheapest card (or, last to play in a game of card points, the card
worth most to the side); when the trick can be won and winning it is worth the card,
win it with the cheapest card that wins; otherwise throw the cheapest card. Leading,
cash a top card of a plain suit, else lead low from the longest plain suit (games of
card points lead their cheapest card instead). A game states what "cheap", "worth"
and "strong" mean for it in a :class:`TrickRules`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.bots._common import Event, tie_key
from engine.cards import Card


def by_rank(card: Card) -> int:
    return card.rank


def no_points(card: Card) -> int:
    return 0


def always(trick: Sequence[Card], card: Card) -> bool:
    return True


@dataclass(frozen=True)
class TrickRules:
    """How a game ranks and values cards, for :func:`choose_play`."""

    trump: str | None
    strength: Callable[[Card], int] = by_rank
    """Strength within a suit (higher wins)."""
    points: Callable[[Card], int] = no_points
    """What a card is worth to the side that takes it (card-point games)."""
    worth: Callable[[Sequence[Card], Card], bool] = always
    """Whether winning the trick (its cards so far) with ``card`` is worth it."""
    lead_cheap: bool = False
    """Lead the cheapest card (card-point games) instead of cashing a top card."""
    load_partner: bool = False
    """Last to play with the partner winning: give the card worth most (card points)."""
    lose: bool = False
    """Every trick won costs (Italian Whist's second hand): avoid winning."""
    top_strength: int = field(default=14)
    """The strength of a suit's best card (an ace in whist, a three in tresette)."""

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and card.suit == self.trump

    def cost(self, card: Card) -> tuple[int, int, int]:
        """How dear a card is to give up: trumps dearest, then points, then strength."""
        return (int(self.is_trump(card)), self.points(card), self.strength(card))

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` beats ``best``, the card winning the trick so far."""
        if card.suit == best.suit:
            return self.strength(card) > self.strength(best)
        return self.is_trump(card)

    def winning_index(self, trick: Sequence[Card]) -> int:
        best = 0
        for index in range(1, len(trick)):
            if self.beats(trick[index], trick[best]):
                best = index
        return best


Play = tuple[Event, Card]
"""A legal play event and the card it plays, as the bot values it."""


def _cheapest(plays: Sequence[Play], rules: TrickRules) -> Play:
    return min(plays, key=lambda play: (rules.cost(play[1]), tie_key(play[0])))


def _dearest(plays: Sequence[Play], rules: TrickRules) -> Play:
    return max(plays, key=lambda play: (rules.cost(play[1]), tie_key(play[0])))


def choose_play(
    plays: Sequence[Play],
    trick: Sequence[tuple[int, Card]],
    players: int,
    partners: frozenset[int],
    rules: TrickRules,
) -> Event:
    """The play to make from ``plays`` (each legal) to ``trick`` (seat, card so far)."""
    if not trick:
        return _lead(plays, rules)[0]
    cards = [card for _, card in trick]
    best = rules.winning_index(cards)
    winners = [play for play in plays if rules.beats(play[1], cards[best])]
    losers = [play for play in plays if not rules.beats(play[1], cards[best])]
    last = len(trick) == players - 1
    if rules.lose:
        # Keep out of the trick with the strongest card that still loses.
        return (_dearest(losers, rules) if losers else _dearest(winners, rules))[0]
    if trick[best][0] in partners:
        if last and rules.load_partner:
            plain = [play for play in plays if not rules.is_trump(play[1])] or list(plays)
            return max(
                plain,
                key=lambda p: (rules.points(p[1]), -rules.strength(p[1]), tie_key(p[0])),
            )[0]
        return _cheapest(plays, rules)[0]
    if winners:
        cheapest = _cheapest(winners, rules)
        if rules.worth(cards, cheapest[1]):
            return cheapest[0]
    return _cheapest(plays, rules)[0]


def _lead(plays: Sequence[Play], rules: TrickRules) -> Play:
    if rules.lose or rules.lead_cheap:
        return _cheapest(plays, rules)
    plain = [play for play in plays if not rules.is_trump(play[1])]
    tops = [play for play in plain if rules.strength(play[1]) >= rules.top_strength]
    if tops:
        return _cheapest(tops, rules)
    if not plain:
        return _cheapest(plays, rules)
    length: dict[str | None, int] = {}
    for _, card in plain:
        length[card.suit] = length.get(card.suit, 0) + 1
    longest = max(length.values())
    suit = min(s or "" for s, n in length.items() if n == longest)
    in_suit = [play for play in plain if (play[1].suit or "") == suit]
    return _cheapest(in_suit, rules)
