"""Sign-up, password reset, resending the link and claim codes are rate-limited."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.support.accounts import logged_in, sign_up_form
from tests.support.factories import make_user, signed_up
from tournaments.models import Club, Player
from tournaments.services import claims, clubs

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_limits(settings: Any) -> None:
    settings.TAVOLO_RATE_LIMITS = {
        "signup": (2, 3600),
        "password-reset": (2, 3600),
        "verify-mail": (1, 3600),
        "claim": (3, 3600),
    }


def test_sign_up_is_limited_per_address_with_a_plain_429() -> None:
    client = Client(REMOTE_ADDR="10.0.0.7")
    for n in range(2):
        client.post("/accounts/signup/", sign_up_form(username=f"u{n}", email=f"u{n}@x.org"))
        client.logout()
    answer = client.post("/accounts/signup/", sign_up_form(username="u9", email="u9@x.org"))
    assert answer.status_code == 429 and b"too many attempts" in answer.content.lower()
    assert not get_user_model().objects.filter(username="u9").exists()
    # Another address is not affected.
    other = Client(REMOTE_ADDR="10.0.0.8").post(
        "/accounts/signup/", sign_up_form(username="u9", email="u9@x.org")
    )
    assert other.status_code == 302


def test_password_reset_is_limited_per_address() -> None:
    signed_up("carla")
    client = Client(REMOTE_ADDR="10.0.0.9")
    for _n in range(2):
        assert client.post("/accounts/password-reset/", {"email": "x@x.org"}).status_code == 302
    mail.outbox.clear()
    answer = client.post("/accounts/password-reset/", {"email": "carla@example.org"})
    assert answer.status_code == 429 and mail.outbox == []


def test_resending_the_link_is_limited() -> None:
    client = logged_in(signed_up("carla", verified=False))
    mail.outbox.clear()
    assert client.post("/accounts/verify/again").status_code == 302
    assert client.post("/accounts/verify/again").status_code == 429
    assert len(mail.outbox) == 1


def test_past_the_limit_of_wrong_codes_even_the_right_one_is_refused(club: Club, director: Any):
    guest = clubs.add_guest(club, by=director, name="Carla B.")
    code = claims.issue_claim_code(guest, director).code
    client = logged_in(signed_up("carla"))
    for _n in range(3):
        answer = client.post("/accounts/claim/", {"code": "AAAA-AAAA"})
        assert answer.status_code == 400
    answer = client.post("/accounts/claim/", {"code": code})
    assert answer.status_code == 429 and b"too many attempts" in answer.content.lower()
    guest.refresh_from_db()
    assert guest.user is None
    # The limit is the user's: someone else may still claim with their code.
    other = make_user()
    assert logged_in(other).post("/accounts/claim/", {"code": code}).status_code == 200
    assert Player.objects.get(pk=guest.pk).user == other


def test_used_codes_count_against_the_limit_too(club: Club, director: Any) -> None:
    guest = clubs.add_guest(club, by=director, name="Carla B.")
    used = claims.issue_claim_code(guest, director).code
    claims.claim(signed_up("carla"), used)
    client = logged_in(signed_up("mallory"))
    for _n in range(3):
        assert client.post("/accounts/claim/", {"code": used}).status_code == 409
    assert client.post("/accounts/claim/", {"code": used}).status_code == 429
