"""The tournaments app's models, one concern per module."""

from tournaments.models.games import Game, GameEvent, GameSnapshot, Seat
from tournaments.models.players import Player

__all__ = ["Game", "GameEvent", "GameSnapshot", "Player", "Seat"]
