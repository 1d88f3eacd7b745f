"""The demo club's Thursday Italian Whist, played to its third round through the sheets.

Rounds 1 and 2 are complete: every deal of every table is a real tally (each hand's
tricks add up to 9, checked by the engine) entered by a player at the table and
confirmed by a player of another side, or by the club's scorer when the table has
one login only; a table of guests without logins has the scorer enter for them (an
official's entry counts at once). Round 3 is published and under way: one table has
finished, one has a deal entered and waiting for confirmation, and at one table two
players entered different tallies of the same deal: disputed, for the director.

Everything goes through :mod:`tournaments.services.sheets` and the round services,
exactly as the pages would, with fixed seeds; it runs once (a round 3 means done),
and the standings are recomputed synchronously at the end (the tests and the demo
run without a broker).
"""

from __future__ import annotations

import random
import uuid
from typing import Any

from django.db import transaction

from scoring.store import recompute
from tournaments.models import Bye, Seat, Table, TableEntry, Tournament
from tournaments.services import rounds, sheets
from tournaments.services.tournaments import update_tournament

SEED = 20261122
SCORING = {"method": "placement"}
"""Tables of three: 2, 1 and 0 points by place (ties share)."""
NAMESPACE = uuid.UUID("0b7c4c5e-56a8-4b8e-9f55-1f3e0c0d7a2d")


def load_demo_results(thursday: Tournament, director: Any, scorer: Any) -> bool:
    """Play rounds 1–2 and part of round 3 unless done; ``True`` when it did."""
    if thursday.rounds.filter(number=3).exists():
        return False
    rng = random.Random(SEED)
    with transaction.atomic():
        if thursday.scoring != SCORING:
            update_tournament(thursday, by=director, settings={"scoring": SCORING})
        for number in (1, 2):
            round_ = thursday.rounds.filter(number=number).first()
            if round_ is None:
                round_ = rounds.publish(rounds.pair_next_round(thursday, by=director), by=director)
            for table in round_.tables.order_by("number"):
                if not sheets.counted_tallies(table.game):
                    _play_table(table, rng, director, scorer)
        third = rounds.pair_next_round(thursday, by=director)
        _seat_logins_for_the_story(third, director)
        third = rounds.publish(third, by=director)
        _third_round(third, rng, director, scorer)
    recompute(thursday.pk)
    return True


# ---------------------------------------------------------------------- tallies


def _hand(rng: random.Random) -> list[int]:
    """Nine tricks among three seats, close to 3 each, so a game lasts a few deals."""
    tricks = [3, 3, 3]
    for _ in range(rng.randint(2, 4)):
        giver, taker = rng.sample(range(3), 2)
        if tricks[giver] > 0:
            tricks[giver] -= 1
            tricks[taker] += 1
    return tricks


def _tally(rng: random.Random) -> dict[str, Any]:
    first, second = _hand(rng), _hand(rng)
    return {"type": "tally", "tricks": [[first[s], second[s]] for s in range(3)]}


def _misread(tally: dict[str, Any]) -> dict[str, Any]:
    """The same deal as another side wrote it: one first-hand trick given elsewhere."""
    tricks = [list(pair) for pair in tally["tricks"]]
    giver = max(range(3), key=lambda s: tricks[s][0])
    tricks[giver][0] -= 1
    tricks[(giver + 1) % 3][0] += 1
    return {"type": "tally", "tricks": tricks}


# ---------------------------------------------------------------------- who writes


def _logins(table: Table) -> list[Any]:
    """The users seated at the table (one per seat with a login), in seat order."""
    seats = Seat.objects.filter(game=table.game).select_related("player__user")
    return [s.player.user for s in seats.order_by("number") if s.player.user_id]


def _official(table: Table, director: Any, scorer: Any) -> Any:
    """The scorer, unless she plays at this table: then the director."""
    return director if scorer in _logins(table) else scorer


def _client(table: Table, deal: int, step: str) -> uuid.UUID:
    return uuid.uuid5(NAMESPACE, f"{table.pk}:{deal}:{step}")


def _agree(table: Table, deal: int, tally: dict[str, Any], director: Any, scorer: Any) -> None:
    """Enter a deal and have it confirmed by another side (or the scorer)."""
    logins = _logins(table)
    if not logins:
        sheets.submit(
            table, deal, tally, _official(table, director, scorer), _client(table, deal, "in")
        )
        return
    sheets.submit(table, deal, tally, logins[0], _client(table, deal, "in"))
    confirmer = logins[1] if len(logins) > 1 else _official(table, director, scorer)
    sheets.confirm(table, deal, confirmer, _client(table, deal, "ok"))


def _over(table: Table) -> bool:
    table.game.refresh_from_db()
    return table.game.status != table.game.Status.ACTIVE


def _play_table(table: Table, rng: random.Random, director: Any, scorer: Any) -> None:
    deal = len(sheets.counted_tallies(table.game)) + 1
    while not _over(table):
        _agree(table, deal, _tally(rng), director, scorer)
        deal += 1


# ---------------------------------------------------------------------- round 3


def _users_of(round_: Any) -> dict[int, Any]:
    """Entry id → user, for the entries with a login."""
    found = {}
    for place in TableEntry.objects.filter(round=round_).select_related("entry__player__user"):
        if place.entry.player and place.entry.player.user_id:
            found[place.entry_id] = place.entry.player.user
    for bye in Bye.objects.filter(round=round_).select_related("entry__player__user"):
        if bye.entry.player and bye.entry.player.user_id:
            found[bye.entry_id] = bye.entry.player.user
    return found


def _seat_logins_for_the_story(round_: Any, director: Any) -> None:
    """Swap in the draft (as a director would) so two players with logins share one
    table (the dispute) and a third login sits at another (the pending entry)."""
    users = _users_of(round_)
    logins = sorted(users, key=lambda pk: users[pk].username)  # alice, bruno, carla, dario

    def where() -> dict[int, int | None]:
        places = dict(TableEntry.objects.filter(round=round_).values_list("entry_id", "table_id"))
        return {pk: places.get(pk) for pk in logins}

    def guest_at(table_id: int) -> int:
        return (
            TableEntry.objects.filter(round=round_, table_id=table_id)
            .exclude(entry_id__in=logins)
            .values_list("entry_id", flat=True)
            .first()
        )

    tables = list(round_.tables.order_by("number").values_list("pk", flat=True))
    alice, bruno, _carla, dario = logins
    if where()[alice] is None:
        rounds.swap(round_, by=director, first=alice, second=guest_at(tables[0]))
    home = where()[alice]
    if where()[bruno] != home:
        rounds.swap(round_, by=director, first=bruno, second=guest_at(home))
    if where()[dario] in (None, home):
        other = next(t for t in tables if t != home)
        rounds.swap(round_, by=director, first=dario, second=guest_at(other))


def _third_round(round_: Any, rng: random.Random, director: Any, scorer: Any) -> None:
    tables = list(round_.tables.order_by("number"))
    by_logins = sorted(tables, key=lambda t: (-len(_logins(t)), t.number))
    disputed, pending = by_logins[0], by_logins[1]
    for table in tables:
        if table not in (disputed, pending):
            _play_table(table, rng, director, scorer)
    # Pending: deal 1 agreed; deal 2 entered by a player, nobody has confirmed yet.
    first = _tally(rng)
    _agree(pending, 1, first, director, scorer)
    if not _over(pending):
        sheets.submit(pending, 2, _tally(rng), _logins(pending)[0], _client(pending, 2, "in"))
    # Disputed: two players of different sides enter different tallies of deal 1.
    a, b = _logins(disputed)[:2]
    tally = _tally(rng)
    sheets.submit(disputed, 1, tally, a, _client(disputed, 1, "in"))
    sheets.submit(disputed, 1, _misread(tally), b, _client(disputed, 1, "other"))
