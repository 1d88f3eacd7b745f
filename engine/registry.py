"""The one list of the engine's games, and the way to a game's class.

As python-chess's ``chess.variant.VARIANTS``: a game is a class (a subclass of
:class:`engine.game.Game`) that declares what the rest of Tavolo knows of it -- its
options, its tally fields and their words (``tally_spec``), its rule codes and their
English templates (``rule_messages``), its bot (``bot``) -- and sits in :data:`GAMES`.
Everything that needs to know a game asks here (:func:`game_class`,
:func:`available_games`), never by naming it.

A game is found by its module, ``engine.games.<name>``, which is imported on first use
(a replay of one game does not load the other eight).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from engine.errors import UnknownGame
from engine.game import Game
from engine.messages import install_game_catalogues, message

GAMES: dict[str, str] = {
    "italian_whist": "ItalianWhist",
    "german_whist": "GermanWhist",
    "whist": "Whist",
    "three_handed_whist": "ThreeHandedWhist",
    "scopa": "Scopa",
    "briscola": "Briscola",
    "tresette": "Tresette",
    "burraco": "Burraco",
    "scala40": "Scala40",
}
"""Every game, by name (its module is ``engine.games.<name>``), and its class's name."""

_GAME_CLASSES: dict[str, type[Game]] = {}
"""The classes found so far, by name: ``importlib.import_module`` costs a lock and a
look-up each call, once per game a replay creates."""


def available_games() -> list[str]:
    """The names of the games this engine implements."""
    names = []
    for name in GAMES:
        try:
            game_class(name)
        except ImportError:
            continue
        names.append(name)
    return names


def game_class(name: str) -> type[Game]:
    """The class of game ``name``; :class:`UnknownGame` if there is none."""
    found = _GAME_CLASSES.get(name) if type(name) is str else None
    if found is not None:
        return found
    try:
        class_name = GAMES[name]
    except (KeyError, TypeError):
        known = list(GAMES)
        raise UnknownGame(message("game.unknown", value=repr(name), games=known)) from None
    cls: type[Game] = getattr(importlib.import_module(f"engine.games.{name}"), class_name)
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


def _rule_messages(name: str) -> Mapping[str, str]:
    """Game ``name``'s own rule codes (none for a name that is not a game)."""
    if name not in GAMES:
        return {}
    return game_class(name).rule_messages


install_game_catalogues(_rule_messages, available_games)
