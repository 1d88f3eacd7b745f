"""``manage.py rebuild_ratings [game type …]``: rate every scope again from scratch.

The ratings are derived from the rated games, so this is always safe: it writes the
rows an up-to-date incremental run holds (after a bug fix, a change to the model's
settings, or data restored by hand). Without arguments every game type is rebuilt.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.rating_service import rebuild_ratings


class Command(BaseCommand):
    help = "Rate every game type's scopes (each club, all clubs) again from scratch."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_types", nargs="*", help="only these game types")

    def handle(self, *args: Any, **options: Any) -> None:
        done = rebuild_ratings(options["game_types"] or None)
        for updated in done:
            games = updated.rebuilt.get(None, 0)
            self.stdout.write(
                f"{updated.game_type}: {games} rated games, "
                f"{len(updated.rebuilt)} scopes rebuilt, {len(updated.removed)} removed"
            )
        if not done:
            self.stdout.write("no rated games")
