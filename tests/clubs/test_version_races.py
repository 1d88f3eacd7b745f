"""Concurrent edits of records edited in place, on real PostgreSQL (issue 15).

Threads (each with its own connection) save the same tournament's settings, all
starting from the same version, at the same moment: the conditional UPDATE lets
exactly one through; the others are refused with the current settings and the
database holds the winner's change only. Without an expected version every write
goes through and none is lost (the version counts each). Committed data
(``committed_postgres``), with unique names, never deleted."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from tests.support.api import api, cup_url
from tests.support.factories import enter_guests, make_club, make_tournament, member
from tournaments.models import Entry, Role, Tournament
from tournaments.services import tournaments
from tournaments.services.versions import StaleVersion

pytestmark = pytest.mark.postgres

THREADS = 6


def race(work: Callable[[int], Any]) -> list[Any]:
    """``work(n)`` in THREADS threads released together; each one's result or error."""
    barrier = threading.Barrier(THREADS)
    outcomes: list[Any] = []
    lock = threading.Lock()

    def run(n: int) -> None:
        try:
            barrier.wait(timeout=30)
            try:
                result: Any = work(n)
            except StaleVersion as stale:
                result = stale
            with lock:
                outcomes.append(result)
        except BaseException as error:  # noqa: BLE001 - checked by the caller
            with lock:
                outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(outcomes) == THREADS, outcomes
    return outcomes


# Slow (a few seconds in CI): six threads race on committed PostgreSQL rows.
def test_directors_saving_the_same_version_one_wins_the_others_see_it(committed_postgres):
    club = make_club()
    directors = [member(club, Role.DIRECTOR) for _ in range(THREADS)]
    cup = make_tournament(club, directors[0])
    start = cup.version

    def save(n: int) -> Tournament:
        return tournaments.update_tournament(
            cup, by=directors[n], settings={"venue": f"Sala {n}"}, expected_version=start
        )

    outcomes = race(save)
    won = [o for o in outcomes if isinstance(o, Tournament)]
    lost = [o for o in outcomes if isinstance(o, StaleVersion)]
    assert len(won) == 1 and len(lost) == THREADS - 1, outcomes
    cup.refresh_from_db()
    assert cup.venue == won[0].venue and cup.version == start + 1
    assert all(s.current.venue == cup.venue and s.current.version == cup.version for s in lost)


# Slow (a few seconds in CI): six threads race through the API on committed rows.
def test_api_clients_racing_with_if_match_get_one_200_and_412s(committed_postgres):
    club = make_club()
    directors = [member(club, Role.DIRECTOR) for _ in range(THREADS)]
    cup = make_tournament(club, directors[0])
    tag = api().get(cup_url(cup))["ETag"]

    def patch(n: int) -> Any:
        response = api(directors[n]).patch(
            cup_url(cup), {"name": f"Cup {n}"}, format="json", HTTP_IF_MATCH=tag
        )
        return response.status_code, response.json()

    outcomes = race(patch)
    codes = sorted(code for code, _body in outcomes)
    assert codes == [200] + [412] * (THREADS - 1), outcomes
    winner = next(body["name"] for code, body in outcomes if code == 200)
    assert all(body["current"]["name"] == winner for code, body in outcomes if code == 412)
    cup.refresh_from_db()
    assert cup.name == winner and cup.version == 2


# Slow (a few seconds in CI): six threads race on committed PostgreSQL rows.
def test_unconditional_edits_all_count_and_none_is_lost(committed_postgres):
    club = make_club()
    directors = [member(club, Role.DIRECTOR) for _ in range(THREADS)]
    cup = make_tournament(club, directors[0])
    (entry,) = enter_guests(cup, directors[0], 1, check_in=False)
    start = entry.version

    def rate(n: int) -> Entry:
        return tournaments.update_entry(entry, by=directors[n], rating=100 + n)

    outcomes = race(rate)
    assert all(isinstance(o, Entry) for o in outcomes), outcomes
    entry.refresh_from_db()
    assert entry.version == start + THREADS
    assert sorted(o.version for o in outcomes) == list(range(start + 1, start + THREADS + 1))
    last = next(o for o in outcomes if o.version == entry.version)
    assert entry.rating == last.rating
