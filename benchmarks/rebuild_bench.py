"""Rebuilding a game's state from PostgreSQL with the cache cold and no snapshot.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tavolo \\
        python -m benchmarks.rebuild_bench [--events 1000] [--repeat 50] \\
        [--database tavolo_bench_rebuild]

Set-up (not timed): the database ``--database`` on the server of ``DATABASE_URL`` is
dropped, created and migrated; one whist game of about ``--events`` events (random legal
plays, deals from the game's seed) is stored in it without snapshots. Then, ``--repeat``
times each, best and median:

- **rebuild**: ``state_cache.full_replay(game)`` — the fetch of every event plus the
  engine's validated replay, as a cold cache without a snapshot does it;
- **fetch**: ``state_cache.event_payloads`` alone (the ORM's ``values_list`` of the
  payloads, as the store reads a tail);
- **fetch through the ORM**: the same rows as ``values_list`` written out here (the
  store's own read since the one-path store; kept for comparison with older figures);
- **engine replay** (the anchor): a fresh engine state applying the same payloads,
  already in memory.

Rebuild ≈ fetch + engine replay; both grow linearly with the events of the game (one
row's worth of JSON per event, one validated apply per event). On a live move neither
is paid: the in-process state cache keeps the state at the game's version, so a move's
cost is flat in the events per game; a snapshot every 64 events bounds a cold rebuild
to a snapshot plus at most 63 events.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.api_bench import (
    DEFAULT_DATABASE_URL,
    bench_database_url,
    drop_database,
    recreate_database,
)

GAME_TYPE, PLAYERS, OPTIONS = "whist", 4, {"target": 100}


def timed(function: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Best and median seconds of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def store_game(events: int, seed: int) -> Any:
    """A whist game of ``events`` events stored in the event table, no snapshot."""
    from tournaments.fairness import deal_event
    from tournaments.models import Game, GameEvent
    from tournaments.services import state_cache
    from tournaments.services.game_store import kind_of
    from tournaments.services.games import create_game

    game = create_game(game_type=GAME_TYPE, players=PLAYERS, options=OPTIONS)
    state = state_cache.fresh_engine_game(game)
    rng = random.Random(seed)
    rows = []
    while len(rows) < events and not state.over:
        if state.awaiting == "deal":
            payload = deal_event(bytes(game.seed), state.deal_number, state.new_deck())
            state.apply(payload)
        else:
            payload = state.random_action(rng).to_event()
            state.apply(payload)
        rows.append(
            GameEvent(
                game=game,
                sequence=len(rows),
                kind=kind_of(payload["type"], state),
                seat=payload.get("seat"),
                payload=payload,
                event_id=uuid.uuid4(),
            )
        )
    GameEvent.objects.bulk_create(rows, batch_size=500)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE, version=len(rows))
    return Game.objects.get(pk=game.pk)


def orm_payloads(game: Any) -> Any:
    """The fetch as it was before the raw cursor: ORM values_list, one decode per row."""
    from tournaments.models import GameEvent

    return (
        GameEvent.objects.filter(game=game, sequence__lt=game.version)
        .order_by("sequence")
        .values_list("payload", flat=True)
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--database", default="tavolo_bench_rebuild")
    parser.add_argument("--keep-db", action="store_true")
    args = parser.parse_args(argv)

    database_url = bench_database_url(
        os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL, args.database
    )
    recreate_database(database_url)
    os.environ.update(
        DATABASE_URL=database_url,
        TAVOLO_DEBUG="0",
        DJANGO_SETTINGS_MODULE="tavolo.settings",
    )
    os.environ.setdefault("TAVOLO_SECRET_KEY", secrets.token_urlsafe(40))
    os.environ.pop("REDIS_URL", None)
    try:
        import django

        django.setup()
        from django.core.management import call_command

        from tournaments.services import state_cache

        call_command("migrate", verbosity=0)
        game = store_game(args.events, seed=1)
        payloads = state_cache.event_payloads(game.pk, 0, game.version)

        def engine_replay() -> None:
            state = state_cache.fresh_engine_game(game)
            for payload in payloads:
                state.apply(payload)

        anchor = timed(engine_replay, args.repeat)
        fetch = timed(lambda: state_cache.event_payloads(game.pk, 0, game.version), args.repeat)
        orm_fetch = timed(lambda: list(orm_payloads(game)), args.repeat)
        rebuild = timed(lambda: state_cache.full_replay(game), args.repeat)
        load = os.getloadavg()[0]
        print(f"rebuild_bench: {game.version} whist events, PostgreSQL, load {load:.2f}")
        for name, (best, median) in (
            ("engine replay (anchor)", anchor),
            ("fetch", fetch),
            ("fetch through the ORM", orm_fetch),
            ("rebuild (fetch + replay)", rebuild),
        ):
            print(
                f"  {name:26} best {best * 1000:6.2f} ms  median {median * 1000:6.2f} ms  "
                f"= {median / anchor[1]:.2f}x anchor"
            )
    finally:
        if not args.keep_db:
            from django.db import connections

            connections.close_all()
            drop_database(database_url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
