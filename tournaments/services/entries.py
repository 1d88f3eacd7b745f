"""A tournament's entries: entering, checking in, withdrawing, keeping pairs apart.

An entry is a player or a team (:func:`seats_per_side` seats it fills); entering after
round 1 is published joins the next round with the late-entry score. Any change to
the entries drops an unpublished pairing (it no longer fits them).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from scoring.owed import owe_standings
from tournaments.models import (
    Entry,
    ForbiddenPair,
    Player,
    Role,
    Round,
    Team,
    Tournament,
)
from tournaments.services import audit, entry_ratings
from tournaments.services.access import User, has_role, require_role
from tournaments.services.drafts import drop_drafts, require_editable
from tournaments.services.errors import Conflict, Forbidden, NotFound, ServiceError
from tournaments.services.players import player_of_user
from tournaments.services.tournament_details import entries_taken, full_message, is_full
from tournaments.services.versions import bump, claim


def seats_per_side(tournament: Tournament) -> int:
    """How many seats one entry fills: 1 for individuals, the team's size for teams."""
    if tournament.entry_kind == Tournament.EntryKind.INDIVIDUAL:
        return 1
    return max(tournament.table_sizes) // 2


def entries_per_table(tournament: Tournament) -> list[int]:
    """The pairing engine's table sizes: entries (not seats) per table."""
    if tournament.entry_kind == Tournament.EntryKind.TEAM:
        return [2]
    return list(tournament.table_sizes)


def published_rounds(tournament: Tournament) -> int:
    return tournament.rounds.filter(status=Round.Status.PUBLISHED).count()


def _players_of(entry_player: Player | None, team: Team | None) -> list[Player]:
    return [entry_player] if entry_player else team.players_in_order()  # type: ignore[union-attr]


def register(
    tournament: Tournament,
    *,
    by: User,
    player: Player | None = None,
    team: Team | None = None,
    rating: int = 0,
    affiliation: str = "",
) -> Entry:
    """Enter a player or a team. Directors and scorers enter anyone; a player with a
    login enters themselves while entries are open. After round 1 is published the
    entry is late: it joins the next round with the tournament's late-entry score.
    ``rating`` 0 (none typed): the entrant's computed rating is copied
    (:mod:`~tournaments.services.entry_ratings`)."""
    if (player is None) == (team is None):
        raise ServiceError(_("enter either a player or a team"))
    is_team = tournament.entry_kind == Tournament.EntryKind.TEAM
    if is_team != (team is not None):
        raise ServiceError(
            _("this tournament's entries are %(kind)s")
            % {"kind": tournament.get_entry_kind_display()}
        )
    manager = has_role(by, tournament.club, Role.SCORER)
    if not manager:
        own = by.is_authenticated and (
            (player is not None and player.user_id == by.pk)
            or (team is not None and team.memberships.filter(player__user_id=by.pk).exists())
        )
        if not own:
            raise Forbidden(_("only the club's directors and scorers enter other players"))
        closed = entries_taken(tournament)
        if closed is not None:
            raise Conflict(closed)
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict(_("the tournament is finished"))
    require_editable(tournament)
    if team is not None:
        if team.club_id != tournament.club_id:
            raise ServiceError(
                _("%(team)s is not a team of %(club)s")
                % {"team": team.name, "club": tournament.club.name}
            )
        size = seats_per_side(tournament)
        if team.memberships.count() != size:
            raise ServiceError(
                _("a team here has %(n)s players; %(team)s does not")
                % {"n": size, "team": team.name}
            )
    if isinstance(rating, bool) or not isinstance(rating, int) or not -1 <= rating < 10**6:
        raise ServiceError(_("rating must be a whole number from 0 to 999999"))
    members = _players_of(player, team)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        clash = Entry.objects.filter(tournament=tournament).filter(_holding(members))
        if clash.exists():
            raise Conflict(_("%(name)s is already entered") % {"name": clash.first().name})  # type: ignore[union-attr]
        if is_full(tournament):
            raise Conflict(full_message(tournament))
        played = published_rounds(tournament)
        number = (tournament.entries.aggregate(n=Max("number"))["n"] or 0) + 1
        household = members[0].household if len(members) == 1 else ""
        entry = Entry(
            tournament=tournament,
            number=number,
            player=player,
            team=team,
            rating=rating,
            rating_source=Entry.RatingSource.TYPED if rating else Entry.RatingSource.NONE,
            joins_round=played + 1,
            start_score=tournament.late_entry_score if played else Decimal(0),
            household=household,
            affiliation=affiliation.strip()[:120],
        )
        if not rating:
            entry_ratings.apply(entry, entry_ratings.computed_rating(tournament, entry))
        entry.save()
        after = {"number": number, "rating": entry.rating, "joins_round": played + 1}
        _audit(entry, by, "entry-added", None, after)
        return entry


def register_self(
    tournament: Tournament, *, by: User, rating: int = 0, affiliation: str = ""
) -> Entry:
    """The logged-in user enters themselves, their player made (named after them) if
    they have none yet. Only the club's directors and scorers set a rating."""
    if not by.is_authenticated:
        raise Forbidden(_("log in to enter a tournament"))
    if rating and not has_role(by, tournament.club, Role.SCORER):
        raise Forbidden(_("only the club's directors and scorers set ratings"), field="rating")
    with transaction.atomic():  # the player made is not kept if the entry is refused
        player = player_of_user(by.get_username())
        return register(tournament, by=by, player=player, rating=rating, affiliation=affiliation)


def _audit(
    entry: Entry,
    by: User,
    action: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    tournament = entry.tournament
    audit.record(
        actor=by,
        club=tournament.club,
        tournament=tournament,
        action=action,
        subject=entry.name,
        before=before,
        after=after,
    )


def _holding(players: Sequence[Player]) -> Q:
    """Entries that hold any of ``players``, alone or in a team."""
    ids = [p.pk for p in players]
    return Q(player_id__in=ids) | Q(team__memberships__player_id__in=ids)


def entry_of(tournament: Tournament, entry_id: int) -> Entry:
    try:
        return tournament.entries.select_related("player", "team").get(pk=entry_id)
    except (Entry.DoesNotExist, ValueError, TypeError):
        raise NotFound(
            _("%(name)s has no entry %(id)s") % {"name": tournament.name, "id": repr(entry_id)}
        ) from None


def _may_act_for(by: User, entry: Entry) -> bool:
    if has_role(by, entry.tournament.club, Role.SCORER):
        return True
    return bool(by.is_authenticated and entry.player_id and entry.player.user_id == by.pk)  # type: ignore[union-attr]


def check_in(
    entry: Entry, *, by: User, checked_in: bool = True, expected_version: int | None = None
) -> Entry:
    """Mark an entry present (or not). The player themselves or a scorer/director."""
    if not _may_act_for(by, entry):
        raise Forbidden(_("only the player or the club's scorers and directors check in"))
    require_editable(entry.tournament)
    with transaction.atomic():
        _claim(entry, expected_version)  # the status is read after the row is locked
        if entry.status == Entry.Status.WITHDRAWN:
            raise Conflict(_("%(name)s has withdrawn") % {"name": entry.name})
        before = entry.status
        entry.status = Entry.Status.CHECKED_IN if checked_in else Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
        if entry.status != before:
            action = "entry-checked-in" if checked_in else "entry-check-in-undone"
            _audit(entry, by, action, {"status": before}, {"status": entry.status})
        _drop_draft(entry.tournament)
    return entry


def withdraw(entry: Entry, *, by: User, expected_version: int | None = None) -> Entry:
    """Withdraw: no longer paired, results kept. A draft round is dropped (re-pair)."""
    if not _may_act_for(by, entry):
        raise Forbidden(_("only the player or the club's scorers and directors withdraw an entry"))
    require_editable(entry.tournament)
    with transaction.atomic():
        _claim(entry, expected_version)
        if entry.status == Entry.Status.WITHDRAWN:
            raise Conflict(_("%(name)s has already withdrawn") % {"name": entry.name})
        before = {"status": entry.status}
        entry.status = Entry.Status.WITHDRAWN
        entry.withdrawn_after = published_rounds(entry.tournament)
        entry.save(update_fields=["status", "withdrawn_after"])
        after = {"status": entry.status, "withdrawn_after": entry.withdrawn_after}
        _audit(entry, by, "entry-withdrawn", before, after)
        owe_standings(entry.tournament_id, "withdrawal")
        _drop_draft(entry.tournament)
    return entry


def update_entry(
    entry: Entry, *, by: User, expected_version: int | None = None, **fields: Any
) -> Entry:
    """Directors set rating, household and affiliation; ``rating=None`` goes back to
    the computed rating (a number typed is the director's, never replaced). With
    ``expected_version``, an entry changed since that version is left as it is
    (:class:`~.versions.StaleVersion`)."""
    require_role(by, entry.tournament.club, Role.DIRECTOR)
    require_editable(entry.tournament)
    allowed = {"rating": int, "household": str, "affiliation": str}
    changes: dict[str, Any] = {}
    for key, value in fields.items():
        if key == "rating" and value is None:
            changes[key] = None
            continue
        if key not in allowed or isinstance(value, bool) or not isinstance(value, allowed[key]):
            raise ServiceError(f"cannot set {key!r} to {value!r}", field=key)
        if key == "rating" and not 0 <= value < 10**6:
            raise ServiceError(_("rating must be a whole number from 0 to 999999"), field=key)
        changes[key] = value.strip()[:120] if isinstance(value, str) else value
    with transaction.atomic():
        version = claim(Entry, entry.pk, expected_version)
        entry = Entry.objects.select_related("player", "team", "tournament").get(pk=entry.pk)
        entry.version = version
        if "rating" in changes:
            changes.update(_rating_changes(entry, changes["rating"]))
        before = {k: getattr(entry, k) for k, v in changes.items() if getattr(entry, k) != v}
        for key, value in changes.items():
            setattr(entry, key, value)
        entry.save(update_fields=list(changes))
        if before:
            _audit(entry, by, "entry-changed", before, {k: changes[k] for k in before})
        if entry.status == Entry.Status.WITHDRAWN:  # its row in the standings may change
            owe_standings(entry.tournament_id, "withdrawn entry changed")
        _drop_draft(entry.tournament)
    return entry


def _rating_changes(entry: Entry, rating: int | None) -> dict[str, Any]:
    """The rating fields a director's change sets: a number typed, or (``None``) the
    computed rating copied again."""
    if rating is None:
        computed = entry_ratings.computed_rating(entry.tournament, entry)
        return {"rating": computed.rating, "rating_source": computed.source,
                "rating_games": computed.games}  # fmt: skip
    return {"rating": rating, "rating_source": Entry.RatingSource.TYPED, "rating_games": None}


def _claim(entry: Entry, expected_version: int | None) -> None:
    """Bump the entry's version (locking its row) and read its status as it is now."""
    bump(entry, expected_version)
    entry.refresh_from_db(fields=["status", "withdrawn_after"])


def _drop_draft(tournament: Tournament) -> None:
    """Entries changed: an unpublished pairing no longer fits them."""
    drop_drafts(tournament)


def forbid(tournament: Tournament, *, by: User, first: Entry, second: Entry, reason: str = ""):
    """Keep two entries apart at every table from the next pairing on."""
    require_role(by, tournament.club, Role.DIRECTOR)
    if first.tournament_id != tournament.pk or second.tournament_id != tournament.pk:
        raise ServiceError(_("both entries must belong to this tournament"))
    if first.pk == second.pk:
        raise ServiceError(_("a forbidden pair needs two different entries"))
    low, high = sorted((first, second), key=lambda e: e.pk)
    with transaction.atomic():
        pair, created = ForbiddenPair.objects.get_or_create(
            tournament=tournament, first=low, second=high, defaults={"reason": reason[:200]}
        )
        if not created:
            raise Conflict(
                _("%(first)s and %(second)s are already kept apart")
                % {"first": low.name, "second": high.name}
            )
        _pair_audit(tournament, by, "pair-forbidden", pair, {"reason": pair.reason})
        _drop_draft(tournament)
    return pair


def allow(tournament: Tournament, *, by: User, pair_id: int) -> None:
    require_role(by, tournament.club, Role.DIRECTOR)
    with transaction.atomic():
        pair = ForbiddenPair.objects.filter(tournament=tournament, pk=pair_id).first()
        if pair is None:
            raise NotFound(f"there is no forbidden pair {pair_id}")
        _pair_audit(tournament, by, "pair-allowed", pair, None)
        pair.delete()
        _drop_draft(tournament)


def _pair_audit(
    tournament: Tournament, by: User, action: str, pair: ForbiddenPair, after: Any
) -> None:
    names = f"{pair.first.name} / {pair.second.name}"
    before = {"reason": pair.reason} if after is None else None
    audit.record(
        actor=by, club=tournament.club, tournament=tournament, action=action,
        subject=names, before=before, after=after,
    )  # fmt: skip
