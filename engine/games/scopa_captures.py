"""A Scopa play as an action: the plays a seat may make, and whether the card played
may take what it names.

Capture actions are interned, as trick games' plays are (:func:`capture_action`):
replaying a game is then mostly dictionary look-ups; :class:`~engine.games.scopa.Scopa`
reads :data:`CAPTURES_BY_JSON` first when it parses a play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from engine.actions import Action
from engine.cards import Card, italian_deck, sorted_cards
from engine.errors import MalformedEvent
from engine.events import Event, parse_card, parse_cards, parse_seat
from engine.games.scopa_rules import VALUE, can_sum_to, sums_to
from engine.messages import Message, message
from engine.tricks import play_action

PLAY: Final = "play"

_CAPTURES: dict[tuple[int, Card, tuple[Card, ...]], Action] = {}
CAPTURES_BY_JSON: dict[tuple[int, str, tuple[str, ...]], Action] = {}
"""The interned capture actions keyed by their JSON fields (seat, card code, capture
codes as written), filled by the parser."""
Positions = tuple[tuple[int, ...], ...]
CACHE_LIMIT: Final = 200_000
"""Capture actions are interned (replaying is then mostly dictionary look-ups); the
caches are emptied if they ever hold this many."""
SEATS: Final = 6
"""The most seats a Scopa game has."""
LAYS_BY_JSON: Final[dict[tuple[int, str], Action]] = {
    (seat, card.code): play_action(seat, card) for seat in range(SEATS) for card in italian_deck()
}
"""Every lay (a play without a capture) keyed by its JSON fields (seat, card code)."""


def capture_action(seat: int, card: Card, capture: tuple[Card, ...]) -> Action:
    """The (interned) action of ``seat`` playing ``card`` and taking ``capture`` (a
    non-empty tuple in display order)."""
    key = (seat, card, capture)
    action = _CAPTURES.get(key)
    if action is None:
        if len(_CAPTURES) >= CACHE_LIMIT:
            _CAPTURES.clear()
            CAPTURES_BY_JSON.clear()
        action = _CAPTURES[key] = Action(PLAY, seat, card, (("capture", capture),))
    return action


def parse_play(event: Event, players: int) -> Action:
    """The play ``event`` of a game of ``players`` as an action (the parser's slow path,
    which explains a malformed event; a capture's JSON fields are then remembered)."""
    seat = parse_seat(event, players)
    card = parse_card(event)
    raw = event.get("capture")
    if raw is None or raw == []:
        return play_action(seat, card)
    taken = parse_cards(event, "capture")
    if len(set(taken)) != len(taken):
        twice = sorted({c.code for c in taken if taken.count(c) > 1})
        raise MalformedEvent(message("scopa.malformed.capture_twice", cards=twice), event)
    action = capture_action(seat, card, tuple(sorted_cards(taken)))
    if len(CAPTURES_BY_JSON) < CACHE_LIMIT:
        CAPTURES_BY_JSON[(seat, card.code, tuple(raw))] = action
    return action


_SUM_POSITIONS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
"""For the values of a table's cards in display order and a target value: where the
sets adding up to it lie (positions, as :func:`sums_to` finds them and in its order).
Tables of few cards repeat their values often, so playouts mostly look them up."""


def _sum_positions(ordered: list[Card], values: tuple[int, ...], target: int) -> Positions:
    key = (values, target)
    found = _SUM_POSITIONS.get(key)
    if found is None:
        if len(_SUM_POSITIONS) >= CACHE_LIMIT:
            _SUM_POSITIONS.clear()
        found = tuple(
            tuple(map(ordered.index, taken)) for taken in sums_to(ordered, target, ordered=True)
        )
        _SUM_POSITIONS[key] = found
    return found


def legal_plays(seat: int, hand: Sequence[Card], table: Sequence[Card]) -> list[Action]:
    """Every play of ``seat`` holding ``hand``: each card laid, or with each capture it
    may make (every distinct one), cards and captures in display order."""
    actions: list[Action] = []
    ordered = sorted_cards(table)
    values = tuple(map(VALUE.__getitem__, ordered))
    reachable = 1  # bit k set: some set of table cards adds up to k
    for worth in values:
        reachable |= reachable << worth
    for card in sorted_cards(hand):
        worth = VALUE[card]
        if not reachable >> worth & 1:
            actions.append(play_action(seat, card))
        elif worth in values:  # the cards of the same value, each on its own
            actions.extend(
                capture_action(seat, card, (ordered[index],))
                for index, each in enumerate(values)
                if each == worth
            )
        else:
            for positions in _sum_positions(ordered, values, worth):
                taken = tuple(map(ordered.__getitem__, positions))
                actions.append(capture_action(seat, card, taken))
    return actions


def subset_sums(table: Iterable[Card]) -> int:
    """The sums some set of ``table`` cards adds up to, as bits (bit ``k`` set: some
    set adds up to ``k``; a single card is such a set, the empty set makes bit 0)."""
    reachable = 1
    for c in table:
        reachable |= reachable << VALUE[c]
    return reachable


def is_legal_play(table: Sequence[Card], card: Card, taken: tuple[Card, ...]) -> bool:
    """Whether ``card`` may take ``taken`` from ``table`` (or be laid when ``taken`` is
    empty): :func:`capture_problem` is ``None``, found with the fewest steps, so that
    replays check every play cheaply and only a refused play builds its reason."""
    worth = VALUE[card]
    if not taken:
        return not subset_sums(table) >> worth & 1
    if len(taken) == 1:
        return VALUE[taken[0]] == worth and taken[0] in table
    total = 0
    for c in taken:
        if c not in table:
            return False
        total += VALUE[c]
    if total != worth:
        return False
    # A card of the same value on the table must be taken on its own.
    return worth not in map(VALUE.__getitem__, table)


def card_list(items: Iterable[Card]) -> str:
    """Card codes separated by spaces, for messages."""
    return " ".join(c.code for c in items)


def capture_problem(
    table: Sequence[Card], card: Card, taken: tuple[Card, ...]
) -> tuple[str, Message] | None:
    """Why ``card`` may not take ``taken`` from ``table`` (or be laid, when ``taken`` is
    empty), as (rule, reason); ``None`` when it may."""
    worth = VALUE[card]
    if not taken:
        same = [c for c in table if VALUE[c] == worth]
        if same:
            return (
                "must capture",
                message("scopa.capture.must_take_same", cards=sorted_cards(same), number=worth),
            )
        if can_sum_to(table, worth):
            return ("must capture", message("scopa.capture.must_take_sum", number=worth))
        return None
    absent = [c for c in taken if c not in table]
    if absent:
        code = "scopa.capture.absent" if len(absent) == 1 else "scopa.capture.absent_many"
        return ("capture from the table", message(code, cards=absent))
    if len(taken) == 1 and VALUE[taken[0]] == worth:
        return None  # a card of the same value, on its own
    same = [c for c in table if VALUE[c] == worth]
    if same:
        return (
            "same value first",
            message("scopa.capture.must_take_single", cards=sorted_cards(same), number=worth),
        )
    total = sum(VALUE[c] for c in taken)
    if total != worth:
        return (
            "capture sum",
            message("scopa.capture.sum", number_got=total, number=worth),
        )

    return None
