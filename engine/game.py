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

The field parsers every game reads its events with (:mod:`engine.events`) and the
handler decorators (:mod:`engine.dispatch`) are re-exported here.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar

import engine.draws as draws
from engine.actions import Action
from engine.bots import Bot
from engine.cards import Card, deck_mismatch, sorted_cards
from engine.cards import card_code as card_code
from engine.dispatch import applier as applier  # re-exported
from engine.dispatch import parser as parser  # re-exported
from engine.errors import (
    CardNotHeld,
    IllegalEvent,
    InvalidOption,
    InvalidTally,
    MalformedEvent,
    NotYourTurn,
    WrongPhase,
)
from engine.events import *  # noqa: F403  (re-exported: the games read events through here)
from engine.events import ChanceShuffle, Event, parse_cards
from engine.flow import FlowEvents
from engine.messages import Message, message
from engine.options import Option, resolve_options
from engine.tally import TallySpec

Winner = int | list[int] | None
_SORTED_DECKS: dict[tuple[Any, ...], list[Card]] = {}

DEAL = "deal"
"""The phase in which the game awaits the next deal (a ``deal`` or a ``tally``)."""
OVER = "over"
"""The phase of a finished game."""


class Game(FlowEvents):
    """Base class of every game. Subclasses set the class attributes, implement
    :meth:`new_deck`, the ``_deal`` hook and their events, and register their event
    handlers with the :func:`parser` and :func:`applier` decorators; ``EVENTS`` (type →
    (parser method name, applier method name)) is gathered from them per class
    (:class:`~engine.dispatch.EventDispatch`, which also parses events). Who may act
    and the legal actions are :class:`~engine.legal.LegalQueries`'; the flow events
    (resign, concede, adjourn, resume) :class:`~engine.flow.FlowEvents`'."""

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    option_spec: ClassVar[Mapping[str, Option]] = {}
    tally_spec: ClassVar[TallySpec | None] = None
    """What a score sheet counts per deal (:mod:`engine.tally`); ``None``: the game
    has no tally form (its tallies go through the API only)."""
    rule_messages: ClassVar[Mapping[str, str]] = {}  # its rule codes (each "<name>.…")
    bot: ClassVar[Bot | None] = None  # its bot (engine.bots), read from the class
    CHANCE_EVENTS: ClassVar[frozenset[str]] = frozenset({"deal", "reshuffle"})
    """Event types made by chance (the service), whose content is secret until the end."""
    PRIVATE_EVENTS: ClassVar[frozenset[str]] = frozenset()
    """Player event types whose content only the acting seat may see (e.g. a split)."""
    fewest_points_win: ClassVar[bool] = False
    """The totals are penalty points: the fewest finish first (the ratings' places)."""

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        """What a scorer needs at the table (a printed sheet's notes), in words built
        from the game's own constants and the resolved ``options``."""
        return []

    def __init__(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        first_dealer: int = 0,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOption(message("players.not_a_number", value=repr(players)))
        if players not in self.player_counts:
            raise InvalidOption(
                message("players.count", game=self.name, counts=self.player_counts, count=players)
            )
        self.players = players
        self.options: dict[str, Any] = resolve_options(self.name, self.option_spec, options)
        self.check_options()
        if (
            isinstance(first_dealer, bool)
            or not isinstance(first_dealer, int)
            or not 0 <= first_dealer < players
        ):
            raise InvalidOption(message("first_dealer", seat=players - 1, value=repr(first_dealer)))
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        self.deal_number = 0
        """Deals started or tallied so far in this game (0-based number of the current deal)."""
        # ``over`` and ``awaiting`` are read before every step of a playout: plain
        # values kept in step with the phase (FlowEvents._set_phase), where properties
        # cost a Python call per read (CPython 3.11 does not specialise them). Set
        # here, like every attribute: one added later costs the compact instance
        # layout, and every attribute read gets slower (so does a 30th attribute).
        self.over = False
        """Whether the game is over."""
        self.awaiting: str | None = None
        """``"deal"`` when the game waits for a chance event (or a tally), else ``None``."""
        self._set_phase(DEAL)
        self.totals = [0] * self.sides
        self.deal_scores: list[int] | None = None
        self.winner: Winner = None
        self.events_applied = 0
        self._bind_handlers()

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

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._refresh_flags()  # a state pickled before they were attributes

    def apply(self, event: Event) -> Action:
        """Parse, validate and apply ``event``; return it as an :class:`Action`.

        Raises :class:`MalformedEvent` or an :class:`IllegalEvent` subclass, and then
        the game is unchanged.
        """
        # Hot path of replays: a plain dict whose type names one of the game's events
        # goes straight to its parser; anything else through parse(), which explains.
        event_type = event.get("type") if type(event) is dict else None
        handlers = self._handlers.get(event_type) if type(event_type) is str else None
        action = handlers[0](self, event) if handlers is not None else self.parse(event)
        if self.phase == OVER or self.adjourned:
            self._refuse_while_halted(action, event)
        self._handlers[action.type][1](self, action)
        self.events_applied += 1
        return action

    def apply_action(self, action: Action, event: Event | None = None) -> None:
        """Validate and apply an already parsed action."""
        if self.phase == OVER or self.adjourned:
            self._refuse_while_halted(action, event)
        self._handlers[action.type][1](self, action)
        self.events_applied += 1

    def push(self, action: Action) -> None:
        """Apply a legal action (e.g. one from :meth:`legal_actions`)."""
        # apply_action's body, without a second call: the hot path of random playouts.
        if self.phase == OVER or self.adjourned:
            self._refuse_while_halted(action)
        self._handlers[action.type][1](self, action)
        self.events_applied += 1

    # ------------------------------------------------------------------ asking

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
        # draws.shuffle: rng.shuffle's order and draws, without a Python call per card.
        shuffle = self.pending_shuffle()
        if shuffle is not None:
            order = list(shuffle.cards)
            draws.shuffle(order, rng)
            return shuffle.event(order)
        deck = self.new_deck()
        draws.shuffle(deck, rng)
        return {"type": "deal", "deck": list(map(card_code, deck))}

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
            raise InvalidOption(message("view.seat", seat=self.players - 1, value=repr(seat)))
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
            "adjourned": self.adjourned,
            "resigned": self.resigned,
        }
        if self.team_game:
            view["teams"] = [[s for s in range(self.players) if s % 2 == t] for t in (0, 1)]
        self._add_to_view(view, seat)
        if seat is not None:
            view["legal"] = [] if self.adjourned else self._view_legal(seat)
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
                message("phase.between_deals", event=action.type, phase=self.phase),
                seat=action.seat,
                event=action.to_event(),
            )

    def _check_deck(self, deck: Sequence[Card], action: Action) -> None:
        # Cards are interned and their display order is unique per card, so two decks
        # hold the same cards exactly when they sort alike: one C-level sort per deal
        # instead of two Counters (the Counters only explain a wrong deck).
        expected_sorted = self._whole_deck_sorted()
        if len(deck) == len(expected_sorted) and sorted_cards(deck) == expected_sorted:
            return
        raise IllegalEvent(
            deck_mismatch(self.name, self.new_deck(), deck), event=action.to_event(), rule="deck"
        )

    def _whole_deck_sorted(self) -> list[Card]:
        """``new_deck()`` in display order, kept per game class, player count and options
        (all a deck can depend on): not an attribute of the game, whose every attribute
        counts toward CPython 3.11's 30 shared instance keys."""
        try:
            key = (type(self), self.players, tuple(sorted(self.options.items())))
            return _SORTED_DECKS[key]
        except KeyError:
            deck = _SORTED_DECKS[key] = sorted_cards(self.new_deck())
            return deck
        except TypeError:  # an option value that is not hashable: no key
            return sorted_cards(self.new_deck())

    @parser("tally")
    def _parse_tally(self, event: Event) -> Action:
        raise MalformedEvent(message("malformed.no_tally", game=self.name), event)

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
            self._set_phase(OVER)
            self.winner = self._decide_winner()
        else:
            self._set_phase(DEAL)

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
                message("phase.play", seat=seat, card=card, phase=self.phase),
                seat=seat,
                event=action.to_event(),
            )
        if seat != turn:
            raise self._not_your_turn(action)
        if card not in hand:
            raise CardNotHeld(
                message("card.not_held", seat=seat, event="play", card=card, cardname=card),
                seat=seat,
                event=action.to_event(),
            )
        return seat, card

    def _not_your_turn(self, action: Action, event: Event | None = None) -> NotYourTurn:
        expected = self.to_act
        whom: dict[str, Any]
        if expected is None:
            code = "turn.nobody_deal" if self.phase == DEAL else "turn.nobody"
            whom = {}
        elif isinstance(expected, list):
            code, whom = "turn.seats", {"seats": expected}
        else:
            code, whom = "turn", {"seat_expected": expected}
        return NotYourTurn(
            message(code, seat=action.seat, event=action.type, **whom),
            seat=action.seat,
            event=event if event is not None else action.to_event(),
        )

    def _tally_error(self, action: Action, problem: Message) -> InvalidTally:
        return InvalidTally(message("tally.rejected", reason=problem), event=action.to_event())


def highest(totals: Sequence[int]) -> Winner:
    """The index of the highest value, or the list of indices that share it."""
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else leaders
