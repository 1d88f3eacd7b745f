"""Bots for Briscola and Tresette: trick games of card points with the Italian deck.

Briscola: lead a worthless plain card; take a trick holding points cheaply, with a
plain card when one wins, with a briscola (trump) only when the trick is loaded (an ace
or a three in it, or a worthless briscola for a trick of four points or more); give the
partner the card worth most when the partner wins the trick; else throw the cheapest.
Tresette: lead a three (the suit's best card) when held, else low from the longest
suit; win tricks cheaply; give points to a partner who is winning; never signal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.bots._common import Event, NoMove, choices, partners
from engine.bots.tricks import TrickRules, choose_play
from engine.bots.whists import plays_of, trick_of
from engine.cards import Card


def _table(order: str) -> dict[int, int]:
    ranks = {"A": 14, "K": 13, "Q": 12, "J": 11}
    return {ranks.get(ch, 0) or int(ch): len(order) - i for i, ch in enumerate(order)}


BRISCOLA_STRENGTH = _table("A3KQJ76542")
BRISCOLA_POINTS = {14: 11, 3: 10, 13: 4, 12: 3, 11: 2}
TRESETTE_STRENGTH = _table("32AKQJ7654")
TRESETTE_THIRDS = {14: 3, 3: 1, 2: 1, 13: 1, 12: 1, 11: 1}
LOADED = 10
"""Points in a trick worth a briscola (an ace or a three)."""
WORTH_A_SMALL_BRISCOLA = 4
"""Points in a trick worth a briscola that carries no points itself."""


def _briscola_points(card: Card) -> int:
    return BRISCOLA_POINTS.get(card.rank, 0)


def _briscola_strength(card: Card) -> int:
    return BRISCOLA_STRENGTH.get(card.rank, 0)


def briscola(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    trump = view.get("trump")

    def worth(trick: Sequence[Card], card: Card) -> bool:
        if card.suit != trump:
            return True
        taken = sum(_briscola_points(c) for c in trick)
        if _briscola_points(card) == 0:
            return taken >= WORTH_A_SMALL_BRISCOLA
        return taken >= LOADED

    rules = TrickRules(
        trump=trump,
        strength=_briscola_strength,
        points=_briscola_points,
        worth=worth,
        lead_cheap=True,
        load_partner=True,
        top_strength=BRISCOLA_STRENGTH[14],
    )
    plays = plays_of(choices(legal))
    if not plays:
        raise NoMove("no card to play")
    return choose_play(plays, trick_of(view), view["players"], partners(view, seat), rules)


def tresette(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    rules = TrickRules(
        trump=None,
        strength=lambda card: TRESETTE_STRENGTH.get(card.rank, 0),
        points=lambda card: TRESETTE_THIRDS.get(card.rank, 0),
        load_partner=True,
        top_strength=TRESETTE_STRENGTH[3],
    )
    plain = [event for event in choices(legal) if "signal" not in event]
    plays = plays_of(plain or choices(legal))
    if not plays:
        raise NoMove("no card to play")
    return choose_play(plays, trick_of(view), view["players"], partners(view, seat), rules)
