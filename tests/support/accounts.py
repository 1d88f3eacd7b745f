"""Helpers of the account tests: the sign-up form (its users: ``factories.signed_up``),
logged-in clients, and the link in the last e-mail."""

from __future__ import annotations

import re
from typing import Any

from django.core import mail
from django.test import Client

from tournaments.models import Account

GOOD_PASSWORD = "tramonto-sul-lago-42"


def sign_up_form(**changes: str) -> dict[str, str]:
    form = {
        "username": "carla",
        "name": "Carla Bianchi",
        "email": "carla@example.org",
        "password1": GOOD_PASSWORD,
        "password2": GOOD_PASSWORD,
    }
    form.update(changes)
    return form


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def link_in_last_mail() -> str:
    """The first http(s) address in the last e-mail sent."""
    found = re.search(r"https?://\S+", mail.outbox[-1].body)
    assert found, mail.outbox[-1].body
    return found.group(0)


def is_verified(user: Any) -> bool:
    return Account.objects.get(user=user).verified_at is not None
