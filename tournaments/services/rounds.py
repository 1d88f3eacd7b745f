"""A round's life: pair → preview → edit → publish, and corrections afterwards.

Pairing builds the pure pairing engine's input from the tournament's history
(:func:`pairing_input`), runs it, and stores the result as a *draft* round that may
be re-paired or edited (:func:`swap`) at will. :func:`preview` shows the draft as a
director sees it: each table's entrants and scores, rematches, forbidden pairs and
score gaps. :func:`publish` fixes the round and gives every table its game in the
event store. A published round changes only through :func:`correct`, which writes
an append-only :class:`RoundCorrection` and re-seats tables whose games have not
begun.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring.numbers import decimal_json
from scoring.owed import owe_standings
from scoring.store import current_points
from tournaments import pairing
from tournaments.models import (
    Bye,
    Entry,
    ForbiddenPair,
    Game,
    GameEvent,
    Role,
    Round,
    RoundCorrection,
    Table,
    TableEntry,
    Tournament,
)
from tournaments.services import games as game_service
from tournaments.services import round_closing, table_states
from tournaments.services.clubs import User, require_role
from tournaments.services.drafts import require_editable, reusable_draft
from tournaments.services.errors import Conflict, NotFound, ServiceError
from tournaments.services.tournaments import entries_per_table, seats_per_side

METHOD = Tournament.PairingMethod


# ------------------------------------------------------------------ history


@dataclass
class History:
    """Who met whom, partnered whom and sat out, over the published rounds."""

    opponents: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    partners: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    previous: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    byes: dict[int, int] = field(default_factory=lambda: defaultdict(int))


def history(tournament: Tournament, before: int) -> History:
    """The history of rounds 1 … ``before - 1`` (published ones only)."""
    result = History()
    movement = tournament.pairing_method == METHOD.WHIST_DRIVE
    tables: dict[int, list[tuple[int, int]]] = defaultdict(list)
    round_of: dict[int, int] = {}
    places = TableEntry.objects.filter(
        table__round__tournament=tournament,
        table__round__number__lt=before,
        table__round__status=Round.Status.PUBLISHED,
    ).values_list("table_id", "position", "entry_id", "table__round__number")
    for table_id, position, entry_id, number in places:
        tables[table_id].append((position, entry_id))
        round_of[table_id] = number
    for table_id, seated in tables.items():
        last = round_of[table_id] == before - 1
        for pos_a, a in seated:
            for pos_b, b in seated:
                if a == b:
                    continue
                partner = movement and pos_a % 2 == pos_b % 2
                (result.partners if partner else result.opponents)[a].append(b)
                if last and not partner:
                    result.previous[a].append(b)
    for entry_id in Bye.objects.filter(
        round__tournament=tournament,
        round__number__lt=before,
        round__status=Round.Status.PUBLISHED,
    ).values_list("entry_id", flat=True):
        result.byes[entry_id] += 1
    return result


def scores(tournament: Tournament, entries: Iterable[Entry]) -> dict[int, Decimal]:
    """Each entry's tournament score so far: its points in the standings after the
    last published round (which include a late entry's start score), recomputed first
    if a result changed since (so pairing never uses stale scores); an entry not in the
    standings yet has its start score."""
    points = current_points(tournament)
    return {entry.pk: points.get(entry.pk, entry.start_score) for entry in entries}


def active_entries(tournament: Tournament, number: int) -> list[Entry]:
    """Entries paired in round ``number``: checked in, not withdrawn, already joined."""
    return list(
        tournament.entries.filter(
            status=Entry.Status.CHECKED_IN, joins_round__lte=number
        ).select_related("player", "team")
    )


def forbidden_pairs(tournament: Tournament, entries: list[Entry]) -> set[frozenset[int]]:
    """Director-set pairs, plus same household / same club team when the tournament says."""
    ids = {e.pk for e in entries}
    pairs = {
        frozenset(p)
        for p in ForbiddenPair.objects.filter(tournament=tournament).values_list(
            "first_id", "second_id"
        )
        if set(p) <= ids
    }
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for entry in entries:
        if tournament.avoid_same_household and entry.household:
            groups[("household", entry.household.casefold())].append(entry.pk)
        if tournament.avoid_same_affiliation and entry.affiliation:
            groups[("affiliation", entry.affiliation.casefold())].append(entry.pk)
    for members in groups.values():
        pairs.update(frozenset((a, b)) for a in members for b in members if a < b)
    return pairs


def pairing_input(tournament: Tournament, number: int) -> dict[str, Any]:
    """The pairing engine's JSON input for round ``number`` of the tournament."""
    active = active_entries(tournament, number)
    past = history(tournament, number)
    score = scores(tournament, active)
    method = tournament.pairing_method
    scheduled = method in (METHOD.MITCHELL, METHOD.ROUND_ROBIN)
    # Scheduled methods seat everyone by start number, present or not: an absent
    # entrant keeps its place in the schedule and its opponent sits out.
    roster = (
        list(tournament.entries.exclude(joins_round__gt=number).select_related("player", "team"))
        if scheduled
        else active
    )
    active_ids = {e.pk for e in active}
    known = {e.pk for e in roster}

    def rating(entry: Entry) -> int:
        if tournament.first_round == Tournament.FirstRound.ENTRY:
            return -entry.number
        if tournament.first_round == Tournament.FirstRound.DRAW:
            return 0
        return entry.rating

    entrants = []
    for entry in sorted(roster, key=lambda e: e.number):
        item: dict[str, Any] = {
            "id": str(entry.pk),
            "score": decimal_json(score.get(entry.pk, entry.start_score)),
            "opponents": [str(o) for o in past.opponents.get(entry.pk, []) if o in known],
            "partners": [str(p) for p in past.partners.get(entry.pk, []) if p in known],
            "byes": past.byes.get(entry.pk, 0),
            "rating": rating(entry),
        }
        if method == METHOD.DANESE_MODIFICATO:
            item["previous"] = [str(p) for p in past.previous.get(entry.pk, []) if p in known]
        if scheduled and entry.pk not in active_ids:
            item["active"] = False
        entrants.append(item)
    data: dict[str, Any] = {
        "table_size": entries_per_table(tournament),
        "seed": tournament.seed,
        "entrants": entrants,
    }
    # Only a Swiss can steer around forbidden pairs; the other methods' tables follow
    # from the standings or the schedule alone (the setup page says so).
    if method in (METHOD.SWISS, METHOD.WHIST_DRIVE):
        data["forbidden"] = [sorted(map(str, p)) for p in forbidden_pairs(tournament, active)]
    if method == METHOD.WHIST_DRIVE:
        data["movement"] = True
    elif method != METHOD.SWISS:
        data["method"] = method
        data["round"] = number
        data["rounds"] = tournament.rounds_planned
        if method == METHOD.ROUND_ROBIN and tournament.group_size:
            data["group_size"] = tournament.group_size
    return data


# ------------------------------------------------------------------ pairing


def round_of(tournament: Tournament, number: int) -> Round:
    try:
        return tournament.rounds.get(number=number)
    except (Round.DoesNotExist, ValueError, TypeError):
        raise NotFound(f"{tournament.name} has no round {number!r}") from None


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
                f"all {tournament.rounds_planned} rounds are published; "
                "raise rounds_planned to add one"
            )
        last = tournament.rounds.filter(number=published).first() if published else None
        table_states.require_finished(last, confirmed=confirm_unfinished)
        data = pairing_input(tournament, number)
        if not data["entrants"]:
            raise Conflict("no entry is checked in: check entries in before pairing")
        try:
            result = pairing.pair_round(pairing.parse_round(data))
        except pairing.PairingInputError as error:
            raise ServiceError(f"cannot pair round {number}: {error}") from None
        if not result.tables:
            raise Conflict(f"{len(result.byes)} entrant(s) cannot fill a table")
        round_ = reusable_draft(tournament, number) or Round.objects.create(
            tournament=tournament, number=number, method=tournament.pairing_method
        )
        _store(round_, result.tables, result.byes)
        if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.OPEN):
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
    return round_


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
            f"round {round_.number} is published: change it with a correction, with a reason"
        )
    return round_


def _locate(round_: Round, entry_id: int) -> TableEntry | Bye:
    place = TableEntry.objects.filter(round=round_, entry_id=entry_id).first()
    if place is not None:
        return place
    bye = Bye.objects.filter(round=round_, entry_id=entry_id).first()
    if bye is None:
        raise ServiceError(f"entry {entry_id} is not in round {round_.number}")
    return bye


def _exchange(round_: Round, first: int, second: int) -> list[Table]:
    """Exchange two entries' places (seat, table or bye); the tables touched."""
    if first == second:
        raise ServiceError("choose two different entries to swap")
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
    return round_


def publish(round_: Round, *, by: User) -> Round:
    """Fix a draft round and give every table its game, seated and started."""
    require_role(by, round_.tournament.club, Role.DIRECTOR)
    require_editable(round_.tournament)
    with transaction.atomic():
        round_ = _draft(round_)
        tournament = round_.tournament
        if not round_.tables.exists():
            raise Conflict(f"round {round_.number} has no tables: pair it again first")
        for table in round_.tables.all():
            _give_game(table, tournament, by)
        round_.status = Round.Status.PUBLISHED
        round_.published_at = timezone.now()
        round_.published_by = by if by.is_authenticated else None
        round_.save(update_fields=["status", "published_at", "published_by"])
        owe_standings(tournament.pk, "round published")
        # Publishing the next round closes the earlier ones: their guest links expire.
        round_closing.close_earlier(round_, by=by)
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
    seats = _seating(table, tournament)
    game = game_service.create_game(
        game_type=tournament.game_type,
        players=len(seats),
        options=tournament.options,
        mode=tournament.mode,
        created_by=by,
    )
    for number, player in enumerate(seats):
        game_service.seat_player(game, number, player)
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
        raise ServiceError("a correction needs a reason")
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if not round_.is_published:
            raise Conflict(f"round {round_.number} is not published: swap entries directly")
        tables = _exchange(round_, first, second)
        change: dict[str, Any] = {"swap": [first, second], "tables": {}}
        for table in {t.pk: t for t in tables}.values():
            table.refresh_from_db()
            old = table.game
            if _has_begun(old):
                raise Conflict(
                    f"table {table.number} has begun playing; enter a correction in its game"
                )
            if old is not None:
                Game.objects.filter(pk=old.pk).update(status=Game.Status.VOID)
            new = _give_game(table, round_.tournament, by)
            change["tables"][str(table.number)] = {
                "old_game": str(old.pk) if old else None,
                "new_game": str(new.pk),
            }
        owe_standings(round_.tournament_id, "round corrected")
        return RoundCorrection.objects.create(
            round=round_, made_by=by, reason=reason[:300], change=change
        )


# ------------------------------------------------------------------ preview


@dataclass(frozen=True)
class SeatedEntry:
    entry: Entry
    position: int
    score: Decimal


@dataclass(frozen=True)
class TablePreview:
    table: Table
    seated: list[SeatedEntry]
    rematches: list[tuple[Entry, Entry]]
    forbidden: list[tuple[Entry, Entry]]
    score_gap: Decimal


@dataclass(frozen=True)
class RoundPreview:
    round: Round
    tables: list[TablePreview]
    byes: list[SeatedEntry]
    rematches: int
    forbidden: int
    score_cost: Decimal
    """The sum over tables of the squared score difference of every two entrants."""


def preview(round_: Round) -> RoundPreview:
    """A round as the director sees it before (and after) publishing."""
    tournament = round_.tournament
    past = history(tournament, round_.number)
    places = list(
        TableEntry.objects.filter(round=round_)
        .select_related("table", "table__game", "entry__player", "entry__team")
        .order_by("table__number", "position")
    )
    bye_entries = [
        b.entry
        for b in Bye.objects.filter(round=round_).select_related("entry__player", "entry__team")
    ]
    everyone = [p.entry for p in places] + bye_entries
    score = scores(tournament, everyone)
    forbidden = forbidden_pairs(tournament, everyone)
    by_table: dict[int, list[TableEntry]] = defaultdict(list)
    tables: dict[int, Table] = {}
    for place in places:
        by_table[place.table.number].append(place)
        tables[place.table.number] = place.table
    previews = []
    cost = Decimal(0)
    movement = tournament.pairing_method == METHOD.WHIST_DRIVE
    for number in sorted(by_table):
        seated = [SeatedEntry(p.entry, p.position, score[p.entry_id]) for p in by_table[number]]
        rematches, banned = [], []
        for i, a in enumerate(seated):
            for b in seated[i + 1 :]:
                partners_now = movement and a.position % 2 == b.position % 2
                if movement:
                    before = past.partners if partners_now else past.opponents
                    met = b.entry.pk in before.get(a.entry.pk, [])
                else:
                    met = b.entry.pk in past.opponents.get(a.entry.pk, [])
                if met:
                    rematches.append((a.entry, b.entry))
                if frozenset((a.entry.pk, b.entry.pk)) in forbidden:
                    banned.append((a.entry, b.entry))
                cost += (a.score - b.score) ** 2
        values = [s.score for s in seated]
        previews.append(
            TablePreview(tables[number], seated, rematches, banned, max(values) - min(values))
        )
    return RoundPreview(
        round=round_,
        tables=previews,
        byes=[SeatedEntry(e, 0, score[e.pk]) for e in bye_entries],
        rematches=sum(len(t.rematches) for t in previews),
        forbidden=sum(len(t.forbidden) for t in previews),
        score_cost=cost,
    )
