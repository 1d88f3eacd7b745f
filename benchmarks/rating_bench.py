"""How well, and how fast, the ratings find the stronger players.

    python -m benchmarks.rating_bench [--players N] [--games G] [--seed S] [--quick]

**Accuracy.** A population of ``N`` players (default 240) with known skills (drawn
from a normal distribution) plays a season at each table size: two sides, three,
four, and two partnerships of two. Every round the players are seated at random
tables; a side's performance is its skill (partners: the sum of both) plus noise of
the same spread as the skills (card games are luck as much as skill: the stronger of
two players one standard deviation apart wins about three games in four), and the
sides finish in the order of their performances. After 10, 30 and 100 games a player
the benchmark prints Spearman's rank correlation between the ratings and the true
skills (1 is a perfect order), for the ratings Tavolo computes
(:func:`scoring.ratings.season.rate_results`: OpenSkill's Plackett-Luce) and, on the
very same games, for plain Elo (K = 32 on the 400-point scale; a table of three or
four is every pair of sides as one Elo game each, K shared among the pairs; partners
play as their mean rating and both take the side's change).

**Speed.** Rating updates a second: OpenSkill's ``rate`` alone (one call per game, as
openskill.js counts its published 23k updates a second for Plackett-Luce, a game of two
teams of five), and Tavolo's whole update of a game (win chances before it, the update,
the history rows), for each table size. The figures depend on the machine: read them
beside openskill.js's, which was measured on another one, in JavaScript.

Seeded: the same arguments give the same correlations. Nothing here asserts anything
(``tests/benchmarks/test_rating_bench.py`` runs a small season and checks the figures
are sane).
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from scoring.ratings.scale import model
from scoring.ratings.season import RatedResult, ScopeRatings, rate_results

OPENSKILL_JS_UPDATES_PER_SECOND = 23_000
"""openskill.js's README: Plackett-Luce, about 23,500 ``rate`` calls a second."""
CHECKPOINTS = (10, 30, 100)
ELO_K = 32.0
T0 = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Case:
    name: str
    sides: int
    per_side: int

    @property
    def seats(self) -> int:
        return self.sides * self.per_side


CASES = (
    Case("2 sides", 2, 1),
    Case("3 sides", 3, 1),
    Case("4 sides", 4, 1),
    Case("2 vs 2 partnerships", 2, 2),
)


# ---------------------------------------------------------------------- the season


def season(
    case: Case, players: int, games: int, seed: int
) -> tuple[list[float], list[list[RatedResult]]]:
    """The true skills, and the games of each round (every player plays once a round)."""
    rng = random.Random(seed)
    skills = [rng.gauss(0.0, 1.0) for _ in range(players)]
    rounds = []
    ids = list(range(players))
    number = 0
    for round_number in range(games):
        rng.shuffle(ids)
        played = []
        for start in range(0, players - case.seats + 1, case.seats):
            seated = ids[start : start + case.seats]
            sides = [tuple(seated[i :: case.sides]) for i in range(case.sides)]
            performance = [sum(skills[p] for p in side) + rng.gauss(0.0, 1.0) for side in sides]
            order = sorted(range(case.sides), key=lambda i: -performance[i])
            places = [0] * case.sides
            for place, side_index in enumerate(order, start=1):
                places[side_index] = place
            number += 1
            played.append(
                RatedResult(
                    game=f"{number:08d}",
                    played_at=T0 + timedelta(minutes=number),
                    game_type="bench",
                    club=None,
                    sides=tuple(sides),
                    places=tuple(places),
                )
            )
        rounds.append(played)
        del round_number
    return skills, rounds


# ---------------------------------------------------------------------- Elo


def elo_game(ratings: list[float], result: RatedResult) -> None:
    """Plain Elo on one game: every pair of sides, K shared among a side's pairs."""
    sides = result.sides
    mean = [sum(ratings[p] for p in side) / len(side) for side in sides]
    k = ELO_K / (len(sides) - 1)
    delta = [0.0] * len(sides)
    for i, j in itertools.combinations(range(len(sides)), 2):
        expected = 1.0 / (1.0 + 10 ** ((mean[j] - mean[i]) / 400.0))
        a, b = result.places[i], result.places[j]
        actual = 1.0 if a < b else 0.5 if a == b else 0.0
        delta[i] += k * (actual - expected)
        delta[j] -= k * (actual - expected)
    for side, change in zip(sides, delta, strict=True):
        for player in side:
            ratings[player] += change


# ---------------------------------------------------------------------- Spearman


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    n = len(ra)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5 if va and vb else 0.0


# ---------------------------------------------------------------------- accuracy


@dataclass(frozen=True)
class Accuracy:
    case: Case
    openskill: dict[int, float]
    elo: dict[int, float]


def accuracy(case: Case, players: int, games: int, seed: int) -> Accuracy:
    skills, rounds = season(case, players, games, seed)
    run = ScopeRatings()
    elo = [1500.0] * players
    found_os: dict[int, float] = {}
    found_elo: dict[int, float] = {}
    for played_so_far, played in enumerate(rounds, start=1):
        run = rate_results(played, start=run)
        run.changes.clear()  # the history is not needed here
        for result in played:
            elo_game(elo, result)
        if played_so_far in CHECKPOINTS:
            mus = [run.ratings[p].mu if p in run.ratings else 25.0 for p in range(players)]
            found_os[played_so_far] = spearman(mus, skills)
            found_elo[played_so_far] = spearman(elo, skills)
    return Accuracy(case, found_os, found_elo)


# ---------------------------------------------------------------------- speed


@dataclass(frozen=True)
class Speed:
    name: str
    rate_per_second: float
    """OpenSkill's ``rate`` calls a second."""
    update_per_second: float
    """Tavolo's whole update of a game a second (NaN: not measured)."""
    elo_per_second: float
    """The anchor, measured in the same run: plain Elo updates of the same games."""


def speed(case: Case, games: int, seed: int) -> Speed:
    _, rounds = season(case, max(case.seats * 25, 100), max(games // 25, 4), seed)
    results = [r for played in rounds for r in played][:games]
    m = model()
    teams = [
        ([[m.rating() for _ in side] for side in r.sides], [float(p) for p in r.places])
        for r in results
    ]
    started = time.perf_counter()
    for game, places in teams:
        m.rate(game, ranks=places)
    rate_seconds = time.perf_counter() - started
    started = time.perf_counter()
    rate_results(results)
    update_seconds = time.perf_counter() - started
    elo = [1500.0] * (1 + max(p for r in results for side in r.sides for p in side))
    started = time.perf_counter()
    for result in results:
        elo_game(elo, result)
    elo_seconds = time.perf_counter() - started
    return Speed(
        case.name,
        len(teams) / rate_seconds,
        len(results) / update_seconds,
        len(results) / elo_seconds,
    )


def five_against_five(games: int) -> Speed:
    """openskill.js's own benchmark game: two teams of five."""
    m = model()
    started = time.perf_counter()
    for _ in range(games):
        m.rate([[m.rating() for _ in range(5)], [m.rating() for _ in range(5)]], ranks=[1.0, 2.0])
    seconds = time.perf_counter() - started
    return Speed("5 vs 5 (openskill.js's case)", games / seconds, float("nan"), float("nan"))


# ---------------------------------------------------------------------- report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=240)
    parser.add_argument("--games", type=int, default=100, help="games a player (up to 100)")
    parser.add_argument("--speed-games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--quick", action="store_true", help="a small season (a smoke test)")
    args = parser.parse_args(argv)
    if args.quick:
        args.players, args.speed_games = 48, 400
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"rating_bench: {args.players} players, {args.games} games each, seed {args.seed}; "
        f"Python {platform.python_version()}, load {load:.2f}"
    )
    print()
    print("Spearman's rank correlation of the ratings with the true skills")
    header = "| table | after | OpenSkill (Plackett-Luce) | plain Elo |"
    print(header)
    print("| --- | --- | --- | --- |")
    for case in CASES:
        found = accuracy(case, args.players, args.games, args.seed)
        for games in CHECKPOINTS:
            if games in found.openskill:
                print(
                    f"| {case.name} | {games} games | {found.openskill[games]:.3f} | "
                    f"{found.elo[games]:.3f} |"
                )
    print()
    print(f"Rating updates a second (openskill.js publishes {OPENSKILL_JS_UPDATES_PER_SECOND:,})")
    print("(the anchor, measured in this run: plain Elo on the same games)")
    print(
        "| game | OpenSkill rate() a second | Tavolo's whole update a second "
        "| Elo a second (anchor) | whole update / Elo |"
    )
    print("| --- | --- | --- | --- | --- |")
    for case in CASES:
        measured = speed(case, args.speed_games, args.seed)
        print(
            f"| {measured.name} | {measured.rate_per_second:,.0f} | "
            f"{measured.update_per_second:,.0f} | {measured.elo_per_second:,.0f} | "
            f"{measured.update_per_second / measured.elo_per_second:.3f} |"
        )
    js = five_against_five(args.speed_games)
    print(f"| {js.name} | {js.rate_per_second:,.0f} | - | - | - |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
