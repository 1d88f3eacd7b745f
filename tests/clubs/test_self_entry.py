"""Players entering and withdrawing themselves; a tournament's details and limit."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.support.factories import enter_guests, make_club, make_tournament, make_user, member
from tournaments.models import Entry, Role, Team, TeamMember
from tournaments.services import clubs, self_entry
from tournaments.services import rounds as round_service
from tournaments.services import tournaments as tournament_service
from tournaments.services.errors import Conflict, Forbidden, NotFound, ServiceError
from tournaments.services.players import player_of_user

pytestmark = pytest.mark.django_db


def open_cup(club, director, **settings):
    cup = make_tournament(club, director, {"name": "Cup", **settings})
    return tournament_service.set_status(cup, by=director, status="open")


# ---------------------------------------------------------------------- individuals


def test_a_player_enters_and_cannot_enter_twice(club, director):
    cup = open_cup(club, director)
    user = make_user("pia")
    entry = self_entry.enter_self(cup, by=user)
    assert entry.player.user == user and entry.number == 1
    with pytest.raises(Conflict, match="already entered, as number 1"):
        self_entry.enter_self(cup, by=user)
    assert cup.entries.count() == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"status": "draft"}, "Entries are closed."),
        ({"status": "running"}, "Entries are closed."),
        ({"registration_open": False}, "Entries are closed."),
        ({"self_entry": False}, "The director enters the players"),
    ],
)
def test_closed_entries_are_refused_in_words(club, director, change, message):
    cup = open_cup(club, director)
    if "status" in change:
        tournament_service.set_status(cup, by=director, status=change["status"])
    else:
        cup = tournament_service.update_tournament(cup, by=director, settings=change)
    with pytest.raises(Conflict, match=message):
        self_entry.enter_self(cup, by=make_user())
    assert cup.entries.count() == 0


def test_entries_close_once_a_round_is_published(club, director):
    cup = open_cup(club, director)
    user = make_user()
    self_entry.enter_self(cup, by=user)
    enter_guests(cup, director, 3)
    round_service.publish(round_service.pair_next_round(cup, by=director), by=director)
    with pytest.raises(Conflict, match="has started"):
        self_entry.enter_self(cup, by=make_user())
    with pytest.raises(Conflict, match="ask the director to withdraw you"):
        self_entry.withdraw_self(cup, by=user)


def test_a_full_tournament_refuses_everyone_and_a_withdrawal_frees_a_place(club, director):
    cup = open_cup(club, director, entry_limit=2)
    first, second = make_user(), make_user()
    self_entry.enter_self(cup, by=first)
    self_entry.enter_self(cup, by=second)
    with pytest.raises(Conflict, match="full: all 2 places are taken"):
        self_entry.enter_self(cup, by=make_user())
    guest = clubs.add_guest(club, by=director, name="Late")
    with pytest.raises(Conflict, match="full"):  # the limit holds for directors too
        tournament_service.register(cup, by=director, player=guest)
    withdrawn = self_entry.withdraw_self(cup, by=first)
    assert withdrawn.status == Entry.Status.WITHDRAWN
    third = self_entry.enter_self(cup, by=make_user())
    assert third.number == 3
    with pytest.raises(Conflict, match="full"):  # coming back needs room too
        self_entry.enter_self(cup, by=first)


def test_withdrawing_and_coming_back_keeps_the_start_number(club, director):
    cup = open_cup(club, director)
    user = make_user()
    entry = self_entry.enter_self(cup, by=user)
    self_entry.enter_self(cup, by=make_user())
    self_entry.withdraw_self(cup, by=user)
    with pytest.raises(NotFound, match="not entered"):
        self_entry.withdraw_self(cup, by=user)
    back = self_entry.enter_self(cup, by=user)
    assert back.pk == entry.pk and back.number == 1 and back.status == Entry.Status.REGISTERED
    assert cup.entries.count() == 2


def test_an_anonymous_visitor_cannot_enter(club, director):
    from django.contrib.auth.models import AnonymousUser

    cup = open_cup(club, director)
    with pytest.raises(Forbidden, match="Log in"):
        self_entry.enter_self(cup, by=AnonymousUser())


# ---------------------------------------------------------------------- teams


@pytest.fixture
def pairs(club, director):
    return open_cup(club, director, game_type="whist", entry_kind="team")


def test_a_player_forms_a_team_with_a_club_player(club, director, pairs):
    anna = member(club, Role.PLAYER, "anna")
    bruno = clubs.add_guest(club, by=director, name="Bruno")
    entry = self_entry.enter_self(pairs, by=anna, partner_ids=[bruno.pk])
    team = entry.team
    assert team.club == club and team.name == "anna & Bruno"
    assert [p.name for p in team.players_in_order()] == ["anna", "Bruno"]
    assert self_entry.own_entry(pairs, anna) == entry
    # Bruno is taken now: nobody can partner him in this tournament.
    carla = member(club, Role.PLAYER, "carla")
    assert bruno.pk not in [p.pk for p in self_entry.partner_choices(pairs, carla)]
    with pytest.raises(Conflict, match="already entered"):
        self_entry.enter_self(pairs, by=carla, partner_ids=[bruno.pk])


def test_a_player_enters_their_own_team_only(club, director, pairs):
    anna = member(club, Role.PLAYER, "anna")
    me = player_of_user("anna")
    bruno = clubs.add_guest(club, by=director, name="Bruno")
    carla = clubs.add_guest(club, by=director, name="Carla")
    dario = clubs.add_guest(club, by=director, name="Dario")
    mine = clubs.create_team(club, by=director, name="Ours", players=[me, bruno])
    theirs = clubs.create_team(club, by=director, name="Theirs", players=[carla, dario])
    assert self_entry.own_teams(pairs, anna) == [mine]
    with pytest.raises(Forbidden, match="a team you play in"):
        self_entry.enter_self(pairs, by=anna, team_id=theirs.pk)
    entry = self_entry.enter_self(pairs, by=anna, team_id=mine.pk)
    assert entry.team == mine
    assert Team.objects.filter(club=club).count() == 2  # no new team made


@pytest.mark.parametrize("kind", ["none", "twice", "other-club", "me"])
def test_bad_partners_are_refused_and_nothing_is_made(club, director, pairs, kind):
    anna = member(club, Role.PLAYER, "anna")
    bruno = clubs.add_guest(club, by=director, name="Bruno")
    stranger = clubs.add_guest(make_club(), by=make_user(staff=True), name="Stranger")
    me = player_of_user("anna")
    ids = {"none": [], "twice": [bruno.pk, bruno.pk], "other-club": [stranger.pk], "me": [me.pk]}
    with pytest.raises(ServiceError):
        self_entry.enter_self(pairs, by=anna, partner_ids=ids[kind])
    assert pairs.entries.count() == 0 and not TeamMember.objects.exists()


def test_individuals_enter_alone(club, director):
    cup = open_cup(club, director)
    guest = clubs.add_guest(club, by=director, name="Bruno")
    with pytest.raises(ServiceError, match="enter alone"):
        self_entry.enter_self(cup, by=make_user(), partner_ids=[guest.pk])


# ---------------------------------------------------------------------- details


def test_details_are_stored_and_checked(club, director):
    cup = open_cup(
        club,
        director,
        starts_on="2026-12-05",
        start_time="20:30",
        venue=" Sala Verdi ",
        entry_limit=24,
    )
    assert cup.starts_on == dt.date(2026, 12, 5) and cup.start_time == dt.time(20, 30)
    assert cup.venue == "Sala Verdi" and cup.entry_limit == 24
    assert cup.starts_at.isoformat() == "2026-12-05T20:30:00+01:00"  # Rome, winter
    for settings, field in (
        ({"starts_on": "5/12/2026"}, "starts_on"),
        ({"start_time": "half past eight"}, "start_time"),
        ({"entry_limit": 1}, "entry_limit"),
        ({"starts_on": None}, "starts_on"),  # the time stays: it needs a date
    ):
        with pytest.raises(ServiceError) as caught:
            tournament_service.update_tournament(cup, by=director, settings=settings)
        assert caught.value.details["field"] == field
    cup.refresh_from_db()
    assert cup.starts_on == dt.date(2026, 12, 5)


def test_a_club_time_zone_is_chosen_from_the_zones(club, director):
    assert club.time_zone == "Europe/Rome"
    clubs.set_time_zone(club, by=director, time_zone="America/New_York")
    club.refresh_from_db()
    assert club.time_zone == "America/New_York"
    with pytest.raises(ServiceError, match="not a time zone") as caught:
        clubs.set_time_zone(club, by=director, time_zone="Mars/Olympus")
    assert caught.value.details["field"] == "time_zone"
    with pytest.raises(Forbidden):
        clubs.set_time_zone(club, by=member(club, Role.SCORER), time_zone="Europe/Rome")
