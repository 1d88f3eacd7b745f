"""People who sit at tables: players, with or without a login."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """Someone who plays. ``user`` is their login, if they have one (a guest entered
    by a director has none and acts through the director)."""

    name = models.CharField(max_length=120, verbose_name=_("name"))
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
        verbose_name=_("user"),
    )
    club = models.ForeignKey(
        "tournaments.Club",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
        verbose_name=_("club"),
    )
    """The club that entered this player (a guest's club); ``None`` for a self-registered user."""
    household = models.CharField(max_length=120, blank=True, verbose_name=_("household"))
    """Players of one household may be kept apart by a tournament's forbidden pairings."""
    is_bot = models.BooleanField(default=False, verbose_name=_("is a bot"))
    """A bot seated in an empty seat of an online game (issue 16): no login, its moves
    are marked as a bot's, and its games count for no rating."""
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name
