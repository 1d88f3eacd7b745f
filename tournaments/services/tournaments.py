"""Setting up a tournament (its entries are managed in :mod:`.entries`).

The engine is the authority on games: a tournament's game, options and table
sizes are checked by building the game for every size (:func:`check_game`), so a
tournament can never be created that its tables could not play.

The entries' functions (:func:`~.entries.register`, :func:`~.entries.check_in`, ...)
live in :mod:`~tournaments.services.entries` and are re-exported here, where most
callers import them.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from engine import EngineError, game_class, new_game
from scoring.owed import owe_standings
from tournaments.games import profile_for
from tournaments.models import (
    Club,
    Role,
    Round,
    Tournament,
)
from tournaments.services import audit, time_controls
from tournaments.services.access import require_role
from tournaments.services.clubs import User
from tournaments.services.drafts import drop_drafts, require_editable
from tournaments.services.entries import (
    allow,
    check_in,
    entries_per_table,
    entry_of,
    forbid,
    published_rounds,
    register,
    register_self,
    seats_per_side,
    update_entry,
    withdraw,
)
from tournaments.services.errors import Conflict, NotFound, ServiceError
from tournaments.services.rule_words import alternatives, in_words, is_english, listed
from tournaments.services.scoring_settings import check_scoring
from tournaments.services.setting_names import SETTING_SHAPES, setting_name
from tournaments.services.slugs import slug_for
from tournaments.services.tournament_details import (
    DETAIL_FIELDS,
    check_details,
    clean_details,
)
from tournaments.services.versions import bump, claim

__all__ = [
    "GAME_FIELDS",
    "HEAD_TO_HEAD_ONLY",
    "METHOD",
    "SCORING_FIELDS",
    "SETTINGS_FIELDS",
    "allow",
    "check_game",
    "check_in",
    "create_tournament",
    "entries_per_table",
    "entry_of",
    "forbid",
    "published_rounds",
    "register",
    "register_self",
    "seats_per_side",
    "set_status",
    "tournament_in",
    "update_entry",
    "update_tournament",
    "withdraw",
]

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
    "time_control": (dict, type(None)),
    "rounds_planned": int,
    "pairing_method": str,
    "first_round": str,
    "group_size": (int, type(None)),
    "scoring": dict,
    "tiebreaks": list,
    "late_entry_score": (int, float, str, Decimal),
    "avoid_same_household": bool,
    "avoid_same_affiliation": bool,
    "show_ratings": bool,
    "expected_results": str,
    **DETAIL_FIELDS,
}
"""What a director may set, and the JSON type each takes."""

GAME_FIELDS = {"game_type", "options", "table_sizes", "entry_kind", "pairing_method"}
"""Settings that cannot change once a round has been published."""

SCORING_FIELDS = {"scoring", "tiebreaks"}


def tournament_in(club: Club, slug: str) -> Tournament:
    """The club's tournament ``slug`` (read on every tournament page: one lookup on the
    club and slug's unique index)."""
    tournament = Tournament.objects.filter(club_id=club.pk, slug=slug).first()
    if tournament is None:
        raise NotFound(
            _("%(club)s has no tournament %(slug)s") % {"club": club.name, "slug": repr(slug)}
        )
    tournament.club = club  # the club in hand: no join to read it again
    return tournament


def check_game(settings: Mapping[str, Any]) -> None:
    """Refuse a game, options, table sizes, entry kind or method that do not fit."""
    game_type = settings["game_type"]
    try:
        cls = game_class(game_type)
    except EngineError as error:
        raise ServiceError(in_words(error), field="game_type") from None
    sizes = settings["table_sizes"] or list(cls.player_counts[:1])
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in sizes):
        raise ServiceError(_("table_sizes must list whole numbers of seats"), field="table_sizes")
    if len(set(sizes)) != len(sizes):
        raise ServiceError(_("table_sizes lists a size twice"), field="table_sizes")
    # English keeps the engine's name of the game (the API's words); another language
    # its title, and the counts written its way ("2, 3, 4 o 6").
    named = game_type if is_english() else profile_for(game_type).title
    allowed = (
        ", ".join(map(str, cls.player_counts))
        if is_english()
        else alternatives([str(n) for n in cls.player_counts])
    )
    team_game = False
    for size in sizes:
        if size not in cls.player_counts:
            raise ServiceError(
                _("%(game)s is played by %(allowed)s players, not %(n)s")
                % {"game": named, "allowed": allowed, "n": size},
                field="table_sizes",
            )
        try:
            game = new_game(game_type, size, settings["options"])
        except EngineError as error:
            raise ServiceError(in_words(error), field="options") from None
        team_game = game.team_game
    method = settings["pairing_method"]
    entry_kind = settings["entry_kind"]
    if entry_kind == Tournament.EntryKind.TEAM:
        if not team_game or len(sizes) != 1:
            raise ServiceError(
                _("%(game)s at %(sizes)s seats is not a partnership game: enter individuals")
                % {
                    "game": named,
                    "sizes": sizes if is_english() else listed([str(n) for n in sizes]),
                },
                field="entry_kind",
            )
        if method == METHOD.WHIST_DRIVE:
            raise ServiceError(
                _(
                    "the whist-drive movement is for individuals; fixed teams play Swiss, "
                    "Danese, Mitchell or round robin"
                ),
                field="pairing_method",
            )
    elif team_game and method != METHOD.WHIST_DRIVE:
        raise ServiceError(
            _(
                "%(game)s is played in partnerships: enter fixed teams, or pair "
                "individuals with the whist-drive movement"
            )
            % {"game": game_type},
            field="pairing_method",
        )
    if method == METHOD.WHIST_DRIVE and (not team_game or sizes != [4]):
        raise ServiceError(
            _("the whist-drive movement needs a partnership game at tables of four"),
            field="pairing_method",
        )
    pairing_sizes = [2] if entry_kind == Tournament.EntryKind.TEAM else sizes
    if method in HEAD_TO_HEAD_ONLY and pairing_sizes != [2]:
        raise ServiceError(
            _("%(method)s pairs two sides per table; %(game)s here seats %(n)s entrants")
            % {"method": METHOD(method).label, "game": game_type, "n": pairing_sizes[0]},
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
            raise ServiceError(_("a tournament needs a name of 1 to 120 characters"), field="name")
    if not partial and "name" not in cleaned:
        raise ServiceError(_("a tournament needs a name"), field="name")
    if not partial and "game_type" not in cleaned:
        raise ServiceError("a tournament needs a game (game_type)", field="game_type")
    choices = {
        "entry_kind": Tournament.EntryKind,
        "mode": Tournament.Mode,
        "pairing_method": Tournament.PairingMethod,
        "first_round": Tournament.FirstRound,
        "expected_results": Tournament.ExpectedResults,
    }
    for key, enum in choices.items():
        if key in cleaned and cleaned[key] not in enum.values:
            raise ServiceError(
                f"{setting_name(key)} ({key}) must be one of {', '.join(enum.values)}, "
                f"not {cleaned[key]!r}",
                field=key,
            )
    if "rounds_planned" in cleaned and not 1 <= cleaned["rounds_planned"] <= 99:
        raise ServiceError(_("the number of rounds must be from 1 to 99"), field="rounds_planned")
    if cleaned.get("group_size") is not None and not 2 <= cleaned["group_size"] <= 64:
        raise ServiceError(_("a round-robin group has 2 to 64 entrants"), field="group_size")
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


def _check_clock(cleaned: dict[str, Any], game_type: str) -> None:
    """Check and normalise the tables' clock (``time_control``), if being set."""
    if cleaned.get("time_control") is not None:
        control = time_controls.parse(cleaned["time_control"], game_type)
        cleaned["time_control"] = None if control is None else control.to_json()


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
            raise ServiceError(in_words(error), field="game_type") from None
    check_game(cleaned)
    _check_clock(cleaned, cleaned["game_type"])
    check_scoring(cleaned)
    check_details(cleaned)
    slug = slug_for(cleaned.pop("slug", ""), cleaned["name"])
    if not slug:
        raise ServiceError(_("the tournament's short name needs letters or digits"), field="slug")
    try:
        with transaction.atomic():
            tournament = Tournament.objects.create(
                club=club,
                slug=slug,
                seed=secrets.randbits(62),
                created_by=by if by.is_authenticated else None,
                **cleaned,
            )
            after = {"slug": slug} | {k: v for k, v in cleaned.items() if k not in UNLOGGED}
            _audit(tournament, by, "tournament-created", None, after)
            return tournament
    except IntegrityError:
        raise Conflict(
            _("%(club)s already has a tournament %(slug)s")
            % {"club": club.name, "slug": repr(slug)},
            field="slug",
        ) from None


def update_tournament(
    tournament: Tournament,
    *,
    by: User,
    settings: Mapping[str, Any],
    expected_version: int | None = None,
) -> Tournament:
    """Change settings; the game, table sizes, entry kind and method only before any
    round is published. With ``expected_version``, a tournament changed since that
    version is left as it is (:class:`~.versions.StaleVersion`)."""
    require_role(by, tournament.club, Role.DIRECTOR)
    require_editable(tournament)
    cleaned = _clean(settings, partial=True)
    cleaned.pop("slug", None)
    with transaction.atomic():
        claim(Tournament, tournament.pk, expected_version)
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        published = tournament.rounds.filter(status=Round.Status.PUBLISHED).exists()
        changed = {k for k, v in cleaned.items() if getattr(tournament, k) != v}
        locked = sorted(changed & GAME_FIELDS)
        if published and locked:
            raise Conflict(
                _("%(fields)s cannot change once a round is published")
                % {"fields": ", ".join(locked)},
                field=locked[0],
            )
        if changed & GAME_FIELDS and tournament.entries.exists() and "entry_kind" in changed:
            raise Conflict(_("entry_kind cannot change once there are entries"), field="entry_kind")
        merged = {f: getattr(tournament, f) for f in GAME_FIELDS | SCORING_FIELDS} | cleaned
        check_game(merged)
        _check_clock(cleaned, merged["game_type"])
        check_scoring(merged)
        check_details({f: getattr(tournament, f) for f in ("starts_on", "start_time")} | cleaned)
        before = {k: getattr(tournament, k) for k in sorted(changed)}
        for key, value in cleaned.items():
            setattr(tournament, key, value)
        tournament.save()
        if changed:
            after = {k: getattr(tournament, k) for k in sorted(changed)}
            _audit(tournament, by, "tournament-settings-changed", before, after)
        if published:  # scoring, tiebreaks, seed or late entries' score may have changed
            owe_standings(tournament.pk, "settings")
        if changed & GAME_FIELDS:
            drop_drafts(tournament)
    return tournament


def set_status(
    tournament: Tournament, *, by: User, status: str, expected_version: int | None = None
) -> Tournament:
    require_role(by, tournament.club, Role.DIRECTOR)
    if status not in Tournament.Status.values:
        raise ServiceError(f"status must be one of {', '.join(Tournament.Status.values)}")
    require_editable(tournament)
    with transaction.atomic():
        bump(tournament, expected_version)
        before = tournament.status
        tournament.status = status
        tournament.save(update_fields=["status"])
        if before != status:
            change = ({"status": before}, {"status": status})
            _audit(tournament, by, "tournament-status-changed", *change)
    return tournament


UNLOGGED = frozenset({"seed"})
"""Settings the audit log says changed without their values."""


def _audit(tournament: Tournament, by: User, action: str, before: Any, after: Any) -> None:
    def shown(values: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if values is None:
            return None
        return {k: ("…" if k in UNLOGGED else v) for k, v in values.items()}

    audit.record(
        actor=by, club=tournament.club, tournament=tournament, action=action,
        subject=tournament.name, before=shown(before), after=shown(after),
    )  # fmt: skip
