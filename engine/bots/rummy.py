"""Bots for the rummy games, Burraco and Scala 40: draw, lay down, discard.

- **Draw**: from the discard pile when its top card completes a meld with two cards of
  the hand (a group of its rank, or a run of its suit), else from the stock. (Scala 40
  lists the pile only when the engine lets the seat take it.)
- **Lay down**: while a meld, an opening (Scala 40: 40 points or more), an addition
  to a meld, or a joker swap is listed, make the one that lays the most natural cards
  (a wildcard alone is never laid off: it is kept for a meld).
- **Discard**: the card worth most of those that fit no meld in the hand (no pair of
  its rank, no card of its suit near it); a wildcard last.

When the legal list is only the game's compact hint (too many melds to list), the bot
plays from what is listed: it draws and discards, and lays down on the turns it can.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.bots._common import Event, NoMove, card_of, cards_of, choices, of_type, tie_key
from engine.bots.rummy_melds import composed_meld, composed_opening
from engine.cards import Card

BURRACO_VALUE = {0: 30, 2: 20, 14: 15}
"""Burraco card values: joker 30, two 20, ace 15, 8 … K 10, 3 … 7 5."""
SCALA40_VALUE = {0: 25, 14: 11, 13: 10, 12: 10, 11: 10}
"""Scala 40 card values: joker 25, ace 11, figures 10, others face value."""
LAY_DOWN = ("open", "meld", "add", "swap")
FULL_HAND = 20
"""A hand this big does not take the discard pile (two bots must not pass it back
and forth for ever)."""


def _burraco_value(card: Card) -> int:
    if card.rank in BURRACO_VALUE:
        return BURRACO_VALUE[card.rank]
    return 10 if card.rank >= 8 else 5


def _scala40_value(card: Card) -> int:
    return SCALA40_VALUE.get(card.rank, card.rank)


def _is_wild(card: Card, twos_wild: bool) -> bool:
    return card.is_joker or (twos_wild and card.rank == 2)


def _run_ranks(rank: int) -> set[int]:
    """The ranks one and two away from ``rank`` (the ace both low and high)."""
    near: set[int] = set()
    for step in (-2, -1, 1, 2):
        for each in (rank + step, rank + step - 13, rank + step + 13):
            if 1 <= each <= 14:
                near.add(14 if each == 1 else each)
    near.discard(rank)
    return near


def fits(card: Card, others: Sequence[Card], twos_wild: bool) -> int:
    """How many cards of ``others`` could make a meld with ``card``."""
    if _is_wild(card, twos_wild):
        return 9
    near = _run_ranks(card.rank)
    rest = list(others)
    if card in rest:
        rest.remove(card)  # the card itself (a double deck may hold another copy)
    count = 0
    for other in rest:
        if _is_wild(other, twos_wild):
            continue
        same_rank = other.rank == card.rank
        if same_rank or (other.suit == card.suit and other.rank in near):
            count += 1
    return count


def completes_meld(top: Card, hand: Sequence[Card], twos_wild: bool) -> bool:
    """Whether ``top`` and two natural cards of ``hand`` make a group or a run."""
    if _is_wild(top, twos_wild):
        return True
    same_rank = {c.suit for c in hand if c.rank == top.rank and not c.is_joker}
    if len(same_rank - {top.suit}) >= 2 or sum(1 for c in hand if c.rank == top.rank) >= 2:
        return True
    suited = {c.rank for c in hand if c.suit == top.suit and not _is_wild(c, twos_wild)}
    low = 1 if top.rank == 14 else top.rank
    for start in (low - 2, low - 1, low):
        run = {start, start + 1, start + 2} - {low}
        ranks = {14 if r in (1, 14) else r for r in run}
        if all(1 <= r <= 14 for r in run) and ranks <= suited:
            return True
    return False


def _code_is_wild(code: str, twos_wild: bool) -> bool:
    return code[:2] in ("RJ", "BJ") or (twos_wild and code[0] == "2")


def _naturals(event: Event, twos_wild: bool) -> tuple[int, int]:
    """The natural cards and the wildcards an event lays down (read from the codes:
    a long legal list must stay cheap to weigh)."""
    codes: list[str] = []
    if event["type"] == "open":
        for meld in event.get("melds") or []:
            codes.extend(meld)
    elif event["type"] == "swap":
        return (1, 0)
    else:
        codes = list(event.get("cards") or [])
    wild = sum(1 for code in codes if _code_is_wild(code, twos_wild))
    return (len(codes) - wild, wild)


def _best_lay_down(events: Sequence[Event], twos_wild: bool) -> Event | None:
    """The lay-down that lays the most natural cards (fewest wildcards on a tie)."""
    best: tuple[int, int] | None = None
    tied: list[Event] = []
    for event in events:
        if event["type"] not in LAY_DOWN:
            continue
        natural, wild = _naturals(event, twos_wild)
        if natural == 0 or natural < wild:
            continue
        bonus = 5 if event["type"] == "swap" else 0
        key = (natural * 10 - wild * 3 + bonus, -wild)
        if best is None or key > best:
            best, tied = key, [event]
        elif key == best:
            tied.append(event)
    return max(tied, key=tie_key) if tied else None


def _rummy(
    seat: int,
    view: Mapping[str, Any],
    legal: Mapping[str, Any],
    value: Any,
    twos_wild: bool,
) -> Event:
    events = choices(legal)
    if not events:
        raise NoMove("nothing to do")
    hand = cards_of(view.get("hand"))
    draws = of_type(events, "draw")
    if draws:
        pile = view.get("discard_pile") or []
        take = (
            bool(pile)
            and len(hand) < FULL_HAND
            and completes_meld(card_of(pile[-1]), hand, twos_wild)
        )
        wanted = "discard" if take else "stock"
        for event in draws:
            if event.get("from") == wanted:
                return event
        return min(draws, key=tie_key)
    chosen = _best_lay_down(events, twos_wild)
    if chosen is not None:
        return chosen
    discards = of_type(events, "discard")
    if discards and not legal.get("complete", True):
        composed = _compose(seat, view, hand, twos_wild)
        if composed is not None:
            return composed
    if not discards:
        return min(events, key=tie_key)

    def keep(event: Event) -> tuple[int, int, str]:
        card = card_of(event["card"])
        return (fits(card, hand, twos_wild), -value(card), tie_key(event))

    return min(discards, key=keep)


def _compose(
    seat: int, view: Mapping[str, Any], hand: Sequence[Card], twos_wild: bool
) -> Event | None:
    """A meld (or Scala 40's opening) the bot writes itself when melds are not listed."""
    if view.get("must_use"):
        return None
    opened = view.get("opened")
    if opened is not None and not opened[seat]:
        opening = composed_opening(hand)
        if opening is None:
            return None
        return {"type": "open", "seat": seat, "melds": [[c.code for c in m] for m in opening]}
    meld = composed_meld(hand, twos_wild)
    if meld is None:
        return None
    return {"type": "meld", "seat": seat, "cards": [c.code for c in meld]}


def burraco(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    return _rummy(seat, view, legal, _burraco_value, twos_wild=True)


def scala40(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    return _rummy(seat, view, legal, _scala40_value, twos_wild=False)
