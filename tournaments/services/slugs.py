"""Short names in web addresses (a club's or a tournament's slug): refused when they
are not already one, never rewritten (issue 15: ``"../../etc"`` must not become
``etc``)."""

from __future__ import annotations

from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.services.errors import ServiceError

MAX_LENGTH = 60
PATTERN = r"^[a-z0-9]+(?:(?:_|-_)*-?_*[a-z0-9]+)*$"
"""Exactly the strings :func:`django.utils.text.slugify` leaves as they are: lowercase
letters, digits, hyphens (never two together) and underscores, starting and ending
with a letter or digit."""


def check_slug(slug: str) -> str:
    """``slug`` if it is a short name as it stands, else a ``ServiceError`` (field
    ``slug``) saying what a short name may hold, with the one it could be."""
    if slugify(slug) == slug and 0 < len(slug) <= MAX_LENGTH:
        return slug
    suggestion = slugify(slug)[:MAX_LENGTH]
    message = _(
        "the short name %(slug)s cannot be used in web addresses: use only lowercase "
        "letters, digits, hyphens and underscores, at most %(max)d characters"
    ) % {"slug": repr(slug), "max": MAX_LENGTH}
    if suggestion:
        message += " " + _("(for example %(suggestion)s)") % {"suggestion": suggestion}
    raise ServiceError(message, field="slug")


def slug_for(slug: str, name: str) -> str:
    """The short name given (checked), else one made from ``name`` ("" if it has no
    letters or digits)."""
    return check_slug(slug) if slug else slugify(name)[:MAX_LENGTH].strip("-_")
