"""What counts for the ratings: each club's settings, and the ratings owed.

- :class:`RatingSettings`: a club's choices for its games (a club without a row has
  the defaults). They decide whether a game of the club's tournaments is rated at
  all, in the club's scope and in the all-clubs scope alike.
- :class:`RatingsOwed`: one row per game type whose ratings must be brought up to
  date, written in the same transaction as the result that changed (see
  :func:`scoring.owed.owe_ratings`), deleted by the update that saw every change.

Casual online games belong to no club: whether they count in the all-clubs rating is
the site's choice, ``TAVOLO_RATINGS_CASUAL`` (``1``, the default, or ``0``).
"""

from __future__ import annotations

import os

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club

CASUAL_GAMES_COUNT = os.environ.get("TAVOLO_RATINGS_CASUAL", "1").strip() != "0"
"""Casual online games (at no club's table) count for the all-clubs ratings."""


class RatingSettings(models.Model):
    """A club's choices of what its games count for the ratings."""

    club = models.OneToOneField(
        Club,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="rating_settings",
        verbose_name=_("club"),
    )
    count_forfeited_tables = models.BooleanField(
        default=False,
        verbose_name=_("count forfeited tables"),
        help_text=_(
            "A table with a recorded no-show or forfeit counts for the ratings, as its "
            "game's final scores stand (off: it is left out)."
        ),
    )
    count_resigned_games = models.BooleanField(
        default=True,
        verbose_name=_("count resigned games"),
        help_text=_(
            "An online game a player resigned counts, the resigning side last "
            "(off: it is left out)."
        ),
    )
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated at"))

    class Meta:
        verbose_name = _("rating settings")
        verbose_name_plural = _("rating settings")

    def __str__(self) -> str:
        return f"rating settings of club {self.club_id}"


class RatingsOwed(models.Model):
    """A game type whose ratings are owed (as :class:`~scoring.models.StandingsState`
    marks a tournament dirty)."""

    game_type = models.CharField(max_length=40, primary_key=True, verbose_name=_("game type"))
    requested = models.PositiveBigIntegerField(default=0, verbose_name=_("requested"))
    """How many changes were signalled: the update deletes the row only when none
    arrived while it ran."""
    since = models.DateTimeField(verbose_name=_("since"))

    class Meta:
        verbose_name = _("ratings owed")
        verbose_name_plural = _("ratings owed")

    def __str__(self) -> str:
        return f"{self.game_type} ratings owed ({self.requested})"
