"""Every time a person reads on a club's pages is on the club's clock.

:class:`ClubTimeZoneMiddleware` activates the club's :attr:`~tournaments.models.Club.time_zone`
for the club, tournament, round, standings and score-sheet pages (found from the
address: the club's slug, or a score sheet's code), so Django's ``date`` and ``time``
filters print created, published and sheet-history times as the club sees them. Every
other page a person reads (a casual game's invitations, the dashboard, the account
pages) is on :data:`~tournaments.models.clubs.DEFAULT_TIME_ZONE` (Europe/Rome, the
clubs' default: a person never reads UTC). The API keeps answering in UTC with offsets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone, translation

from tournaments.models import Club
from tournaments.models.clubs import DEFAULT_TIME_ZONE
from tournaments.services import clubs as club_service
from tournaments.services.errors import NotFound
from tournaments.web.sheet_codes import table_from_code


def club_zone(club: Club) -> ZoneInfo:
    """The club's zone (UTC if the stored name is not a zone any more)."""
    try:
        return ZoneInfo(club.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def activate_club_zone(club: Club) -> None:
    timezone.activate(club_zone(club))


@contextmanager
def for_the_room(club: Club) -> Iterator[None]:
    """What is printed for a club's room (table cards, score sheets, standings,
    crosstable, report) speaks the club's language and reads the club's clock, whatever
    the reader's browser asks for."""
    with translation.override(club.language or None), timezone.override(club_zone(club)):
        yield


def people_zone() -> ZoneInfo:
    """The zone of the pages that belong to no club (Europe/Rome, the clubs' default)."""
    return ZoneInfo(DEFAULT_TIME_ZONE)


_READ_CLUB = "_tavolo_club_by_slug"
"""The request attribute holding the club read for it: ``(slug, club or None)``."""


def club_of_request(request: HttpRequest, slug: str) -> Club | None:
    """The club named ``slug``, read once per request: the clock, the language and the
    page's gate all ask for it, and a page as light as the player page pays for each
    round trip to the database (docs/benchmarks.md, "Player page")."""
    read = getattr(request, _READ_CLUB, None)
    if read is not None and read[0] == slug:
        return read[1]  # type: ignore[no-any-return]
    try:
        club: Club | None = club_service.club_by_slug(slug)
    except NotFound:
        club = None
    setattr(request, _READ_CLUB, (slug, club))
    return club


def club_of(request: HttpRequest, kwargs: dict[str, Any]) -> Club | None:
    """The club whose page the address names (by its slug, or a score sheet's code)."""
    path = request.path_info
    if path.startswith("/api/"):
        return None
    if path.startswith("/clubs/") and isinstance(kwargs.get("slug"), str):
        return club_of_request(request, kwargs["slug"])
    if path.startswith("/s/") and isinstance(kwargs.get("code"), str):
        try:
            return table_from_code(kwargs["code"]).round.tournament.club
        except Http404:
            return None
    return None


class ClubTimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> None:
        club = club_of(request, view_kwargs)
        if club is not None:
            activate_club_zone(club)
        elif request.path_info.startswith("/api/"):
            timezone.deactivate()  # the API answers in UTC, with offsets
        else:
            timezone.activate(people_zone())
