"""``manage.py load_demo``: demo players and games for a local server (idempotent).

Run by ``bin/serve`` on every start. Demo users share a published password, so the
command refuses to run unless DEBUG is on.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.services.demo import DemoRefused, load_demo


class Command(BaseCommand):
    help = "Load demonstration players, games, a club and its tournaments (idempotent; DEBUG only)."

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            lines = load_demo()
        except DemoRefused as error:
            raise CommandError(str(error)) from None
        for line in lines:
            self.stdout.write(line)
