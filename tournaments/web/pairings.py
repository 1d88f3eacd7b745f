"""A round as the templates draw it: the public pairings and the table cards.

Plain data only (names, labels, numbers), built from the round's tables, places
and byes and, once published, each table's game and its seats, so a card lists
exactly the players the game seated.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, NamedTuple

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.models import GameScore
from tournaments.models import (
    Bye,
    Entry,
    Forfeit,
    Game,
    Round,
    Seat,
    TableEntry,
    TeamMember,
    Tournament,
)
from tournaments.services import entry_ratings, expected_results
from tournaments.services.numbering import for_people
from tournaments.services.seating import Place, my_place
from tournaments.services.sheets import disputed_tables
from tournaments.services.tournaments import seats_per_side
from tournaments.web.sheet_pages import sheet_path


def teams(tournament: Tournament) -> bool:
    return tournament.entry_kind == Tournament.EntryKind.TEAM


def place_label(tournament: Tournament, position: int, sides: int) -> str:
    """Where an entrant sits: its seat, or for a team its side and seats."""
    if not teams(tournament):
        return _("seat %(n)s") % {"n": for_people(position)}
    per_side = seats_per_side(tournament)
    seats = " & ".join(str(for_people(position + k * sides)) for k in range(per_side))
    return _("side %(n)s (seats %(seats)s)") % {"n": for_people(position), "seats": seats}


class _Place(NamedTuple):
    """A place at one of the round's tables, as the pairings read it."""

    table_id: int
    table_number: int
    game_id: Any
    game_mode: str | None
    game_status: str | None
    entry_id: int
    position: int
    entry_number: int
    name: str
    team_id: int | None
    rating: int
    rating_source: str
    rating_games: int | None


def _places(round_: Round) -> list[_Place]:
    """Every place of the round by table and position, as plain rows: building a place,
    its table, game, entry and player as model instances was most of the page's CPU."""
    rows = (
        TableEntry.of_round(round_)
        .order_by("table__number", "position")
        .values_list(
            "table_id",
            "table__number",
            "table__game_id",
            "table__game__mode",
            "table__game__status",
            "entry_id",
            "position",
            "entry__number",
            Entry.name_in_sql("entry__"),
            "entry__team_id",
            "entry__rating",
            "entry__rating_source",
            "entry__rating_games",
        )
    )
    return [_Place(*row) for row in rows]


def round_tables(round_: Round) -> dict[str, Any]:
    """The round's tables (number, game, entrants with where they sit, forfeits, and
    each entrant's final score once the game is over; their ratings and expected
    results where the tournament shows them) and byes. ``users`` per table: the ids of
    the users seated there (who may use its score sheet)."""
    tournament = round_.tournament
    chances = expected_results.expected_results(round_)
    by_table: dict[int, list[_Place]] = defaultdict(list)
    for place in _places(round_):
        by_table[place.table_number].append(place)
    members = _member_names(
        {p.team_id for seated in by_table.values() for p in seated if p.team_id is not None}
    )
    games = [seated[0].game_id for seated in by_table.values() if seated[0].game_id]
    finals = {g.game_id: g.scores for g in GameScore.objects.filter(game_id__in=games)}
    users: dict[Any, set[int]] = defaultdict(set)
    for game_id, user_id in Seat.objects.filter(
        game_id__in=games, player__user__isnull=False
    ).values_list("game_id", "player__user_id"):
        users[game_id].add(user_id)
    disputed = disputed_tables(seated[0].table_id for seated in by_table.values())
    forfeits = {
        (table_id, entry_id): kind
        for table_id, entry_id, kind in Forfeit.objects.filter(table__round=round_).values_list(
            "table_id", "entry_id", "kind"
        )
    }
    show_ratings = tournament.show_ratings
    tables = []
    for number, seated in sorted(by_table.items()):
        first = seated[0]
        final = finals.get(first.game_id)
        tables.append(
            {
                "number": number,
                "pk": first.table_id,
                "game_id": first.game_id,
                "physical": first.game_mode == Game.Mode.PHYSICAL,
                "status": _status(
                    first.game_status,
                    forfeited=any((first.table_id, p.entry_id) in forfeits for p in seated),
                    disputed=first.table_id in disputed,
                ),
                "users": users.get(first.game_id, set()),
                "entrants": [
                    {
                        "entry_id": p.entry_id,
                        "label": place_label(tournament, p.position, len(seated)),
                        "name": p.name,
                        "number": p.entry_number,
                        "members": " & ".join(members.get(p.team_id, ())) if p.team_id else "",
                        "forfeit": _forfeit(forfeits.get((first.table_id, p.entry_id))),
                        "score": final[p.position] if final and p.position < len(final) else None,
                        "rating": (
                            entry_ratings.shown_of(p.rating, p.rating_source, p.rating_games)
                            if show_ratings
                            else None
                        ),
                        "expected": _percent(chances.get(number, {}).get(p.entry_id)),
                    }
                    for p in seated
                ],
            }
        )
    byes = [
        b.entry
        for b in Bye.objects.filter(round=round_).select_related("entry__player", "entry__team")
    ]
    return {"tables": tables, "byes": sorted(byes, key=lambda e: e.number)}


def _percent(chance: float | None) -> int | None:
    return None if chance is None else expected_results.percent(chance)


def _status(game_status: str | None, *, forfeited: bool, disputed: bool) -> str:
    """The table's badge: its game's status (``None``: no game), unless forfeited or
    disputed."""
    if forfeited:
        return "forfeit"
    if disputed:
        return "disputed"
    if game_status == Game.Status.FINISHED:
        return "finished"
    return "playing" if game_status == Game.Status.ACTIVE else ""


def _forfeit(kind: str | None) -> str:
    """How the pairings name a recorded absence (its kind) ("no-show", "forfeit")."""
    if kind is None:
        return ""
    return "no-show" if kind == Forfeit.Kind.NO_SHOW else "forfeit"


def _member_names(team_ids: set[int]) -> dict[int, list[str]]:
    """Each team's players' names in seating order, for every team at once."""
    names: dict[int, list[str]] = defaultdict(list)
    for team_id, name in (
        TeamMember.objects.filter(team_id__in=team_ids)
        .order_by("team_id", "position")
        .values_list("team_id", "player__name")
    ):
        names[team_id].append(name)
    return names


def table_cards(round_: Round) -> list[dict[str, Any]]:
    """One card per table of a published round: its players by seat (from its game)."""
    tournament = round_.tournament
    tables = list(round_.tables.select_related("game").order_by("number"))
    seats: dict[Any, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(
        game__in=[t.game_id for t in tables if t.game_id]
    ).select_related("player"):
        seats[seat.game_id].append(seat)
    sides: dict[int, dict[int, str]] = defaultdict(dict)
    if teams(tournament):
        for place in TableEntry.objects.filter(round=round_).select_related("entry__team"):
            sides[place.table_id][place.position] = place.entry.name
    cards = []
    for table in tables:
        seated = sorted(seats.get(table.game_id, []), key=lambda s: s.number)
        count = len(sides[table.pk]) or 1
        cards.append(
            {
                "number": table.number,
                "game_id": table.game_id,
                "seats": [
                    {
                        "number": s.number,
                        "name": s.player.name,
                        "team": sides[table.pk].get(s.number % count, ""),
                    }
                    for s in seated
                ],
            }
        )
    return cards


def my_table(tournament: Tournament, user: Any) -> dict[str, Any] | None:
    """The player's place in the latest round as the tournament page shows it, with the
    page to go to: the table's score sheet (real cards) or the seat page (online)."""
    place = my_place(tournament, user)
    if place is None:
        return None
    if place.table is None:
        return {"round": place.round, "bye": True}
    return {
        "round": place.round,
        "bye": False,
        "table": place.table.number,
        "seat": place.seat,
        "others": place.others,
        **place_link(place),
    }


def place_link(place: Place) -> dict[str, str]:
    """``link`` and ``label`` of the page a seated player goes to."""
    table = place.table
    assert table is not None and table.game is not None
    if table.game.mode == Game.Mode.PHYSICAL:
        return {"link": sheet_path(table), "label": _("Score sheet")}
    return {"link": reverse("games:seat", args=[table.game_id, place.seat]), "label": _("Play")}
