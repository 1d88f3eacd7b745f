"""Concurrent confirmations on real PostgreSQL: a deal is appended to the game once.

Threads (each with its own connection) confirm the same pending deal at the same
moment: scorers of the club and the player of the other side. The table's row lock
queues them; exactly one makes the deal count, the others are told it already
counts, and the game holds one tally. Committed data (``committed_postgres``), with
unique names, never deleted."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tests.support.factories import published, role_user
from tests.support.sheets import cid
from tournaments.models import GameEvent, Role
from tournaments.services import sheets
from tournaments.services.errors import Conflict

pytestmark = pytest.mark.postgres

THREADS = 8


# Slow (~10 s in CI): eight threads race on committed PostgreSQL rows.
def test_concurrent_confirmations_count_a_deal_once(committed_postgres):
    s = published("german_whist", 2, options={"deals": 3})
    table = s.table()
    sheets.submit(table, 1, {"tricks": [7, 6]}, s.seat(0), cid())
    confirmers = [s.seat(1)] + [role_user(s.club, Role.SCORER) for _ in range(THREADS - 1)]
    barrier = threading.Barrier(THREADS)
    outcomes: list[object] = []
    lock = threading.Lock()

    def work(user):
        try:
            barrier.wait(timeout=30)
            try:
                result: object = sheets.confirm(table, 1, user, cid())
            except Conflict as conflict:
                result = conflict
            with lock:
                outcomes.append(result)
        except BaseException as error:  # noqa: BLE001 - checked below
            with lock:
                outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(u,)) for u in confirmers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(outcomes) == THREADS
    written = [o for o in outcomes if isinstance(o, sheets.Written)]
    refused = [o for o in outcomes if isinstance(o, Conflict)]
    assert len(written) == 1 and written[0].counted == (1,), outcomes
    assert len(refused) == THREADS - 1 and all("already" in str(c) for c in refused)
    table.refresh_from_db()
    assert GameEvent.objects.filter(game=table.game, kind=GameEvent.Kind.TALLY).count() == 1
