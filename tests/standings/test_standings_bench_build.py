"""The page benchmark's tournament builder makes standings the pages can serve."""

from __future__ import annotations

import pytest
from django.test import Client

from benchmarks import tournament_db
from scoring import store

pytestmark = pytest.mark.django_db


def test_the_benchmark_tournament_recomputes_and_serves():
    t = tournament_db.build(entries=10, rounds=2)
    done = store.recompute(t.pk)
    assert done.rounds == 2 and done.written == 2 and not done.error
    base = f"/clubs/{t.club.slug}/t/{t.slug}/"
    per_second, size = tournament_db.rate(Client(), base + "standings/", 2, 200)
    assert per_second > 0 and size > 1000
