"""Resetting a forgotten password, end to end through the e-mail."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from tests.support.accounts import is_verified, link_in_last_mail
from tests.support.factories import signed_up

pytestmark = pytest.mark.django_db

RESET = "/accounts/password-reset/"
NEW = "una-nuova-parola-77"


def test_a_password_is_reset_through_the_emailed_link() -> None:
    user = signed_up("carla", verified=False)
    client = Client()
    answer = client.post(RESET, {"email": "CARLA@example.org"})
    assert answer.status_code == 302 and answer["Location"] == "/accounts/password-reset/sent"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["carla@example.org"]
    assert "carla" in mail.outbox[0].body
    link = link_in_last_mail()
    assert "/accounts/reset/" in link
    form_page = client.get(link, follow=True)  # Django swaps the token for a session key
    assert form_page.status_code == 200 and b"Choose a new password" in form_page.content
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}
    )
    assert done.status_code == 302 and done["Location"] == "/accounts/reset/done"
    assert Client().login(username="carla", password=NEW)
    assert is_verified(user)  # reading the mail proved the address
    # The link works once.
    assert b"does not work" in Client().get(link, follow=True).content


def test_a_weak_new_password_is_refused_next_to_its_field() -> None:
    signed_up("carla")
    client = Client()
    client.post(RESET, {"email": "carla@example.org"})
    form_page = client.get(link_in_last_mail(), follow=True)
    answer = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": "password", "new_password2": "password"}
    )
    assert answer.status_code == 200  # Django's view re-renders the form
    assert b'class="field-error"' in answer.content and b"too common" in answer.content
    assert Client().login(username="carla", password="tramonto-sul-lago-42")


def test_an_unknown_address_gets_the_same_answer_and_no_mail() -> None:
    signed_up("carla")
    known = Client().post(RESET, {"email": "carla@example.org"})
    mail.outbox.clear()
    unknown = Client().post(RESET, {"email": "nobody@example.org"})
    assert unknown.status_code == known.status_code == 302
    assert unknown["Location"] == known["Location"]
    assert mail.outbox == []
    page = Client().get(unknown["Location"]).content
    assert b"If an account has that address" in page
