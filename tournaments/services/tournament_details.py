"""A tournament's details for the people who come: day, start time, venue,
description, entry limit, whether entries are taken and whether players may enter
themselves.

Dates and times are the club's wall clock (its :attr:`~tournaments.models.Club.time_zone`):
a tournament "on 5 December at 20:30" in a club of ``Europe/Rome`` starts at 20:30 in
Rome, whatever the server's zone. :func:`clean_details` checks what a director (web
form or API) sends; :func:`entries_taken` says whether entries are taken now and, if
not, why, in words.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any
from zoneinfo import available_timezones

from django.utils.translation import gettext as _

from tournaments.models import Entry, Round, Tournament
from tournaments.services.errors import ServiceError

DETAIL_FIELDS: dict[str, Any] = {
    "starts_on": (str, dt.date, type(None)),
    "start_time": (str, dt.time, type(None)),
    "venue": str,
    "description": str,
    "entry_limit": (int, type(None)),
    "registration_open": bool,
    "self_entry": bool,
}
"""The detail settings and the types each takes (dates and times also as ISO text)."""


def clean_details(cleaned: dict[str, Any]) -> None:
    """Check and normalise the detail settings in ``cleaned`` (in place)."""
    if isinstance(cleaned.get("starts_on"), str):
        try:
            cleaned["starts_on"] = dt.date.fromisoformat(cleaned["starts_on"])
        except ValueError:
            raise ServiceError(
                _("The date must be written as year-month-day, e.g. 2026-12-05."),
                field="starts_on",
            ) from None
    if isinstance(cleaned.get("start_time"), str):
        try:
            cleaned["start_time"] = dt.time.fromisoformat(cleaned["start_time"])
        except ValueError:
            raise ServiceError(
                _("The start time must be written as hours:minutes, e.g. 20:30."),
                field="start_time",
            ) from None
    if isinstance(cleaned.get("start_time"), dt.time):
        cleaned["start_time"] = cleaned["start_time"].replace(second=0, microsecond=0, tzinfo=None)
    if "venue" in cleaned:
        cleaned["venue"] = cleaned["venue"].strip()
        if len(cleaned["venue"]) > 200:
            raise ServiceError(_("The venue is at most 200 characters."), field="venue")
    if "description" in cleaned:
        cleaned["description"] = cleaned["description"].strip()
        if len(cleaned["description"]) > 4000:
            raise ServiceError(
                _("The description is at most 4000 characters."), field="description"
            )
    limit = cleaned.get("entry_limit")
    if limit is not None and not 2 <= limit <= 10_000:
        raise ServiceError(
            _("The entry limit must be from 2 to 10000 (or empty for no limit)."),
            field="entry_limit",
        )


def check_details(merged: Mapping[str, Any]) -> None:
    """Refuse details that do not fit together: a start time needs a date."""
    if merged.get("start_time") is not None and merged.get("starts_on") is None:
        raise ServiceError(_("A start time needs a date: give the day too."), field="starts_on")


def check_time_zone(name: str) -> str:
    """An IANA zone name a club may use; a :class:`ServiceError` otherwise."""
    name = (name or "").strip()
    if name not in available_timezones():
        raise ServiceError(
            _("%(name)s is not a time zone; choose one from the list, e.g. Europe/Rome.")
            % {"name": name or _("An empty name")},
            field="time_zone",
        )
    return name


# ---------------------------------------------------------------------- entries


def entry_count(tournament: Tournament) -> int:
    """Entries that count against the limit (withdrawn ones do not)."""
    return tournament.entries.exclude(status=Entry.Status.WITHDRAWN).count()


def is_full(tournament: Tournament) -> bool:
    limit = tournament.entry_limit
    return limit is not None and entry_count(tournament) >= limit


def full_message(tournament: Tournament) -> str:
    return _("The tournament is full: all %(limit)s places are taken.") % {
        "limit": tournament.entry_limit
    }


def has_started(tournament: Tournament) -> bool:
    """Play has begun: a round is published, or the tournament is running or over."""
    if tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED):
        return True
    return tournament.rounds.filter(status=Round.Status.PUBLISHED).exists()


def entries_taken(tournament: Tournament) -> str | None:
    """``None`` when players may enter themselves now; otherwise why not, in words."""
    if tournament.archived_at is not None:
        return _("This tournament is archived: it takes no more entries.")
    if not tournament.self_entry:
        return _("The director enters the players of this tournament; ask them to enter you.")
    if tournament.status != Tournament.Status.OPEN or not tournament.registration_open:
        return _("Entries are closed.")
    if has_started(tournament):
        return _("The tournament has started: entries are closed.")
    if is_full(tournament):
        return full_message(tournament)
    return None
