"""How long a director waits: pairing and publishing a round through the services.

    python -m benchmarks.round_bench [--entries 300] [--rounds 4] [--database-url URL]

Builds a club, a director and ``--entries`` checked-in guests in a fresh SQLite file
(or the migrated database ``--database-url`` names; rows are left there), then for
two tournaments — German whist head-to-head and Italian Whist at tables of three —
runs ``--rounds`` rounds of :func:`rounds.pair_next_round` (history and forbidden
pairs read from the database, the pure pairing engine, tables stored as a draft),
:func:`rounds.preview` (what the round control page shows) and
:func:`rounds.publish` (a seated, started game in the event store per table). No
results are entered, so every score stays equal: the pure engine's cost at realistic
score spreads is measured by ``benchmarks.pairing_bench``; this is the Django side.
Prints seconds per step; asserts nothing.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time

from benchmarks.tournament_db import django_on


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args(argv)

    with django_on(args.database_url) as where:
        logging.getLogger("celery").setLevel(logging.WARNING)  # no line per eager task
        from django.contrib.auth import get_user_model

        from tournaments.models import Entry, Membership, Player, Role
        from tournaments.services import clubs, rounds, tournaments

        print(
            f"rounds through the services: {args.entries} entries, {args.rounds} rounds ({where})"
        )
        owner = get_user_model().objects.create_user(f"bench-{time.time_ns()}")
        club = clubs.create_club(name=f"Bench {time.time_ns()}", owner=owner)
        Membership.objects.filter(club=club, user=owner).update(role=Role.OWNER)
        players = Player.objects.bulk_create(
            Player(name=f"Guest {n}", club=club) for n in range(args.entries)
        )
        print(f"{'tournament':<28}{'round':>6}{'pair':>9}{'preview':>9}{'publish':>9}  tables")
        for name, settings in (
            ("german_whist, 2 seats", {"game_type": "german_whist", "options": {"deals": 2}}),
            ("italian_whist, 3 seats", {"game_type": "italian_whist"}),
        ):
            cup = tournaments.create_tournament(
                club,
                by=owner,
                settings={"name": f"{name} {time.time_ns()}", "rounds_planned": args.rounds}
                | settings,
            )
            Entry.objects.bulk_create(
                Entry(
                    tournament=cup,
                    number=n + 1,
                    player=p,
                    rating=2000 - n,
                    status=Entry.Status.CHECKED_IN,
                )
                for n, p in enumerate(players)
            )
            for number in range(1, args.rounds + 1):
                started = time.perf_counter()
                draft = rounds.pair_next_round(cup, by=owner, confirm_unfinished=True)
                paired = time.perf_counter()
                shown = rounds.preview(draft)
                previewed = time.perf_counter()
                rounds.publish(draft, by=owner)
                published = time.perf_counter()
                print(
                    f"{name:<28}{number:>6}{paired - started:>8.2f}s{previewed - paired:>8.2f}s"
                    f"{published - previewed:>8.2f}s  {len(shown.tables)} "
                    f"(rematches {shown.rematches})"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
