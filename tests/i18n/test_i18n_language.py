"""Which language a page speaks: the switch's cookie (for a logged-in user, the choice
they saved), then Accept-Language, then the club's language on its pages, then English.
The API answers in English whatever the browser asks. docs/translations.md."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from tests.support.factories import director_of, make_club, make_user
from tournaments.models import Preferences
from tournaments.services import clubs, languages
from tournaments.services.errors import Forbidden, ServiceError

pytestmark = pytest.mark.django_db

ITALIAN_LOGIN = "Accedi"  # "Log in"
FOOTER = {"en": "club card-game tournaments", "it": "tornei di carte per circoli"}


def browser(accept: str = "") -> Client:
    """A browser sending ``accept`` as its Accept-Language ("": asking for none)."""
    return Client(HTTP_ACCEPT_LANGUAGE=accept)


def lang_of(html: str) -> str:
    return html.split('<html lang="', 1)[1].split('"', 1)[0]


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_accept_language_italian_gives_an_italian_login_page() -> None:
    html = page(browser("it-IT,it;q=0.9,en;q=0.5"), "/accounts/login/")
    assert lang_of(html) == "it"
    assert f"<h1>{ITALIAN_LOGIN}</h1>" in html
    assert FOOTER["it"] in html


def test_english_or_nothing_asked_gives_english_off_the_clubs() -> None:
    for accept in ("en-GB,en;q=0.8", "", "de-DE,de;q=0.9"):
        html = page(browser(accept), "/accounts/login/")
        assert lang_of(html) == "en" and "<h1>Log in</h1>" in html, accept


def test_every_page_offers_the_switch_back_to_itself() -> None:
    html = page(browser("it"), "/clubs/?page=2")
    assert 'action="/i18n/setlang/"' in html
    assert '<input type="hidden" name="next" value="/clubs/?page=2">' in html
    for code, name in (("it", "Italiano"), ("en", "English")):
        assert f'name="language" value="{code}" lang="{code}"' in html and name in html


def test_the_switch_sets_the_cookie_and_returns_to_the_page() -> None:
    client = browser("en")
    response = client.post("/i18n/setlang/", {"language": "it", "next": "/clubs/"})
    assert response.status_code == 302 and response["Location"] == "/clubs/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    assert lang_of(page(client, "/accounts/login/")) == "it"  # over Accept-Language: en
    assert Preferences.objects.count() == 0  # nobody logged in: nothing saved


def test_the_switch_refuses_a_language_tavolo_does_not_speak() -> None:
    response = browser("en").post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert browser("en").get("/i18n/setlang/").status_code == 405


def test_a_logged_in_users_choice_is_saved_and_follows_them_to_another_browser() -> None:
    user = make_user("giulia")
    first = browser("en")
    first.force_login(user)
    first.post("/i18n/setlang/", {"language": "it", "next": "/"})
    assert languages.saved_language(user) == "it"

    elsewhere = browser("en-US,en;q=0.9")  # no cookie, an English browser
    response = elsewhere.post("/accounts/login/", {"username": "giulia", "password": "pw-giulia"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    assert lang_of(page(elsewhere, "/clubs/")) == "it"

    elsewhere.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert languages.saved_language(user) == "en"


def test_logging_in_without_a_saved_choice_leaves_the_browser_alone() -> None:
    make_user("marco")
    client = browser("it")
    response = client.post("/accounts/login/", {"username": "marco", "password": "pw-marco"})
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert lang_of(page(client, "/clubs/")) == "it"


def test_a_clubs_language_applies_on_its_pages_when_the_browser_asks_for_none() -> None:
    italian, english = make_club(name="Circolo Scopa"), make_club(name="Whist Club")
    english.language = "en"
    english.save()
    for club, expected in ((italian, "it"), (english, "en")):
        html = page(browser(""), f"/clubs/{club.slug}/")
        assert lang_of(html) == expected and FOOTER[expected] in html
    # a browser that asks wins over the club; the site's other pages stay English
    assert lang_of(page(browser("en"), f"/clubs/{italian.slug}/")) == "en"
    assert lang_of(page(browser("it"), f"/clubs/{english.slug}/")) == "it"
    assert lang_of(page(browser(""), "/clubs/")) == "en"


def test_a_saved_choice_wins_over_the_clubs_language() -> None:
    club = make_club(name="Circolo Briscola")
    user = make_user("anna")
    Preferences.objects.create(user=user, language="en")
    client = browser("")
    client.post("/accounts/login/", {"username": "anna", "password": "pw-anna"})
    assert lang_of(page(client, f"/clubs/{club.slug}/")) == "en"


def test_the_api_answers_in_english_whatever_is_asked() -> None:
    response = browser("it").post("/api/clubs/", {"name": "X"}, content_type="application/json")
    assert response.status_code == 401
    assert response.headers["Content-Language"] == "en"
    assert "credentials" in response.json()["detail"]


def test_a_director_sets_the_clubs_language_on_the_manage_page(client: Client) -> None:
    club = make_club(name="Circolo Tresette")
    assert club.language == "it"
    director = director_of(club)
    client.force_login(director)
    manage = f"/clubs/{club.slug}/manage/language"
    assert client.post(manage, {"language": "xx"}).status_code == 400
    assert client.post(manage, {"language": "en"}).status_code == 302
    club.refresh_from_db()
    assert club.language == "en"
    assert 'value="en" selected' in page(client, f"/clubs/{club.slug}/manage/")


def test_only_a_director_sets_the_clubs_language() -> None:
    club = make_club()
    with pytest.raises(Forbidden):
        clubs.set_language(club, by=make_user(), language="en")
    with pytest.raises(ServiceError) as refused:
        clubs.set_language(club, by=director_of(club), language="fr")
    assert refused.value.details["field"] == "language"


def test_a_new_club_takes_its_language_from_the_form_and_the_api(client: Client) -> None:
    owner = make_user()
    client.force_login(owner)
    form = {"name": "London Whist", "slug": "", "description": "", "language": "en"}
    assert client.post("/clubs/new", {**form, "time_zone": "Europe/London"}).status_code == 302
    assert clubs.club_by_slug("london-whist").language == "en"
    api = Client(HTTP_ACCEPT_LANGUAGE="en")
    api.force_login(owner)
    made: Any = api.post("/api/clubs/", {"name": "Roma"}, content_type="application/json")
    assert made.json()["language"] == "it"
    refused = api.post(
        "/api/clubs/", {"name": "Paris", "language": "fr"}, content_type="application/json"
    )
    assert refused.status_code == 400
