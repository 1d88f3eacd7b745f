"""A club's rating settings as a page (/clubs/<slug>/ladder/settings): its directors
change what counts for the ratings through the same service as the API; the change
is audited and owes the ratings an update; nobody else may open or post the form."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.rating_settings import RatingsOwed
from tests.support.api import api, body
from tests.support.factories import director_of, make_club, make_user, member
from tournaments.models import AuditEntry, Role

pytestmark = pytest.mark.django_db


def url_of(club) -> str:
    return f"/clubs/{club.slug}/ladder/settings"


def test_the_form_shows_the_settings_in_force_and_the_manage_page_links_to_it(
    client, club, director
):
    client.force_login(director)
    manage = client.get(f"/clubs/{club.slug}/manage/").content.decode()
    assert url_of(club) in manage
    page = client.get(url_of(club)).content.decode()
    # The defaults: forfeited tables left out, resigned games counted.
    assert 'value="no" required id="id_count_forfeited_tables_1" checked' in page
    assert 'value="yes" required id="id_count_resigned_games_0" checked' in page
    assert "recomputed" in page and "csrfmiddlewaretoken" in page


def test_a_director_changes_them_the_change_is_audited_owed_and_the_api_agrees(
    client, club, director, cup
):
    client.force_login(director)
    answer = client.post(
        url_of(club), {"count_forfeited_tables": "yes", "count_resigned_games": "no"}, follow=True
    )
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "recomputed" in page
    assert 'value="yes" required id="id_count_forfeited_tables_0" checked' in page
    assert 'value="no" required id="id_count_resigned_games_1" checked' in page
    entry = AuditEntry.objects.get(club=club, action="rating-settings-changed")
    assert entry.actor == director
    assert entry.after == {"count_forfeited_tables": True, "count_resigned_games": False}
    assert RatingsOwed.objects.filter(game_type=cup.game_type).exists()
    api_url = f"/api/clubs/{club.slug}/rating-settings"
    assert body(api().get(api_url)) == {
        "count_forfeited_tables": True,
        "count_resigned_games": False,
    }
    # And the other way: a change through the API is what the page shows.
    api(director).patch(api_url, {"count_resigned_games": True}, format="json")
    page = client.get(url_of(club)).content.decode()
    assert 'value="yes" required id="id_count_resigned_games_0" checked' in page


def test_saving_the_same_choices_changes_and_audits_nothing(client, club, director):
    client.force_login(director)
    same = {"count_forfeited_tables": "no", "count_resigned_games": "yes"}
    answer = client.post(url_of(club), same, follow=True)
    assert "Nothing changed" in answer.content.decode()
    assert not AuditEntry.objects.filter(action="rating-settings-changed").exists()


def test_a_bad_choice_is_refused_next_to_its_field_in_words(client, club, director):
    client.force_login(director)
    answer = client.post(url_of(club), {"count_forfeited_tables": "maybe"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Select a valid choice" in page  # the forfeit field
    assert "Choose one of the two." in page  # the resigned field, left out
    assert "count_resigned_games]" not in page
    assert body(api().get(f"/api/clubs/{club.slug}/rating-settings"))["count_resigned_games"]


def test_only_the_clubs_directors_open_or_post_it(client, club):
    url = url_of(club)
    assert "/accounts/login/" in client.get(url)["Location"]
    assert client.post(url, {"count_forfeited_tables": "yes"}).status_code == 403
    others = (make_user(), member(club, Role.PLAYER), member(club, Role.SCORER))
    for user in (*others, director_of(make_club())):
        client.force_login(user)
        assert client.get(url).status_code == 403
        refused = client.post(url, {"count_forfeited_tables": "yes", "count_resigned_games": "no"})
        assert refused.status_code == 403
    assert not AuditEntry.objects.filter(action="rating-settings-changed").exists()


def test_a_post_without_the_csrf_token_is_refused(club, director):
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(director)
    answer = guarded.post(
        url_of(club), {"count_forfeited_tables": "yes", "count_resigned_games": "yes"}
    )
    assert answer.status_code == 403
    assert not AuditEntry.objects.filter(action="rating-settings-changed").exists()
