"""Clubs, the people in them and their roles, and fixed teams.

A club's members are users with a role. Roles are ranked: an owner may do all a
director may, a director all a scorer may, and so on. Players are people who sit
at tables; a player may have no login at all (a guest a director entered), so a
player is not a membership. A :class:`Team` is a fixed partnership of players for
partnership games entered as teams.
"""

from __future__ import annotations

from zoneinfo import available_timezones

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.players import Player

DEFAULT_TIME_ZONE = "Europe/Rome"
DEFAULT_LANGUAGE = "it"
LANGUAGE_CHOICES = [("it", _("Italian")), ("en", _("English"))]
"""The languages Tavolo speaks (settings.LANGUAGES, whose names are in their own tongue)."""


def time_zone_choices() -> list[tuple[str, str]]:
    """Every IANA time zone a club may choose, by name (``Europe/Rome``)."""
    names = sorted(z for z in available_timezones() if "/" in z and not z.startswith("Etc/"))
    return [(name, name.replace("_", " ")) for name in names]


class Club(models.Model):
    """A card club: it owns its tournaments, its guests and its teams."""

    name = models.CharField(max_length=120, verbose_name=_("name"))
    slug = models.SlugField(max_length=60, unique=True, verbose_name=_("slug"))
    description = models.TextField(blank=True, verbose_name=_("description"))
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default=DEFAULT_TIME_ZONE,
        help_text=_("Every time on the club's pages is shown in this zone."),
    )
    """An IANA zone name (``Europe/Rome``): the club's clock, for every time people read."""
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=LANGUAGE_CHOICES,
        default=DEFAULT_LANGUAGE,
        help_text=_("The club's pages speak this language to a browser that asks for none."),
    )
    """A code of settings.LANGUAGES: the club's pages, its sheets and PDFs default to it."""
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    version = models.PositiveIntegerField(default=1, editable=False, verbose_name=_("version"))
    """Bumped by every change (one conditional UPDATE, :mod:`tournaments.services.versions`):
    an edit made from an older version is refused, never silently written over."""

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    """What a member may do in a club, weakest first."""

    PLAYER = "player", _("Player")
    SCORER = "scorer", _("Scorer")
    DIRECTOR = "director", _("Director")
    OWNER = "owner", _("Owner")


ROLE_RANK = {role: rank for rank, role in enumerate(Role)}
"""A role's rank: a member holds every power of the roles ranked below theirs."""


class Membership(models.Model):
    """A user's role in a club (one role per user and club)."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("user"),
    )
    role = models.CharField(
        max_length=10, choices=Role.choices, default=Role.PLAYER, verbose_name=_("role")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    version = models.PositiveIntegerField(default=1, editable=False, verbose_name=_("version"))
    """Bumped by every change (one conditional UPDATE, :mod:`tournaments.services.versions`):
    an edit made from an older version is refused, never silently written over."""

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        ordering = ["club", "user"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.club}"


class Team(models.Model):
    """A fixed partnership of players, entered together in partnership games."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="teams", verbose_name=_("club")
    )
    name = models.CharField(max_length=120, verbose_name=_("name"))
    members = models.ManyToManyField(
        Player, through="TeamMember", related_name="teams", verbose_name=_("members")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="team_name_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.name

    def players_in_order(self) -> list[Player]:
        return [m.player for m in self.memberships.select_related("player").order_by("position")]


class TeamMember(models.Model):
    """A player's place in a team (position 0 sits first, e.g. at seat 0 of 0 & 2)."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("team")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("player")
    )
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))

    class Meta:
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="team_position_unique"),
            models.UniqueConstraint(fields=["team", "player"], name="team_player_unique"),
        ]
