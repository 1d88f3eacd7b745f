"""The audit log's one writer: every act of an owner, director or scorer goes here.

Call :func:`record` explicitly from the service that performs the act, inside that
act's ``transaction.atomic()`` block, after the act's own writes: a failed act then
leaves no audit row, and an act never lands without one. No model signals.

``action`` is a stable code (lowercase words joined by ``-``, e.g.
``member-role-changed``); ``tournaments/services/audit_words.py`` reads each code as a
sentence in the reader's language. ``before`` / ``after`` hold what changed, as plain
JSON (dates, UUIDs and decimals are written as text); never hidden information (hands,
the deck, seeds), never a secret.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction

from tournaments.models import Club, Tournament
from tournaments.models.audit import AuditEntry

User = AbstractBaseUser | AnonymousUser

ACTION_CODE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
SUBJECT_MAX = AuditEntry._meta.get_field("subject").max_length or 300


def actor_name(actor: User | None) -> str:
    """The name the log keeps for ``actor`` (as it is now: names may change later)."""
    if actor is None or not actor.is_authenticated:
        return ""
    full = getattr(actor, "get_full_name", lambda: "")()
    return (full or actor.get_username())[:200]


def record(
    *,
    actor: User | None,
    club: Club,
    action: str,
    subject: str,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
    tournament: Tournament | None = None,
) -> AuditEntry:
    """Write one audit row (in the caller's transaction) and return it.

    ``actor`` is the user who acted (``None`` or anonymous: the system); ``club`` the
    club the act belongs to; ``tournament`` the tournament, if any (its club must be
    ``club``).
    """
    if not ACTION_CODE.match(action) or len(action) > 64:
        raise ValueError(f"an audit action is a code like 'member-removed', not {action!r}")
    if tournament is not None and tournament.club_id != club.pk:
        raise ValueError("an audit row's tournament must belong to its club")
    user = actor if actor is not None and actor.is_authenticated else None
    with transaction.atomic():
        return AuditEntry.objects.create(
            club=club,
            tournament=tournament,
            tournament_name=tournament.name[:200] if tournament is not None else "",
            actor_id=user.pk if user is not None else None,
            actor_name=actor_name(user),
            action=action,
            subject=str(subject)[:SUBJECT_MAX],
            before=dict(before) if before is not None else None,
            after=dict(after) if after is not None else None,
        )
