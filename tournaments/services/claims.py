"""Claiming a guest record: a director issues a one-time code for a guest of the club,
and the guest, logged in with a verified account, enters it so their history follows
them.

**Codes.** Eight letters and digits from an alphabet without look-alikes (no 0/O,
1/I/L), shown as ``ABCD-EFGH``; typed in any case, with or without the dash or
spaces. Only a keyed hash (HMAC with the site's secret) is stored, so the code is
shown once, when issued. A code works once, for ``TAVOLO_CLAIM_CODE_DAYS`` days (14
unless set); a new code for the same guest replaces the unused ones. Refused tries
(wrong, used, expired …) are counted per user (``claim`` in ``TAVOLO_RATE_LIMITS``):
past the limit every try is refused for a while, even a right one.

**The merge rule.** Results hang on :class:`~tournaments.models.Entry`, ``Seat`` and
``TeamMember`` rows, which point at a player; sheet lines, game events and audit rows
point at tables, games and entries, never at a player, so no such row is ever
rewritten:

- the user has no player yet, or only the bare one sign-up made (no entry, no seat,
  no team): the guest record *becomes* the user's player (``adopted``); the bare
  player is deleted and its name, the display name the user chose, replaces the
  guest's name;
- the user's player already has a history: the guest's entries, seats and team
  places *move* to it (``merged``) and the emptied guest record is deleted; refused
  (nothing changes) when both have an entry in the same tournament, sit in the same
  game, or are in the same team, since one person cannot have been two entrants.

Either way the user becomes a player member of the guest's club (a stronger role is
kept), the tournaments whose names changed get new standings, and a
:class:`~tournaments.models.PlayerClaim` row (append-only) records what happened.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import F, ProtectedError, Q
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from scoring.owed import owe_ratings, owe_standings
from tournaments.models import (
    ClaimCode,
    Entry,
    Membership,
    Player,
    PlayerClaim,
    Role,
    Seat,
    TeamMember,
    Tournament,
)
from tournaments.services import access, audit, ratelimit
from tournaments.services.access import require_role
from tournaments.services.accounts import is_verified
from tournaments.services.errors import Conflict, Forbidden, ServiceError

User = AbstractBaseUser | AnonymousUser

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
DEFAULT_DAYS = 14


def code_days() -> int:
    return int(getattr(settings, "TAVOLO_CLAIM_CODE_DAYS", DEFAULT_DAYS))


def normalise(code: str) -> str:
    return re.sub(r"[\s-]+", "", code or "").upper()


def code_hash(code: str) -> str:
    return salted_hmac("tavolo.claim-code", normalise(code), algorithm="sha256").hexdigest()


def shown(code: str) -> str:
    """``ABCDEFGH`` as ``ABCD-EFGH``, easier to read out."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


@dataclass
class IssuedCode:
    code: str
    """As shown to people, e.g. ``KFQ7-M3XP``."""
    player: Player
    expires_at: Any


def issue_claim_code(player: Player, by: User) -> IssuedCode:
    """A new one-time code for a guest of a club, by a director of that club."""
    if player.club_id is None:
        raise ServiceError(_("only a club's guest can be claimed; this player has no club"))
    require_role(by, player.club, Role.DIRECTOR)  # type: ignore[arg-type]
    if player.user_id is not None:
        raise Conflict(_("%(name)s already has an account") % {"name": player.name})
    plain = "".join(secrets.choice(ALPHABET) for _i in range(CODE_LENGTH))
    expires_at = timezone.now() + timedelta(days=code_days())
    with transaction.atomic():
        ClaimCode.objects.filter(player=player, used_at__isnull=True).delete()
        ClaimCode.objects.create(
            player=player, code_hash=code_hash(plain), issued_by_id=by.pk, expires_at=expires_at
        )
        # Never the code itself: the log says a code was issued and until when.
        audit.record(
            actor=by,
            club=player.club,  # type: ignore[arg-type]
            action="claim-code-issued",
            subject=player.name,
            after={"expires_at": expires_at},
        )
    return IssuedCode(code=shown(plain), player=player, expires_at=expires_at)


@dataclass
class ClaimResult:
    player: Player
    how: str
    club_name: str
    club_slug: str
    tournaments: list[Tournament] = field(default_factory=list)


def _history(player: Player) -> dict[str, Any]:
    teams = list(TeamMember.objects.filter(player=player).values_list("team_id", flat=True))
    tournaments = set(
        Entry.objects.filter(Q(player=player) | Q(team_id__in=teams)).values_list(
            "tournament_id", flat=True
        )
    )
    games = set(Seat.objects.filter(player=player).values_list("game_id", flat=True))
    return {"tournaments": tournaments, "games": games, "teams": set(teams)}


def _is_bare(history: dict[str, Any]) -> bool:
    return not (history["tournaments"] or history["games"] or history["teams"])


def _refuse_overlap(mine: dict[str, Any], guest: dict[str, Any]) -> None:
    both = mine["tournaments"] & guest["tournaments"]
    if both:
        names = ", ".join(Tournament.objects.filter(pk__in=both).values_list("name", flat=True))
        raise Conflict(
            _(
                "your account and this guest record both played in %(names)s; one person "
                "cannot be two entrants, so ask the director to sort this out"
            )
            % {"names": names},
            field="code",
        )
    if mine["games"] & guest["games"] or mine["teams"] & guest["teams"]:
        raise Conflict(
            _(
                "your account and this guest record sat in the same game or team; "
                "ask the director to sort this out"
            ),
            field="code",
        )


def claim(user: User, code: str) -> ClaimResult:
    """Claim the guest record of ``code`` for ``user`` (see the module docstring)."""
    if not user.is_authenticated:
        raise Forbidden(_("log in first"))
    if not is_verified(user):
        raise Forbidden(
            _("please verify your e-mail address first: follow the link we e-mailed you")
        )
    who = f"user:{user.pk}"
    if ratelimit.exhausted("claim", who):
        raise ratelimit.refusal()
    plain = normalise(code)
    if not plain:
        raise ServiceError(_("please type the code the director gave you"), field="code")
    try:
        return _claim(user, plain)
    except ServiceError:
        ratelimit.hit("claim", who)  # every refused code counts against the limit
        raise


def _claim(user: User, plain: str) -> ClaimResult:
    wrong = ServiceError(
        _("that code is not right; check it with the director who gave it to you"), field="code"
    )
    if len(plain) != CODE_LENGTH or any(c not in ALPHABET for c in plain):
        raise wrong
    with transaction.atomic():
        found = ClaimCode.objects.select_for_update().filter(code_hash=code_hash(plain)).first()
        if found is None:
            raise wrong
        if found.used_at is not None:
            raise Conflict(_("that code has already been used"), field="code")
        if found.expires_at <= timezone.now():
            raise ServiceError(
                _("that code has expired; ask the director for a new one"), field="code"
            )
        guest = Player.objects.select_for_update().filter(pk=found.player_id).first()
        if guest is None or guest.user_id is not None:
            raise Conflict(_("this guest record has already been claimed"), field="code")
        return _take_over(user, guest, found)


def _take_over(user: User, guest: Player, found: ClaimCode) -> ClaimResult:
    club = guest.club
    assert club is not None
    mine = Player.objects.select_for_update().filter(user_id=user.pk).first()
    guest_history = _history(guest)
    audit: dict[str, Any] = {"guest_id": guest.pk, "guest_name": guest.name}
    # Marked first: a merged guest record goes, and its codes then keep no player.
    found.used_at = timezone.now()
    found.used_by_id = user.pk
    found.save(update_fields=["used_at", "used_by"])
    if mine is None or (_is_bare(_history(mine)) and not mine.claims.exists()):
        how = PlayerClaim.How.ADOPTED
        if mine is not None:
            audit.update(removed_player_id=mine.pk, removed_player_name=mine.name)
            guest.name = mine.name
            mine.delete()
        guest.user_id = user.pk
        guest.save(update_fields=["user", "name"])
        survivor = guest
    else:
        how = PlayerClaim.How.MERGED
        _refuse_overlap(_history(mine), guest_history)
        # The guest's games are rated again under the claiming player.
        owe_ratings(
            Seat.objects.filter(player=guest).values_list("game__game_type", flat=True).distinct(),
            "name claimed",
        )
        audit.update(
            moved_entries=Entry.objects.filter(player=guest).update(
                player=mine, version=F("version") + 1
            ),
            moved_seats=Seat.objects.filter(player=guest).update(player=mine),
            moved_team_places=TeamMember.objects.filter(player=guest).update(player=mine),
            removed_player_id=guest.pk,
            removed_player_name=guest.name,
        )
        try:
            with transaction.atomic():
                guest.delete()
        except ProtectedError:
            raise Conflict(
                _("this guest record is still used elsewhere; ask the director"), field="code"
            ) from None
        access.forget_seats()  # the moved seats now belong to the user
        survivor = mine
    membership = Membership.objects.filter(club=club, user_id=user.pk).first()
    if membership is None:
        Membership.objects.create(club=club, user_id=user.pk, role=Role.PLAYER)
    PlayerClaim.objects.create(
        user_id=user.pk,
        player=survivor,
        club=club,
        how=how,
        code_issued_by_id=found.issued_by_id,
        **audit,
    )
    _new_standings(guest_history["tournaments"])
    tournaments = list(Tournament.objects.filter(pk__in=guest_history["tournaments"]))
    return ClaimResult(
        player=survivor, how=how, club_name=club.name, club_slug=club.slug, tournaments=tournaments
    )


def _new_standings(tournament_ids: set[int]) -> None:
    """The entrant's name may have changed: those tournaments owe new standings."""
    for tournament_id in sorted(tournament_ids):
        owe_standings(tournament_id, "name claimed")


def claimed_tournaments(user: User) -> list[Tournament]:
    """The tournaments the user's player (or a team of theirs) entered, newest first."""
    player = Player.objects.filter(user_id=user.pk).first()
    if player is None:
        return []
    ids = _history(player)["tournaments"]
    return list(Tournament.objects.filter(pk__in=ids).select_related("club"))
