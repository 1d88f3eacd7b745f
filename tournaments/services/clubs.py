"""Clubs, members and roles, guests and fixed teams.

Every club-scoped action starts with :func:`tournaments.services.access.require_role`:
a user acts in a club only through a membership of that club whose role ranks high
enough. Directors therefore manage their own club only; staff users (the site's
operators) may act in any club.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import ROLE_RANK, Club, Membership, Player, Role, Team, TeamMember
from tournaments.models.clubs import DEFAULT_LANGUAGE, DEFAULT_TIME_ZONE
from tournaments.services import audit
from tournaments.services.access import require_role
from tournaments.services.errors import Conflict, Forbidden, NotFound, ServiceError
from tournaments.services.languages import check_language
from tournaments.services.slugs import slug_for
from tournaments.services.tournament_details import check_time_zone
from tournaments.services.versions import bump, check_unchanged

User = AbstractBaseUser | AnonymousUser


def club_by_slug(slug: str) -> Club:
    """The club of ``slug`` (read on every club page: one indexed lookup)."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise NotFound(_("there is no club %(slug)s") % {"slug": repr(slug)})
    return club


def create_club(
    *,
    name: str,
    owner: User,
    slug: str = "",
    description: str = "",
    time_zone: str = "",
    language: str = "",
) -> Club:
    """A new club, with ``owner`` as its owner (its time zone Europe/Rome and its
    language Italian unless given)."""
    if not owner.is_authenticated:
        raise Forbidden(_("log in to create a club"))
    zone = check_time_zone(time_zone) if time_zone else DEFAULT_TIME_ZONE
    language = check_language(language) if language else DEFAULT_LANGUAGE
    name = name.strip()
    if not name:
        raise ServiceError(_("a club needs a name"))
    slug = slug_for(slug, name)
    if not slug:
        raise ServiceError(_("the club's short name must contain letters or digits"))
    try:
        with transaction.atomic():
            club = Club.objects.create(
                name=name, slug=slug, description=description, time_zone=zone, language=language
            )
            Membership.objects.create(club=club, user_id=owner.pk, role=Role.OWNER)
            audit.record(
                actor=owner,
                club=club,
                action="club-created",
                subject=club.name,
                after={"name": name, "time_zone": zone, "language": language},
            )
    except IntegrityError:
        raise Conflict(_("a club called %(slug)s already exists") % {"slug": repr(slug)}) from None
    return club


def set_time_zone(
    club: Club, *, by: User, time_zone: str, expected_version: int | None = None
) -> Club:
    """The club's clock for every time its pages show (directors). With
    ``expected_version``, a club changed since is left as it is (StaleVersion)."""
    require_role(by, club, Role.DIRECTOR)
    return _set_setting(club, by, "time_zone", check_time_zone(time_zone), expected_version)


def set_language(
    club: Club, *, by: User, language: str, expected_version: int | None = None
) -> Club:
    """The language the club's pages speak to a browser that asks for none (directors)."""
    require_role(by, club, Role.DIRECTOR)
    return _set_setting(club, by, "language", check_language(language), expected_version)


def _set_setting(
    club: Club, by: User, field: str, value: str, expected_version: int | None
) -> Club:
    """Save one of the club's settings, with its audit row (none if it did not change)."""
    with transaction.atomic():
        bump(club, expected_version)
        before = getattr(club, field)
        setattr(club, field, value)
        club.save(update_fields=[field])
        if before != value:
            audit.record(
                actor=by,
                club=club,
                action="club-settings-changed",
                subject=club.name,
                before={field: before},
                after={field: value},
            )
    return club


def _member(club: Club, username: str) -> tuple[AbstractBaseUser, Membership | None]:
    user_model = get_user_model()
    try:
        user = user_model.objects.get(**{user_model.USERNAME_FIELD: username})
    except user_model.DoesNotExist:
        refusal = _("there is no user called %(name)s") % {"name": repr(username)}
        raise ServiceError(refusal) from None
    return user, Membership.objects.filter(club=club, user=user).first()


def _check_may_change(club: Club, acting: Role, current: Membership | None, new: Role | None):
    """Directors manage scorers and players; only an owner names or removes directors
    and owners; the last owner cannot step down."""
    ranks = [ROLE_RANK[new]] if new else []
    if current is not None:
        ranks.append(ROLE_RANK[Role(current.role)])
    if any(rank >= ROLE_RANK[Role.DIRECTOR] for rank in ranks) and acting != Role.OWNER:
        raise Forbidden(_("only an owner names, changes or removes directors and owners"))
    if current is not None and current.role == Role.OWNER and new != Role.OWNER:
        owners = Membership.objects.select_for_update().filter(club=club, role=Role.OWNER)
        if owners.count() <= 1:
            raise Conflict(_("a club keeps at least one owner; name another owner first"))


def set_role(
    club: Club, *, by: User, username: str, role: str, expected_version: int | None = None
) -> Membership:
    """Give ``username`` a role in the club (making them a member if they are not).
    With ``expected_version``, a membership changed (or removed) since that version is
    left as it is (:class:`~.versions.StaleVersion`)."""
    acting = require_role(by, club, Role.DIRECTOR)
    try:
        new_role = Role(role)
    except ValueError:
        choices = ", ".join(r.value for r in Role)
        raise ServiceError(
            _("unknown role %(role)s (the roles are: %(choices)s)")
            % {"role": repr(role), "choices": choices}
        ) from None
    user, current = _member(club, username)
    with transaction.atomic():
        if current is not None:
            bump(current, expected_version)  # locks the row; refuses a stale edit
            current.refresh_from_db(fields=["role"])
        elif expected_version is not None:
            raise NotFound(_("%(name)s was removed from the club meanwhile.") % {"name": username})
        _check_may_change(club, acting, current, new_role)
        membership, _created = Membership.objects.update_or_create(
            club=club, user=user, defaults={"role": new_role}
        )
        if current is None or current.role != new_role:
            audit.record(
                actor=by,
                club=club,
                action="member-added" if current is None else "member-role-changed",
                subject=user.get_username(),
                before=None if current is None else {"role": current.role},
                after={"role": new_role.value},
            )
    return membership


def remove_member(
    club: Club, *, by: User, username: str, expected_version: int | None = None
) -> None:
    acting = require_role(by, club, Role.DIRECTOR)
    _user, current = _member(club, username)
    if current is None:
        raise ServiceError(
            _("%(name)s is not a member of %(club)s") % {"name": repr(username), "club": club.name}
        )
    with transaction.atomic():
        check_unchanged(current, expected_version)
        _check_may_change(club, acting, current, None)
        current.delete()
        audit.record(
            actor=by,
            club=club,
            action="member-removed",
            subject=username,
            before={"role": current.role},
        )


def add_guest(club: Club, *, by: User, name: str, household: str = "") -> Player:
    """A player without a login, entered by a director (or scorer) of the club."""
    require_role(by, club, Role.SCORER)
    name = name.strip()
    if not name:
        raise ServiceError(_("a player needs a name"))
    if len(name) > 120:
        raise ServiceError(_("a player's name is at most 120 characters"))
    with transaction.atomic():
        player = Player.objects.create(name=name, club=club, household=household.strip()[:120])
        audit.record(
            actor=by,
            club=club,
            action="guest-added",
            subject=name,
            after={"name": name, "household": player.household},
        )
    return player


def club_players(club: Club) -> list[Player]:
    """The club's guests and the players of its members."""
    members = Membership.objects.filter(club=club).values_list("user_id", flat=True)
    # One query with OR, not a UNION: Player's default ordering makes SQLite refuse
    # the compound statement ("ORDER BY not allowed in subqueries").
    return list(Player.objects.filter(Q(club=club) | Q(user_id__in=members)))


def create_team(club: Club, *, by: User, name: str, players: Sequence[Player]) -> Team:
    """A fixed team of distinct players, in seating order."""
    require_role(by, club, Role.DIRECTOR)
    name = name.strip()
    if not name:
        raise ServiceError(_("a team needs a name"))
    if len(players) < 2:
        raise ServiceError(_("a team needs at least two players"))
    if len({p.pk for p in players}) != len(players):
        raise ServiceError(_("a player cannot be in a team twice"))
    try:
        with transaction.atomic():
            team = Team.objects.create(club=club, name=name)
            TeamMember.objects.bulk_create(
                TeamMember(team=team, player=p, position=i) for i, p in enumerate(players)
            )
            audit.record(
                actor=by,
                club=club,
                action="team-created",
                subject=name,
                after={"name": name, "players": [p.name for p in players]},
            )
    except IntegrityError:
        raise Conflict(
            _("%(club)s already has a team called %(name)s")
            % {"club": club.name, "name": repr(name)}
        ) from None
    return team


def members(club: Club, *, by: User) -> list[Membership]:
    """The club's members and their roles, strongest role first (directors only)."""
    require_role(by, club, Role.DIRECTOR)
    found = list(Membership.objects.filter(club=club).select_related("user"))
    return sorted(found, key=lambda m: (-ROLE_RANK[Role(m.role)], m.user.get_username()))


def club_player(club: Club, player_id: int, *, field: str = "player") -> Player:
    """One of the club's players (a guest it entered or a member's player), by id;
    a :class:`ServiceError` naming ``field`` otherwise (another club's guests stay
    out of this club's teams and entries)."""
    found = (
        Player.objects.filter(pk=player_id)
        .filter(Q(club=club) | Q(user__memberships__club=club))
        .first()
    )
    if found is None:
        raise ServiceError(
            _("%(club)s has no player with id %(id)s") % {"club": club.name, "id": player_id},
            field=field,
        )
    return found


def club_team(club: Club, team_id: int, *, field: str = "team") -> Team:
    """One of the club's teams, by id (a :class:`ServiceError` naming ``field``)."""
    found = Team.objects.filter(club=club, pk=team_id).first()
    if found is None:
        raise ServiceError(
            _("%(club)s has no team with id %(id)s") % {"club": club.name, "id": team_id},
            field=field,
        )
    return found
