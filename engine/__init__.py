"""Tavolo's rules engine: pure Python, no Django.

A game is a list of JSON events; its state is derived by replaying them.

>>> from engine import new_game
>>> game = new_game("whist", 4, {"target": 5})
>>> import random
>>> _ = game.apply(game.random_deal_event(random.Random(1)))
>>> game.to_act
1

``GAMES`` names every game; :func:`new_game` creates one and :func:`replay`
applies a list of events.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

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
from engine.messages import message

ENGINE_VERSION = "4"
"""Bumped whenever a rule change could make an old snapshot differ from a replay."""

_GAME_MODULES: dict[str, tuple[str, str]] = {
    "italian_whist": ("engine.games.italian_whist", "ItalianWhist"),
    "german_whist": ("engine.games.german_whist", "GermanWhist"),
    "whist": ("engine.games.whist", "Whist"),
    "three_handed_whist": ("engine.games.three_handed_whist", "ThreeHandedWhist"),
    "scopa": ("engine.games.scopa", "Scopa"),
    "briscola": ("engine.games.briscola", "Briscola"),
    "tresette": ("engine.games.tresette", "Tresette"),
    "burraco": ("engine.games.burraco", "Burraco"),
    "scala40": ("engine.games.scala40", "Scala40"),
}


def available_games() -> list[str]:
    """The names of the games this engine implements."""
    names = []
    for name in _GAME_MODULES:
        try:
            game_class(name)
        except ImportError:
            continue
        names.append(name)
    return names


_GAME_CLASSES: dict[str, type[Game]] = {}
"""The classes found so far, by name: ``importlib.import_module`` costs a lock and a
look-up each call, once per game a replay creates."""


def game_class(name: str) -> type[Game]:
    """The class of game ``name``; :class:`UnknownGame` if there is none."""
    found = _GAME_CLASSES.get(name) if type(name) is str else None
    if found is not None:
        return found
    try:
        module_name, class_name = _GAME_MODULES[name]
    except (KeyError, TypeError):
        known = list(_GAME_MODULES)
        raise UnknownGame(message("game.unknown", value=repr(name), games=known)) from None

    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    _GAME_CLASSES[name] = cls
    return cls


def new_game(
    name: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
) -> Game:
    """Create game ``name`` for ``players`` players with house-rule ``options``."""
    return game_class(name)(players, options, first_dealer)


def replay(
    name: str,
    players: int,
    events: Iterable[Mapping[str, Any]],
    options: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
) -> Game:
    """Create a game and apply ``events`` in order (raising on the first bad one)."""
    game = new_game(name, players, options, first_dealer)
    game.apply_events(events)
    return game


__all__ = [
    "ENGINE_VERSION",
    "Action",
    "Card",
    "CardNotHeld",
    "EngineError",
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
