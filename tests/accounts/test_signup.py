"""Signing up: the form, what it makes, and its refusals next to the field."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.support.accounts import GOOD_PASSWORD, is_verified, logged_in, sign_up_form
from tests.support.factories import signed_up
from tournaments.models import Account, Player

pytestmark = pytest.mark.django_db

SIGNUP = "/accounts/signup/"


def field_error(html: str, field: str) -> str:
    """The error text shown in the field block of ``field`` ('' if none)."""
    start = html.index(f'for="id_{field}"')
    block = html[html.rindex('<div class="field', 0, start) : html.index("</div>", start)]
    assert "field--error" in block or 'class="field-error"' not in block
    marker = '<p class="field-error" role="alert">'
    return block.split(marker, 1)[1].split("</p>", 1)[0] if marker in block else ""


def test_a_good_sign_up_makes_the_user_their_player_and_sends_the_link() -> None:
    client = Client()
    answer = client.post(SIGNUP, sign_up_form())
    assert answer.status_code == 302 and answer["Location"] == "/accounts/verify/sent"
    user = get_user_model().objects.get(username="carla")
    assert user.email == "carla@example.org" and user.check_password(GOOD_PASSWORD)
    assert Player.objects.get(user=user).name == "Carla Bianchi"
    assert Player.objects.get(user=user).club is None
    assert not is_verified(user)
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["carla@example.org"]
    assert "/accounts/verify/" in mail.outbox[0].body
    # Logged in at once, and the page says where the link went.
    page = client.get("/accounts/verify/sent")
    assert page.status_code == 200 and b"carla@example.org" in page.content


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"username": "CARLA"}, "username", "taken"),
        ({"username": "other", "email": "Carla@Example.org"}, "email", "already uses"),
        (
            {
                "username": "other",
                "email": "other@example.org",
                "password1": "83920174",
                "password2": "83920174",
            },
            "password1",
            "numeric",
        ),  # fmt: skip
        (
            {
                "username": "other",
                "email": "other@example.org",
                "password1": "password",
                "password2": "password",
            },
            "password1",
            "too common",
        ),  # fmt: skip
        (
            {"username": "other", "email": "other@example.org", "password2": "something-else-9"},
            "password2",
            "differ",
        ),  # fmt: skip
        ({"username": "other", "email": "other@example.org", "name": "   "}, "name", "required"),
        ({"username": "no spaces", "email": "other@example.org"}, "username", "valid"),
    ],
)
def test_a_refused_sign_up_shows_the_error_next_to_its_field_and_makes_nothing(
    changes: dict[str, str], field: str, words: str
) -> None:
    signed_up("carla")
    users, players = get_user_model().objects.count(), Player.objects.count()
    mail.outbox.clear()
    answer = Client().post(SIGNUP, sign_up_form(**changes))
    assert answer.status_code == 400
    html = answer.content.decode()
    assert words in field_error(html, field)
    assert get_user_model().objects.count() == users and Player.objects.count() == players
    assert Account.objects.count() == 1 and mail.outbox == []
    # What was typed is kept (but never the passwords).
    if field != "username":
        assert 'value="other"' in html
    assert GOOD_PASSWORD not in html


def test_the_login_page_links_to_sign_up_and_to_forgotten_passwords() -> None:
    html = Client().get("/accounts/login/").content.decode()
    assert 'href="/accounts/signup/"' in html and 'href="/accounts/password-reset/"' in html


def test_the_navigation_offers_sign_up_when_logged_out_and_the_name_when_logged_in() -> None:
    html = Client().get("/clubs/").content.decode()
    assert ">Sign up</a>" in html and ">Log in</a>" in html
    user = signed_up("dario", name="Dario Neri")
    html = logged_in(user).get("/clubs/").content.decode()
    assert "Dario Neri</a>" in html and "Log out" in html and ">Sign up</a>" not in html


def test_a_logged_in_user_is_sent_on_from_the_sign_up_page(django_user_model: Any) -> None:
    user = signed_up("elena")
    answer = logged_in(user).get(SIGNUP)
    assert answer.status_code == 302 and answer["Location"] == "/accounts/claim/"
