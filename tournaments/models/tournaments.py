"""Tournaments and their entries.

A :class:`Tournament` fixes the engine game and options every table plays, the
table size, whether entrants are individuals or fixed teams, the pairing method
and the scoring settings the ``scoring`` app reads. An :class:`Entry` is one
entrant: a player or a team, with its rating, check-in and withdrawal.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import models
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Club, Team
from tournaments.models.players import Player


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Being set up")
        OPEN = "open", _("Open for entries")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class EntryKind(models.TextChoices):
        INDIVIDUAL = "individual", _("Individuals")
        TEAM = "team", _("Fixed teams")

    class PairingMethod(models.TextChoices):
        SWISS = "swiss", _("Swiss by score")
        DANESE_PURO = "danese_puro", _("Danese puro (1st–2nd, 3rd–4th …)")
        DANESE_MODIFICATO = "danese_modificato", _("Danese modificato (no repeat of last round)")
        MITCHELL = "mitchell", _("Mitchell (North-South stay, East-West move)")
        ROUND_ROBIN = "round_robin", _("Round robin (all'italiana)")
        WHIST_DRIVE = "whist_drive", _("Whist drive (progressive, partners change)")

    class FirstRound(models.TextChoices):
        RATING = "rating", _("By rating")
        ENTRY = "entry", _("By entry order")
        DRAW = "draw", _("Drawn by lot")

    class Mode(models.TextChoices):
        PHYSICAL = "physical", _("Real cards, score sheets")
        ONLINE = "online", _("Played online")

    class ExpectedResults(models.TextChoices):
        HIDDEN = "hidden", _("Not shown")
        AFTER = "after", _("Once a table has its result")
        ALWAYS = "always", _("From the moment the round is published")

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("club")
    )
    name = models.CharField(max_length=120, verbose_name=_("name"))
    slug = models.SlugField(max_length=60, verbose_name=_("slug"))
    game_type = models.CharField(max_length=40, verbose_name=_("game type"))
    options = models.JSONField(default=dict, blank=True, verbose_name=_("options"))
    """Engine options for every table's game, e.g. ``{"deals": 8}`` or ``{"target": 5}``."""
    table_sizes = models.JSONField(default=list, verbose_name=_("table sizes"))
    """Seats per table, most preferred first: ``[4]``, or ``[4, 3]`` where the game allows."""
    entry_kind = models.CharField(
        max_length=10,
        choices=EntryKind.choices,
        default=EntryKind.INDIVIDUAL,
        verbose_name=_("entry kind"),
    )
    mode = models.CharField(
        max_length=10, choices=Mode.choices, default=Mode.PHYSICAL, verbose_name=_("mode")
    )
    rounds_planned = models.PositiveSmallIntegerField(default=5, verbose_name=_("rounds planned"))
    pairing_method = models.CharField(
        max_length=20,
        choices=PairingMethod.choices,
        default=PairingMethod.SWISS,
        verbose_name=_("pairing method"),
    )
    first_round = models.CharField(
        max_length=10,
        choices=FirstRound.choices,
        default=FirstRound.RATING,
        verbose_name=_("first round"),
    )
    group_size = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("group size")
    )
    """Round robin only: entrants per group (``None``: one group)."""
    scoring = models.JSONField(default=dict, blank=True, verbose_name=_("scoring"))
    """Tournament-point settings (the scoring app reads them)."""
    time_control = models.JSONField(null=True, blank=True, verbose_name=_("time control"))
    """The clock of every table's game when played online (issue 16); ``None``: untimed."""
    tiebreaks = models.JSONField(default=list, blank=True, verbose_name=_("tiebreaks"))
    """Tiebreak names in the order they apply."""
    late_entry_score = models.DecimalField(
        max_digits=10, decimal_places=2, default=0, verbose_name=_("late entry score")
    )
    """The score a late entrant starts with."""
    avoid_same_household = models.BooleanField(default=True, verbose_name=_("avoid same household"))
    avoid_same_affiliation = models.BooleanField(
        default=False, verbose_name=_("avoid same affiliation")
    )
    """Keep apart entrants of the same club team (their ``affiliation``)."""
    show_ratings = models.BooleanField(default=False, verbose_name=_("show ratings"))
    """The pairings and standings (pages, PDF, API) show each entrant's rating."""
    expected_results = models.CharField(
        max_length=10,
        choices=ExpectedResults.choices,
        default=ExpectedResults.HIDDEN,
        verbose_name=_("expected results"),
    )
    """When a round's page shows each table's expected result (every side's chance of
    finishing first, from the ratings before the round)."""
    seed = models.BigIntegerField(verbose_name=_("seed"))
    """Breaks every tie (pairing, lots) deterministically."""
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.DRAFT, verbose_name=_("status")
    )
    # -- details a player reads (dates and times on the club's clock, see Club.time_zone)
    starts_on = models.DateField(null=True, blank=True, verbose_name=_("starts on"))
    """The day it is played, on the club's calendar."""
    start_time = models.TimeField(null=True, blank=True, verbose_name=_("start time"))
    """When play starts, on the club's clock (wall-clock time in the club's zone)."""
    venue = models.CharField(max_length=200, blank=True, verbose_name=_("venue"))
    description = models.TextField(blank=True, verbose_name=_("description"))
    entry_limit = models.PositiveIntegerField(null=True, blank=True, verbose_name=_("entry limit"))
    """At most this many entries (withdrawn ones not counted); ``None``: no limit."""
    registration_open = models.BooleanField(default=True, verbose_name=_("registration open"))
    """Entries are taken while this is set and the status is *open*."""
    self_entry = models.BooleanField(default=True, verbose_name=_("self entry"))
    """Players with a login may enter (and withdraw) themselves while entries are taken."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("created by"),
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    archived_at = models.DateTimeField(null=True, blank=True, verbose_name=_("archived at"))
    """Set once a director archives it: left out of the club's lists, read-only,
    still reachable by its address."""
    version = models.PositiveIntegerField(default=1, editable=False, verbose_name=_("version"))
    """Bumped by every change (one conditional UPDATE, :mod:`tournaments.services.versions`):
    an edit made from an older version is refused, never silently written over."""

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def starts_at(self) -> dt.datetime | None:
        """The start as an aware datetime in the club's zone (midnight when no time is
        set); ``None`` without a date."""
        if self.starts_on is None:
            return None
        zone = ZoneInfo(self.club.time_zone)
        return dt.datetime.combine(self.starts_on, self.start_time or dt.time(0), tzinfo=zone)


class Entry(models.Model):
    """One entrant of a tournament: a player, or a team when entries are teams."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        CHECKED_IN = "checked_in", _("Checked in")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    class RatingSource(models.TextChoices):
        NONE = "none", _("No rating")
        TYPED = "typed", _("Typed by a director")
        CLUB = "club", _("The club's rating")
        ALL_CLUBS = "all_clubs", _("The all-clubs rating")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    number = models.PositiveIntegerField(verbose_name=_("number"))
    """Entry order, 1, 2, …: a stable start number."""
    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="entries",
        verbose_name=_("player"),
    )
    team = models.ForeignKey(
        Team,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="entries",
        verbose_name=_("team"),
    )
    rating = models.IntegerField(default=0, verbose_name=_("rating"))
    """Seeds round 1 and breaks ties in the pairing order (0: none). Typed by a
    director, or copied from the computed ratings (:mod:`~tournaments.services.entry_ratings`)
    at entry and again each time round 1 is paired, then kept for the whole event."""
    rating_source = models.CharField(
        max_length=10,
        choices=RatingSource.choices,
        default=RatingSource.NONE,
        verbose_name=_("rating source"),
    )
    rating_games = models.PositiveIntegerField(
        null=True, blank=True, verbose_name=_("rating games")
    )
    """How many rated games a computed rating rests on (fewest of a team's members):
    under ten it is shown as provisional. ``None`` for a typed rating or none."""
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.REGISTERED, verbose_name=_("status")
    )
    joins_round = models.PositiveSmallIntegerField(default=1, verbose_name=_("joins round"))
    """The first round the entrant is paired in (later than 1 for a late entry)."""
    start_score = models.DecimalField(
        max_digits=10, decimal_places=2, default=0, verbose_name=_("start score")
    )
    withdrawn_after = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("withdrawn after")
    )
    """The last round the entrant was paired in, once withdrawn."""
    household = models.CharField(max_length=120, blank=True, verbose_name=_("household"))
    affiliation = models.CharField(max_length=120, blank=True, verbose_name=_("affiliation"))
    """A club team the entrant belongs to (kept apart if the tournament says so)."""
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    version = models.PositiveIntegerField(default=1, editable=False, verbose_name=_("version"))
    """Bumped by every change (one conditional UPDATE, :mod:`tournaments.services.versions`):
    an edit made from an older version is refused, never silently written over."""

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entry_number_unique"),
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=models.Q(player__isnull=False),
                name="entry_player_unique",
            ),
            models.UniqueConstraint(
                fields=["tournament", "team"],
                condition=models.Q(team__isnull=False),
                name="entry_team_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(player__isnull=False, team__isnull=True)
                | models.Q(player__isnull=True, team__isnull=False),
                name="entry_player_xor_team",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.player.name if self.player_id else self.team.name  # type: ignore[union-attr]

    @staticmethod
    def name_in_sql(path: str = "") -> Coalesce:
        """:attr:`name` as a query expression, for reading rows without building the
        entry and its player (``path``: the way from the query's model to the entry,
        e.g. ``"entry__"``)."""
        return Coalesce(f"{path}player__name", f"{path}team__name")

    @property
    def key(self) -> str:
        """The entrant's id in the pairing engine."""
        return str(self.pk)


class ForbiddenPair(models.Model):
    """Two entries a director keeps apart at every table."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="forbidden", verbose_name=_("tournament")
    )
    first = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("first")
    )
    second = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("second")
    )
    reason = models.CharField(max_length=200, blank=True, verbose_name=_("reason"))

    class Meta:
        verbose_name = _("forbidden pair")
        verbose_name_plural = _("forbidden pairs")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "first", "second"], name="forbidden_pair_unique"
            ),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="forbidden_pair_ordered"
            ),
        ]
