"""The e-mailed verification link: good, tampered, expired, and what waits on it."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.test import Client

from tests.support.accounts import is_verified, link_in_last_mail, logged_in, sign_up_form
from tournaments.services import accounts

pytestmark = pytest.mark.django_db


def _signed_up_client() -> tuple[Client, object]:
    client = Client()
    client.post("/accounts/signup/", sign_up_form())
    return client, get_user_model().objects.get(username="carla")


def test_following_the_link_verifies_the_address_and_twice_is_fine() -> None:
    client, user = _signed_up_client()
    link = link_in_last_mail()
    page = client.get(link)
    assert page.status_code == 200 and b"confirmed" in page.content
    assert is_verified(user)
    assert client.get(link).status_code == 200  # an e-mail client's second open


def test_a_tampered_link_is_refused_and_verifies_nothing() -> None:
    client, user = _signed_up_client()
    link = link_in_last_mail()
    token = link.rstrip("/").rsplit("/", 1)[1]
    forged = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")
    page = client.get(f"/accounts/verify/{forged}/")
    assert page.status_code == 400 and b"not valid" in page.content
    assert not is_verified(user)


def test_a_link_for_another_user_cannot_be_made_by_editing_the_id() -> None:
    _client, user = _signed_up_client()
    other = get_user_model().objects.create_user("mallory", email="m@example.org")
    token = accounts.verification_token(user)
    payload = signing.loads(token, salt=accounts.VERIFY_SALT)
    assert payload["u"] == user.pk
    unsigned = signing.dumps({"u": other.pk, "e": "carla@example.org"}, salt="another-salt")
    assert Client().get(f"/accounts/verify/{unsigned}/").status_code == 400


def test_an_expired_link_is_refused_and_offers_a_new_one() -> None:
    client, user = _signed_up_client()

    class FourDaysAgo(signing.TimestampSigner):
        def timestamp(self) -> str:
            return signing.b62_encode(int(time.time()) - 4 * 24 * 3600)

    old = FourDaysAgo(salt=accounts.VERIFY_SALT).sign_object(
        {"u": user.pk, "e": "carla@example.org"}
    )
    page = client.get(f"/accounts/verify/{old}/")
    assert page.status_code == 400 and b"expired" in page.content
    assert b"Send me a new link" in page.content
    assert not is_verified(user)
    # A fresh token of the same content would work: only the age is at fault.
    assert Client().get(f"/accounts/verify/{accounts.verification_token(user)}/").status_code == 200


def test_a_link_sent_before_the_address_changed_no_longer_works() -> None:
    _client, user = _signed_up_client()
    link = link_in_last_mail()
    user.email = "new@example.org"
    user.save()
    assert Client().get(link).status_code == 400
    assert not is_verified(user)


def test_an_unverified_user_can_log_in_and_ask_for_the_link_again() -> None:
    _client, user = _signed_up_client()
    client = Client()
    assert client.login(username="carla", password=sign_up_form()["password1"])
    mail.outbox.clear()
    answer = client.post("/accounts/verify/again")
    assert answer.status_code == 302 and len(mail.outbox) == 1
    assert client.get(link_in_last_mail()).status_code == 200
    assert is_verified(user)


def test_users_not_made_by_sign_up_count_as_verified() -> None:
    user = get_user_model().objects.create_user("made-by-director")
    assert accounts.is_verified(user)
    page = logged_in(user).get("/accounts/claim/")
    assert b"Claim my results" in page.content
