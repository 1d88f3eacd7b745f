"""The interface every game implements.

A game is created with a player count, house-rule options and the first dealer,
then driven by events (see RECORDS.md): chance events (``deal``), player events
(``play``, ``split`` …) and ``tally`` events from a score sheet. State is derived
only by applying events, so replaying the same events always gives the same state.

>>> from engine import new_game
>>> game = new_game("whist", 4)
>>> game.to_act is None and game.awaiting == "deal"
True

:meth:`Game.apply` parses and validates an event completely before changing
anything: a rejected event raises an :class:`~engine.errors.EngineError` and leaves
the game exactly as it was.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from engine.actions import Action, make_action
from engine.cards import Card
from engine.errors import (
    CardNotHeld,
    IllegalEvent,
    InvalidOption,
    InvalidTally,
    MalformedCard,
    MalformedEvent,
    NotYourTurn,
    WrongPhase,
)
from engine.legal import LegalActions
from engine.options import Option, resolve_options
from engine.tally import TallySpec

Event = Mapping[str, Any]
Winner = int | list[int] | None

DEAL = "deal"
"""The phase in which the game awaits the next deal (a ``deal`` or a ``tally``)."""
OVER = "over"
"""The phase of a finished game."""


Handler = TypeVar("Handler", bound=Callable[..., Any])


def parser(event_type: str) -> Callable[[Handler], Handler]:
    """Mark a method as the parser of ``event_type`` events (event -> :class:`Action`).
    A subclass may override the method under the same name without marking it again."""

    def mark(method: Handler) -> Handler:
        method._event_handler = ("parse", event_type)  # type: ignore[attr-defined]
        return method

    return mark


def applier(event_type: str) -> Callable[[Handler], Handler]:
    """Mark a method as the applier of ``event_type`` actions (validate, then change)."""

    def mark(method: Handler) -> Handler:
        method._event_handler = ("apply", event_type)  # type: ignore[attr-defined]
        return method

    return mark


@dataclass(frozen=True)
class ChanceShuffle:
    """A chance event other than a deal that a game awaits (Scala 40's ``reshuffle``):
    ``cards`` in a canonical order, to be shuffled and written as
    ``{"type": event_type, field: [cards in the new order]}``. ``label`` names it
    uniquely within the game (``"reshuffle:DEAL:N"``), so a seeded shuffle can use it
    as :func:`tournaments.fairness.deal_event` uses ``"deal:N"``."""

    event_type: str
    field: str
    label: str
    cards: tuple[Card, ...]

    def event(self, order: Sequence[Card]) -> dict[str, Any]:
        """The chance event with the cards in ``order``."""
        return {"type": self.event_type, self.field: [c.code for c in order]}


class Game:
    """Base class of every game. Subclasses set the class attributes, implement
    :meth:`new_deck`, the ``_deal`` hook and their events, and register their event
    handlers with the :func:`parser` and :func:`applier` decorators; ``EVENTS`` (type →
    (parser method name, applier method name)) is gathered from them per class."""

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    option_spec: ClassVar[Mapping[str, Option]] = {}
    tally_spec: ClassVar[TallySpec | None] = None
    """What a score sheet counts per deal (:mod:`engine.tally`); ``None``: the game
    has no tally form (its tallies go through the API only)."""
    EVENTS: ClassVar[Mapping[str, tuple[str, str]]] = {}
    CHANCE_EVENTS: ClassVar[frozenset[str]] = frozenset({"deal", "reshuffle"})
    """Event types made by chance (the service), whose content is secret until the end."""
    PRIVATE_EVENTS: ClassVar[frozenset[str]] = frozenset()
    """Player event types whose content only the acting seat may see (e.g. a split)."""
    OPTIONAL_FIELDS: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Fields an event type may carry that its canonical form can leave out (Scopa's
    empty ``capture``, Tresette's ``signal``); the strict check (:func:`unknown_fields`)
    accepts them besides the canonical ones."""

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        """What a scorer needs at the table (a printed sheet's notes), in words built
        from the game's own constants and the resolved ``options``."""
        return []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[str, dict[str, str]] = {"parse": {}, "apply": {}}
        for klass in reversed(cls.__mro__):
            for name, attribute in vars(klass).items():
                mark = getattr(attribute, "_event_handler", None)
                if mark is not None:
                    handlers[mark[0]][mark[1]] = name
        parsers, appliers = handlers["parse"], handlers["apply"]
        if set(parsers) != set(appliers):
            unpaired = ", ".join(sorted(set(parsers) ^ set(appliers)))
            raise TypeError(f"{cls.__name__}: events lacking a parser or an applier: {unpaired}")
        cls.EVENTS = {
            event_type: (parsers[event_type], appliers[event_type]) for event_type in parsers
        }

    def __init__(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        first_dealer: int = 0,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOption(f"the number of players must be a whole number, not {players!r}")
        if players not in self.player_counts:
            counts = " or ".join(str(n) for n in self.player_counts)
            raise InvalidOption(f"{self.name} is played by {counts} players, not {players}")
        self.players = players
        self.options: dict[str, Any] = resolve_options(self.name, self.option_spec, options)
        self.check_options()
        if (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer < players
        ):
            raise InvalidOption(
                f"first_dealer must be a seat from 0 to {players - 1}, not {first_dealer!r}"
            )
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.deal_number = 0
        """Deals started or tallied so far in this game (0-based number of the current deal)."""
        self.phase = DEAL
        self.totals = [0] * self.sides
        self.deal_scores: list[int] | None = None
        self.winner: Winner = None
        self.events_applied = 0
        self._parsers: dict[str, Callable[[Event], Action]] = {}
        self._appliers: dict[str, Callable[[Action], None]] = {}
        for event_type, (parser, applier) in self.EVENTS.items():
            self._parsers[event_type] = getattr(self, parser)
            self._appliers[event_type] = getattr(self, applier)

    def __getstate__(self) -> dict[str, Any]:
        # The dispatch tables hold bound methods; they are rebuilt, not pickled.
        state = self.__dict__.copy()
        state.pop("_parsers", None)
        state.pop("_appliers", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._parsers = {}
        self._appliers = {}
        for event_type, (parser, applier) in self.EVENTS.items():
            self._parsers[event_type] = getattr(self, parser)
            self._appliers[event_type] = getattr(self, applier)

    # ------------------------------------------------------------------ structure

    @property
    def team_game(self) -> bool:
        """Whether seats play in two partnerships (team ``t`` holds seats ``t, t+2, …``)."""
        return False

    @property
    def sides(self) -> int:
        """How many sides score: teams in a team game, seats otherwise."""
        return 2 if self.team_game else self.players

    def side_of(self, seat: int) -> int:
        """The side (team or seat) that ``seat`` plays for."""
        return seat % 2 if self.team_game else seat

    def check_options(self) -> None:
        """Hook: cross-check options after each was validated (raise InvalidOption)."""

    def new_deck(self) -> list[Card]:
        """The cards of one deal, in a canonical order (shuffled by the service)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ events

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def awaiting(self) -> str | None:
        """``"deal"`` when the game waits for a chance event (or a tally), else ``None``."""
        return DEAL if self.phase == DEAL else None

    def parse(self, event: Event) -> Action:
        """Check the shape of ``event`` and return it as an :class:`Action`.

        Raises :class:`MalformedEvent` for a missing or malformed field or an event
        type this game does not know. Legality is not checked here.
        """
        # ``type(...) is dict`` first: the ABC isinstance check is slow on the hot path.
        if type(event) is not dict and not isinstance(event, Mapping):
            raise MalformedEvent(f"an event must be a JSON object, not {event!r}")
        event_type = event.get("type")
        parser = self._parsers.get(event_type) if isinstance(event_type, str) else None
        if parser is None:
            known = ", ".join(sorted(self._parsers))
            raise MalformedEvent(
                f"{self.name} has no event of type {event_type!r} (its events are: {known})",
                event,
            )
        return parser(event)

    def unknown_fields(self, event: Event, action: Action) -> list[str]:
        """The fields of ``event`` (already parsed as ``action``) that this game does not
        read: a misspelt ``"ilegal"``, a ``capture`` on a whist play. :meth:`parse`
        trusts its caller and ignores them; ``python -m engine check`` rejects them."""
        known = {"type", "seat", *action.to_event(), *self.OPTIONAL_FIELDS.get(action.type, ())}
        return sorted(key for key in event if key not in known)

    def apply(self, event: Event) -> Action:
        """Parse, validate and apply ``event``; return it as an :class:`Action`.

        Raises :class:`MalformedEvent` or an :class:`IllegalEvent` subclass, and then
        the game is unchanged.
        """
        action = self.parse(event)
        if self.phase == OVER:
            self.apply_action(action, event)  # raises WrongPhase with the message
        self._appliers[action.type](action)
        self.events_applied += 1
        return action

    def apply_action(self, action: Action, event: Event | None = None) -> None:
        """Validate and apply an already parsed action."""
        if self.phase == OVER:
            raise WrongPhase(
                f"the game is over; {action} cannot be applied",
                seat=action.seat,
                event=event if event is not None else action.to_event(),
            )
        self._appliers[action.type](action)
        self.events_applied += 1

    def push(self, action: Action) -> None:
        """Apply a legal action (e.g. one from :meth:`legal_actions`)."""
        self.apply_action(action)

    # ------------------------------------------------------------------ asking

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
        """A legal action chosen at random (uniform over a game's natural choices,
        :meth:`_legal_actions`: a random player does not pick among every meld)."""
        seats = self.seats_to_act() if seat is None else [seat]
        actions: list[Action] = []
        for each in seats:
            if each in self.seats_to_act():
                actions.extend(self._legal_actions(each))
        if not actions:
            raise WrongPhase("no seat can act now")
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

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (the engine's truth, not a view)."""
        raise NotImplementedError

    @property
    def scores(self) -> list[int]:
        """The game totals so far, per side."""
        return list(self.totals)

    @property
    def tricks(self) -> list[int] | None:
        """Tricks won so far in the current hand, per side (trick games only)."""
        return None

    def pending_shuffle(self) -> ChanceShuffle | None:
        """The chance event other than a deal that the game awaits (``awaiting`` is
        ``"deal"`` then too: a chance event is due), or ``None`` when the next chance
        event is a deal. Only Scala 40's reshuffle so far."""
        return None

    def random_deal_event(self, rng: random.Random) -> dict[str, Any]:
        """A ``deal`` event with the deck shuffled by ``rng`` (tests and benchmarks;
        the service shuffles from its committed seed); or the awaited
        :meth:`pending_shuffle` event, shuffled by ``rng``."""
        shuffle = self.pending_shuffle()
        if shuffle is not None:
            order = list(shuffle.cards)
            rng.shuffle(order)
            return shuffle.event(order)
        deck = self.new_deck()
        rng.shuffle(deck)
        return {"type": "deal", "deck": [c.code for c in deck]}

    def copy(self) -> Game:
        """An independent copy of the game."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as JSON-ready data.

        A view never holds a card its viewer may not see: other seats' hands are
        shown only as counts, undealt cards not at all.
        """
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players
        ):
            raise InvalidOption(f"seat must be from 0 to {self.players - 1}, not {seat!r}")
        view: dict[str, Any] = {
            "game": self.name,
            "players": self.players,
            "seat": seat,
            "phase": self.phase,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "scores": self.scores,
            "deal_scores": self.deal_scores,
            "over": self.over,
            "winner": self.winner,
        }
        if self.team_game:
            view["teams"] = [[s for s in range(self.players) if s % 2 == t] for t in (0, 1)]
        self._add_to_view(view, seat)
        if seat is not None:
            view["legal"] = self._view_legal(seat)
        return view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        """Hook: add what this game shows to ``seat`` (or to spectators when ``None``)."""

    def event_as_seen_by(self, event: Event, viewer: int | None) -> dict[str, Any]:
        """``event`` (as stored) as ``viewer`` may see it in a game's log while the game
        is on: chance events and other seats' private events keep only their type (and
        seat); everything else is public. After the game, the whole log is public."""
        event_type = event.get("type")
        if event_type in self.CHANCE_EVENTS:
            return {"type": event_type, "hidden": True}
        if event_type in self.PRIVATE_EVENTS and event.get("seat") != viewer:
            return {"type": event_type, "seat": event.get("seat"), "hidden": True}
        return dict(event)

    def _view_legal(self, seat: int) -> list[dict[str, Any]]:
        if seat not in self.seats_to_act():
            return []
        return [action.to_event() for action in self._legal_actions(seat)]

    # ------------------------------------------------------------------ deals and tallies

    @parser("deal")
    def _parse_deal(self, event: Event) -> Action:
        deck = parse_cards(event, "deck")
        return Action("deal", None, None, (("deck", tuple(deck)),))

    @applier("deal")
    def _apply_deal(self, action: Action) -> None:
        self._require_deal_phase(action)
        deck: tuple[Card, ...] = action.arg("deck")
        self._check_deck(deck, action)
        self._deal(list(deck))

    def _deal(self, deck: list[Card]) -> None:
        """Hook: lay out a deal from ``deck`` (already checked to be the whole deck)."""
        raise NotImplementedError

    def _require_deal_phase(self, action: Action) -> None:
        if self.phase != DEAL:
            raise WrongPhase(
                f"a {action.type} is only allowed between deals; the current deal is "
                f"still in its {self.phase} phase",
                seat=action.seat,
                event=action.to_event(),
            )

    def _check_deck(self, deck: Sequence[Card], action: Action) -> None:
        expected = Counter(self.new_deck())
        got = Counter(deck)
        if got == expected:
            return
        problems = []
        missing = expected - got
        extra = got - expected
        if missing:
            problems.append("missing " + " ".join(sorted(c.code for c in missing.elements())))
        if extra:
            problems.append(
                "not in this deck " + " ".join(sorted(c.code for c in extra.elements()))
            )
        raise IllegalEvent(
            f"a {self.name} deal must order exactly the {sum(expected.values())} cards of "
            f"its deck; this one has {len(deck)} ({'; '.join(problems)})",
            event=action.to_event(),
            rule="deck",
        )

    @parser("tally")
    def _parse_tally(self, event: Event) -> Action:
        raise MalformedEvent(f"{self.name} does not accept tally events", event)

    @applier("tally")
    def _apply_tally(self, action: Action) -> None:
        self._require_deal_phase(action)
        scores = self._score_tally(action)
        self._finish_deal(scores)

    def _score_tally(self, action: Action) -> list[int]:
        """Hook: check a tally (raise :class:`InvalidTally`) and return its deal scores."""
        raise NotImplementedError

    def _finish_deal(self, deal_scores: list[int]) -> None:
        """Book a finished deal: add its scores, pass the deal on, and end the game
        when :meth:`_game_is_over` says so."""
        self.deal_scores = deal_scores
        self.totals = [t + s for t, s in zip(self.totals, deal_scores, strict=True)]
        self.deal_number += 1
        self.dealer = (self.dealer + 1) % self.players
        if self._game_is_over():
            self.phase = OVER
            self.winner = self._decide_winner()
        else:
            self.phase = DEAL

    def _game_is_over(self) -> bool:
        raise NotImplementedError

    def _decide_winner(self) -> Winner:
        """The side with the highest total; a list of sides when several tie."""
        return highest(self.totals)

    # ------------------------------------------------------------------ helpers for subclasses

    def _check_card_play(
        self, action: Action, phase: str, turn: int | None, hand: Collection[Card]
    ) -> tuple[int, Card]:
        """The seat and card of a play, once it is the play phase, the seat's turn and
        the card in its hand; the precise error otherwise (nothing is changed)."""
        seat = action.seat
        card = action.card
        assert seat is not None and card is not None
        if self.phase != phase:
            raise WrongPhase(
                f"seat {seat} cannot play {card.code} now: the game is in its {self.phase} phase",
                seat=seat,
                event=action.to_event(),
            )
        if seat != turn:
            raise self._not_your_turn(action)
        if card not in hand:
            raise CardNotHeld(
                f"seat {seat} cannot play {card.code}: it does not hold the {card.name}",
                seat=seat,
                event=action.to_event(),
            )
        return seat, card

    def _not_your_turn(self, action: Action, event: Event | None = None) -> NotYourTurn:
        expected = self.to_act
        if expected is None:
            whom = (
                "no seat may act now (a deal is awaited)"
                if self.phase == DEAL
                else "no seat may act"
            )
        elif isinstance(expected, list):
            whom = "it is the turn of seat(s) " + ", ".join(str(s) for s in expected)
        else:
            whom = f"it is seat {expected}'s turn"
        return NotYourTurn(
            f"seat {action.seat} cannot {action.type} now: {whom}",
            seat=action.seat,
            event=event if event is not None else action.to_event(),
        )

    def _tally_error(self, action: Action, message: str) -> InvalidTally:
        return InvalidTally(f"tally rejected: {message}", event=action.to_event())


def highest(totals: Sequence[int]) -> Winner:
    """The index of the highest value, or the list of indices that share it."""
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else leaders


# ---------------------------------------------------------------------- field parsers


def require(event: Event, key: str) -> Any:
    """The value of ``key`` in ``event``, or :class:`MalformedEvent` naming the field."""
    try:
        return event[key]
    except KeyError:
        raise MalformedEvent(
            f"the {event.get('type')} event needs a {key!r} field", event
        ) from None


def parse_seat(event: Event, players: int) -> int:
    seat = require(event, "seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise MalformedEvent(
            f"'seat' must be a seat number from 0 to {players - 1}, not {seat!r}", event
        )
    return seat


def parse_card(event: Event, key: str = "card") -> Card:
    value = require(event, key)
    try:
        return Card.parse(value)
    except MalformedCard as error:
        raise MalformedEvent(f"{key!r}: {error}", event) from None


def parse_cards(event: Event, key: str, optional: bool = False) -> list[Card]:
    if optional and event.get(key) is None:
        return []
    value = require(event, key)
    if not isinstance(value, list):
        raise MalformedEvent(f"{key!r} must be a list of cards, not {value!r}", event)
    try:
        return [Card.parse(code) for code in value]
    except MalformedCard as error:
        raise MalformedEvent(f"{key!r}: {error}", event) from None


def parse_bool(event: Event, key: str) -> bool:
    value = require(event, key)
    if not isinstance(value, bool):
        raise MalformedEvent(f"{key!r} must be true or false, not {value!r}", event)
    return value


def parse_int_list(event: Event, key: str, length: int, minimum: int = 0) -> tuple[int, ...]:
    """A list of ``length`` whole numbers, each at least ``minimum``."""
    value = require(event, key)
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise MalformedEvent(
            f"{key!r} must be a list of {length} whole numbers, not {value!r}", event
        )
    if any(v < minimum for v in value):
        raise MalformedEvent(f"{key!r} may not hold numbers below {minimum}: {value!r}", event)
    return tuple(value)


def parse_side(event: Event, key: str, sides: int, nullable: bool = False) -> int | None:
    value = require(event, key)
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < sides:
        none = " or null" if nullable else ""
        raise MalformedEvent(
            f"{key!r} must be a number from 0 to {sides - 1}{none}, not {value!r}",
            event,
        )
    return value


def tally_action(**args: Any) -> Action:
    return make_action("tally", None, None, **args)


def card_codes(items: Iterable[Card]) -> list[str]:
    return [c.code for c in items]
