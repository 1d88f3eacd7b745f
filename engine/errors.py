"""The engine's exceptions.

Everything the engine raises on bad input derives from :class:`EngineError`, so a
caller (the web service, the conformance check) can catch one type and show the
message to a person. Messages are written for players: they name the seat, the
event and the rule that was broken. Every error also carries the ``code`` and
``params`` of its message (:mod:`engine.messages`), from which a page or a client
writes it in the reader's language; ``str(error)`` is the English.

A rejected event never changes the game: the engine validates completely before
it mutates anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.messages import Message, plain_text


class EngineError(Exception):
    """Base class of every error the engine raises on bad input.

    The engine passes a :class:`~engine.messages.Message`; a plain string (from a
    caller outside the engine) gets the code ``"text"``.
    """

    code: str
    params: dict[str, Any]

    def __init__(self, message: str) -> None:
        reason: Message = plain_text(message)
        super().__init__(str(reason))
        self.code = reason.code
        self.params = reason.params

    @property
    def message(self) -> Message:
        """The code, parameters and English text, as one value (to nest in another)."""
        return Message(self.code, self.params)


class MalformedCard(EngineError, ValueError):
    """A card was written in a way that is not card notation."""


class UnknownGame(EngineError, ValueError):
    """No game of that name exists."""


class InvalidOption(EngineError, ValueError):
    """A game option is unknown, of the wrong type, or out of range.

    ``option`` names the offending option (``None`` for the player count and
    other arguments that are not options).
    """

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class MalformedEvent(EngineError, ValueError):
    """An event does not have the shape RECORDS.md describes (missing or bad fields)."""

    def __init__(self, message: str, event: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.event = event


class IllegalEvent(EngineError):
    """A well-formed event that the rules do not allow at this point.

    ``seat`` is the seat that tried to act (``None`` for chance and tally events),
    ``event`` the event as submitted, and ``rule`` a short name of the rule it
    breaks (``"follow suit"``, ``"turn order"`` …).
    """

    rule = "rules"

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        event: Mapping[str, Any] | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.event = event
        if rule is not None:
            self.rule = rule


class NotYourTurn(IllegalEvent):
    """The seat tried to act when it is another seat's turn (or nobody's)."""

    rule = "turn order"


class CardNotHeld(IllegalEvent):
    """The seat tried to use a card it does not hold."""

    rule = "cards in hand"


class MustFollowSuit(IllegalEvent):
    """The seat could follow the suit to follow but played another card."""

    rule = "follow suit"


class WrongPhase(IllegalEvent):
    """The event does not belong in the current phase (e.g. a play during the split,
    a deal while a hand is in progress, anything after the game is over)."""

    rule = "phase"


class InvalidTally(IllegalEvent):
    """A score-sheet tally fails one of the checks RULES.md lists for the game."""

    rule = "tally"


class RuleViolation(IllegalEvent):
    """Any other rule of the game (a capture that is not allowed, a bad meld …)."""
