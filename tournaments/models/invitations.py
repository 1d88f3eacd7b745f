"""Invitations to a casual game: one link per empty seat.

The link's token is drawn with :mod:`secrets` (unguessable), works once, can be
withdrawn by the game's creator, and stops working when the game starts or after
``expires_at``. Rows are kept (never deleted) so the creator sees what happened to
each link.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.games import Game


class GameInvitation(models.Model):
    """A link that lets whoever opens it (logged in) take seat ``seat`` of ``game``."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    seat = models.PositiveSmallIntegerField()
    """The seat's index (0-based, as everywhere in the database; pages show it + 1)."""
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat", "-created_at"]

    def __str__(self) -> str:
        return f"invitation to seat {self.seat + 1} of {self.game_id}"
