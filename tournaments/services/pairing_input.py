"""The pairing engine's input for a round, read from the tournament's history.

:func:`pairing_input` builds the JSON :mod:`tournaments.pairing` reads: the entries
paired (:func:`active_entries`), their scores so far (:func:`scores`), who met whom
(:func:`history`) and the pairs kept apart (:func:`forbidden_pairs`). The round's
preview reads the same history (:mod:`~tournaments.services.round_preview`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from scoring.numbers import decimal_json
from scoring.store import current_points
from tournaments.models import Bye, Entry, ForbiddenPair, Round, TableEntry, Tournament
from tournaments.services.tournaments import entries_per_table

METHOD = Tournament.PairingMethod


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
