"""The demo club: roles, guests, teams and tournaments at different stages.

Loaded by :func:`tournaments.services.demo.load_demo` once (found by its slug on
later runs), so a newcomer can click through every page of a club evening.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.models import Club, Membership, Player, Role, Season, Tournament
from tournaments.services import clubs, rounds, seasons, tournaments
from tournaments.services.demo_results import load_demo_results

logger = logging.getLogger(__name__)

CLUB_SLUG = "circolo-tavolo"
THURSDAY_SLUG = "thursday-italian-whist"
"""Slugs never change once a tournament exists, so later runs find it by its slug even
when the club has since gained other tournaments of the same game, or renamed it."""
SEASON_SLUG = "stagione-del-giovedi"
GUESTS = [
    ("Elena Conti", "Conti"),
    ("Franco Conti", "Conti"),
    ("Giulia Russo", ""),
    ("Hugo Marino", ""),
    ("Irene Gallo", ""),
    ("Luca Greco", ""),
    ("Marta Bruno", ""),
    ("Nino Costa", ""),
]


def load_demo_club(director: Any, people: dict[str, Player]) -> list[str]:
    """Create the demo club if missing; lines saying where to look."""
    club = Club.objects.filter(slug=CLUB_SLUG).first()
    if club is None:
        with transaction.atomic():
            club = _build(director, people)
    lines = [f"demo club: /clubs/{club.slug}/ (director owns it; carla is its scorer)"]
    for cup in club.tournaments.order_by("created_at"):
        lines.append(f"  {cup.name}: /clubs/{club.slug}/t/{cup.slug}/")
    thursday = club.tournaments.filter(slug=THURSDAY_SLUG).first()
    if thursday is None:
        return [*lines, f"  (no tournament {THURSDAY_SLUG!r}: its results were not loaded)"]
    try:
        load_demo_results(thursday, director, people["carla"].user)
    except Exception as error:  # noqa: BLE001 - the server must start whatever was done on the site
        # A director may have changed the demo tournament in ways the scripted evening
        # cannot follow; the demo is a convenience, the data the site holds comes first.
        logger.warning("demo results not loaded", exc_info=True)
        return [*lines, f"  (the {thursday.name} results were not loaded: {error})"]
    lines.append(
        f"  {thursday.name}, round 3 in play (one table disputed): "
        f"/clubs/{club.slug}/t/{thursday.slug}/rounds/3/ and "
        f"/clubs/{club.slug}/t/{thursday.slug}/standings/"
    )
    season = _season(club, thursday, director)
    lines.append(f"  its season: /clubs/{club.slug}/seasons/{season.slug}/")
    return lines


def _season(club: Club, thursday: Tournament, director: Any) -> Season:
    """The club's Thursday season (made once, found by its slug on later runs): the
    Thursday tournament chosen, points by final place."""
    found = Season.objects.filter(club=club, slug=SEASON_SLUG).first()
    if found is not None:
        return found
    year = timezone.localdate().year
    return seasons.create_season(
        club,
        by=director,
        settings=seasons.SeasonSettings(
            name=f"Stagione del giovedì {year}",
            slug=SEASON_SLUG,
            starts_on=dt.date(year, 1, 1),
            ends_on=dt.date(year, 12, 31),
            tournaments=[thursday.pk],
            formula="placement",
        ),
    )


def _build(director: Any, people: dict[str, Player]) -> Club:
    club = clubs.create_club(
        name="Circolo Tavolo",
        owner=director,
        slug=CLUB_SLUG,
        description="A demo card club: Thursday Italian Whist, Sunday partnership whist.",
        time_zone="Europe/Rome",  # an Italian club: its clock and its language
        language="it",
    )
    for name, role in (("alice", Role.PLAYER), ("bruno", Role.PLAYER), ("carla", Role.SCORER)):
        Membership.objects.create(club=club, user=people[name].user, role=role)
    Membership.objects.create(club=club, user=people["dario"].user, role=Role.PLAYER)
    guests = [clubs.add_guest(club, by=director, name=n, household=h) for n, h in GUESTS]

    thursday = tournaments.create_tournament(
        club,
        by=director,
        settings={
            "name": "Thursday Italian Whist",
            "slug": THURSDAY_SLUG,
            "game_type": "italian_whist",
            "options": {"score_limit": 5},
            "scoring": {"method": "placement"},
            "rounds_planned": 5,
            "mode": "physical",
        },
    )
    field = [people[n] for n in ("alice", "bruno", "carla", "dario")] + guests
    for rating, player in zip(range(1700, 1700 - 60 * len(field), -60), field, strict=True):
        entry = tournaments.register(thursday, by=director, player=player, rating=rating)
        if player.name != "Nino Costa":  # one entry has not arrived yet
            tournaments.check_in(entry, by=director)
    rounds.publish(rounds.pair_next_round(thursday, by=director), by=director)

    sunday = tournaments.create_tournament(
        club,
        by=director,
        settings={
            "name": "Sunday Partnership Whist",
            "game_type": "whist",
            "options": {"target": 5},
            "entry_kind": "team",
            "rounds_planned": 3,
        },
    )
    pairs = [guests[0:2], guests[2:4], guests[4:6], guests[6:8]]
    for index, pair in enumerate(pairs):
        team = clubs.create_team(
            club, by=director, name=f"{pair[0].name.split()[0]} & {pair[1].name.split()[0]}",
            players=pair,
        )  # fmt: skip
        tournaments.register(sunday, by=director, team=team, rating=1500 - index)
    tournaments.set_status(sunday, by=director, status=Tournament.Status.OPEN)
    return club
