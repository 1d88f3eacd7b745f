"""A club's seasons: a table of its players across several tournaments.

A :class:`Season` is a director's setting, not derived data: its dates (on the club's
calendar), the game it is for (or any), which tournaments count (those chosen, or by
default every finished tournament of the club whose day falls between the dates), and
the formula that turns each tournament's final standings into season points (see
:mod:`scoring.seasons`, which computes the table, and ``docs/seasons.md``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Club
from tournaments.models.tournaments import Tournament


class Season(models.Model):
    class Formula(models.TextChoices):
        SUM = "sum", _("Sum of tournament points")
        BEST = "best", _("Best N tournaments (sum of their points)")
        PLACEMENT = "placement", _("Points by final place")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("club")
    )
    name = models.CharField(max_length=120, verbose_name=_("name"))
    slug = models.SlugField(max_length=60, verbose_name=_("slug"))
    starts_on = models.DateField(verbose_name=_("starts on"))
    """The first day, on the club's calendar."""
    ends_on = models.DateField(verbose_name=_("ends on"))
    """The last day (included), on the club's calendar."""
    game_type = models.CharField(max_length=40, blank=True, verbose_name=_("game type"))
    """The game whose tournaments count; empty: any game."""
    chosen = models.BooleanField(default=False, verbose_name=_("tournaments chosen"))
    """Count only :attr:`tournaments`; unset: every finished tournament of the club
    between the dates (of :attr:`game_type`, if set)."""
    tournaments = models.ManyToManyField(
        Tournament, blank=True, related_name="seasons", verbose_name=_("tournaments")
    )
    formula = models.CharField(
        max_length=12, choices=Formula.choices, default=Formula.SUM, verbose_name=_("formula")
    )
    best_of = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("best of"))
    """N: how many of a player's tournaments count (every one when ``None``)."""
    place_points = models.JSONField(default=list, blank=True, verbose_name=_("points by place"))
    """The placement formula's points for the 1st, 2nd, … place (exact: ints or ``"p/q"``);
    a place past the list scores 0."""
    public = models.BooleanField(default=True, verbose_name=_("public"))
    """Anyone may read the table; unset: the club's members only."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("created by"),
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    version = models.PositiveIntegerField(default=1, editable=False, verbose_name=_("version"))
    """Bumped by every change (one conditional UPDATE, :mod:`tournaments.services.versions`):
    an edit made from an older version is refused, never silently written over."""

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["club", "-starts_on", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="season_slug_unique"),
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")), name="season_dates_ordered"
            ),
        ]

    def __str__(self) -> str:
        return self.name
