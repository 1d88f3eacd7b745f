"""The tournaments app's models, one concern per module."""

from tournaments.models.accounts import Account, ClaimCode, PlayerClaim, Preferences
from tournaments.models.audit import AuditEntry
from tournaments.models.clubs import ROLE_RANK, Club, Membership, Role, Team, TeamMember
from tournaments.models.games import Game, GameEvent, GameSnapshot, Seat
from tournaments.models.invitations import GameInvitation
from tournaments.models.lockouts import FailureCount
from tournaments.models.players import Player
from tournaments.models.rounds import Bye, Round, RoundCorrection, Table, TableEntry
from tournaments.models.seasons import Season
from tournaments.models.sheets import Forfeit, SheetEntry
from tournaments.models.tournaments import Entry, ForbiddenPair, Tournament

__all__ = [
    "ROLE_RANK",
    "Account",
    "AuditEntry",
    "ClaimCode",
    "PlayerClaim",
    "Preferences",
    "Bye",
    "Club",
    "Entry",
    "FailureCount",
    "ForbiddenPair",
    "Forfeit",
    "Game",
    "GameEvent",
    "GameInvitation",
    "GameSnapshot",
    "Membership",
    "Player",
    "Role",
    "Round",
    "RoundCorrection",
    "Seat",
    "Season",
    "SheetEntry",
    "Table",
    "TableEntry",
    "Team",
    "TeamMember",
    "Tournament",
]
