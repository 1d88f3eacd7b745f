"""Stored standings, the per-tournament "dirty" marker, and finished games' scores.

The truth is the results (games, forfeits, byes, withdrawals in the ``tournaments``
app); everything here is derived from them by :mod:`scoring.store` and can be thrown
away and recomputed (the same input gives the same rows, byte for byte).

- :class:`StandingsState`: one row per tournament. ``dirty`` is set, in the same
  transaction as the result that changed, by :func:`scoring.owed.owe_standings`,
  and cleared by the recomputation that saw every change (``requested`` counts the
  changes; a change arriving during a recomputation leaves it dirty). ``version`` goes
  up whenever stored rows change: the public pages poll it.
- :class:`RoundStandings`: the standings after one published round, rows as one JSON
  list (a 1,000-entry page reads one row, no join).
- :class:`EntryRoundStanding`: the same standings, one row per entry and round
  (points and rank), so that a player's page reads only that player's rows.
- :class:`GameScore`: a finished game's final score per side, read once from the
  engine (a replay) and kept, tagged with the game's version.
- :class:`PrizeCategory` and :class:`PrizeRules`: the prizes a director defines for the
  final report (these are not derived: they are the director's settings).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Game, Tournament


class StandingsState(models.Model):
    tournament = models.OneToOneField(
        Tournament,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="standings_state",
        verbose_name=_("tournament"),
    )
    dirty = models.BooleanField(default=True, verbose_name=_("dirty"))
    """A result changed since the stored standings were computed."""
    dirty_since = models.DateTimeField(null=True, blank=True, verbose_name=_("dirty since"))
    requested = models.PositiveBigIntegerField(default=0, verbose_name=_("requested"))
    """How many changes were signalled; a recomputation clears ``dirty`` only when no
    change arrived while it ran."""
    version = models.PositiveIntegerField(default=0, verbose_name=_("version"))
    """Goes up each time the stored standings change (the pages' cheap poll)."""
    fingerprint = models.CharField(max_length=64, blank=True, verbose_name=_("fingerprint"))
    """SHA-256 of the whole input (settings, every round's results, entries' names)."""
    computed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("computed at"))
    recomputations = models.PositiveIntegerField(default=0, verbose_name=_("recomputations"))
    """How many times the standings were recomputed (a measure of the coalescing)."""
    error = models.TextField(blank=True, verbose_name=_("error"))
    """Why the standings cannot be computed (bad settings, inconsistent rounds), if so."""

    class Meta:
        verbose_name = _("standings state")
        verbose_name_plural = _("standings states")

    def __str__(self) -> str:
        return (
            f"standings of {self.tournament_id} v{self.version}{' (dirty)' if self.dirty else ''}"
        )


class RoundStandings(models.Model):
    """The standings after round ``round`` of a tournament."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="round_standings",
        verbose_name=_("tournament"),
    )
    round = models.PositiveSmallIntegerField(verbose_name=_("round"))
    provisional = models.BooleanField(default=False, verbose_name=_("provisional"))
    """Some tables of this round have no result yet (not counted)."""
    pending_tables = models.PositiveIntegerField(default=0, verbose_name=_("pending tables"))
    tables = models.PositiveIntegerField(default=0, verbose_name=_("tables"))
    tiebreaks = models.JSONField(default=list, verbose_name=_("tiebreaks"))
    """The tiebreak names, in the order of each row's ``tiebreaks`` values."""
    rows = models.JSONField(default=list, verbose_name=_("rows"))
    """Best first: ``{"rank", "entry", "number", "name", "points", "tiebreaks", "played",
    "wins", "draws", "losses", "byes", "forfeits_won", "forfeits_lost", "absences",
    "withdrawn", "pending"}``; numbers exact, as ints or ``"p/q"`` strings."""
    fingerprint = models.CharField(max_length=64, verbose_name=_("fingerprint"))
    """SHA-256 of the input up to and including this round."""
    computed_at = models.DateTimeField(verbose_name=_("computed at"))

    class Meta:
        verbose_name = _("round standings")
        verbose_name_plural = _("round standings")
        ordering = ["tournament", "round"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round"], name="round_standings_unique"),
        ]

    def __str__(self) -> str:
        return f"standings of {self.tournament_id} after round {self.round}"


class EntryRoundStanding(models.Model):
    """One entry's points and rank after round ``round``: a copy of its row in that
    round's :class:`RoundStandings`, written with it, for the player's page (only the
    rows whose values changed; on PostgreSQL taken by the database from the round's
    JSON rows just stored, see :mod:`scoring.store`)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,  # the unique constraint's index starts with it
        # No constraint in the database (Django still deletes the rows with their
        # tournament): checking it cost a query per row at commit, 9,000 of them in a
        # 1,000 x 9 recomputation, for rows derived from a tournament already locked.
        db_constraint=False,
        verbose_name=_("tournament"),
    )
    entry = models.BigIntegerField(verbose_name=_("entry"))
    """The entry's id, as in the stored rows (derived data: no foreign key to check on
    each of the thousands of rows a recomputation writes)."""
    round = models.PositiveSmallIntegerField(verbose_name=_("round"))
    points = models.JSONField(verbose_name=_("points"))
    """Exact, as in the stored rows: an int or a ``"p/q"`` string."""
    rank = models.PositiveIntegerField(verbose_name=_("rank"))

    class Meta:
        verbose_name = _("entry's standing after a round")
        verbose_name_plural = _("entries' standings after each round")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "entry", "round"], name="entry_round_standing_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"entry {self.entry} after round {self.round}: rank {self.rank}"


class GameScore(models.Model):
    """A finished game's final scores per side, as the engine gives them."""

    game = models.OneToOneField(
        Game,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="final_score",
        verbose_name=_("game"),
    )
    version = models.PositiveIntegerField(verbose_name=_("version"))
    """The game's version (event count) the scores were read at."""
    scores = models.JSONField(verbose_name=_("scores"))
    """Per side (team or seat)."""
    side_of = models.JSONField(verbose_name=_("side of"))
    """Per seat: the side it plays for."""

    class Meta:
        verbose_name = _("game score")
        verbose_name_plural = _("game scores")


class PrizeCategory(models.Model):
    """A prize category a director defines for a tournament (see :mod:`scoring.prizes`):
    its name, how many places it awards, who is eligible, and its place in the order the
    categories are awarded (the first, usually "Overall", takes precedence)."""

    class Eligibility(models.TextChoices):
        EVERYONE = "everyone", _("Everyone")
        GUESTS = "guests", _("Guests (no login, or not a member of the club)")
        NEWCOMERS = "newcomers", _("Newcomers (first tournament at this club)")
        MEMBERS = "members", _("Members of the club")
        RATING_BELOW = "rating_below", _("Rated below a number")
        CHOSEN = "chosen", _("Players I pick")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="prize_categories",
        verbose_name=_("tournament"),
    )
    name = models.CharField(max_length=80, verbose_name=_("name"))
    places = models.PositiveSmallIntegerField(default=1, verbose_name=_("places"))
    eligibility = models.CharField(
        max_length=14,
        choices=Eligibility.choices,
        default=Eligibility.EVERYONE,
        verbose_name=_("eligibility"),
    )
    rating_below = models.IntegerField(null=True, blank=True, verbose_name=_("rating below"))
    chosen = models.ManyToManyField(Entry, blank=True, related_name="+", verbose_name=_("chosen"))
    """The hand-picked entries, for ``eligibility == "chosen"``."""
    position = models.PositiveSmallIntegerField(default=0, verbose_name=_("position"))
    """Order of awarding, 1, 2, …"""
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("prize category")
        verbose_name_plural = _("prize categories")
        ordering = ["tournament", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="prize_category_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.tournament_id})"


class PrizeRules(models.Model):
    """A tournament's rule for several prizes: with ``one_prize_each`` (the default) a
    player wins at most one prize, the earlier category taking precedence."""

    tournament = models.OneToOneField(
        Tournament,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="prize_rules",
        verbose_name=_("tournament"),
    )
    one_prize_each = models.BooleanField(default=True, verbose_name=_("one prize each"))

    class Meta:
        verbose_name = _("prize rules")
        verbose_name_plural = _("prize rules")


# The ratings (issue 18) live in their own module; importing them here registers them.
from scoring.rating_models import Rating, RatingChange, RatingScope  # noqa: E402
from scoring.rating_settings import RatingSettings, RatingsOwed  # noqa: E402

__all__ = [
    "EntryRoundStanding",
    "GameScore",
    "PrizeCategory",
    "PrizeRules",
    "Rating",
    "RatingChange",
    "RatingScope",
    "RatingSettings",
    "RatingsOwed",
    "RoundStandings",
    "StandingsState",
]
