"""Invitations to a casual game: one link per empty seat.

The link's token is drawn with :mod:`secrets` (unguessable), works once, can be
withdrawn by the game's creator, and stops working when the game starts or after
``expires_at``. Rows are kept (never deleted) so the creator sees what happened to
each link.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.games import Game
from tournaments.services.numbering import for_people


class GameInvitation(models.Model):
    """A link that lets whoever opens it (logged in) take seat ``seat`` of ``game``."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("game")
    )
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    """The seat's index (0-based, as everywhere in the database; pages show it counted from 1)."""
    token = models.CharField(max_length=64, unique=True, verbose_name=_("token"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("created by"),
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    expires_at = models.DateTimeField(verbose_name=_("expires at"))
    used_at = models.DateTimeField(null=True, blank=True, verbose_name=_("used at"))
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("used by"),
    )  # fmt: skip
    revoked_at = models.DateTimeField(null=True, blank=True, verbose_name=_("revoked at"))

    class Meta:
        verbose_name = _("game invitation")
        verbose_name_plural = _("game invitations")
        ordering = ["game", "seat", "-created_at"]

    def __str__(self) -> str:
        return f"invitation to seat {for_people(self.seat)} of {self.game_id}"
