"""Ratings (issue 18): every player's strength per game, per club and across all clubs.

Derived data, like the stored standings: the truth is the finished rated games
(:func:`tournaments.services.rated_games.rated_games`); everything here is computed
from them, in the order they finished, and a rebuild from scratch writes the same rows.

A *scope* is one game type in one club, or (``club`` empty) in every club together.

- :class:`Rating`: a player's current rating in a scope (OpenSkill's ``mu`` and
  ``sigma``), with how many rated games it rests on.
- :class:`RatingChange`: one rated game's effect on one player in one scope: the
  rating's history, in the order the games were rated.
- :class:`RatingScope`: one row per scope that has ever been rated: what was rated
  last and whether it must be recomputed.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Game, Player


class RatingScope(models.Model):
    """One game type in one club (``club`` empty: across all clubs)."""

    game_type = models.CharField(max_length=40, verbose_name=_("game type"))
    club = models.ForeignKey(
        Club,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="rating_scopes",
        verbose_name=_("club"),
    )
    rated_games = models.PositiveIntegerField(default=0, verbose_name=_("rated games"))
    last_played = models.DateTimeField(null=True, blank=True, verbose_name=_("last played"))
    """When the last game rated in this scope finished: a game finishing later is
    simply added; one that finished earlier (a late sheet, a correction) makes the
    scope be rated again from scratch."""
    fingerprint = models.CharField(max_length=64, blank=True, verbose_name=_("fingerprint"))
    """SHA-256 of the rated games' results, in order: what the stored rows were computed from."""
    computed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("computed at"))
    version = models.PositiveIntegerField(default=0, verbose_name=_("version"))
    """Goes up each time the stored ratings of the scope change."""

    class Meta:
        verbose_name = _("rating scope")
        verbose_name_plural = _("rating scopes")
        constraints = [
            models.UniqueConstraint(
                fields=["game_type", "club"],
                condition=Q(club__isnull=False),
                name="rating_scope_unique_in_club",
            ),
            models.UniqueConstraint(
                fields=["game_type"],
                condition=Q(club__isnull=True),
                name="rating_scope_unique_all_clubs",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_type} ratings in {self.club_id or 'all clubs'}"


class Rating(models.Model):
    """A player's current rating in one scope."""

    scope = models.ForeignKey(
        RatingScope, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("scope")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("player")
    )
    mu = models.FloatField(verbose_name=_("mu"))
    """OpenSkill's estimate of the player's skill."""
    sigma = models.FloatField(verbose_name=_("sigma"))
    """OpenSkill's uncertainty about ``mu`` (one standard deviation)."""
    games = models.PositiveIntegerField(default=0, verbose_name=_("games"))
    """How many rated games the rating rests on."""
    wins = models.PositiveIntegerField(default=0, verbose_name=_("wins"))
    """Rated games the player (or their side) finished first in, alone."""
    last_played = models.DateTimeField(verbose_name=_("last played"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["scope", "player"], name="rating_unique_per_scope"),
        ]
        indexes = [models.Index(fields=["player", "scope"], name="rating_player_scope")]

    def __str__(self) -> str:
        return f"{self.player_id} in scope {self.scope_id}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating in one scope."""

    scope = models.ForeignKey(
        RatingScope, on_delete=models.CASCADE, related_name="changes", verbose_name=_("scope")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("player")
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("game")
    )
    sequence = models.PositiveIntegerField(verbose_name=_("sequence"))
    """The game's place (1, 2, …) in the order the scope's games were rated."""
    played_at = models.DateTimeField(verbose_name=_("played at"))
    """When the game finished."""
    mu_before = models.FloatField(verbose_name=_("mu before"))
    sigma_before = models.FloatField(verbose_name=_("sigma before"))
    mu = models.FloatField(verbose_name=_("mu"))
    sigma = models.FloatField(verbose_name=_("sigma"))
    place = models.PositiveSmallIntegerField(verbose_name=_("place"))
    """The player's (or their side's) place at the table: 1 is first; equal places are a draw."""
    table_size = models.PositiveSmallIntegerField(verbose_name=_("table size"))
    """How many sides played (2, 3 or 4)."""
    expected = models.FloatField(verbose_name=_("expected"))
    """The chance, before the game, that the player's side would finish first."""

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["scope", "sequence", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "game", "player"], name="rating_change_unique"
            ),
        ]
        indexes = [
            models.Index(fields=["player", "scope", "sequence"], name="rating_change_history"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} #{self.sequence} in scope {self.scope_id}: {self.mu:.2f}"
