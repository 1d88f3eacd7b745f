"""The audit log: every act of a club's owners, directors and scorers, never changed.

An :class:`AuditEntry` says who acted (the user, and their name as it was then), when,
what they did (a stable action code such as ``member-role-changed``, read as a sentence
by ``tournaments/services/audit_words.py``), on what (``subject``, in words) and what
changed (``before`` / ``after``). Rows are written by ``tournaments.services.audit.record``
in the same transaction as the act, and are append-only in the database (triggers,
migration ``0018_audit_log``): no role of the application can change or delete one.

The user and tournament columns carry no database constraint: a tournament without
results may be deleted and an account may go, and the log must outlive both (a
cascade would be refused by the triggers, a PROTECT would block the deletion). The
names they had are kept in ``actor_name`` and ``tournament_name``.
"""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Club
from tournaments.models.tournaments import Tournament


class AuditEntry(models.Model):
    """One act of a club's owner, director or scorer, as it happened."""

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="+", verbose_name=_("club")
    )
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.DO_NOTHING,
        db_constraint=False, related_name="+", verbose_name=_("tournament"),
    )  # fmt: skip
    tournament_name = models.CharField(
        max_length=200, blank=True, verbose_name=_("tournament name")
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.DO_NOTHING,
        db_constraint=False, related_name="+", verbose_name=_("actor"),
    )  # fmt: skip
    """``None``: the system (a scheduled task, a command), or an account since gone."""
    actor_name = models.CharField(max_length=200, blank=True, verbose_name=_("actor name"))
    at = models.DateTimeField(auto_now_add=True, db_index=True, verbose_name=_("at"))
    action = models.CharField(max_length=64, verbose_name=_("action"))
    """A stable code (``member-removed``); never a sentence, so old rows read in any
    language and survive rewording."""
    subject = models.CharField(max_length=300, verbose_name=_("subject"))
    """What the act was about, in words (a member's name, a round, a table)."""
    before = models.JSONField(
        null=True, blank=True, encoder=DjangoJSONEncoder, verbose_name=_("before")
    )
    after = models.JSONField(
        null=True, blank=True, encoder=DjangoJSONEncoder, verbose_name=_("after")
    )

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["club", "-at"], name="audit_club_at"),
            models.Index(fields=["tournament", "-at"], name="audit_tournament_at"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor_name or '-'} {self.action} {self.subject}"
