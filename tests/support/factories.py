"""Helpers for club and tournament tests: users with roles, clubs, tournaments, entries."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model

from tournaments.models import Club, Entry, Membership, Player, Role, Tournament
from tournaments.services import clubs, tournaments


def make_user(name: str | None = None, *, staff: bool = False) -> Any:
    name = name or f"user-{uuid.uuid4().hex[:8]}"
    return get_user_model().objects.create_user(name, password="pw-" + name, is_staff=staff)


def make_club(owner: Any = None, name: str | None = None) -> Club:
    owner = owner or make_user()
    return clubs.create_club(name=name or f"Club {uuid.uuid4().hex[:6]}", owner=owner)


def member(club: Club, role: Role, name: str | None = None) -> Any:
    """A new user holding ``role`` in ``club``."""
    user = make_user(name)
    Membership.objects.create(club=club, user=user, role=role)
    return user


def director_of(club: Club) -> Any:
    return member(club, Role.DIRECTOR)


def make_tournament(
    club: Club, director: Any, settings: Mapping[str, Any] | None = None
) -> Tournament:
    base: dict[str, Any] = {"name": f"Cup {uuid.uuid4().hex[:6]}", "game_type": "german_whist"}
    base.update(settings or {})
    return tournaments.create_tournament(club, by=director, settings=base)


def enter_guests(
    tournament: Tournament, director: Any, count: int, *, check_in: bool = True, **kw: Any
) -> list[Entry]:
    """``count`` guests entered (and checked in) with ratings count, count-1, …"""
    entries = []
    for n in range(count):
        guest = clubs.add_guest(tournament.club, by=director, name=f"Guest {n + 1}")
        entry = tournaments.register(
            tournament, by=director, player=guest, rating=1000 + count - n, **kw
        )
        if check_in:
            entry = tournaments.check_in(entry, by=director)
        entries.append(entry)
    return entries


def guests(club: Club, director: Any, count: int) -> list[Player]:
    return [clubs.add_guest(club, by=director, name=f"P{n}") for n in range(count)]
