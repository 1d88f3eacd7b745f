"""Who may do what, said once (issue 32): :mod:`tournaments.services.access`.

Each definition is asked for every kind of person: the club's owner, director,
scorer and player, a director of another club, staff, a stranger, an anonymous
visitor, and, for a game, its seated players and its creator.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.support.factories import director_of, make_club, make_tournament, make_user, member
from tests.support.factories import published as published_round
from tournaments.models import Membership, Role, Season, Tournament
from tournaments.services import access, casual
from tournaments.services.errors import Forbidden

PEOPLE = ("owner", "director", "scorer", "player", "other director", "staff", "stranger", "anon")


@pytest.fixture(autouse=True)
def _fresh_seats():
    access.forget_seats()
    yield
    access.forget_seats()


@pytest.fixture
def table_people(db: None) -> tuple[Any, dict[str, Any]]:
    """A German whist tournament's published table (two logged-in players) and the
    people around it."""
    setup = published_round("german_whist", 2, options={"deals": 1}, mode="online")
    people = {
        "owner": Membership.objects.get(club=setup.club, role=Role.OWNER).user,
        "director": setup.director,
        "scorer": member(setup.club, Role.SCORER),
        "player": member(setup.club, Role.PLAYER),
        "other director": director_of(make_club()),
        "staff": make_user(staff=True),
        "stranger": make_user(),
        "anon": AnonymousUser(),
    }
    return setup, people


DIRECTS = {"owner", "director", "staff"}


@pytest.mark.parametrize("who", PEOPLE)
def test_the_club_roles_rank_and_staff_count_as_owners(table_people, who):
    setup, people = table_people
    user, club = people[who], setup.club
    expected = {
        "owner": Role.OWNER,
        "director": Role.DIRECTOR,
        "scorer": Role.SCORER,
        "player": Role.PLAYER,
        "staff": Role.OWNER,
    }.get(who)
    assert access.role_in(user, club) == expected
    assert access.is_club_member(user, club) == (expected is not None)
    assert access.has_role(user, club, Role.SCORER) == (who in DIRECTS | {"scorer"})
    assert access.is_club_director(user, club) == (who in DIRECTS)
    roles = dict(access.club_roles(user, Role.SCORER))
    assert roles.get(club) == (expected if who in DIRECTS | {"scorer"} else None)
    if who == "staff":
        assert set(roles) == set(type(club).objects.all())


@pytest.mark.parametrize("who", PEOPLE)
def test_require_role_refuses_in_words(table_people, who):
    setup, people = table_people
    if who in DIRECTS:
        assert access.require_role(people[who], setup.club, Role.DIRECTOR)
        return
    words = {
        "anon": "log in first",
        "scorer": "you are a scorer",
        "player": "you are a player",
    }.get(who, "you are not a member")
    with pytest.raises(Forbidden, match=words):
        access.require_role(people[who], setup.club, Role.DIRECTOR)


@pytest.mark.parametrize("who", PEOPLE)
def test_one_director_of_a_club_a_tournament_a_table_and_a_game(table_people, who):
    setup, people = table_people
    user, table = people[who], setup.tables[0]
    directs = who in DIRECTS
    assert access.is_tournament_director(user, setup.round.tournament) == directs
    assert access.is_table_director(user, table) == directs
    assert access.is_game_director(user, table.game) == directs
    assert access.is_game_director(user, table.game, table) == directs
    assert access.may_pause(user, table.game, table) == directs


@pytest.mark.parametrize("who", PEOPLE)
def test_managing_a_tournaments_game_and_looking_at_a_seat(table_people, who):
    setup, people = table_people
    user, game = people[who], setup.tables[0].game
    assert access.can_manage(user, game) == (who in DIRECTS)
    # A look at a seat's cards: a director who plays no seat; staff never see a hand.
    assert access.may_look(user, game) == (who in {"owner", "director"})
    assert access.may_seat_bot(user, game, setup.tables[0]) is False
    assert access.seats_of(user, game) == []
    assert not any(access.can_see_seat(user, game, seat) for seat in range(2))


def test_a_seated_player_acts_as_their_own_seat_only_and_directs_nothing(table_people):
    setup, _ = table_people
    table = setup.tables[0]
    for number, user in enumerate(setup.seated[table.number]):
        assert access.seats_of(user, table.game) == [number]
        assert access.can_act_as(user, table.game, number)
        assert access.can_see_seat(user, table.game, number)
        assert not access.can_act_as(user, table.game, 1 - number)
        assert not access.can_see_seat(user, table.game, 1 - number)
        assert not access.is_game_director(user, table.game)
        assert not access.can_manage(user, table.game)
        assert not access.may_look(user, table.game)
        assert not access.may_pause(user, table.game, table)


def test_a_director_seated_at_the_table_may_not_look_at_another_seat(table_people):
    setup, _ = table_people
    table = setup.tables[0]
    seated = setup.seated[table.number][0]
    Membership.objects.create(club=setup.club, user=seated, role=Role.DIRECTOR)
    assert access.is_game_director(seated, table.game)
    assert not access.may_look(seated, table.game)


@pytest.mark.parametrize("who", ["creator", "staff", "stranger", "club director", "anon"])
def test_a_casual_game_is_managed_by_its_creator_alone_and_directed_by_nobody(db, who):
    creator = make_user()
    game, _ = casual.new_casual_game(
        user=creator, game_type="briscola", players=2, options={}, seat=0
    )
    club = make_club()
    user = {
        "creator": creator,
        "staff": make_user(staff=True),
        "stranger": make_user(),
        "club director": director_of(club),
        "anon": AnonymousUser(),
    }[who]
    manages = who == "creator"  # staff too are refused: the docs say its creator
    assert access.manages_casual(user, game) == manages
    assert access.can_manage(user, game) == manages
    assert access.may_pause(user, game, None) == manages
    assert access.may_seat_bot(user, game, None) == manages
    assert not access.is_game_director(user, game)
    assert not access.may_look(user, game)


@pytest.mark.parametrize("who", PEOPLE)
def test_a_draft_tournament_is_its_officials_and_a_private_season_its_members(table_people, who):
    setup, people = table_people
    user = people[who]
    draft = make_tournament(setup.club, setup.director)
    assert draft.status == Tournament.Status.DRAFT
    officials = DIRECTS | {"scorer"}
    assert access.may_see_tournament(user, draft) == (who in officials)
    assert access.may_see_tournament(user, setup.round.tournament)
    assert access.may_see_tournament(None, setup.round.tournament)
    assert not access.may_see_tournament(None, draft)
    members = officials | {"player"}
    assert access.may_read_season(Season(club=setup.club, public=False), user) == (who in members)
    assert access.may_read_season(Season(club=setup.club, public=True), user)
