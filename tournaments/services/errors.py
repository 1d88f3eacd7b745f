"""Errors the game service raises; the API maps each to an HTTP status."""

from __future__ import annotations


class ServiceError(Exception):
    """Base class: a request the service refuses, with a message for people."""

    status = 400

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.details = details


class Forbidden(ServiceError):
    """The user may not do this (act for another seat, manage another's game …)."""

    status = 403


class Conflict(ServiceError):
    """The request clashes with the game's current state: a stale expected version,
    an event id reused for other content, or a game in the wrong status."""

    status = 409


class RecordRejected(ServiceError):
    """An imported record failed; ``details`` holds the event index and reason."""

    status = 400


class NotFound(ServiceError):
    """There is no such club, tournament, round or entry."""

    status = 404
