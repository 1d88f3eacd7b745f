"""What bringing the stored ratings up to date costs, and how it grows with the history.

    python -m benchmarks.ratings_update_bench [--entries 250,500,1000] [--rounds 9]
                                              [--events 60] [--repeat 3] [--database-url URL]

For each ``--entries`` builds, with :mod:`benchmarks.tournament_db`'s builder, a
finished German whist tournament of that many entries over ``--rounds`` rounds (tables
of two: entries / 2 × rounds games, a few no-shows, which are not rated), and makes its
games rated games: a finishing time each (round by round), their seats, and
``--events`` events each as an online game's log (plays; one game in fifty ends with a
resignation, which the ratings read). Then, on
the one game type, through the service the Celery task calls
(:func:`scoring.rating_service.update_ratings`), best of ``--repeat``:

- **from scratch**: every game rated and its rows written (``manage.py
  rebuild_ratings``; also what a correction anywhere in the history costs);
- **one game more**: the last game finishing after everything rated, rated on top of
  the stored ratings and appended (what each game that ends costs the worker);
- **nothing new**: the check alone;
- **the anchor**, measured in the same run: reading the rated games
  (:func:`scoring.rating_input.rated_results`: the games, their final scores, seats,
  forfeits and resignations), which every update does first to compare the history
  with what was rated.

An update reads the whole history of the game type (to notice a game corrected,
voided or finished late anywhere in it), so "one game more" grows with the games
rated before it; the figures say how fast. A fresh SQLite file unless
``--database-url`` names a migrated database (the rows are left there). Asserts
nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from benchmarks.tournament_db import analyze, best, build, django_on, sizes

GAME_TYPE = "german_whist"


def make_rated(t: Any, events: int) -> tuple[int, Any]:
    """Give ``t``'s games a finishing time (round by round, table by table), their
    seats and ``events`` events each; return how many games and the last to finish."""
    from datetime import timedelta

    from django.utils import timezone

    from scoring.models import GameScore
    from tournaments.models import Game, GameEvent, Seat, TableEntry

    start = timezone.now() - timedelta(days=30)
    places = TableEntry.objects.filter(round__tournament=t).values_list(
        "table__game_id", "position", "entry__player_id", "round__number", "table__number"
    )
    finished: dict[Any, Any] = {}
    seats = []
    for game_id, position, player_id, round_number, table_number in places:
        finished[game_id] = start + timedelta(hours=round_number, seconds=table_number)
        seats.append(Seat(game_id=game_id, number=position, player_id=player_id))
    Seat.objects.bulk_create(seats, batch_size=2000)
    games = list(Game.objects.filter(pk__in=finished).order_by("pk"))
    log: list[Any] = []
    for number, game in enumerate(games):
        game.finished_at = finished[game.pk]
        if events:
            game.version = events
            log += _online_log(game, events, resigned=number % 50 == 0)
            if len(log) >= 20_000:
                GameEvent.objects.bulk_create(log, batch_size=5000)
                log = []
    GameEvent.objects.bulk_create(log, batch_size=5000)
    Game.objects.bulk_update(games, ["finished_at", "version"], batch_size=2000)
    if events:  # the final scores cached at the game's version, as a finished game has
        GameScore.objects.filter(game__in=games).update(version=events)
    analyze()
    return len(games), max(games, key=lambda g: (g.finished_at, g.pk))


def _online_log(game: Any, events: int, resigned: bool) -> list[Any]:
    """``events`` plays by the two seats in turn, the last a resignation if ``resigned``."""
    import uuid

    from tournaments.models import GameEvent

    log = []
    for sequence in range(events):
        seat = sequence % 2
        payload: dict[str, Any] = {"type": "play", "seat": seat, "card": "AS"}
        if resigned and sequence == events - 1:
            payload = {"type": "resign", "seat": seat}
        log.append(
            GameEvent(
                game=game,
                sequence=sequence,
                kind=GameEvent.Kind.PLAYER,
                seat=seat,
                payload=payload,
                event_id=uuid.uuid4(),
            )
        )
    return log


def measure(entries: int, rounds: int, events: int, repeat: int) -> dict[str, float]:
    from scoring.rating_input import rated_results
    from scoring.rating_service import update_ratings
    from tournaments.models import Game

    started = time.perf_counter()
    t = build(entries, rounds)
    games, last = make_rated(t, events)
    built = time.perf_counter() - started
    rated = len(rated_results([GAME_TYPE]))

    def without_last() -> None:
        Game.objects.filter(pk=last.pk).update(finished_at=None)
        update_ratings(GAME_TYPE)
        Game.objects.filter(pk=last.pk).update(finished_at=last.finished_at)

    figures = {
        "anchor": best(lambda: rated_results([GAME_TYPE]), repeat),
        "scratch": best(lambda: update_ratings(GAME_TYPE, from_scratch=True), repeat),
        "one_more": best(lambda: update_ratings(GAME_TYPE), repeat, setup=without_last),
        "nothing": best(lambda: update_ratings(GAME_TYPE), repeat),
    }
    assert update_ratings(GAME_TYPE).appended == {}, "the last update left something"
    print(
        f"  {entries} entries x {rounds} rounds: {games} games of {events} events, {rated} rated "
        f"(built in {built:.1f} s); best of {repeat}:\n"
        f"    from scratch {figures['scratch'] * 1000:8.1f} ms  "
        f"({figures['scratch'] / figures['anchor']:.1f} x the anchor)\n"
        f"    one game more{figures['one_more'] * 1000:8.1f} ms  "
        f"({figures['one_more'] / figures['anchor']:.1f} x)\n"
        f"    nothing new  {figures['nothing'] * 1000:8.1f} ms  "
        f"({figures['nothing'] / figures['anchor']:.1f} x)\n"
        f"    anchor, reading the rated games: {figures['anchor'] * 1000:.1f} ms"
    )
    return {"games": float(rated), **figures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=sizes, default=[250, 500, 1000], help="e.g. 250,1000")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--events", type=int, default=60, help="events of each game")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args(argv)

    with django_on(args.database_url) as where:
        print(f"ratings update through the service, in-process, one thread ({where})")
        runs = [measure(n, args.rounds, args.events, args.repeat) for n in args.entries]
    if len(runs) > 1:
        first, last = runs[0], runs[-1]
        growth = last["games"] / first["games"]
        print(
            f"  {last['games']:.0f} rated games against {first['games']:.0f} ({growth:.1f}x): "
            + ", ".join(
                f"{name.replace('_', ' ')} {last[name] / first[name]:.1f}x"
                for name in ("scratch", "one_more", "nothing", "anchor")
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
