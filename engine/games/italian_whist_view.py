"""What a seat sees of Italian Whist, beyond what every trick game shows.

A seat sees its current hand; once it has split, its ``first_hand`` and the
``second_hand`` it formed with the seat it goes to (``{"cards": [...], "to": s}``),
which it composed; never the second hand passed *to* it before its first hand is over
(other hands only as counts: ``hand_sizes``, ``waiting_hand_sizes``). A spectator sees
no hand at all. Every view shows ``trump`` (``"S"`` or ``None``) and ``passing``
(``left``/``right``/``keep``) of the current deal (between deals: of the next one),
``hand_number`` (1 or 2 while a hand is played), ``split_done`` during the split,
``first_hand_tricks`` once the first hand is over, each joker's declared value
(``"as"``) in ``trick`` and ``last_trick``, and ``jokers_to_declare``: the seat, joker
and possible suits of each declaration still awaited.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engine.cards import Card, sorted_cards
from engine.events import card_codes
from engine.games.italian_whist_rules import (
    JOKER,
    PASS_OFFSET,
    PLAYERS,
    SPLIT,
    Trick,
    joker_suits,
    trump_of_deal,
)
from engine.tricks import PLAY


class ItalianWhistState(Protocol):
    """What of an Italian Whist game its view reads (the game class,
    :class:`engine.games.italian_whist.ItalianWhist`, is one; this module does not
    import it, which imports this one)."""

    @property
    def phase(self) -> str: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def passing(self) -> str: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def split_first(self) -> list[tuple[Card, ...] | None]: ...
    @property
    def waiting_hands(self) -> list[set[Card]]: ...
    @property
    def first_hand_tricks(self) -> list[int] | None: ...
    @property
    def trick(self) -> list[tuple[int, Card]]: ...
    @property
    def last_trick(self) -> list[tuple[int, Card]]: ...
    @property
    def declared(self) -> Mapping[int, Card]: ...
    @property
    def last_declared(self) -> Mapping[int, Card]: ...
    @property
    def pending_jokers(self) -> list[int]: ...
    @property
    def hands(self) -> list[set[Card]]: ...
    @property
    def formed_second(self) -> list[tuple[Card, ...]]: ...


def add_view(game: ItalianWhistState, view: dict[str, Any], seat: int | None) -> None:
    """Add to ``view`` (what every trick game shows) what Italian Whist shows ``seat``
    (``None``: a spectator)."""
    phase = game.phase
    in_deal = phase in (SPLIT, PLAY, JOKER)
    # Trumps and passing describe the current deal (between deals: the next one).
    view["trump"] = game.trump if in_deal else trump_of_deal(game.deal_number)
    view["passing"] = game.passing
    view["hand_number"] = game.hand_number if phase in (PLAY, JOKER) else None
    view["split_done"] = [s is not None for s in game.split_first] if phase == SPLIT else None
    view["waiting_hand_sizes"] = [len(h) for h in game.waiting_hands]
    view["first_hand_tricks"] = game.first_hand_tricks
    view["trick"] = _trick_view(game.trick, game.declared)
    view["last_trick"] = _trick_view(game.last_trick, game.last_declared)
    view["jokers_to_declare"] = (
        [
            {
                "seat": game.trick[index][0],
                "card": game.trick[index][1].code,
                "suits": list(joker_suits(game.trick, index)),
            }
            for index in game.pending_jokers
        ]
        if phase == JOKER
        else []
    )
    view["first_hand"] = view["second_hand"] = None
    if seat is None:
        return
    # A seat sees its own split: the second hand it formed and where it goes (it
    # composed it), but never the second hand passed to it before it plays it.
    chosen = game.split_first[seat] if in_deal else None
    if chosen is None:
        return
    view["first_hand"] = card_codes(chosen)
    if phase == SPLIT:
        formed = sorted_cards(game.hands[seat] - set(chosen))
    else:
        formed = list(game.formed_second[seat])
    view["second_hand"] = {
        "cards": card_codes(formed),
        "to": (seat + PASS_OFFSET[game.passing]) % PLAYERS,
    }


def _trick_view(trick: Trick, declared: Mapping[int, Card]) -> list[dict[str, Any]]:
    shown: list[dict[str, Any]] = []
    for index, (seat, played) in enumerate(trick):
        entry: dict[str, Any] = {"seat": seat, "card": played.code}
        if played.is_joker:
            value = declared.get(index)
            entry["as"] = value.code if value is not None else None
        shown.append(entry)
    return shown
