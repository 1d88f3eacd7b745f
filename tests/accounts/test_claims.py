"""Claiming a guest record with a one-time code: issuing, the page, the refusals, the
merge rule and the audit."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from tests.support.accounts import logged_in
from tests.support.factories import director_of, make_club, make_tournament, member, signed_up
from tournaments.models import ClaimCode, Club, Entry, Membership, Player, PlayerClaim, Role
from tournaments.services import claims, clubs, tournaments
from tournaments.services.errors import Conflict, Forbidden, ServiceError

pytestmark = pytest.mark.django_db

CLAIM = "/accounts/claim/"


@pytest.fixture
def guest(club: Club, director: Any) -> Player:
    """A guest with entries in two tournaments of the club."""
    guest = clubs.add_guest(club, by=director, name="Carla B.")
    for name in ("Spring Cup", "Summer Cup"):
        tournaments.register(make_tournament(club, director, {"name": name}), by=director,
                             player=guest)  # fmt: skip
    return guest


def entries_of(player_id: int) -> list[int]:
    return sorted(Entry.objects.filter(player_id=player_id).values_list("pk", flat=True))


# ---------------------------------------------------------------------- issuing


def test_a_director_issues_a_code_shown_once_and_stored_hashed(guest: Player, director: Any):
    issued = claims.issue_claim_code(guest, director)
    assert len(issued.code) == 9 and issued.code[4] == "-"
    stored = ClaimCode.objects.get(player=guest)
    assert issued.code.replace("-", "") not in stored.code_hash
    assert stored.code_hash == claims.code_hash(issued.code.lower())
    assert stored.expires_at - timezone.now() > timedelta(days=13)
    # A new code replaces the unused one.
    claims.issue_claim_code(guest, director)
    assert ClaimCode.objects.filter(player=guest).count() == 1


def test_the_management_page_issues_a_big_printable_code(club: Club, guest: Player, director):
    client = logged_in(director)
    manage = client.get(f"/clubs/{club.slug}/manage/").content.decode()
    url = f"/clubs/{club.slug}/manage/guests/{guest.pk}/claim-code"
    assert f'action="{url}"' in manage
    page = client.post(url)
    assert page.status_code == 200
    html = page.content.decode()
    code = html.split('<p class="claim-code"', 1)[1].split(">", 1)[1].split("<", 1)[0]
    assert ClaimCode.objects.get(player=guest).code_hash == claims.code_hash(code)
    assert "data-print" in html and "http://testserver/accounts/claim/" in html


def test_another_clubs_director_and_a_scorer_cannot_issue(club: Club, guest: Player) -> None:
    stranger = director_of(make_club())
    scorer = member(club, Role.SCORER)
    for user in (stranger, scorer):
        with pytest.raises(Forbidden):
            claims.issue_claim_code(guest, user)
        url = f"/clubs/{club.slug}/manage/guests/{guest.pk}/claim-code"
        assert logged_in(user).post(url).status_code == 403
    assert not ClaimCode.objects.exists()


def test_a_code_cannot_be_issued_for_a_claimed_record_nor_a_player_of_no_club(
    guest: Player, director: Any
) -> None:
    claims.claim(signed_up("carla"), claims.issue_claim_code(guest, director).code)
    with pytest.raises(Conflict, match="already has an account"):
        claims.issue_claim_code(Player.objects.get(pk=guest.pk), director)
    with pytest.raises(ServiceError, match="no club"):
        claims.issue_claim_code(Player.objects.create(name="Loose"), director)


# ---------------------------------------------------------------------- claiming


def test_a_verified_user_claims_the_guest_record_and_its_history_follows(
    club: Club, guest: Player, director: Any
) -> None:
    before = entries_of(guest.pk)
    code = claims.issue_claim_code(guest, director).code
    user = signed_up("carla", name="Carla Bianchi")
    bare = Player.objects.get(user=user)
    client = logged_in(user)
    page = client.post(CLAIM, {"code": code.lower().replace("-", " ")})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Spring Cup" in html and "Summer Cup" in html and "Circolo del Lago" in html
    guest.refresh_from_db()
    # The adopted guest record is the user's player; the bare sign-up player is gone.
    assert guest.user == user and guest.name == "Carla Bianchi" and guest.club == club
    assert not Player.objects.filter(pk=bare.pk).exists()
    assert entries_of(guest.pk) == before
    assert Membership.objects.get(club=club, user=user).role == Role.PLAYER
    audit = PlayerClaim.objects.get()
    assert (audit.how, audit.player, audit.guest_id) == ("adopted", guest, guest.pk)
    assert (audit.removed_player_id, audit.code_issued_by) == (bare.pk, director)
    # The code is used up.
    again = logged_in(signed_up("mallory")).post(CLAIM, {"code": code})
    assert again.status_code == 409 and b"already been used" in again.content


@pytest.mark.parametrize(
    ("code", "status", "words"),
    [("ZZZZ-ZZZZ", 400, "not right"), ("hello", 400, "not right"), ("", 400, "required")],
)
def test_a_wrong_code_is_a_clear_error_and_changes_nothing(
    guest: Player, director: Any, code: str, status: int, words: str
) -> None:
    claims.issue_claim_code(guest, director)
    user = signed_up("carla")
    answer = logged_in(user).post(CLAIM, {"code": code})
    assert answer.status_code == status
    assert 'class="field-error"' in answer.content.decode() and words in answer.content.decode()
    guest.refresh_from_db()
    assert guest.user is None and Player.objects.filter(user=user).exists()
    assert not PlayerClaim.objects.exists()


def test_an_expired_code_is_refused(guest: Player, director: Any) -> None:
    code = claims.issue_claim_code(guest, director).code
    ClaimCode.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    with pytest.raises(ServiceError, match="expired"):
        claims.claim(signed_up("carla"), code)
    guest.refresh_from_db()
    assert guest.user is None and ClaimCode.objects.get().used_at is None


def test_an_already_claimed_record_cannot_be_claimed_again(guest: Player, director: Any):
    code = claims.issue_claim_code(guest, director).code
    older = ClaimCode.objects.create(  # e.g. a code printed earlier that was not replaced
        player=guest, code_hash=claims.code_hash("ABCDEFGH"), issued_by=director,
        expires_at=timezone.now() + timedelta(days=1),
    )  # fmt: skip
    first = signed_up("carla")
    claims.claim(first, code)
    with pytest.raises(Conflict, match="already been claimed"):
        claims.claim(signed_up("mallory"), "ABCD-EFGH")
    assert Player.objects.get(pk=guest.pk).user == first
    older.refresh_from_db()
    assert older.used_at is None


def test_an_unverified_user_cannot_claim(guest: Player, director: Any) -> None:
    code = claims.issue_claim_code(guest, director).code
    user = signed_up("carla", verified=False)
    page = logged_in(user).get(CLAIM)
    assert b"confirm your e-mail address first" in page.content
    assert b"Claim my results" not in page.content
    with pytest.raises(Forbidden, match="verify"):
        claims.claim(user, code)
    assert Player.objects.get(pk=guest.pk).user is None


def test_the_claim_page_needs_a_login() -> None:
    from django.test import Client

    answer = Client().get(CLAIM)
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")


# ---------------------------------------------------------------------- the merge rule


def test_a_user_with_a_history_gets_the_guests_entries_moved_to_their_player(
    club: Club, guest: Player, director: Any
) -> None:
    user = signed_up("carla", name="Carla Bianchi")
    mine = Player.objects.get(user=user)
    autumn = make_tournament(club, director, {"name": "Autumn Cup"})
    own_entry = tournaments.register(autumn, by=director, player=mine)
    moved = entries_of(guest.pk)
    code = claims.issue_claim_code(guest, director).code
    result = claims.claim(user, code)
    assert result.how == "merged" and result.player == mine
    assert entries_of(mine.pk) == sorted([own_entry.pk, *moved])
    assert not Player.objects.filter(pk=guest.pk).exists()
    audit = PlayerClaim.objects.get()
    assert (audit.how, audit.moved_entries, audit.removed_player_id) == ("merged", 2, guest.pk)
    assert audit.guest_name == "Carla B."
    # The used code survives its guest record, so it still says "used".
    with pytest.raises(Conflict, match="already been used"):
        claims.claim(signed_up("mallory"), code)


def test_both_records_in_one_tournament_is_refused_and_nothing_changes(
    club: Club, guest: Player, director: Any
) -> None:
    user = signed_up("carla")
    mine = Player.objects.get(user=user)
    spring = Entry.objects.get(player=guest, tournament__name="Spring Cup").tournament
    tournaments.register(spring, by=director, player=mine)
    code = claims.issue_claim_code(guest, director).code
    answer = logged_in(user).post(CLAIM, {"code": code})
    assert answer.status_code == 409 and b"Spring Cup" in answer.content
    assert Player.objects.get(pk=guest.pk).user is None
    assert len(entries_of(guest.pk)) == 2 and len(entries_of(mine.pk)) == 1
    assert ClaimCode.objects.get().used_at is None and not PlayerClaim.objects.exists()


def test_claims_are_append_only(guest: Player, director: Any) -> None:
    claims.claim(signed_up("carla"), claims.issue_claim_code(guest, director).code)
    audit = PlayerClaim.objects.get()
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        PlayerClaim.objects.filter(pk=audit.pk).update(guest_name="someone else")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        PlayerClaim.objects.filter(pk=audit.pk).delete()
