"""Tavolo's rules engine: pure Python, no Django.

A game is a list of JSON events; its state is derived by replaying them.

>>> from engine import new_game
>>> game = new_game("whist", 4, {"target": 5})
>>> import random
>>> _ = game.apply(game.random_deal_event(random.Random(1)))
>>> game.to_act
1

``GAMES`` (:mod:`engine.registry`) names every game; :func:`new_game` creates one and :func:`replay`
applies a list of events.
"""

from __future__ import annotations

from engine.actions import Action
from engine.cards import Card, card, cards
from engine.errors import (
    CardNotHeld,
    EngineError,
    IllegalEvent,
    InvalidOption,
    InvalidTally,
    MalformedCard,
    MalformedEvent,
    MustFollowSuit,
    NotYourTurn,
    RuleViolation,
    UnknownGame,
    WrongPhase,
)
from engine.game import Game
from engine.registry import GAMES, available_games, game_class, new_game, replay

ENGINE_VERSION = "4"
"""Bumped whenever a rule change could make an old snapshot differ from a replay."""

__all__ = [
    "ENGINE_VERSION",
    "Action",
    "Card",
    "CardNotHeld",
    "EngineError",
    "GAMES",
    "Game",
    "IllegalEvent",
    "InvalidOption",
    "InvalidTally",
    "MalformedCard",
    "MalformedEvent",
    "MustFollowSuit",
    "NotYourTurn",
    "RuleViolation",
    "UnknownGame",
    "WrongPhase",
    "available_games",
    "card",
    "cards",
    "game_class",
    "new_game",
    "replay",
]
