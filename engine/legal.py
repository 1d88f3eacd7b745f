"""The legal actions of a position, as a lazy collection.

:meth:`engine.game.Game.legal_actions` returns a :class:`LegalActions`: nothing is
generated until it is used. Iterating yields the actions one by one (a Burraco or
Scala 40 hand can allow thousands of melds), ``action in legal`` stops at the first
match, ``legal.count()`` asks the game, which may count without listing (Italian
Whist's splits). Indexing, ``len`` and comparing with a list list every action once
and keep the list, so code written for the old list keeps working.

>>> from engine import new_game
>>> import random
>>> game = new_game("whist", 4)
>>> _ = game.apply(game.random_deal_event(random.Random(1)))
>>> legal = game.legal_actions()
>>> legal.count() == len(list(legal)) == 13
True
>>> legal[0] in legal and {"type": "deal"} not in legal
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, overload

from engine.actions import Action
from engine.errors import EngineError

if TYPE_CHECKING:  # pragma: no cover
    from engine.game import Game


class LegalActions:
    """Every legal action of ``seat`` (``None``: of every seat that may act) in the
    game's position when this was made. Like python-chess's ``LegalMoveGenerator``,
    it reads the game when used: use it before the game moves on."""

    __slots__ = ("_game", "_seat", "_listed")

    def __init__(self, game: Game, seat: int | None = None) -> None:
        self._game = game
        self._seat = seat
        self._listed: list[Action] | None = None

    def _seats(self) -> list[int]:
        to_act = self._game.seats_to_act()
        if self._seat is None:
            return to_act
        return [self._seat] if self._seat in to_act else []

    def __iter__(self) -> Iterator[Action]:
        if self._listed is not None:
            return iter(self._listed)
        return self._generate()

    def _generate(self) -> Iterator[Action]:
        for seat in self._seats():
            yield from self._game._iter_legal(seat)

    def __contains__(self, item: object) -> bool:
        """Whether ``item`` (an :class:`Action` or a JSON event) is legal now."""
        if isinstance(item, Mapping):
            try:
                item = self._game.parse(item)
            except EngineError:
                return False
        if not isinstance(item, Action) or item.seat not in self._seats():
            return False
        if self._listed is not None:
            return item in self._listed
        return self._game._is_legal(item.seat, item)

    def count(self) -> int:
        """How many legal actions there are (without listing them when the game can)."""
        if self._listed is not None:
            return len(self._listed)
        return sum(self._game._count_legal(seat) for seat in self._seats())

    def __bool__(self) -> bool:
        return any(True for _ in self)

    # --- the list interface, for callers written when this was a list

    def to_list(self) -> list[Action]:
        """Every legal action, listed once and kept."""
        if self._listed is None:
            self._listed = list(self._generate())
        return self._listed

    def __len__(self) -> int:
        return len(self.to_list())

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        return self.to_list()[index]

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, LegalActions):
            other = other.to_list()
        if isinstance(other, list):
            return self.to_list() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(str(action) for action in self.to_list()[:5])
        more = ", ..." if len(self.to_list()) > 5 else ""
        return f"<LegalActions ({self.count()}): {shown}{more}>"
