"""The season benchmark's builder makes a season whose table and pages serve."""

from __future__ import annotations

import pytest
from django.test import Client

from benchmarks import season_bench
from scoring import season_table

pytestmark = pytest.mark.django_db


def test_the_benchmark_season_has_a_table_and_serves_its_pages():
    season = season_bench.build(tournaments=3, players=6, entrants=4)
    table = season_table.season_table(season)
    assert len(table.tournaments) == 3 and table.complete
    assert sum(line.row.played for line in table.lines) == 3 * 4
    assert all(line.row.counted == line.row.played for line in table.lines)  # best 10 of 3
    base = f"/clubs/{season.club.slug}/seasons/{season.slug}/"
    for tail in ("", "table.csv", "table.pdf"):
        per_second, size = season_bench.rate(Client(), base + tail, 1, 200)
        assert per_second > 0 and size > 300
