"""Failed attempts at a door that checks a secret (a password, a reset link, a score
sheet's code), counted in PostgreSQL so that every worker sees the same count, and a
lock outlives a restart of Redis (tournaments/services/lockouts.py).

One row per *bucket*: a door and what is counted there (an account from one address,
an account from anywhere, one address at one table's sheet, one address …). A row is
a counter, not a record: it is overwritten in place, and a row whose last failure is
older than the cool-off counts as zero and is reused (or deleted by the next failure).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class FailureCount(models.Model):
    """The failed attempts of one bucket since its window opened."""

    bucket = models.CharField(max_length=80, unique=True, verbose_name=_("bucket"))
    """``door:kind:`` and a keyed hash of what is counted (no address stored as typed)."""
    username = models.CharField(max_length=150, blank=True, verbose_name=_("username"))
    """The account a password bucket counts (so a reset by e-mail can lift its lock)."""
    failures = models.PositiveIntegerField(default=0, verbose_name=_("failures"))
    first_failure = models.DateTimeField(verbose_name=_("first failure"))
    last_failure = models.DateTimeField(verbose_name=_("last failure"))

    class Meta:
        verbose_name = _("failure count")
        verbose_name_plural = _("failure counts")
        indexes = [
            models.Index(fields=["username"], name="failurecount_username"),
            models.Index(fields=["last_failure"], name="failurecount_last"),
        ]

    def __str__(self) -> str:
        return f"{self.bucket}: {self.failures}"
