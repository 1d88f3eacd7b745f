"""Game profiles: everything Tavolo shows of one game, one module per game.

The rules are the engine's (``engine/games/<game>.py``: options, tally, scorer's
notes); how Tavolo shows the game is its profile, ``tournaments/games/<game>.py``,
whose ``PROFILE`` is a :class:`~tournaments.games.base.GameProfile`. Games that share
behaviour share a family base: the trick-taking whists (:mod:`.whists`), the Italian
capture and trick games (:mod:`.italian`) and the rummy games (:mod:`.rummy`).

Pages, score sheets, the printed PDF and the deal schedule ask :func:`profile_for`
instead of comparing game types, so adding a game is an engine module plus a profile
module (tests/architecture/test_game_names.py keeps it so).

The package sits beside the web code rather than in it because a service (the deal
schedule) reads profiles too; it imports the engine and the pure card helpers of
:mod:`tournaments.web.cards` and :mod:`tournaments.services.numbering`, never a view.
"""

from __future__ import annotations

import importlib
from functools import cache

import engine
from tournaments.games.base import GameProfile

__all__ = ["GameProfile", "all_profiles", "default_game", "profile_for"]


@cache
def _game_types() -> frozenset[str]:
    return frozenset(engine.available_games())


@cache
def _known(game_type: str) -> GameProfile:
    try:
        module = importlib.import_module(f"{__name__}.{game_type}")
    except ModuleNotFoundError:
        return GameProfile(game_type)
    profile: GameProfile = module.PROFILE
    return profile


def profile_for(game_type: str) -> GameProfile:
    """The profile of ``game_type``; a game the engine does not know gets the plain
    base profile (it shows its name and no game-specific parts)."""
    if game_type in _game_types():
        return _known(game_type)
    return GameProfile(str(game_type))


def all_profiles() -> list[GameProfile]:
    """Every engine game's profile, in the engine's order."""
    return [profile_for(name) for name in engine.available_games()]


def default_game() -> str:
    """The game the "new game" page offers first."""
    chosen = [p.game_type for p in all_profiles() if p.default]
    return chosen[0] if chosen else engine.available_games()[0]
