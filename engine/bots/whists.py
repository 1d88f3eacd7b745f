"""Bots for the whist family: partnership whist, German whist (the draft),
three-handed whist (the exchange) and Italian Whist (the split, jokers, the second hand
played to lose).

Each reads the seat's view (hand, trick, trump, phase …) and picks one of the listed
legal events; the card play itself is :func:`engine.bots.tricks.choose_play`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.bots._common import Event, NoMove, card_of, choices, of_type, partners, tie_key
from engine.bots.tricks import Play, TrickRules, choose_play
from engine.cards import Card

HONOURS = {14: 4, 13: 3, 12: 2, 11: 1}
"""High-card points, to judge a hand (ace 4, king 3, queen 2, jack 1)."""
EXCHANGE_BELOW = 9
"""Three-handed whist: a hand with fewer honour points (trumps counted one each) than
this takes the spare hand (an average hand has 10)."""


def plays_of(events: Sequence[Event]) -> list[Play]:
    return [(event, card_of(event["card"])) for event in of_type(events, "play")]


def trick_of(view: Mapping[str, Any]) -> list[tuple[int, Card]]:
    return [(entry["seat"], card_of(entry["card"])) for entry in view.get("trick") or []]


def _play(view: Mapping[str, Any], seat: int, events: Sequence[Event], rules: TrickRules) -> Event:
    plays = plays_of(events)
    if not plays:
        raise NoMove("no card to play")
    return choose_play(plays, trick_of(view), view["players"], partners(view, seat), rules)


def whist(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    return _play(view, seat, choices(legal), TrickRules(trump=view.get("trump")))


def german_whist(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    """While drafting, fight for the trick only when the face-up stock card is worth
    having (a trump or a jack or better); otherwise play low and take the unseen card."""
    trump = view.get("trump")
    worth_it = True
    if view.get("drafting") and view.get("stock_top"):
        top = card_of(view["stock_top"])
        worth_it = top.suit == trump or top.rank >= 11
    rules = TrickRules(
        trump=trump,
        worth=lambda trick, card: worth_it,
        lead_cheap=not worth_it,
    )
    return _play(view, seat, choices(legal), rules)


def three_handed_whist(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    events = choices(legal)
    exchanges = of_type(events, "exchange")
    if exchanges:
        hand = [card_of(code) for code in view.get("hand") or []]
        trump = view.get("trump")
        strength = sum(HONOURS.get(c.rank, 0) + (1 if c.suit == trump else 0) for c in hand)
        take = strength < EXCHANGE_BELOW
        for event in exchanges:
            if bool(event.get("take")) == take:
                return event
        return min(exchanges, key=tie_key)
    return _play(view, seat, events, TrickRules(trump=view.get("trump")))


# ---------------------------------------------------------------------- Italian Whist

JOKER_SUITS = {"RJ": ("H", "D"), "BJ": ("C", "S")}
"""The suits a joker may stand for (its colour's), the bot's default first."""


def _joker_as(code: str, led: str | None, high: bool) -> Card:
    """What a joker counts as when the bot weighs a trick: the ace (first hand) or the
    two (second hand) of the suit led when its colour fits, else of its colour."""
    suits = JOKER_SUITS[code]
    suit = led if led in suits else suits[0]
    return Card.parse(("A" if high else "2") + suit)


def _italian_trick(view: Mapping[str, Any], high: bool) -> list[tuple[int, Card]]:
    entries = view.get("trick") or []
    led: str | None = None
    for entry in entries:
        if entry["card"] not in JOKER_SUITS:
            led = card_of(entry["card"]).suit
            break
    trick: list[tuple[int, Card]] = []
    for entry in entries:
        code = entry["card"]
        if code in JOKER_SUITS:
            value = entry.get("as")
            trick.append((entry["seat"], card_of(value) if value else _joker_as(code, led, high)))
        else:
            trick.append((entry["seat"], card_of(code)))
    return trick


def italian_whist(seat: int, view: Mapping[str, Any], legal: Mapping[str, Any]) -> Event:
    trump = view.get("trump")
    first_hand = view.get("hand_number") != 2
    events = choices(legal)
    splits = of_type(events, "split")
    if splits:
        return _split(seat, view, trump)
    jokers = of_type(events, "joker")
    if jokers:
        # First hand: make the joker as strong as it may be; second hand: as weak.
        def strength(event: Event) -> tuple[int, int, str]:
            card = card_of(event["as"])
            return (int(card.suit == trump), card.rank, tie_key(event))

        return (max if first_hand else min)(jokers, key=strength)
    trick = _italian_trick(view, first_hand)
    led = trick[0][1].suit if trick else None
    plays: list[Play] = []
    for event in of_type(events, "play"):
        code = event["card"]
        card = _joker_as(code, led, first_hand) if code in JOKER_SUITS else card_of(code)
        plays.append((event, card))
    if not plays:
        raise NoMove("no card to play")
    rules = TrickRules(trump=trump, lose=not first_hand)
    return choose_play(plays, trick, view["players"], frozenset(), rules)


def _split(seat: int, view: Mapping[str, Any], trump: str | None) -> Event:
    """The first hand (played for tricks) takes the strongest nine: jokers, trumps,
    then high cards; the rest is the second hand, played to lose tricks."""
    hand = [str(code) for code in view.get("hand") or []]
    size = len(hand) // 2

    def power(code: str) -> tuple[int, int, int, str]:
        card = card_of(code)
        return (int(card.is_joker), int(card.suit == trump), card.rank, code)

    first = sorted(hand, key=power, reverse=True)[:size]
    chosen = set(first)
    return {"type": "split", "seat": seat, "first": [code for code in hand if code in chosen]}
