"""Players' own accounts: whether a signed-up user's e-mail address is verified, the
one-time codes that let a user claim a guest record, the audit of each claim, and a
user's preferences (the language they chose, the cards of the Italian games).

A user made by a director or in the admin has no :class:`Account` row and counts as
verified (someone vouched for them); a user who signed up on the site has one, with
``verified_at`` empty until they follow the link e-mailed to them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import LANGUAGE_CHOICES, Club
from tournaments.models.players import Player

CARD_STYLE_CHOICES = [
    ("italian", _("Italian (denari, coppe, spade, bastoni)")),
    ("french", _("French (♦ ♥ ♠ ♣)")),
]


class Account(models.Model):
    """A self-registered user's sign-up: when they joined and verified their address."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="account",
        verbose_name=_("user"),
    )
    verified_at = models.DateTimeField(null=True, blank=True, verbose_name=_("verified at"))
    """When the user followed the e-mailed link; ``None`` while unverified."""
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")

    def __str__(self) -> str:
        state = "verified" if self.verified_at else "unverified"
        return f"{self.user} ({state})"


class Preferences(models.Model):
    """What a user chose for themselves, whoever made their login. Not on
    :class:`Account`: a row there means "signed up on the site", and its absence
    "verified"; any user may have preferences."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="preferences",
        verbose_name=_("user"),
    )
    language = models.CharField(
        max_length=8, choices=LANGUAGE_CHOICES, blank=True, verbose_name=_("language")
    )
    """The language chosen with the switcher; empty: none chosen (the browser decides)."""
    card_style = models.CharField(
        max_length=8,
        choices=CARD_STYLE_CHOICES,
        default="italian",
        verbose_name=_("cards of the Italian games"),
    )
    """How Scopa, Briscola and Tresette cards are drawn: Italian suits (the default)
    or French (:mod:`tournaments.web.card_style`)."""

    class Meta:
        verbose_name = _("preferences")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}'s preferences"


class ClaimCode(models.Model):
    """A one-time code a director gives a guest, so the guest's user account can take
    over the guest record. Only a keyed hash of the code is stored."""

    player = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="claim_codes",
        verbose_name=_("player"),
    )
    """The guest record; ``None`` once a claim merged it into another player."""
    code_hash = models.CharField(max_length=64, unique=True, verbose_name=_("code hash"))
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("issued by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    expires_at = models.DateTimeField(verbose_name=_("expires at"))
    used_at = models.DateTimeField(null=True, blank=True, verbose_name=_("used at"))
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", verbose_name=_("used by"),
    )  # fmt: skip

    class Meta:
        verbose_name = _("claim code")
        verbose_name_plural = _("claim codes")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"claim code for player {self.player_id}"


class PlayerClaim(models.Model):
    """One claim of a guest record by a user. Never changed (database triggers,
    migration 0007): the ids of removed records are kept as plain numbers."""

    class How(models.TextChoices):
        ADOPTED = "adopted", "The guest record became the user's player"
        MERGED = "merged", "The guest's entries moved to the user's player"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("user")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="claims", verbose_name=_("player")
    )
    """The user's player after the claim (the one that holds the history)."""
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="+", verbose_name=_("club")
    )
    how = models.CharField(max_length=10, choices=How.choices, verbose_name=_("how"))
    guest_id = models.BigIntegerField(verbose_name=_("guest id"))
    guest_name = models.CharField(max_length=120, verbose_name=_("guest name"))
    removed_player_id = models.BigIntegerField(
        null=True, blank=True, verbose_name=_("removed player id")
    )
    """The record the claim deleted: the user's bare player (adopted) or the emptied
    guest record (merged)."""
    removed_player_name = models.CharField(
        max_length=120, blank=True, verbose_name=_("removed player name")
    )
    moved_entries = models.PositiveIntegerField(default=0, verbose_name=_("moved entries"))
    moved_seats = models.PositiveIntegerField(default=0, verbose_name=_("moved seats"))
    moved_team_places = models.PositiveIntegerField(default=0, verbose_name=_("moved team places"))
    code_issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="+", verbose_name=_("code issued by"),
    )  # fmt: skip
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("player claim")
        verbose_name_plural = _("player claims")
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.user} claimed {self.guest_name} ({self.how})"
