"""The legal actions of a position: the questions every game answers
(:class:`LegalQueries`, a base of :class:`~engine.game.Game`) and the lazy collection
they are listed in.

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

import random
from collections.abc import Iterator, Mapping
from typing import Any, overload

from engine.actions import Action
from engine.dispatch import EventDispatch
from engine.errors import EngineError, WrongPhase
from engine.messages import message


class LegalActions:
    """Every legal action of ``seat`` (``None``: of every seat that may act) in the
    game's position when this was made. Like python-chess's ``LegalMoveGenerator``,
    it reads the game when used: use it before the game moves on."""

    __slots__ = ("_game", "_seat", "_listed")

    def __init__(self, game: LegalQueries, seat: int | None = None) -> None:
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
        if type(self._game)._count_legal is LegalQueries._count_legal:
            # The game counts by listing: keep the list, since a count is usually
            # followed by the listing (a server's answer), and a Burraco or Scala 40
            # turn's melds cost far more to generate than to keep.
            return len(self.to_list())
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


class LegalQueries(EventDispatch):
    """Who may act and what they may do: the part of :class:`~engine.game.Game` that
    lists, counts, checks and picks legal actions. A game answers through the hooks
    :meth:`_legal_actions` (its natural choices) and :meth:`_more_legal_actions` (the
    rest, lazily), and may count (:meth:`_count_legal`) or check (:meth:`_is_legal`)
    without listing."""

    @property
    def to_act(self) -> int | list[int] | None:
        """The seat whose action is awaited; a list when several may act; ``None``
        when a chance event is awaited or the game is over."""
        return None

    def seats_to_act(self) -> list[int]:
        """The seats that may act now, as a list (empty when none)."""
        to_act = self.to_act
        if to_act is None:
            return []
        if isinstance(to_act, list):
            return to_act
        return [to_act]

    def legal_actions(self, seat: int | None = None) -> LegalActions:
        """Every legal action of ``seat``, or of every seat that may act, as a lazy
        :class:`~engine.legal.LegalActions` (iterate it, ask ``action in``, ``count()``)."""
        return LegalActions(self, seat)

    def legal_count(self, seat: int | None = None) -> int:
        """How many legal actions there are (games with huge choices count without listing)."""
        return LegalActions(self, seat).count()

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        """A legal action chosen at random (:meth:`_random_action`)."""
        return self._random_action(rng, seat)

    def _random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        """Hook: a legal action chosen at random (uniform over a game's natural choices,
        :meth:`_legal_actions`: a random player does not pick among every meld)."""
        seats = self.seats_to_act() if seat is None else [seat]
        actions: list[Action] = []
        for each in seats:
            if each in self.seats_to_act():
                actions.extend(self._legal_actions(each))
        if not actions:
            raise WrongPhase(message("phase.nobody"))

        return actions[rng.randrange(len(actions))]

    def _legal_actions(self, seat: int) -> list[Action]:
        """Hook: the natural choices of ``seat`` (a seat that may act): the ones a page
        lists and a random player picks from. :meth:`_more_legal_actions` adds the
        rest (melds)."""
        return []

    def _more_legal_actions(self, seat: int) -> Iterator[Action]:
        """Hook: the legal actions of ``seat`` that :meth:`_legal_actions` leaves out
        (Burraco's and Scala 40's melds), generated lazily."""
        return iter(())

    def _iter_legal(self, seat: int) -> Iterator[Action]:
        """Every legal action of ``seat`` (a seat that may act), once each."""
        yield from self._legal_actions(seat)
        yield from self._more_legal_actions(seat)

    def _count_legal(self, seat: int) -> int:
        """Hook: how many legal actions ``seat`` (a seat that may act) has."""
        return sum(1 for _ in self._iter_legal(seat))

    def canonical(self, action: Action) -> Action:
        """The writing :meth:`legal_actions` lists for the play ``action`` makes: a game
        where several writings make one play (a Burraco group in any order) lists one."""
        return action

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Hook: whether ``action`` of ``seat`` (a seat that may act) is legal."""
        return any(action == legal for legal in self._iter_legal(seat))
