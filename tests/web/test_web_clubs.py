"""Club pages: the list, creating a club, the public club page, and management
(members and roles, guests, teams) for directors only."""

from __future__ import annotations

import pytest

from tests.support.factories import director_of, make_club, make_tournament, make_user, member
from tournaments.models import Club, Membership, Player, Role, Team, Tournament
from tournaments.services import tournaments as tournament_service

pytestmark = pytest.mark.django_db


def html(response) -> str:
    return response.content.decode()


def test_home_page_links_to_the_clubs(client):
    assert 'href="/clubs/"' in html(client.get("/"))


def test_club_list_is_public_and_names_every_club(client, club):
    response = client.get("/clubs/")
    assert response.status_code == 200
    assert club.name in html(response)
    assert f'href="/clubs/{club.slug}/"' in html(response)
    assert "Create a club" not in html(response)


def test_club_list_shows_my_clubs_with_my_role(client, club, director):
    client.force_login(director)
    page = html(client.get("/clubs/"))
    assert "Your clubs" in page and "Director" in page


# ---------------------------------------------------------------------- create


def test_creating_a_club_needs_a_login(client):
    response = client.get("/clubs/new")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = client.post("/clubs/new", {"name": "Sneaky"})
    assert response.status_code == 403
    assert not Club.objects.filter(name="Sneaky").exists()


def test_a_logged_in_user_creates_a_club_and_owns_it(client):
    user = make_user("founder")
    client.force_login(user)
    assert client.get("/clubs/new").status_code == 200
    response = client.post(
        "/clubs/new", {"name": "Bridge & Whist", "slug": "", "description": "Thursdays."}
    )
    club = Club.objects.get(name="Bridge & Whist")
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/"
    assert Membership.objects.get(club=club, user=user).role == Role.OWNER
    page = html(client.get(f"/clubs/{club.slug}/"))
    assert "Thursdays." in page and "New tournament" in page


def test_a_club_without_a_name_is_refused_next_to_the_field(client):
    client.force_login(make_user())
    before = Club.objects.count()
    response = client.post("/clubs/new", {"name": "   ", "slug": ""})
    assert response.status_code == 400
    assert 'class="field-error"' in html(response)
    assert Club.objects.count() == before


def test_a_taken_short_name_is_a_conflict_shown_at_the_slug(client, club):
    client.force_login(make_user())
    before = Club.objects.count()
    response = client.post("/clubs/new", {"name": "Another", "slug": club.slug})
    assert response.status_code == 409
    page = html(response)
    assert "already exists" in page and 'id="id_slug"' in page
    assert Club.objects.count() == before


# ---------------------------------------------------------------------- club page


def test_club_page_is_public_and_lists_present_and_past_tournaments(client, club, director):
    running = make_tournament(club, director, {"name": "Spring Cup"})
    tournament_service.set_status(running, by=director, status="open")
    done = make_tournament(club, director, {"name": "Winter Cup"})
    tournament_service.set_status(done, by=director, status="finished")
    hidden = make_tournament(club, director, {"name": "Secret Setup"})
    assert hidden.status == Tournament.Status.DRAFT

    page = html(client.get(f"/clubs/{club.slug}/"))
    assert "Spring Cup" in page and "Winter Cup" in page and "Past tournaments" in page
    assert "Secret Setup" not in page  # still being set up: not public
    assert "New tournament" not in page and "/manage/" not in page

    client.force_login(director)
    page = html(client.get(f"/clubs/{club.slug}/"))
    assert "Secret Setup" in page
    assert f"/clubs/{club.slug}/manage/" in page and "New tournament" in page


def test_a_player_member_sees_no_management_links(client, club):
    client.force_login(member(club, Role.PLAYER))
    page = html(client.get(f"/clubs/{club.slug}/"))
    assert "Player" in page and "/manage/" not in page


def test_unknown_club_is_404(client):
    assert client.get("/clubs/no-such-club/").status_code == 404
    assert client.get("/clubs/no-such-club/manage/").status_code == 404


# ---------------------------------------------------------------------- management


def test_management_is_for_directors_only(client, club, director):
    url = f"/clubs/{club.slug}/manage/"
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for user in (make_user(), member(club, Role.PLAYER), member(club, Role.SCORER)):
        client.force_login(user)
        assert client.get(url).status_code == 403
    client.force_login(director)
    response = client.get(url)
    assert response.status_code == 200
    assert director.username in html(response)
    # Another club's director is nobody here.
    client.force_login(director_of(make_club()))
    assert client.get(url).status_code == 403


def test_posting_management_forms_without_the_role_changes_nothing(client, club):
    client.force_login(member(club, Role.SCORER))
    response = client.post(f"/clubs/{club.slug}/manage/team", {"name": "T"})
    assert response.status_code == 403
    client.logout()
    response = client.post(f"/clubs/{club.slug}/manage/guest", {"name": "Gina"})
    assert response.status_code == 403
    assert not Player.objects.filter(name="Gina").exists()


def test_director_names_a_scorer_and_removes_them(client, club, director):
    make_user("sara")
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.slug}/manage/role", {"username": "sara", "role": "scorer"}
    )
    assert response.status_code == 302
    assert Membership.objects.get(club=club, user__username="sara").role == Role.SCORER
    assert "sara is now scorer" in html(client.get(response["Location"]))
    response = client.post(f"/clubs/{club.slug}/manage/remove", {"username": "sara"})
    assert response.status_code == 302
    assert not Membership.objects.filter(club=club, user__username="sara").exists()


def test_a_director_cannot_name_a_director(client, club, director):
    make_user("ugo")
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.slug}/manage/role", {"username": "ugo", "role": "director"}
    )
    assert response.status_code == 403
    assert "only an owner" in html(response).lower()
    assert not Membership.objects.filter(club=club, user__username="ugo").exists()


def test_an_unknown_user_is_shown_at_the_user_name(client, club, director):
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.slug}/manage/role", {"username": "nobody-here", "role": "player"}
    )
    assert response.status_code == 400
    assert "There is no user called" in html(response)


def test_the_last_owner_cannot_be_removed(client, club):
    owner = Membership.objects.get(club=club, role=Role.OWNER).user
    client.force_login(owner)
    response = client.post(f"/clubs/{club.slug}/manage/remove", {"username": owner.username})
    assert response.status_code == 409
    assert "at least one owner" in html(response)
    assert Membership.objects.filter(club=club, user=owner).exists()


def test_director_adds_a_guest(client, club, director):
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.slug}/manage/guest", {"name": "Gina", "household": "Rossi"}
    )
    assert response.status_code == 302
    guest = Player.objects.get(name="Gina")
    assert guest.club == club and guest.household == "Rossi" and guest.user is None
    assert "Gina" in html(client.get(f"/clubs/{club.slug}/manage/"))


def test_a_guest_without_a_name_is_refused(client, club, director):
    client.force_login(director)
    before = Player.objects.count()
    response = client.post(f"/clubs/{club.slug}/manage/guest", {"name": ""})
    assert response.status_code == 400
    assert 'class="field-error"' in html(response)
    assert Player.objects.count() == before


def test_director_makes_a_team_in_seating_order(client, club, director):
    a = Player.objects.create(name="Anna", club=club)
    b = Player.objects.create(name="Beppe", club=club)
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.slug}/manage/team",
        {"name": "Assi", "player_0": str(b.pk), "player_1": str(a.pk)},
    )
    assert response.status_code == 302
    team = Team.objects.get(club=club, name="Assi")
    assert team.players_in_order() == [b, a]
    assert "Beppe, Anna" in html(client.get(f"/clubs/{club.slug}/manage/"))


def test_a_team_with_one_player_twice_is_refused_and_not_made(client, club, director):
    a = Player.objects.create(name="Anna", club=club)
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.slug}/manage/team",
        {"name": "Solo", "player_0": str(a.pk), "player_1": str(a.pk)},
    )
    assert response.status_code == 400
    assert "cannot be in a team twice" in html(response)
    assert not Team.objects.filter(name="Solo").exists()


def test_a_team_name_taken_is_a_conflict(client, club, director):
    a = Player.objects.create(name="Anna", club=club)
    b = Player.objects.create(name="Beppe", club=club)
    client.force_login(director)
    data = {"name": "Assi", "player_0": str(a.pk), "player_1": str(b.pk)}
    assert client.post(f"/clubs/{club.slug}/manage/team", data).status_code == 302
    response = client.post(f"/clubs/{club.slug}/manage/team", data)
    assert response.status_code == 409
    assert "already has a team" in html(response)
    assert Team.objects.filter(club=club).count() == 1


def test_a_player_of_another_club_cannot_join_a_team(client, club, director):
    stranger = Player.objects.create(name="Stranger", club=make_club())
    a = Player.objects.create(name="Anna", club=club)
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.slug}/manage/team",
        {"name": "Mixed", "player_0": str(a.pk), "player_1": str(stranger.pk)},
    )
    assert response.status_code == 400
    assert not Team.objects.filter(name="Mixed").exists()


def test_unknown_management_action_is_404(client, club, director):
    client.force_login(director)
    assert client.post(f"/clubs/{club.slug}/manage/explode", {}).status_code == 404
