"""``api_bench --profile N``: N more moves in-process (Django's test client against
the bench database) under cProfile, and where the time goes, per request."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

from benchmarks.api_players import GAME_OPTIONS
from benchmarks.api_server import ROOT


def profile_moves(
    env: dict[str, str],
    tokens: list[str],
    game_type: str,
    moves: int,
    sort: Sequence[str] = ("cumulative",),
    lines: int = 40,
) -> None:
    """Play ``moves`` moves in-process under cProfile (Django's test client)."""
    code = f"""
import cProfile, io, json, pstats, random, time, uuid
import django
django.setup()
from django.test import Client
seats = [Client(HTTP_AUTHORIZATION=f"Token {{token}}", SERVER_NAME="127.0.0.1")
         for token in {tokens!r}]
players, options = {GAME_OPTIONS[game_type]!r}
answer = seats[0].post("/api/games/casual", {{"game": {game_type!r}, "players": players,
                       "options": options, "seat": 0}}, content_type="application/json").json()
game = answer["game"]
for invitation in answer["invitations"]:
    seats[invitation["seat"]].post(f"/api/games/join/{{invitation['token']}}")
rng = random.Random(1)
pending = []
def play(n):
    seat, timings = 0, {{"legal": 0.0, "post": 0.0, "view": 0.0}}
    for _ in range(n):
        t = time.perf_counter()
        legal = pending.pop() if pending else seats[seat].get(
            f"/api/games/{{game['id']}}/legal?seat={{seat}}").json()
        timings["legal"] += time.perf_counter() - t
        if legal["count"] == 0:
            t = time.perf_counter()
            to_act = seats[0].get(f"/api/games/{{game['id']}}/view").json()["to_act"]
            timings["view"] += time.perf_counter() - t
            seat = to_act[0] if isinstance(to_act, list) else to_act
            legal = seats[seat].get(f"/api/games/{{game['id']}}/legal?seat={{seat}}").json()
        seat = legal["seat"]  # a pending "next" may be left from the last play() call
        body = {{"event_id": str(uuid.uuid4()), "expected_version": legal["version"],
                "event": rng.choice(legal["legal"])}}
        t = time.perf_counter()
        answer = seats[seat].post(f"/api/games/{{game['id']}}/events", body,
                                  content_type="application/json")
        timings["post"] += time.perf_counter() - t
        assert answer.status_code == 201, answer.content
        seat = (seat + 1) % players
        following = answer.json()["next"]
        if following["legal"]:
            seat = following["legal"][0]["seat"]
            pending.append({{**following["legal"][0], "version": following["version"]}})
    return timings
play(20)  # warm up
from django.db import connection
from django.test.utils import CaptureQueriesContext
with CaptureQueriesContext(connection) as queries:
    play(10)
print(f"SQL queries per move (POST + any GET it needed), over 10 moves: "
      f"{{len(queries) / 10:.1f}}")
for query in queries.captured_queries[:14]:
    print("   ", query["sql"][:150])
profiler = cProfile.Profile()
start = time.perf_counter()
timings = profiler.runcall(play, {moves})
elapsed = time.perf_counter() - start
print(f"in-process, one thread, no HTTP: {moves} moves in {{elapsed:.2f}} s = "
      f"{{{moves} / elapsed:.0f}} moves/s (profiled); per move: " + ", ".join(
      f"{{k}} {{v / {moves} * 1000:.2f}} ms" for k, v in timings.items()))
out = io.StringIO()
pstats.Stats(profiler, stream=out).sort_stats(*{sort!r}).print_stats({lines})
print(out.getvalue())
"""
    env = dict(env, DJANGO_SETTINGS_MODULE="tavolo.settings")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, timeout=600)
