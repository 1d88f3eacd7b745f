"""The HTTP API benchmark (python -m benchmarks.api_bench) runs; no timing is asserted."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from django.urls import NoReverseMatch, reverse

from benchmarks import api_bench, pg_ceiling
from benchmarks.api_players import ClientResult, choose_event, next_seat

ROOT = Path(__file__).resolve().parents[2]


def test_percentiles():
    values = [n / 1000 for n in range(1, 101)]
    figures = api_bench.percentiles(values)
    assert figures["p50"] == pytest.approx(0.0505)
    assert figures["p90"] == pytest.approx(0.0901)
    assert figures["max"] == 0.1
    assert api_bench.percentiles([]) == {"p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
    assert api_bench.percentiles([0.2])["p99"] == 0.2


def test_a_client_moves_to_the_seat_the_answer_names():
    assert next_seat({"to_act": 2, "legal": []}, 0, 4) == 2  # a trick's winner leads
    assert next_seat({"to_act": [3, 1], "legal": []}, 0, 4) == 3
    assert next_seat({"to_act": None, "legal": []}, 3, 4) == 0
    assert next_seat({}, 1, 2) == 0


class NoCalls:
    def expect(self, *args, **kwargs):
        raise AssertionError("the client asked the server for a view")


def test_a_long_rummy_list_is_played_from_its_hint():
    # Over 1,000 legal actions (melds): the answer lists only the draws or discards,
    # complete=False, and those are events as they stand; no view is fetched.
    discards = [{"type": "discard", "seat": 1, "card": card} for card in ("5H", "KS")]
    legal = {"count": 1500, "complete": False, "legal": discards}
    event = choose_event(NoCalls(), "1", 1, legal, random.Random(0), ClientResult())
    assert event in discards


def test_the_bench_database_is_local_postgres_only():
    url = api_bench.bench_database_url("postgres://postgres@127.0.0.1:5432/tavolo")
    assert url == "postgres://postgres@127.0.0.1:5432/tavolo_bench"
    for bad in ("sqlite:///db.sqlite3", "postgres://postgres@db.example.org:5432/tavolo"):
        with pytest.raises(SystemExit):
            api_bench.bench_database_url(bad)
    with pytest.raises(SystemExit):
        api_bench.bench_database_url("postgres://postgres@127.0.0.1/tavolo", 'x"; DROP')


# Slow (~20 s in CI): runs the HTTP benchmark in a subprocess, which creates, migrates
# and drops a PostgreSQL database of its own.
@pytest.mark.postgres
def test_the_benchmark_runs_against_postgres_and_cleans_up(postgres_server):
    try:
        reverse("api-token")
    except NoReverseMatch:
        pytest.skip("the game API (POST /api/auth/token …) is not in this tree")
    name = f"tavolo_bench_smoke_{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env["DATABASE_URL"] = postgres_server
    result = subprocess.run(
        [sys.executable, "-m", "benchmarks.api_bench", "--clients", "2", "--games", "2",
         "--seconds", "1.5", "--workers", "2", "--database", name],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "accepted moves:" in result.stdout and "moves/s" in result.stdout
    assert "POST /events latency:" in result.stdout and "0 errors" in result.stdout
    assert "PostgreSQL ceiling (8 writers" in result.stdout  # and the ratio to it
    assert "x it (goal >= 0.6)" in result.stdout
    admin = api_bench.bench_database_url(postgres_server, "postgres").replace(
        "postgres://", "postgresql://", 1
    )
    with psycopg.connect(admin, autocommit=True) as conn:
        left = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    assert left is None, "the benchmark left its database behind"


@pytest.mark.postgres
def test_the_postgres_ceiling_counts_commits_and_drops_its_table(postgres_server):
    name = f"tavolo_bench_ceiling_{uuid.uuid4().hex[:8]}"
    url = api_bench.bench_database_url(postgres_server, name)
    api_bench.recreate_database(url)
    try:
        rate = pg_ceiling.inserts_per_second(url, writers=2, seconds=0.5)
        assert rate > 0
        with psycopg.connect(url.replace("postgres://", "postgresql://", 1)) as conn:
            left = conn.execute("SELECT to_regclass(%s)", [pg_ceiling.TABLE]).fetchone()
        assert left == (None,)
    finally:
        api_bench.drop_database(url)


def test_gunicorn_is_the_default_server_and_granian_an_option(capsys):
    from benchmarks import api_server

    gunicorn = api_server.server_command("gunicorn", 8123, 2, 8)
    assert "--config" in gunicorn and str(ROOT / "deploy" / "gunicorn.conf.py") in gunicorn
    assert gunicorn[gunicorn.index("--worker-class") + 1] == "gthread"
    sync = api_server.server_command("gunicorn", 8123, 2, 1)
    assert sync[sync.index("--worker-class") + 1] == "sync"
    granian = api_server.server_command("granian", 8123, 2, 8)
    assert granian[granian.index("--interface") + 1] == "wsgi"
    assert granian[granian.index("--workers") + 1] == "2"
    assert granian[granian.index("--blocking-threads") + 1] == "8"
    assert granian[-1] == "benchmarks.granian_app:application"
    with pytest.raises(SystemExit):
        api_server.server_command("uwsgi", 8123, 2, 8)
    with pytest.raises(SystemExit):
        api_bench.main(["--help"])
    assert "gunicorn (production, default)" in " ".join(capsys.readouterr().out.split())
