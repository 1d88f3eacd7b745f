"""Score sheets of tables playing with real cards, and director-recorded forfeits.

A table's sheet is a log of :class:`SheetEntry` rows, never changed (database
triggers, migration 0005): players enter a deal's tally, players of another side
confirm it, two entries of one deal that differ put the deal in dispute until a
director resolves it, and a director may correct a deal that already counts. Only
an agreed tally becomes an event of the table's game, where the engine checks and
scores it. :class:`Forfeit` records a no-show or a forfeit; the tournament's
scoring settings say what it scores.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.rounds import Table
from tournaments.models.tournaments import Entry


class SheetEntry(models.Model):
    """One line of a table's score-sheet history."""

    class Kind(models.TextChoices):
        ENTRY = "entry", "A deal's tally, as entered"
        CONFIRM = "confirm", "Confirmation of an entry by another side"
        RESOLVE = "resolve", "A director's ruling on a disputed deal"
        CORRECT = "correct", "A director's correction of a deal that counted"

    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="sheet", verbose_name=_("table")
    )
    deal = models.PositiveSmallIntegerField(verbose_name=_("deal"))
    """1, 2, … : the deal of the table's game this line is about."""
    kind = models.CharField(max_length=10, choices=Kind.choices, verbose_name=_("kind"))
    payload = models.JSONField(null=True, blank=True, verbose_name=_("payload"))
    """The tally event (entry, resolve, correct); ``None`` for a confirmation."""
    side = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("side"))
    """The side (team or seat) of the player who wrote the line; ``None``: a director."""
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="+", verbose_name=_("entered by"),
    )  # fmt: skip
    client_id = models.UUIDField(unique=True, verbose_name=_("client id"))
    """Chosen by the entering device, so a resubmission after a dropped network is
    recognised and stored once."""
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    seat = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("seat"))
    """The seat (0-based) of the player who wrote the line, as they said or as their
    login sits; ``None``: a scorer or director."""
    via_guest_link = models.BooleanField(default=False, verbose_name=_("via guest link"))
    """Written without a login, through the table's link (the guest right)."""
    device = models.CharField(max_length=32, blank=True, verbose_name=_("device"))
    """A hash of the device id the page keeps in a cookie (never the id itself)."""
    ip_hash = models.CharField(max_length=32, blank=True, verbose_name=_("ip hash"))
    """A keyed hash of the client's IP address (never the address in clear)."""

    class Meta:
        verbose_name = _("sheet entry")
        verbose_name_plural = _("sheet entries")
        ordering = ["table", "id"]
        indexes = [models.Index(fields=["table", "deal"], name="sheet_table_deal")]


class Forfeit(models.Model):
    """A director's record that an entry did not play its table of a round."""

    class Kind(models.TextChoices):
        NO_SHOW = "no_show", _("Did not come")
        FORFEIT = "forfeit", _("Conceded / left the table")

    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="forfeits", verbose_name=_("table")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="forfeits", verbose_name=_("entry")
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, verbose_name=_("kind"))
    note = models.CharField(max_length=200, blank=True, verbose_name=_("note"))
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("forfeit")
        verbose_name_plural = _("forfeits")
        ordering = ["table", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "entry"], name="forfeit_once_per_table"),
        ]
