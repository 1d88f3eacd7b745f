"""Setting up a tournament and managing its entries.

The engine is the authority on games: a tournament's game, options and table
sizes are checked by building the game for every size (:func:`check_game`), so a
tournament can never be created that its tables could not play.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils.text import slugify

from engine import EngineError, game_class, new_game
from scoring.owed import owe_standings
from tournaments.models import (
    Club,
    Entry,
    ForbiddenPair,
    Player,
    Role,
    Round,
    Team,
    Tournament,
)
from tournaments.services.clubs import User, has_role, require_role
from tournaments.services.drafts import drop_drafts, require_editable
from tournaments.services.errors import Conflict, Forbidden, NotFound, ServiceError
from tournaments.services.players import player_of_user
from tournaments.services.scoring_settings import check_scoring
from tournaments.services.setting_names import SETTING_SHAPES, setting_name
from tournaments.services.tournament_details import (
    DETAIL_FIELDS,
    check_details,
    clean_details,
    entries_taken,
    full_message,
    is_full,
)

METHOD = Tournament.PairingMethod
HEAD_TO_HEAD_ONLY = {METHOD.MITCHELL, METHOD.ROUND_ROBIN}

SETTINGS_FIELDS = {
    "name": str,
    "slug": str,
    "game_type": str,
    "options": dict,
    "table_sizes": list,
    "entry_kind": str,
    "mode": str,
    "rounds_planned": int,
    "pairing_method": str,
    "first_round": str,
    "group_size": (int, type(None)),
    "scoring": dict,
    "tiebreaks": list,
    "late_entry_score": (int, float, str, Decimal),
    "avoid_same_household": bool,
    "avoid_same_affiliation": bool,
    **DETAIL_FIELDS,
}
"""What a director may set, and the JSON type each takes."""

GAME_FIELDS = {"game_type", "options", "table_sizes", "entry_kind", "pairing_method"}
"""Settings that cannot change once a round has been published."""

SCORING_FIELDS = {"scoring", "tiebreaks"}


def tournament_in(club: Club, slug: str) -> Tournament:
    try:
        return Tournament.objects.select_related("club").get(club=club, slug=slug)
    except Tournament.DoesNotExist:
        raise NotFound(f"{club.name} has no tournament {slug!r}") from None


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


def check_game(settings: Mapping[str, Any]) -> None:
    """Refuse a game, options, table sizes, entry kind or method that do not fit."""
    game_type = settings["game_type"]
    try:
        cls = game_class(game_type)
    except EngineError as error:
        raise ServiceError(str(error), field="game_type") from None
    sizes = settings["table_sizes"] or list(cls.player_counts[:1])
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in sizes):
        raise ServiceError("table_sizes must list whole numbers of seats", field="table_sizes")
    if len(set(sizes)) != len(sizes):
        raise ServiceError("table_sizes lists a size twice", field="table_sizes")
    allowed = ", ".join(map(str, cls.player_counts))
    team_game = False
    for size in sizes:
        if size not in cls.player_counts:
            raise ServiceError(
                f"{game_type} is played by {allowed} players, not {size}", field="table_sizes"
            )
        try:
            game = new_game(game_type, size, settings["options"])
        except EngineError as error:
            raise ServiceError(str(error), field="options") from None
        team_game = game.team_game
    method = settings["pairing_method"]
    entry_kind = settings["entry_kind"]
    if entry_kind == Tournament.EntryKind.TEAM:
        if not team_game or len(sizes) != 1:
            raise ServiceError(
                f"{game_type} at {sizes} seats is not a partnership game: enter individuals",
                field="entry_kind",
            )
        if method == METHOD.WHIST_DRIVE:
            raise ServiceError(
                "the whist-drive movement is for individuals; fixed teams play Swiss, "
                "Danese, Mitchell or round robin",
                field="pairing_method",
            )
    elif team_game and method != METHOD.WHIST_DRIVE:
        raise ServiceError(
            f"{game_type} is played in partnerships: enter fixed teams, or pair "
            "individuals with the whist-drive movement",
            field="pairing_method",
        )
    if method == METHOD.WHIST_DRIVE and (not team_game or sizes != [4]):
        raise ServiceError(
            "the whist-drive movement needs a partnership game at tables of four",
            field="pairing_method",
        )
    pairing_sizes = [2] if entry_kind == Tournament.EntryKind.TEAM else sizes
    if method in HEAD_TO_HEAD_ONLY and pairing_sizes != [2]:
        raise ServiceError(
            f"{METHOD(method).label} pairs two sides per table; "
            f"{game_type} here seats {pairing_sizes[0]} entrants",
            field="pairing_method",
        )


def _clean(data: Mapping[str, Any], *, partial: bool) -> dict[str, Any]:
    cleaned: dict[str, Any] = {}
    for key, value in data.items():
        if key not in SETTINGS_FIELDS:
            raise ServiceError(
                f"there is no setting {key!r} (the settings are: {', '.join(SETTINGS_FIELDS)})",
                field=key,
            )
        expected = SETTINGS_FIELDS[key]
        if (isinstance(value, bool) and expected is not bool) or not isinstance(value, expected):
            raise ServiceError(
                f"{setting_name(key)} ({key}) cannot be {type(value).__name__} "
                f"{value!r}: {SETTING_SHAPES.get(key, 'see the API schema')}",
                field=key,
            )
        cleaned[key] = value
    if "name" in cleaned:
        cleaned["name"] = cleaned["name"].strip()
        if not cleaned["name"] or len(cleaned["name"]) > 120:
            raise ServiceError("a tournament needs a name of 1 to 120 characters", field="name")
    if not partial and "name" not in cleaned:
        raise ServiceError("a tournament needs a name", field="name")
    if not partial and "game_type" not in cleaned:
        raise ServiceError("a tournament needs a game (game_type)", field="game_type")
    choices = {
        "entry_kind": Tournament.EntryKind,
        "mode": Tournament.Mode,
        "pairing_method": Tournament.PairingMethod,
        "first_round": Tournament.FirstRound,
    }
    for key, enum in choices.items():
        if key in cleaned and cleaned[key] not in enum.values:
            raise ServiceError(
                f"{setting_name(key)} ({key}) must be one of {', '.join(enum.values)}, "
                f"not {cleaned[key]!r}",
                field=key,
            )
    if "rounds_planned" in cleaned and not 1 <= cleaned["rounds_planned"] <= 99:
        raise ServiceError("the number of rounds must be from 1 to 99", field="rounds_planned")
    if cleaned.get("group_size") is not None and not 2 <= cleaned["group_size"] <= 64:
        raise ServiceError("a round-robin group has 2 to 64 entrants", field="group_size")
    if "late_entry_score" in cleaned:
        try:
            score = Decimal(str(cleaned["late_entry_score"]))
        except InvalidOperation:
            raise ServiceError(
                "late_entry_score must be a number", field="late_entry_score"
            ) from None
        if not score.is_finite() or abs(score) >= Decimal("1e8"):
            raise ServiceError("late_entry_score is out of range", field="late_entry_score")
        cleaned["late_entry_score"] = score.quantize(Decimal("0.01"))
    if "tiebreaks" in cleaned and not all(isinstance(t, str) for t in cleaned["tiebreaks"]):
        raise ServiceError("tiebreaks must list tiebreak names", field="tiebreaks")
    clean_details(cleaned)
    return cleaned


def create_tournament(club: Club, *, by: User, settings: Mapping[str, Any]) -> Tournament:
    """A new tournament of the club (directors only), its game checked by the engine."""
    require_role(by, club, Role.DIRECTOR)
    cleaned = _clean(settings, partial=False)
    cleaned.setdefault("options", {})
    cleaned.setdefault("table_sizes", [])
    cleaned.setdefault("entry_kind", Tournament.EntryKind.INDIVIDUAL)
    cleaned.setdefault("pairing_method", METHOD.SWISS)
    if not cleaned["table_sizes"]:
        try:
            cleaned["table_sizes"] = [game_class(cleaned["game_type"]).player_counts[0]]
        except EngineError as error:
            raise ServiceError(str(error), field="game_type") from None
    check_game(cleaned)
    check_scoring(cleaned)
    check_details(cleaned)
    slug = slugify(cleaned.pop("slug", "") or cleaned["name"])[:60]
    if not slug:
        raise ServiceError("the tournament's short name needs letters or digits", field="slug")
    try:
        with transaction.atomic():
            return Tournament.objects.create(
                club=club,
                slug=slug,
                seed=secrets.randbits(62),
                created_by=by if by.is_authenticated else None,
                **cleaned,
            )
    except IntegrityError:
        raise Conflict(f"{club.name} already has a tournament {slug!r}", field="slug") from None


def update_tournament(
    tournament: Tournament, *, by: User, settings: Mapping[str, Any]
) -> Tournament:
    """Change settings; the game, table sizes, entry kind and method only before any
    round is published."""
    require_role(by, tournament.club, Role.DIRECTOR)
    require_editable(tournament)
    cleaned = _clean(settings, partial=True)
    cleaned.pop("slug", None)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        published = tournament.rounds.filter(status=Round.Status.PUBLISHED).exists()
        changed = {k for k, v in cleaned.items() if getattr(tournament, k) != v}
        locked = sorted(changed & GAME_FIELDS)
        if published and locked:
            raise Conflict(
                f"{', '.join(locked)} cannot change once a round is published", field=locked[0]
            )
        if changed & GAME_FIELDS and tournament.entries.exists() and "entry_kind" in changed:
            raise Conflict("entry_kind cannot change once there are entries", field="entry_kind")
        merged = {f: getattr(tournament, f) for f in GAME_FIELDS | SCORING_FIELDS} | cleaned
        check_game(merged)
        check_scoring(merged)
        check_details({f: getattr(tournament, f) for f in ("starts_on", "start_time")} | cleaned)
        for key, value in cleaned.items():
            setattr(tournament, key, value)
        tournament.save()
        if published:  # scoring, tiebreaks, seed or late entries' score may have changed
            owe_standings(tournament.pk, "settings")
        if changed & GAME_FIELDS:
            drop_drafts(tournament)
    return tournament


def set_status(tournament: Tournament, *, by: User, status: str) -> Tournament:
    require_role(by, tournament.club, Role.DIRECTOR)
    if status not in Tournament.Status.values:
        raise ServiceError(f"status must be one of {', '.join(Tournament.Status.values)}")
    require_editable(tournament)
    tournament.status = status
    tournament.save(update_fields=["status"])
    return tournament


# ------------------------------------------------------------------------ entries


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
    entry is late: it joins the next round with the tournament's late-entry score."""
    if (player is None) == (team is None):
        raise ServiceError("enter either a player or a team")
    is_team = tournament.entry_kind == Tournament.EntryKind.TEAM
    if is_team != (team is not None):
        raise ServiceError(f"this tournament's entries are {tournament.get_entry_kind_display()}")
    manager = has_role(by, tournament.club, Role.SCORER)
    if not manager:
        own = by.is_authenticated and (
            (player is not None and player.user_id == by.pk)
            or (team is not None and team.memberships.filter(player__user_id=by.pk).exists())
        )
        if not own:
            raise Forbidden("only the club's directors and scorers enter other players")
        closed = entries_taken(tournament)
        if closed is not None:
            raise Conflict(closed)
    if tournament.status == Tournament.Status.FINISHED:
        raise Conflict("the tournament is finished")
    require_editable(tournament)
    if team is not None:
        if team.club_id != tournament.club_id:
            raise ServiceError(f"{team.name} is not a team of {tournament.club.name}")
        size = seats_per_side(tournament)
        if team.memberships.count() != size:
            raise ServiceError(f"a team here has {size} players; {team.name} does not")
    if isinstance(rating, bool) or not isinstance(rating, int) or not -1 <= rating < 10**6:
        raise ServiceError("rating must be a whole number from 0 to 999999")
    members = _players_of(player, team)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        clash = Entry.objects.filter(tournament=tournament).filter(_holding(members))
        if clash.exists():
            raise Conflict(f"{clash.first().name} is already entered")  # type: ignore[union-attr]
        if is_full(tournament):
            raise Conflict(full_message(tournament))
        played = published_rounds(tournament)
        number = (tournament.entries.aggregate(n=Max("number"))["n"] or 0) + 1
        household = members[0].household if len(members) == 1 else ""
        return Entry.objects.create(
            tournament=tournament,
            number=number,
            player=player,
            team=team,
            rating=rating,
            joins_round=played + 1,
            start_score=tournament.late_entry_score if played else Decimal(0),
            household=household,
            affiliation=affiliation.strip()[:120],
        )


def register_self(
    tournament: Tournament, *, by: User, rating: int = 0, affiliation: str = ""
) -> Entry:
    """The logged-in user enters themselves, their player made (named after them) if
    they have none yet. Only the club's directors and scorers set a rating."""
    if not by.is_authenticated:
        raise Forbidden("log in to enter a tournament")
    if rating and not has_role(by, tournament.club, Role.SCORER):
        raise Forbidden("only the club's directors and scorers set ratings", field="rating")
    with transaction.atomic():  # the player made is not kept if the entry is refused
        player = player_of_user(by.get_username())
        return register(tournament, by=by, player=player, rating=rating, affiliation=affiliation)


def _holding(players: Sequence[Player]) -> Q:
    """Entries that hold any of ``players``, alone or in a team."""
    ids = [p.pk for p in players]
    return Q(player_id__in=ids) | Q(team__memberships__player_id__in=ids)


def entry_of(tournament: Tournament, entry_id: int) -> Entry:
    try:
        return tournament.entries.select_related("player", "team").get(pk=entry_id)
    except (Entry.DoesNotExist, ValueError, TypeError):
        raise NotFound(f"{tournament.name} has no entry {entry_id!r}") from None


def _may_act_for(by: User, entry: Entry) -> bool:
    if has_role(by, entry.tournament.club, Role.SCORER):
        return True
    return bool(by.is_authenticated and entry.player_id and entry.player.user_id == by.pk)  # type: ignore[union-attr]


def check_in(entry: Entry, *, by: User, checked_in: bool = True) -> Entry:
    """Mark an entry present (or not). The player themselves or a scorer/director."""
    if not _may_act_for(by, entry):
        raise Forbidden("only the player or the club's scorers and directors check in")
    if entry.status == Entry.Status.WITHDRAWN:
        raise Conflict(f"{entry.name} has withdrawn")
    require_editable(entry.tournament)
    entry.status = Entry.Status.CHECKED_IN if checked_in else Entry.Status.REGISTERED
    entry.save(update_fields=["status"])
    _drop_draft(entry.tournament)
    return entry


def withdraw(entry: Entry, *, by: User) -> Entry:
    """Withdraw: no longer paired, results kept. A draft round is dropped (re-pair)."""
    if not _may_act_for(by, entry):
        raise Forbidden("only the player or the club's scorers and directors withdraw an entry")
    if entry.status == Entry.Status.WITHDRAWN:
        raise Conflict(f"{entry.name} has already withdrawn")
    require_editable(entry.tournament)
    with transaction.atomic():
        entry.status = Entry.Status.WITHDRAWN
        entry.withdrawn_after = published_rounds(entry.tournament)
        entry.save(update_fields=["status", "withdrawn_after"])
        owe_standings(entry.tournament_id, "withdrawal")
        _drop_draft(entry.tournament)
    return entry


def update_entry(entry: Entry, *, by: User, **fields: Any) -> Entry:
    """Directors set rating, household and affiliation."""
    require_role(by, entry.tournament.club, Role.DIRECTOR)
    require_editable(entry.tournament)
    allowed = {"rating": int, "household": str, "affiliation": str}
    for key, value in fields.items():
        if key not in allowed or isinstance(value, bool) or not isinstance(value, allowed[key]):
            raise ServiceError(f"cannot set {key!r} to {value!r}", field=key)
        setattr(entry, key, value.strip()[:120] if isinstance(value, str) else value)
    entry.save()
    if entry.status == Entry.Status.WITHDRAWN:  # its row in the standings may change
        owe_standings(entry.tournament_id, "withdrawn entry changed")
    _drop_draft(entry.tournament)
    return entry


def _drop_draft(tournament: Tournament) -> None:
    """Entries changed: an unpublished pairing no longer fits them."""
    drop_drafts(tournament)


def forbid(tournament: Tournament, *, by: User, first: Entry, second: Entry, reason: str = ""):
    """Keep two entries apart at every table from the next pairing on."""
    require_role(by, tournament.club, Role.DIRECTOR)
    if first.tournament_id != tournament.pk or second.tournament_id != tournament.pk:
        raise ServiceError("both entries must belong to this tournament")
    if first.pk == second.pk:
        raise ServiceError("a forbidden pair needs two different entries")
    low, high = sorted((first, second), key=lambda e: e.pk)
    pair, created = ForbiddenPair.objects.get_or_create(
        tournament=tournament, first=low, second=high, defaults={"reason": reason[:200]}
    )
    if not created:
        raise Conflict(f"{low.name} and {high.name} are already kept apart")
    _drop_draft(tournament)
    return pair


def allow(tournament: Tournament, *, by: User, pair_id: int) -> None:
    require_role(by, tournament.club, Role.DIRECTOR)
    deleted, _ = ForbiddenPair.objects.filter(tournament=tournament, pk=pair_id).delete()
    if not deleted:
        raise NotFound(f"there is no forbidden pair {pair_id}")
    _drop_draft(tournament)
