"""Games and their append-only event store.

A :class:`Game` row says which engine game is played, with which options and by
whom; its state is never stored as truth but derived by replaying its
:class:`GameEvent` rows through the engine. Event rows are append-only: database
triggers (see migration 0002) refuse UPDATE, DELETE and TRUNCATE, so a correction
is always a new event. :class:`GameSnapshot` rows are a disposable cache of derived
state, tagged with the engine version that produced them.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models.players import Player


class Game(models.Model):
    """One game of an engine game at one table."""

    class Status(models.TextChoices):
        SETUP = "setup", _("Being set up")
        ACTIVE = "active", _("In play")
        FINISHED = "finished", pgettext_lazy("a game", "Finished")
        VOID = "void", _("Voided (its table was re-seated by a correction)")

    class Mode(models.TextChoices):
        ONLINE = "online", _("Played online (the server deals)")
        PHYSICAL = "physical", _("Played with real cards (score sheet tallies)")

    id = models.UUIDField(
        primary_key=True, default=uuid.uuid4, editable=False, verbose_name=_("id")
    )
    game_type = models.CharField(max_length=40, verbose_name=_("game type"))
    options = models.JSONField(default=dict, blank=True, verbose_name=_("options"))
    """The options as given; the engine fills in defaults."""
    players = models.PositiveSmallIntegerField(verbose_name=_("players"))
    first_dealer = models.PositiveSmallIntegerField(default=0, verbose_name=_("first dealer"))
    mode = models.CharField(
        max_length=10, choices=Mode.choices, default=Mode.ONLINE, verbose_name=_("mode")
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.SETUP, verbose_name=_("status")
    )
    engine_version = models.CharField(max_length=20, verbose_name=_("engine version"))
    version = models.PositiveIntegerField(default=0, verbose_name=_("version"))
    """How many events the game holds: the sequence number the next event gets."""
    seed = models.BinaryField(max_length=32, editable=False, verbose_name=_("seed"))
    """The secret seed of every deal; revealed only once the game is over."""
    seed_commitment = models.CharField(max_length=64, verbose_name=_("seed commitment"))
    """SHA-256 of ``seed``, public from the moment the game is created."""
    imported = models.BooleanField(default=False, verbose_name=_("imported"))
    """Built from an imported record: deals before the import were not made from ``seed``."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="games_created", verbose_name=_("created by"),
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    time_control = models.JSONField(null=True, blank=True, verbose_name=_("time control"))
    """The game's clock (issue 16), ``None`` for an untimed game. Nullable without a
    default so that adding it keeps SQLite's table (and its seed trigger) as it is."""

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game_type} {self.id}"

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    """Who plays seat ``number`` of a game; a player holds at most one seat of it.
    Seats are consented: see :mod:`tournaments.services.seats`."""

    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="seats", verbose_name=_("game")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_unique_per_game"),
            # One account (one player) holds one seat of a game (issue 15).
            models.UniqueConstraint(fields=["game", "player"], name="seat_one_per_player"),
        ]

    def __str__(self) -> str:
        return f"seat {self.number}: {self.player}"


class GameEvent(models.Model):
    """One event of a game, exactly as the engine accepted it. Never changed."""

    class Kind(models.TextChoices):
        CHANCE = "chance", "Chance (dealt by the server)"
        PLAYER = "player", "A player's action"
        TALLY = "tally", "A score-sheet tally"

    class Actor(models.TextChoices):
        BOT = "bot", _("A bot")
        CLOCK = "clock", _("The clock (time ran out)")
        DIRECTOR = "director", _("A director")

    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="events", verbose_name=_("game")
    )
    sequence = models.PositiveIntegerField(verbose_name=_("sequence"))
    """0, 1, 2 … within the game, without gaps."""
    kind = models.CharField(max_length=10, choices=Kind.choices, verbose_name=_("kind"))
    seat = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("seat"))
    payload = models.JSONField(verbose_name=_("payload"))
    """The event in its canonical JSON form (RECORDS.md)."""
    event_id = models.UUIDField(unique=True, verbose_name=_("event id"))
    """Chosen by the client so a retried submission is recognised (server-made for chance)."""
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="+", verbose_name=_("submitted by"),
    )  # fmt: skip
    actor = models.CharField(
        max_length=10, null=True, blank=True, choices=Actor.choices, verbose_name=_("actor")
    )
    """Who made a move other than the seat's own player: a bot, the clock, a director.
    ``None``: the seat's player (or the server, for a chance event). Nullable without a
    default so that adding it keeps SQLite's table (and its append-only triggers)."""
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("game event")
        verbose_name_plural = _("game events")
        ordering = ["game", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["game", "sequence"], name="event_unique_sequence"),
        ]
        indexes = [
            # The standings and the ratings ask which seat resigned each of many games;
            # without it they read every event of those games (84 ms for 7,800 games of
            # 60 events, 5.6 ms with it). A resignation is rare: the index stays small.
            models.Index(
                fields=["game"],
                condition=models.Q(payload__type="resign"),
                name="event_resign_by_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.sequence} {self.payload.get('type')}"


class GameSnapshot(models.Model):
    """Derived state after the first ``version`` events: a cache, safe to drop."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="snapshots", verbose_name=_("game")
    )
    version = models.PositiveIntegerField(verbose_name=_("version"))
    engine_version = models.CharField(max_length=20, verbose_name=_("engine version"))
    state = models.BinaryField(verbose_name=_("state"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("game snapshot")
        verbose_name_plural = _("game snapshots")
        ordering = ["game", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "version", "engine_version"], name="snapshot_unique_version"
            ),
        ]
