"""People who sit at tables: players, with or without a login."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Player(models.Model):
    """Someone who plays. ``user`` is their login, if they have one (a guest entered
    by a director has none and acts through the director)."""

    name = models.CharField(max_length=120)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )
    club = models.ForeignKey(
        "tournaments.Club",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    """The club that entered this player (a guest's club); ``None`` for a self-registered user."""
    household = models.CharField(max_length=120, blank=True)
    """Players of one household may be kept apart by a tournament's forbidden pairings."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name
