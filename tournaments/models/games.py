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

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game_type = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    """The options as given; the engine fills in defaults."""
    players = models.PositiveSmallIntegerField()
    first_dealer = models.PositiveSmallIntegerField(default=0)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.ONLINE)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    engine_version = models.CharField(max_length=20)
    version = models.PositiveIntegerField(default=0)
    """How many events the game holds: the sequence number the next event gets."""
    seed = models.BinaryField(max_length=32, editable=False)
    """The secret seed of every deal; revealed only once the game is over."""
    seed_commitment = models.CharField(max_length=64)
    """SHA-256 of ``seed``, public from the moment the game is created."""
    imported = models.BooleanField(default=False)
    """Built from an imported record: deals before the import were not made from ``seed``."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="games_created",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game_type} {self.id}"

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    """Who plays seat ``number`` of a game; a player holds at most one seat of it.
    Seats are consented: see :mod:`tournaments.services.seats`."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="seats")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
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

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    sequence = models.PositiveIntegerField()
    """0, 1, 2 … within the game, without gaps."""
    kind = models.CharField(max_length=10, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payload = models.JSONField()
    """The event in its canonical JSON form (RECORDS.md)."""
    event_id = models.UUIDField(unique=True)
    """Chosen by the client so a retried submission is recognised (server-made for chance)."""
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="+",
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["game", "sequence"], name="event_unique_sequence"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.sequence} {self.payload.get('type')}"


class GameSnapshot(models.Model):
    """Derived state after the first ``version`` events: a cache, safe to drop."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    version = models.PositiveIntegerField()
    engine_version = models.CharField(max_length=20)
    state = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "version", "engine_version"], name="snapshot_unique_version"
            ),
        ]
