"""The claims API: POST /api/players/claim and the club's claim-code endpoint."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.support.factories import director_of, make_club, make_tournament, member, signed_up
from tournaments.models import ClaimCode, Club, Player, Role
from tournaments.services import claims, clubs, tournaments

pytestmark = pytest.mark.django_db

CLAIM = "/api/players/claim"


def api(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def code_url(club: Club, player_id: int) -> str:
    return f"/api/clubs/{club.slug}/players/{player_id}/claim-code"


@pytest.fixture
def guest(club: Club, director: Any) -> Player:
    guest = clubs.add_guest(club, by=director, name="Carla B.")
    tournaments.register(make_tournament(club, director, {"name": "Spring Cup"}), by=director,
                         player=guest)  # fmt: skip
    return guest


def test_a_director_issues_a_code_over_the_api(club: Club, guest: Player, director: Any):
    answer = api(director).post(code_url(club, guest.pk))
    assert answer.status_code == 201
    data = answer.json()
    assert data["player"] == {"id": guest.pk, "name": "Carla B."} and data["expires_at"]
    assert ClaimCode.objects.get().code_hash == claims.code_hash(data["code"])


def test_only_the_clubs_directors_issue_codes(club: Club, guest: Player) -> None:
    for user in (director_of(make_club()), member(club, Role.SCORER)):
        answer = api(user).post(code_url(club, guest.pk))
        assert answer.status_code == 403 and answer.json()["detail"]
    assert api().post(code_url(club, guest.pk)).status_code in (401, 403)
    assert not ClaimCode.objects.exists()


def test_an_unknown_or_other_clubs_guest_is_a_404(club: Club, director: Any) -> None:
    other = make_club()
    elsewhere = clubs.add_guest(other, by=director_of(other), name="x")
    assert api(director).post(code_url(club, 999_999)).status_code == 404
    # Another club's guest is not this club's, even for this club's director.
    assert api(director).post(code_url(club, elsewhere.pk)).status_code == 404


def test_a_user_claims_over_the_api(club: Club, guest: Player, director: Any) -> None:
    code = claims.issue_claim_code(guest, director).code
    user = signed_up("carla", name="Carla Bianchi")
    answer = api(user).post(CLAIM, {"code": code}, format="json")
    assert answer.status_code == 200
    assert answer.json() == {
        "player": {"id": guest.pk, "name": "Carla Bianchi"},
        "how": "adopted",
        "club": club.slug,
        "tournaments": [
            {"club": club.slug, "slug": guest.entries.get().tournament.slug, "name": "Spring Cup"}
        ],
    }


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"code": "ZZZZ-ZZZZ"}, 400, "code"),
        ({"code": 12345678}, 400, None),
        ({}, 400, None),
        ({"code": "ZZZZ-ZZZZ", "extra": 1}, 400, None),
    ],
)
def test_bad_claims_are_4xx_and_change_nothing(
    guest: Player, director: Any, body: dict[str, Any], status: int, field: str | None
) -> None:
    claims.issue_claim_code(guest, director)
    answer = api(signed_up("carla")).post(CLAIM, body, format="json")
    assert answer.status_code == status and answer.json()["detail"]
    if field:
        assert answer.json()["field"] == field
    assert Player.objects.get(pk=guest.pk).user is None


def test_claiming_needs_a_verified_login(guest: Player, director: Any) -> None:
    code = claims.issue_claim_code(guest, director).code
    assert api().post(CLAIM, {"code": code}, format="json").status_code in (401, 403)
    unverified = api(signed_up("carla", verified=False)).post(CLAIM, {"code": code}, format="json")
    assert unverified.status_code == 403 and "verify" in unverified.json()["detail"]
    assert Player.objects.get(pk=guest.pk).user is None


def test_too_many_wrong_codes_is_a_429(settings: Any, guest: Player, director: Any) -> None:
    settings.TAVOLO_RATE_LIMITS = {**settings.TAVOLO_RATE_LIMITS, "claim": (2, 3600)}
    code = claims.issue_claim_code(guest, director).code
    client = api(signed_up("carla"))
    for _n in range(2):
        assert client.post(CLAIM, {"code": "ZZZZ-ZZZZ"}, format="json").status_code == 400
    assert client.post(CLAIM, {"code": code}, format="json").status_code == 429


def test_the_schema_documents_both_endpoints() -> None:
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    claim = schema["paths"]["/api/players/claim"]["post"]
    assert {"200", "400", "403", "409", "429"} <= set(claim["responses"])
    issue = schema["paths"]["/api/clubs/{slug}/players/{player_id}/claim-code"]["post"]
    assert {"201", "403", "404", "409"} <= set(issue["responses"])
