"""Helpers of the account tests: the sign-up form, users as sign-up makes them,
logged-in clients, and the link in the last e-mail."""

from __future__ import annotations

import re
from typing import Any

from django.core import mail
from django.test import Client

from tournaments.models import Account
from tournaments.services import accounts

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


def signed_up(username: str = "carla", *, verified: bool = True, name: str = "") -> Any:
    """A user made as sign-up makes them (their player, an account), verified or not."""
    user = accounts.sign_up(
        username=username,
        display_name=name or username.title(),
        email=f"{username}@example.org",
        password=GOOD_PASSWORD,
    )
    if verified:
        accounts.verify(accounts.verification_token(user))
    return user


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
