"""A round's life: pair → preview → edit → publish, and corrections afterwards.

Pairing builds the pure pairing engine's input from the tournament's history
(:func:`pairing_input`), runs it, and stores the result as a *draft* round that may
be re-paired or edited (:func:`swap`) at will. :func:`preview` shows the draft as a
director sees it: each table's entrants and scores, rematches, forbidden pairs and
score gaps. :func:`publish` fixes the round and gives every table its game in the
event store. A published round changes only through :func:`correct`, which writes
an append-only :class:`RoundCorrection` and re-seats tables whose games have not
begun.

**Where the code lives.** The engine's input is built in
:mod:`~tournaments.services.pairing_input` and the preview in
:mod:`~tournaments.services.round_preview`; both are re-exported here, where callers
import them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.owed import owe_standings
from tournaments import pairing
from tournaments.models import (
    Bye,
    Entry,
    Game,
    GameEvent,
    Role,
    Round,
    RoundCorrection,
    Table,
    TableEntry,
    Tournament,
)
from tournaments.services import audit, entry_ratings, live, round_closing, seats, table_states
from tournaments.services import games as game_service
from tournaments.services.access import User, require_role
from tournaments.services.drafts import require_editable, reusable_draft
from tournaments.services.errors import Conflict, NotFound, ServiceError
from tournaments.services.pairing_input import (
    History,
    active_entries,
    forbidden_pairs,
    history,
    pairing_input,
    scores,
)
from tournaments.services.round_preview import RoundPreview, SeatedEntry, TablePreview, preview
from tournaments.services.tournaments import seats_per_side
from tournaments.services.versions import bump

__all__ = [
    "METHOD",
    "History",
    "RoundPreview",
    "SeatedEntry",
    "TablePreview",
    "active_entries",
    "correct",
    "forbidden_pairs",
    "history",
    "pair_next_round",
    "pairing_input",
    "preview",
    "publish",
    "round_of",
    "scores",
    "swap",
]

METHOD = Tournament.PairingMethod


# ------------------------------------------------------------------ pairing


def round_of(tournament: Tournament, number: int) -> Round:
    try:
        return tournament.rounds.get(number=number)
    except (Round.DoesNotExist, ValueError, TypeError):
        raise NotFound(
            _("%(name)s has no round %(n)s") % {"name": tournament.name, "n": repr(number)}
        ) from None


def pair_next_round(tournament: Tournament, *, by: User, confirm_unfinished: bool = False) -> Round:
    """Pair the next round as a draft (re-pairing an unpublished one replaces it).
    While tables of the last published round are unfinished this is refused
    (:class:`~tournaments.services.table_states.UnfinishedTables`, listing them)
    unless ``confirm_unfinished``: the director saw the list and pairs anyway."""
    require_role(by, tournament.club, Role.DIRECTOR)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        require_editable(tournament)
        published = tournament.rounds.filter(status=Round.Status.PUBLISHED).count()
        number = published + 1
        if number > tournament.rounds_planned:
            raise Conflict(
                _("all %(n)s rounds are published; raise rounds_planned to add one")
                % {"n": tournament.rounds_planned}
            )
        last = tournament.rounds.filter(number=published).first() if published else None
        table_states.require_finished(last, confirmed=confirm_unfinished)
        if number == 1:  # seeded by the ratings as they are now, kept for the event
            entry_ratings.refresh(tournament, by=by)
        data = pairing_input(tournament, number)
        if not data["entrants"]:
            raise Conflict(_("no entry is checked in: check entries in before pairing"))
        try:
            result = pairing.pair_round(pairing.parse_round(data))
        except pairing.PairingInputError as error:
            raise ServiceError(
                _("cannot pair round %(n)s: %(error)s") % {"n": number, "error": error}
            ) from None
        if not result.tables:
            raise Conflict(_("%(n)s entrant(s) cannot fill a table") % {"n": len(result.byes)})
        again = tournament.rounds.filter(number=number).exists()  # a draft paired again
        round_ = reusable_draft(tournament, number) or Round.objects.create(
            tournament=tournament, number=number, method=tournament.pairing_method
        )
        _store(round_, result.tables, result.byes)
        after = {"round": number, "tables": len(result.tables), "byes": len(result.byes)}
        if confirm_unfinished and last is not None:
            after["confirmed_unfinished"] = True
        action = "round-repaired" if again else "round-paired"
        _audit(round_, by, action, None, after, tournament)
        if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.OPEN):
            bump(tournament)  # a settings form opened before is stale now
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
    return round_


def _audit(
    round_: Round,
    by: User,
    action: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    tournament: Tournament | None = None,
) -> None:
    tournament = tournament or round_.tournament
    audit.record(
        actor=by, club=tournament.club, tournament=tournament, action=action,
        subject=str(round_.number), before=before, after=after,
    )  # fmt: skip


def _names(*entry_ids: int) -> list[str]:
    found = {e.pk: e.name for e in Entry.objects.filter(pk__in=entry_ids).select_related(
        "player", "team")}  # fmt: skip
    return [found.get(pk, str(pk)) for pk in entry_ids]


def _store(round_: Round, tables: Iterable[Iterable[str]], byes: Iterable[str]) -> None:
    places = []
    for index, seated in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=index)
        places += [
            TableEntry(round=round_, table=table, position=p, entry_id=int(e))
            for p, e in enumerate(seated)
        ]
    TableEntry.objects.bulk_create(places)
    Bye.objects.bulk_create(Bye(round=round_, entry_id=int(e)) for e in byes)


def _draft(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.is_published:
        raise Conflict(
            _("round %(n)s is published: change it with a correction, with a reason")
            % {"n": round_.number}
        )
    return round_


def _locate(round_: Round, entry_id: int) -> TableEntry | Bye:
    place = TableEntry.objects.filter(round=round_, entry_id=entry_id).first()
    if place is not None:
        return place
    bye = Bye.objects.filter(round=round_, entry_id=entry_id).first()
    if bye is None:
        raise ServiceError(
            _("entry %(id)s is not in round %(n)s") % {"id": entry_id, "n": round_.number}
        )
    return bye


def _exchange(round_: Round, first: int, second: int) -> list[Table]:
    """Exchange two entries' places (seat, table or bye); the tables touched."""
    if first == second:
        raise ServiceError(_("choose two different entries to swap"))
    a, b = _locate(round_, first), _locate(round_, second)
    # Unique (round, entry): both rows go, then come back with their entries exchanged.
    TableEntry.objects.filter(round=round_, entry_id__in=(first, second)).delete()
    Bye.objects.filter(round=round_, entry_id__in=(first, second)).delete()
    for row, entry_id in ((a, second), (b, first)):
        row.pk = None
        row.entry_id = entry_id
        row.save(force_insert=True)
    return [row.table for row in (a, b) if isinstance(row, TableEntry)]


def swap(round_: Round, *, by: User, first: int, second: int) -> Round:
    """Exchange two entries of a draft round: seats, tables, or a table and a bye."""
    require_role(by, round_.tournament.club, Role.DIRECTOR)
    require_editable(round_.tournament)
    with transaction.atomic():
        round_ = _draft(round_)
        _exchange(round_, first, second)
        after = {"round": round_.number, "entries": _names(first, second)}
        _audit(round_, by, "round-swapped", None, after)
    return round_


def publish(round_: Round, *, by: User) -> Round:
    """Fix a draft round and give every table its game, seated and started."""
    require_role(by, round_.tournament.club, Role.DIRECTOR)
    require_editable(round_.tournament)
    with transaction.atomic():
        round_ = _draft(round_)
        tournament = round_.tournament
        if not round_.tables.exists():
            raise Conflict(
                _("round %(n)s has no tables: pair it again first") % {"n": round_.number}
            )
        for table in round_.tables.all():
            _give_game(table, tournament, by)
        round_.status = Round.Status.PUBLISHED
        round_.published_at = timezone.now()
        round_.published_by = by if by.is_authenticated else None
        round_.save(update_fields=["status", "published_at", "published_by"])
        owe_standings(tournament.pk, "round published")
        after = {"round": round_.number, "tables": round_.tables.count()}
        _audit(round_, by, "round-published", None, after, tournament)
        # Publishing the next round closes the earlier ones: their guest links expire.
        round_closing.close_earlier(round_, by=by)
        number, tournament_id = round_.number, tournament.pk
        transaction.on_commit(lambda: live.announce_round(tournament_id, number))
    return round_


def _seating(table: Table, tournament: Tournament) -> list[Any]:
    """The players of a table in seat order (a team at side p takes seats p, p+2, …)."""
    places = list(table.places.select_related("entry__player", "entry__team"))
    if tournament.entry_kind == Tournament.EntryKind.INDIVIDUAL:
        return [place.entry.player for place in places]
    sides = len(places)
    per_side = seats_per_side(tournament)
    seats: list[Any] = [None] * (sides * per_side)
    for place in places:
        for k, player in enumerate(place.entry.team.players_in_order()):  # type: ignore[union-attr]
            seats[place.position + k * sides] = player
    return seats


def _give_game(table: Table, tournament: Tournament, by: User) -> Game:
    seated = _seating(table, tournament)
    game = game_service.create_game(
        game_type=tournament.game_type,
        players=len(seated),
        options=tournament.options,
        mode=tournament.mode,
        created_by=by,
        time_control=tournament.time_control if tournament.mode == Game.Mode.ONLINE else None,
    )
    for number, player in enumerate(seated):
        seats.seat_by_authority(game, number, player)
    game_service.start_game(game.pk)
    table.game = game
    table.save(update_fields=["game"])
    return game


def _has_begun(game: Game | None) -> bool:
    """A table's game has begun once any player acted or any tally was entered."""
    if game is None:
        return False
    return GameEvent.objects.filter(game=game).exclude(kind=GameEvent.Kind.CHANCE).exists()


def correct(round_: Round, *, by: User, first: int, second: int, reason: str) -> RoundCorrection:
    """Exchange two entries of a published round, with a reason, as an append-only
    correction. Only tables whose games have not begun may change; their games are
    voided and replaced by new ones seated the new way."""
    require_role(by, round_.tournament.club, Role.DIRECTOR)
    require_editable(round_.tournament)
    reason = reason.strip()
    if not reason:
        raise ServiceError(_("a correction needs a reason"))
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if not round_.is_published:
            raise Conflict(
                _("round %(n)s is not published: swap entries directly") % {"n": round_.number}
            )
        tables = _exchange(round_, first, second)
        change: dict[str, Any] = {"swap": [first, second], "tables": {}}
        for table in {t.pk: t for t in tables}.values():
            table.refresh_from_db()
            old = table.game
            if _has_begun(old):
                raise Conflict(
                    _("table %(n)s has begun playing; enter a correction in its game")
                    % {"n": table.number}
                )
            if old is not None:
                Game.objects.filter(pk=old.pk).update(status=Game.Status.VOID)
            new = _give_game(table, round_.tournament, by)
            change["tables"][str(table.number)] = {
                "old_game": str(old.pk) if old else None,
                "new_game": str(new.pk),
            }
        owe_standings(round_.tournament_id, "round corrected")
        names = _names(first, second)
        after = {"round": round_.number, "entries": names, "reason": reason[:300]}
        _audit(round_, by, "round-corrected", None, after)
        return RoundCorrection.objects.create(
            round=round_, made_by=by, reason=reason[:300], change=change
        )
