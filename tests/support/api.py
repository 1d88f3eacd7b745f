"""Helpers for the club API tests: clients logged in by token or session, URLs."""

from __future__ import annotations

import json
from typing import Any

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments.models import Club, Tournament


def api(user: Any = None) -> APIClient:
    """A client sending ``user``'s API token (anonymous without a user)."""
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def session(user: Any) -> APIClient:
    """A client logged in with a session cookie (the users of factories.make_user have the
    password ``pw-<username>``)."""
    client = APIClient(enforce_csrf_checks=False)
    assert client.login(username=user.username, password="pw-" + user.username)
    return client


def body(response: Any) -> Any:
    return json.loads(response.content) if response.content else None


def club_url(club: Club) -> str:
    return f"/api/clubs/{club.slug}/"


def cup_url(cup: Tournament) -> str:
    return f"/api/clubs/{cup.club.slug}/tournaments/{cup.slug}/"


def check(response: Any, status: int) -> Any:
    """The response's JSON, once its status is ``status`` (else the body in the failure)."""
    assert response.status_code == status, (response.status_code, response.content[:2000])
    return body(response)
