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

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60)
    game_type = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    """Engine options for every table's game, e.g. ``{"deals": 8}`` or ``{"target": 5}``."""
    table_sizes = models.JSONField(default=list)
    """Seats per table, most preferred first: ``[4]``, or ``[4, 3]`` where the game allows."""
    entry_kind = models.CharField(
        max_length=10, choices=EntryKind.choices, default=EntryKind.INDIVIDUAL
    )
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.PHYSICAL)
    rounds_planned = models.PositiveSmallIntegerField(default=5)
    pairing_method = models.CharField(
        max_length=20, choices=PairingMethod.choices, default=PairingMethod.SWISS
    )
    first_round = models.CharField(
        max_length=10, choices=FirstRound.choices, default=FirstRound.RATING
    )
    group_size = models.PositiveSmallIntegerField(null=True, blank=True)
    """Round robin only: entrants per group (``None``: one group)."""
    scoring = models.JSONField(default=dict, blank=True)
    """Tournament-point settings (the scoring app reads them)."""
    tiebreaks = models.JSONField(default=list, blank=True)
    """Tiebreak names in the order they apply."""
    late_entry_score = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    """The score a late entrant starts with."""
    avoid_same_household = models.BooleanField(default=True)
    avoid_same_affiliation = models.BooleanField(default=False)
    """Keep apart entrants of the same club team (their ``affiliation``)."""
    seed = models.BigIntegerField()
    """Breaks every tie (pairing, lots) deterministically."""
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    # -- details a player reads (dates and times on the club's clock, see Club.time_zone)
    starts_on = models.DateField(null=True, blank=True)
    """The day it is played, on the club's calendar."""
    start_time = models.TimeField(null=True, blank=True)
    """When play starts, on the club's clock (wall-clock time in the club's zone)."""
    venue = models.CharField(max_length=200, blank=True)
    description = models.TextField(blank=True)
    entry_limit = models.PositiveIntegerField(null=True, blank=True)
    """At most this many entries (withdrawn ones not counted); ``None``: no limit."""
    registration_open = models.BooleanField(default=True)
    """Entries are taken while this is set and the status is *open*."""
    self_entry = models.BooleanField(default=True)
    """Players with a login may enter (and withdraw) themselves while entries are taken."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(null=True, blank=True)
    """Set once a director archives it: left out of the club's lists, read-only,
    still reachable by its address."""

    class Meta:
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

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField()
    """Entry order, 1, 2, …: a stable start number."""
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    rating = models.IntegerField(default=0)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERED)
    joins_round = models.PositiveSmallIntegerField(default=1)
    """The first round the entrant is paired in (later than 1 for a late entry)."""
    start_score = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    withdrawn_after = models.PositiveSmallIntegerField(null=True, blank=True)
    """The last round the entrant was paired in, once withdrawn."""
    household = models.CharField(max_length=120, blank=True)
    affiliation = models.CharField(max_length=120, blank=True)
    """A club team the entrant belongs to (kept apart if the tournament says so)."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
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

    @property
    def key(self) -> str:
        """The entrant's id in the pairing engine."""
        return str(self.pk)


class ForbiddenPair(models.Model):
    """Two entries a director keeps apart at every table."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="forbidden")
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "first", "second"], name="forbidden_pair_unique"
            ),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="forbidden_pair_ordered"
            ),
        ]
