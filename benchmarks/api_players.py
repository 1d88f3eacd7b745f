"""The bench's players: client processes that each play their share of the games
over HTTP as players would (:mod:`benchmarks.api_bench` says how), and what they
measured, gathered with the CPU that gunicorn and PostgreSQL used meanwhile."""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from benchmarks.api_server import USERNAMES
from benchmarks.cpu_meter import CpuMeter
from benchmarks.http_client import Client

GAME_OPTIONS: dict[str, tuple[int, dict[str, Any]]] = {
    # Long games, so that few end during a run (a new one is created when one does).
    "whist": (4, {"target": 100}),
    "german_whist": (2, {"deals": 30}),
    "three_handed_whist": (3, {"deals": 30}),
    "italian_whist": (3, {"score_limit": 100}),
    # Burraco's default (target 0) makes one hand the game: it ended every ~300 moves,
    # each end a locked append, scoring and five requests to start the next game.
    "burraco": (4, {"target": 2005}),
    "scala40": (4, {}),
}


def get_tokens(port: int, password: str) -> list[str]:
    """A token of each seat's user, seat 0 first."""
    client = Client(port)
    return [
        str(
            client.expect("POST", "/api/auth/token", {"username": name, "password": password})[
                "token"
            ]
        )
        for name in USERNAMES
    ]


def create_game(seats: list[Client], game_type: str) -> str:
    """Seat 0's user starts a casual game in seat 0; each other seat's user takes the
    seat its invitation offers (a seat is taken only by its own player); the last one
    taken starts the game."""
    players, options = GAME_OPTIONS[game_type]
    answer = seats[0].expect(
        "POST",
        "/api/games/casual",
        {"game": game_type, "players": players, "options": options, "seat": 0},
        status=201,
    )
    for invitation in answer["invitations"]:
        seats[invitation["seat"]].expect("POST", f"/api/games/join/{invitation['token']}")
    return str(answer["game"]["id"])


@dataclass
class ClientResult:
    moves: int = 0
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    requests: int = 0
    games_finished: int = 0
    post_latencies: list[float] = field(default_factory=list)
    move_latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0


def choose_event(
    client: Client,
    game_id: str,
    seat: int,
    legal: dict[str, Any],
    rng: random.Random,
    result: ClientResult,
) -> dict[str, Any]:
    choice: dict[str, Any] = rng.choice(legal["legal"])
    if "choose" not in choice:
        # An event, from the whole list or, when the list is long, from the part the
        # hint lists (Burraco's and Scala 40's draws and discards, melds left out).
        return choice
    # A hint, not an event (Italian Whist's split: choose N of the hand's cards).
    view = client.expect("GET", f"/api/games/{game_id}/view?seat={seat}")
    result.requests += 1
    hand = view.get("hand") or []
    return {"type": choice["type"], "seat": seat, "first": rng.sample(hand, choice["choose"])}


def next_seat(following: dict[str, Any], seat: int, players: int) -> int:
    """The seat to act next as the POST's answer names it (``next.to_act``: one seat,
    or the first of several), as a client reads it; the seat after ``seat`` if the
    answer names none."""
    to_act = following.get("to_act")
    if isinstance(to_act, list):
        to_act = to_act[0] if to_act else None
    return to_act if isinstance(to_act, int) else (seat + 1) % players


def run_client(
    number: int,
    port: int,
    tokens: list[str],
    game_ids: list[str],
    game_type: str,
    seconds: float,
    max_moves: int,
    barrier: Any,
    results: Any,
) -> None:
    """One client process: plays its games in turn until time or moves run out."""
    result = ClientResult()
    try:
        seats = [Client(port, token) for token in tokens]
        rng = random.Random(number)
        players = GAME_OPTIONS[game_type][0]
        games = [{"id": game_id, "seat": 0} for game_id in game_ids]
        barrier.wait(timeout=120)
        started = time.perf_counter()
        cpu_started = time.process_time()
        deadline = started + seconds
        turn = 0
        while result.moves < max_moves and time.perf_counter() < deadline:
            game = games[turn % len(games)]
            turn += 1
            begun = time.perf_counter()
            legal = game.pop("legal", None)  # from the last POST's "next", if it gave one
            if legal is None:
                legal = seats[game["seat"]].expect(
                    "GET", f"/api/games/{game['id']}/legal?seat={game['seat']}"
                )
                result.requests += 1
            if legal["status"] != "active":
                result.games_finished += 1
                game.update(id=create_game(seats, game_type), seat=0)
                continue
            if legal["count"] == 0:  # not this seat's turn: ask who is to act
                view = seats[0].expect("GET", f"/api/games/{game['id']}/view")
                result.requests += 1
                to_act = view["to_act"]
                game["seat"] = to_act[0] if isinstance(to_act, list) else (to_act or 0)
                legal = seats[game["seat"]].expect(
                    "GET", f"/api/games/{game['id']}/legal?seat={game['seat']}"
                )
                result.requests += 1
                if legal["count"] == 0:
                    continue
            seat = legal["seat"]
            client = seats[seat]
            event = choose_event(client, game["id"], seat, legal, rng, result)
            body = {
                "event_id": str(uuid.uuid4()),
                "expected_version": legal["version"],
                "event": event,
            }
            posted = time.perf_counter()
            status, answer = client.request("POST", f"/api/games/{game['id']}/events", body)
            done = time.perf_counter()
            result.requests += 1
            if status == 201:
                result.moves += 1
                result.post_latencies.append(done - posted)
                result.move_latencies.append(done - begun)
                game_next = answer.get("next") or {}
                game["seat"] = next_seat(game_next, seat, players)
                if answer.get("over"):
                    game["legal"] = {"status": "finished"}
                elif game_next.get("legal"):
                    # The answer names the next legal actions when the same player acts
                    # again: no GET /legal for that move.
                    first = game_next["legal"][0]
                    game["seat"] = first["seat"]
                    game["legal"] = {**first, "version": game_next["version"], "status": "active"}
            elif status == 409:
                result.conflicts += 1
            else:
                result.errors.append(f"POST events answered {status}: {answer!r}"[:300])
                if len(result.errors) > 20:
                    break
        result.seconds = time.perf_counter() - started
        result.cpu_seconds = time.process_time() - cpu_started
    except Exception as error:  # noqa: BLE001 - reported by the parent
        result.errors.append(f"client {number} stopped: {error!r}"[:500])
    results.put((number, result))


def percentiles(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)
    cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else []

    def at(p: int) -> float:
        return cuts[p - 1] if cuts else ordered[0]

    return {"p50": at(50), "p90": at(90), "p99": at(99), "max": ordered[-1]}


def run_clients(
    port: int, tokens: list[str], game_ids: list[str], args: argparse.Namespace, meter: CpuMeter
) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(args.clients)
    results = context.Queue()
    shares = [game_ids[n :: args.clients] for n in range(args.clients)]
    processes = [
        context.Process(
            target=run_client,
            args=(
                n,
                port,
                tokens,
                shares[n],
                args.game,
                args.seconds,
                args.max_moves,
                barrier,
                results,
            ),
        )
        for n in range(args.clients)
    ]
    meter.start()
    for process in processes:
        process.start()
    collected: dict[int, ClientResult] = {}
    deadline = time.monotonic() + args.seconds + 180
    while len(collected) < len(processes) and time.monotonic() < deadline:
        try:
            number, result = results.get(timeout=5)
            collected[number] = result
        except Exception:  # noqa: BLE001 - queue.Empty: check the processes are alive
            if all(p.exitcode is not None for p in processes) and results.empty():
                break
    cpu = meter.stop()
    for process in processes:
        process.join(timeout=10)
        if process.is_alive():
            process.kill()
    all_results = list(collected.values())
    cpu["clients"] = sum(r.cpu_seconds for r in all_results)
    wall = max((r.seconds for r in all_results), default=0.0)
    moves = sum(r.moves for r in all_results)
    return {
        "clients": args.clients,
        "reported": len(all_results),
        "seconds": wall,
        "moves": moves,
        "moves_per_second": moves / wall if wall else 0.0,
        "requests": sum(r.requests for r in all_results),
        "conflicts": sum(r.conflicts for r in all_results),
        "games_finished": sum(r.games_finished for r in all_results),
        "errors": [e for r in all_results for e in r.errors],
        "post": percentiles([x for r in all_results for x in r.post_latencies]),
        "move": percentiles([x for r in all_results for x in r.move_latencies]),
        "cpu_seconds": cpu,
    }
