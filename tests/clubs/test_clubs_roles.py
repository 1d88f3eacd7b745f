"""Clubs, roles and their boundaries: a director manages their own club only."""

from __future__ import annotations

import pytest

from tests.support.factories import director_of, make_club, make_tournament, make_user, member
from tournaments.models import Membership, Role
from tournaments.services import access, clubs, tournaments
from tournaments.services.errors import Conflict, Forbidden, ServiceError

pytestmark = pytest.mark.django_db


def test_creating_a_club_makes_its_creator_owner():
    owner = make_user()
    club = clubs.create_club(name="Circolo del Whist", owner=owner)
    assert club.slug == "circolo-del-whist"
    assert access.role_in(owner, club) == Role.OWNER


def test_a_club_slug_is_unique():
    clubs.create_club(name="Asso", owner=make_user())
    with pytest.raises(Conflict, match="already exists"):
        clubs.create_club(name="Asso", owner=make_user())


def test_roles_rank_owner_director_scorer_player():
    club = make_club()
    scorer = member(club, Role.SCORER)
    assert access.has_role(scorer, club, Role.PLAYER)
    assert access.has_role(scorer, club, Role.SCORER)
    assert not access.has_role(scorer, club, Role.DIRECTOR)


def test_a_director_cannot_manage_another_club():
    home, other = make_club(), make_club()
    director = director_of(home)
    with pytest.raises(Forbidden, match="not a member"):
        make_tournament(other, director)
    with pytest.raises(Forbidden):
        clubs.add_guest(other, by=director, name="Intruder")


def test_a_player_member_cannot_create_tournaments():
    club = make_club()
    player = member(club, Role.PLAYER)
    with pytest.raises(Forbidden, match="director role"):
        make_tournament(club, player)


def test_a_scorer_may_enter_guests_but_not_teams():
    club = make_club()
    scorer = member(club, Role.SCORER)
    a = clubs.add_guest(club, by=scorer, name="Anna")
    b = clubs.add_guest(club, by=scorer, name="Beppe")
    assert a.user is None and a.club == club
    with pytest.raises(Forbidden):
        clubs.create_team(club, by=scorer, name="AB", players=[a, b])


def test_anonymous_users_are_asked_to_log_in():
    from django.contrib.auth.models import AnonymousUser

    club = make_club()
    with pytest.raises(Forbidden, match="log in"):
        clubs.add_guest(club, by=AnonymousUser(), name="X")


def test_directors_name_scorers_but_only_owners_name_directors():
    owner = make_user()
    club = make_club(owner)
    director = director_of(club)
    newcomer = make_user()
    assert clubs.set_role(club, by=director, username=newcomer.username, role="scorer").role == (
        "scorer"
    )
    with pytest.raises(Forbidden, match="only an owner"):
        clubs.set_role(club, by=director, username=newcomer.username, role="director")
    with pytest.raises(Forbidden, match="only an owner"):
        clubs.remove_member(club, by=director, username=owner.username)
    clubs.set_role(club, by=owner, username=newcomer.username, role="director")
    assert access.role_in(newcomer, club) == Role.DIRECTOR


def test_the_last_owner_cannot_step_down():
    owner = make_user()
    club = make_club(owner)
    with pytest.raises(Conflict, match="at least one owner"):
        clubs.set_role(club, by=owner, username=owner.username, role="player")
    with pytest.raises(Conflict, match="at least one owner"):
        clubs.remove_member(club, by=owner, username=owner.username)
    assert Membership.objects.get(club=club, user=owner).role == Role.OWNER


def test_unknown_role_and_user_are_clear_errors():
    owner = make_user()
    club = make_club(owner)
    with pytest.raises(ServiceError, match="unknown role 'king'"):
        clubs.set_role(club, by=owner, username=owner.username, role="king")
    with pytest.raises(ServiceError, match="no user called 'ghost'"):
        clubs.set_role(club, by=owner, username="ghost", role="player")


def test_staff_may_act_in_any_club():
    club = make_club()
    staff = make_user(staff=True)
    assert access.role_in(staff, club) == Role.OWNER
    assert make_tournament(club, staff).club == club


def test_teams_need_distinct_players_and_unique_names():
    club = make_club()
    director = director_of(club)
    a, b, c = (clubs.add_guest(club, by=director, name=n) for n in "ABC")
    team = clubs.create_team(club, by=director, name="Assi", players=[a, b])
    assert team.players_in_order() == [a, b]
    with pytest.raises(ServiceError, match="twice"):
        clubs.create_team(club, by=director, name="Dup", players=[c, c])
    with pytest.raises(Conflict, match="already has a team"):
        clubs.create_team(club, by=director, name="Assi", players=[a, c])


def test_a_director_cannot_register_another_clubs_team():
    home, other = make_club(), make_club()
    director, other_director = director_of(home), director_of(other)
    a, b = (clubs.add_guest(other, by=other_director, name=n) for n in "AB")
    team = clubs.create_team(other, by=other_director, name="Theirs", players=[a, b])
    cup = make_tournament(home, director, {"game_type": "whist", "entry_kind": "team"})
    with pytest.raises(ServiceError, match="not a team of"):
        tournaments.register(cup, by=director, team=team)
