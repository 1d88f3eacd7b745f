"""The clubs API (/api/clubs/…): clubs, members and roles, players (guests), teams.

Every endpoint is called by the roles on each side of its boundary: anonymous, a
logged-in stranger, a member a rank too low, the director of another club, and
the role that may. Bad input is a 400 naming the field and changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.api import api, check, club_url, session
from tests.support.factories import director_of, make_club, make_tournament, make_user, member
from tournaments.models import Club, Membership, Player, Role, Team
from tournaments.services import access, clubs

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner() -> Any:
    return make_user("olga")


@pytest.fixture
def asso(owner: Any) -> Club:
    """Circolo Asso, owned by olga (not the ``club`` of tests/api/conftest.py)."""
    return make_club(owner, "Circolo Asso")


@pytest.fixture
def dora(asso: Club) -> Any:
    """dora, a director of Circolo Asso."""
    return member(asso, Role.DIRECTOR, "dora")


@pytest.fixture
def outsider_director() -> Any:
    """The director of another club: no power in ``club``."""
    return director_of(make_club())


# ---------------------------------------------------------------------- clubs


def test_anyone_lists_clubs(asso: Club) -> None:
    listed = check(api().get("/api/clubs/"), 200)
    shown = {
        "slug": asso.slug,
        "name": asso.name,
        "description": "",
        "time_zone": "Europe/Rome",
        "language": "it",
    }
    assert shown in listed


def test_a_logged_in_user_creates_a_club_and_owns_it() -> None:
    user = make_user()
    created = check(
        api(user).post(
            "/api/clubs/", {"name": "Il Tre Sette", "description": "Tuesdays"}, format="json"
        ),
        201,
    )
    assert created["slug"] == "il-tre-sette" and created["role"] == "owner"
    assert created["tournaments"] == [] and created["description"] == "Tuesdays"
    club = Club.objects.get(slug="il-tre-sette")
    assert access.role_in(user, club) == Role.OWNER


def test_a_session_login_works_as_well_as_a_token() -> None:
    user = make_user()
    check(session(user).post("/api/clubs/", {"name": "Sessione"}, format="json"), 201)


def test_anonymous_users_cannot_create_clubs() -> None:
    check(api().post("/api/clubs/", {"name": "Nope"}, format="json"), 401)
    assert not Club.objects.filter(name="Nope").exists()


def test_a_taken_slug_is_a_conflict(asso: Club) -> None:
    response = api(make_user()).post(
        "/api/clubs/", {"name": "Other", "slug": asso.slug}, format="json"
    )
    assert "already exists" in check(response, 409)["detail"]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({}, "name"),
        ({"name": 5}, "name"),
        ({"name": "x" * 121}, "name"),
        ({"name": "Ok", "colour": "red"}, "colour"),
        ({"name": "Ok", "description": ["a"]}, "description"),
    ],
)
def test_bad_club_input_names_the_field(data: dict[str, Any], field: str) -> None:
    answer = check(api(make_user()).post("/api/clubs/", data, format="json"), 400)
    assert field in answer["errors"] and field in answer["detail"]
    assert not Club.objects.exists()


def test_a_name_without_letters_is_refused() -> None:
    answer = check(api(make_user()).post("/api/clubs/", {"name": "!!!"}, format="json"), 400)
    assert "letters or digits" in answer["detail"]


def test_a_body_that_is_not_json_is_refused() -> None:
    response = api(make_user()).post("/api/clubs/", "name=x", content_type="text/plain")
    check(response, 415)
    response = api(make_user()).post("/api/clubs/", "{", content_type="application/json")
    check(response, 400)


def test_the_club_page_is_public_and_lists_its_tournaments(asso: Club, dora: Any) -> None:
    cup = make_tournament(asso, dora, {"name": "Spring Cup"})
    shown = check(api().get(club_url(asso)), 200)
    assert shown["name"] == "Circolo Asso" and shown["role"] is None
    assert [t["slug"] for t in shown["tournaments"]] == [cup.slug]
    assert shown["tournaments"][0]["status"] == "draft"
    assert check(api(dora).get(club_url(asso)), 200)["role"] == "director"


def test_an_unknown_club_or_url_is_a_json_404() -> None:
    assert "no club" in check(api().get("/api/clubs/nowhere/"), 404)["detail"]
    assert "no such" in check(api().get("/api/clubs/nowhere/what/ever"), 404)["detail"]


# ---------------------------------------------------------------------- members


def test_directors_list_members_with_roles(asso: Club, owner: Any, dora: Any) -> None:
    listed = check(api(dora).get(club_url(asso) + "members/"), 200)
    assert listed == [
        {"username": "olga", "role": "owner", "version": 1},
        {"username": "dora", "role": "director", "version": 1},
    ]


def test_members_are_hidden_from_everyone_else(asso: Club, outsider_director: Any) -> None:
    url = club_url(asso) + "members/"
    check(api().get(url), 401)
    check(api(member(asso, Role.SCORER)).get(url), 403)
    assert "not a member" in check(api(outsider_director).get(url), 403)["detail"]


def test_directors_name_scorers_and_owners_name_directors(
    asso: Club, owner: Any, dora: Any
) -> None:
    newcomer = make_user("nino")
    url = club_url(asso) + "members/"
    made = check(api(dora).post(url, {"username": "nino", "role": "scorer"}, format="json"), 200)
    assert made == {"username": "nino", "role": "scorer", "version": 1}
    refused = api(dora).post(url, {"username": "nino", "role": "director"}, format="json")
    assert "only an owner" in check(refused, 403)["detail"]
    check(api(owner).put(url + "nino", {"role": "director"}, format="json"), 200)
    assert access.role_in(newcomer, asso) == Role.DIRECTOR


def test_another_clubs_director_cannot_set_roles(asso: Club, outsider_director: Any) -> None:
    make_user("nino")
    url = club_url(asso) + "members/"
    data = {"username": "nino", "role": "player"}
    check(api(outsider_director).post(url, data, format="json"), 403)
    check(api().post(url, data, format="json"), 401)
    assert not Membership.objects.filter(user__username="nino").exists()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"username": "olga", "role": "king"}, "role"),
        ({"username": "olga"}, "role"),
        ({"username": 7, "role": "player"}, "username"),
        ({"username": "olga", "role": "player", "admin": True}, "admin"),
    ],
)
def test_bad_member_input_names_the_field(
    asso: Club, owner: Any, data: dict[str, Any], field: str
) -> None:
    answer = check(api(owner).post(club_url(asso) + "members/", data, format="json"), 400)
    assert field in answer["errors"]


def test_an_unknown_user_is_a_clear_error(asso: Club, owner: Any) -> None:
    data = {"username": "ghost", "role": "player"}
    answer = check(api(owner).post(club_url(asso) + "members/", data, format="json"), 400)
    assert "no user called 'ghost'" in answer["detail"]


def test_removing_members(asso: Club, owner: Any, dora: Any) -> None:
    scorer = member(asso, Role.SCORER, "sara")
    url = club_url(asso) + "members/"
    check(api(member(asso, Role.SCORER)).delete(url + "sara"), 403)
    check(api(dora).delete(url + "olga"), 403)  # only owners remove owners
    response = api(dora).delete(url + "sara")
    assert response.status_code == 204
    assert access.role_in(scorer, asso) is None
    assert "not a member" in check(api(dora).delete(url + "sara"), 400)["detail"]
    # The last owner stays.
    assert "at least one owner" in check(api(owner).delete(url + "olga"), 409)["detail"]
    answer = check(api(owner).put(url + "olga", {"role": "player"}, format="json"), 409)
    assert "at least one owner" in answer["detail"]
    assert access.role_in(owner, asso) == Role.OWNER


def test_a_username_that_cannot_be_one_is_a_404(asso: Club, owner: Any) -> None:
    check(api(owner).delete(club_url(asso) + "members/a%20b"), 404)


# ---------------------------------------------------------------------- players


def test_scorers_list_players_and_only_directors_see_households(asso: Club, dora: Any) -> None:
    guest = clubs.add_guest(asso, by=dora, name="Anna", household="Rossi")
    scorer = member(asso, Role.SCORER)
    seen = check(api(scorer).get(club_url(asso) + "players/"), 200)
    assert {"id": guest.pk, "name": "Anna", "username": None} in seen
    assert all("household" not in p for p in seen)
    seen = check(api(dora).get(club_url(asso) + "players/"), 200)
    assert {"id": guest.pk, "name": "Anna", "username": None, "household": "Rossi"} in seen


def test_members_players_are_listed_with_their_username(asso: Club, dora: Any) -> None:
    player_user = member(asso, Role.PLAYER, "pia")
    mine = Player.objects.create(name="Pia", user=player_user)
    seen = check(api(dora).get(club_url(asso) + "players/"), 200)
    assert {"id": mine.pk, "name": "Pia", "username": "pia", "household": ""} in seen


def test_players_are_hidden_below_scorer(asso: Club, outsider_director: Any) -> None:
    url = club_url(asso) + "players/"
    check(api().get(url), 401)
    check(api(member(asso, Role.PLAYER)).get(url), 403)
    check(api(outsider_director).get(url), 403)


def test_scorers_add_guests(asso: Club) -> None:
    scorer = member(asso, Role.SCORER)
    url = club_url(asso) + "players/"
    made = check(api(scorer).post(url, {"name": " Beppe ", "household": "B"}, format="json"), 201)
    assert made["name"] == "Beppe" and made["username"] is None and "household" not in made
    assert Player.objects.get(pk=made["id"]).club == asso


@pytest.mark.parametrize(
    ("data", "status", "field"),
    [
        ({"name": ""}, 400, "name"),
        ({"name": "x" * 121}, 400, "name"),
        ({"name": "A", "household": 3}, 400, "household"),
        ({"name": ["A"]}, 400, "name"),
    ],
)
def test_bad_guests_are_refused(
    asso: Club, dora: Any, data: dict[str, Any], status: int, field: str
) -> None:
    answer = check(api(dora).post(club_url(asso) + "players/", data, format="json"), status)
    assert field in answer["errors"]
    assert not Player.objects.exists()


def test_a_blank_guest_name_is_refused_by_the_service(asso: Club, dora: Any) -> None:
    answer = check(api(dora).post(club_url(asso) + "players/", {"name": "  "}, format="json"), 400)
    assert "name" in answer["detail"]


def test_guests_cannot_be_added_by_outsiders(asso: Club, outsider_director: Any) -> None:
    url = club_url(asso) + "players/"
    check(api(outsider_director).post(url, {"name": "Spy"}, format="json"), 403)
    check(api(member(asso, Role.PLAYER)).post(url, {"name": "Spy"}, format="json"), 403)
    check(api().post(url, {"name": "Spy"}, format="json"), 401)
    assert not Player.objects.filter(name="Spy").exists()


# ---------------------------------------------------------------------- teams


def test_directors_make_teams_and_anyone_sees_them(asso: Club, dora: Any) -> None:
    a, b = (clubs.add_guest(asso, by=dora, name=n) for n in ("Anna", "Beppe"))
    url = club_url(asso) + "teams/"
    made = check(api(dora).post(url, {"name": "Assi", "players": [b.pk, a.pk]}, format="json"), 201)
    assert made["name"] == "Assi"
    assert made["players"] == [{"id": b.pk, "name": "Beppe"}, {"id": a.pk, "name": "Anna"}]
    assert check(api().get(url), 200) == [made]


def test_teams_are_made_by_directors_only(asso: Club, dora: Any, outsider_director: Any) -> None:
    a, b = (clubs.add_guest(asso, by=dora, name=n) for n in "AB")
    url = club_url(asso) + "teams/"
    data = {"name": "T", "players": [a.pk, b.pk]}
    check(api().post(url, data, format="json"), 401)
    check(api(member(asso, Role.SCORER)).post(url, data, format="json"), 403)
    check(api(outsider_director).post(url, data, format="json"), 403)
    assert not Team.objects.exists()


def test_bad_teams_are_refused(asso: Club, dora: Any, outsider_director: Any) -> None:
    a, b = (clubs.add_guest(asso, by=dora, name=n) for n in "AB")
    theirs = clubs.add_guest(
        outsider_director.memberships.get().club, by=outsider_director, name="X"
    )
    url = club_url(asso) + "teams/"
    client = api(dora)
    answer = check(
        client.post(url, {"name": "T", "players": [a.pk, theirs.pk]}, format="json"), 400
    )
    assert answer["field"] == "players" and "no player" in answer["detail"]
    answer = check(client.post(url, {"name": "T", "players": [a.pk]}, format="json"), 400)
    assert "players" in answer["errors"]
    answer = check(client.post(url, {"name": "T", "players": [a.pk, a.pk]}, format="json"), 400)
    assert "twice" in answer["detail"]
    answer = check(client.post(url, {"name": "T", "players": ["a", "b"]}, format="json"), 400)
    assert "players" in answer["errors"]
    answer = check(client.post(url, {"name": "T", "players": [a.pk, 2**70]}, format="json"), 400)
    assert "players" in answer["errors"]
    assert not Team.objects.exists()
    check(client.post(url, {"name": "T", "players": [a.pk, b.pk]}, format="json"), 201)
    answer = check(client.post(url, {"name": "T", "players": [b.pk, a.pk]}, format="json"), 409)
    assert "already has a team" in answer["detail"]
